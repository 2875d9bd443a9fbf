//! The director's use cases on small tournaments: entering and correcting results (one
//! implementation, idempotent; fesa-2017 12.2 replays), pairing refusals and furigoma seeds
//! (ufs-2016 4.6), withdrawals and late entries, the handicap table from the ruleset's data,
//! the tie-breaks per system (pl 8.3), and the checked write-back.

use tournament::director::{self, DirectorError};
use tournament::pairing::handicap::HandicapRule;
use tournament::{
    BoardRef, BoardResult, CheckRequest, Color, GameKind, HandicapTable, McMahonSettings, NewPlayer, Outcome,
    PairRequest, ResultEntry, RulesetId, Sente, SenteRule, StandingsRequest, Status, System, TieBreak, Tournament,
};

const RR: &str = "012 Test RR\n\
001    1      Alpha                             2000\n\
001    2      Beta                              1900\n\
001    3      Gamma                             1800\n\
001    4      Delta                             1700\n\
XXR 3\nSXS ROUND_ROBIN\n";

fn read(text: &str) -> Tournament {
    director::read_trf(text).unwrap()
}

/// Round 1 of `RR` paired with the system's colours and recorded.
fn paired() -> Tournament {
    let mut t = read(RR);
    let p = director::pair(&t, &PairRequest::default()).unwrap();
    director::record_round(&mut t, &p);
    t
}

fn entry(board: usize, result: BoardResult, replayed: bool, correct: bool) -> ResultEntry {
    ResultEntry { round: 1, board: BoardRef::Number(board), result, replayed, correct }
}

fn colours(t: &Tournament, a: u32, b: u32) -> (Option<Color>, Option<Color>) {
    (t.players[a as usize - 1].rounds[0].color, t.players[b as usize - 1].rounds[0].color)
}

#[test]
fn results_are_read_in_every_spelling_and_written_as_before() {
    for (s, r) in [
        ("1-0", BoardResult::FirstWins),
        ("0-1", BoardResult::SecondWins),
        ("½-½", BoardResult::Draw),
        ("1/2-1/2", BoardResult::Draw),
        ("=-=", BoardResult::Draw),
        ("0.5-0.5", BoardResult::Draw),
        ("+/-", BoardResult::FirstWinsByForfeit),
        ("+-", BoardResult::FirstWinsByForfeit),
        ("-/+", BoardResult::SecondWinsByForfeit),
        ("-+", BoardResult::SecondWinsByForfeit),
        ("--/--", BoardResult::DoubleForfeit),
        ("-/-", BoardResult::DoubleForfeit),
        ("--", BoardResult::DoubleForfeit),
    ] {
        assert_eq!(s.parse(), Ok(r), "{s}");
        assert_eq!(r.to_string().parse(), Ok(r));
    }
    assert_eq!(BoardResult::Draw.to_string(), "½-½");
    let e = "2-0".parse::<BoardResult>().unwrap_err().to_string();
    assert!(e.contains("unknown result") && e.contains("--/--"), "{e}");
}

#[test]
fn fesa_2017_12_2_a_corrected_replayed_result_no_longer_flips_colours_twice() {
    let mut t = paired();
    let b = director::boards(&t, 1).unwrap()[0].clone();
    let (first, second) = (b.first, b.second);
    assert_eq!(colours(&t, first, second), (Some(Color::White), Some(Color::Black)));
    // Drawn, replayed with colours reversed; the first mover as paired won the replay.
    let v = director::enter_result(&mut t, &entry(1, BoardResult::FirstWins, true, false)).unwrap();
    assert_eq!((v.first, v.second, v.result, v.replayed), (first, second, Some(BoardResult::FirstWins), true));
    assert_eq!(colours(&t, first, second), (Some(Color::Black), Some(Color::White)), "the replay's colours");
    // Corrected: the other player won the replay. The colours stay reversed once.
    let v = director::enter_result(&mut t, &entry(1, BoardResult::SecondWins, true, true)).unwrap();
    assert_eq!((v.number, v.first, v.result), (1, first, Some(BoardResult::SecondWins)));
    assert_eq!(colours(&t, first, second), (Some(Color::Black), Some(Color::White)));
    let o = |p: u32| t.players[p as usize - 1].rounds[0].outcome;
    assert_eq!((o(first), o(second)), (Outcome::Loss, Outcome::Win));
    // Corrected again by the other player's number: still the same board, same colours.
    let by_player = ResultEntry { board: BoardRef::Player(second), ..entry(1, BoardResult::SecondWins, true, true) };
    assert_eq!(director::enter_result(&mut t, &by_player).unwrap(), v);
    assert_eq!(colours(&t, first, second), (Some(Color::Black), Some(Color::White)));
    // The board keeps its number and order in the listing.
    assert_eq!(director::boards(&t, 1).unwrap()[0], v);
    assert_eq!(v.to_string(), format!("board 1 {first} {second} 0-1 (replayed draw, fesa 12.2)"));
    // Corrected to a game that was not replayed: the colours as paired again.
    director::enter_result(&mut t, &entry(1, BoardResult::FirstWins, false, true)).unwrap();
    assert_eq!(colours(&t, first, second), (Some(Color::White), Some(Color::Black)));
    assert!(!t.players[first as usize - 1].rounds[0].replayed_draw);
    // And the file says so.
    let again = read(&director::write_trf(&t).unwrap());
    assert_eq!(colours(&again, first, second), (Some(Color::White), Some(Color::Black)));
}

#[test]
fn entering_the_same_result_twice_is_a_no_op() {
    let mut t = paired();
    director::enter_result(&mut t, &entry(2, BoardResult::FirstWins, true, false)).unwrap();
    let once = t.clone();
    let v = director::enter_result(&mut t, &entry(2, BoardResult::FirstWins, true, false)).unwrap();
    assert_eq!(t, once, "nothing changes, the colours are not flipped back");
    assert_eq!(v, director::boards(&t, 1).unwrap()[1]);
    // The same through the other player of the board.
    let by_player = ResultEntry { board: BoardRef::Player(v.second), ..entry(2, BoardResult::FirstWins, true, false) };
    director::enter_result(&mut t, &by_player).unwrap();
    assert_eq!(t, once);
    // A different result needs `correct`.
    let e = director::enter_result(&mut t, &entry(2, BoardResult::SecondWins, true, false)).unwrap_err();
    assert!(matches!(e, DirectorError::ResultEntered { round: 1, result: BoardResult::FirstWins, replayed: true, .. }));
    assert!(e.to_string().contains("already has the result 1-0 (replayed draw, fesa 12.2)"), "{e}");
    assert_eq!(t, once);
}

#[test]
fn result_refusals_name_round_board_and_player() {
    let mut t = read(RR);
    let e = director::enter_result(&mut t, &entry(1, BoardResult::FirstWins, false, false)).unwrap_err();
    assert_eq!(e, DirectorError::RoundNotPaired { round: 1, rounds: 0 });
    let mut t = paired();
    let e = director::enter_result(&mut t, &entry(3, BoardResult::FirstWins, false, false)).unwrap_err();
    assert_eq!(e.to_string(), "round 1 has boards 1 to 2");
    let e = director::enter_result(&mut t, &entry(1, BoardResult::Draw, true, false)).unwrap_err();
    assert_eq!(e, DirectorError::ReplayNotDecisive);
    let nobody = ResultEntry { board: BoardRef::Player(9), ..entry(1, BoardResult::FirstWins, false, false) };
    assert_eq!(director::enter_result(&mut t, &nobody).unwrap_err(), DirectorError::NoBoard { player: 9, round: 1 });
}

#[test]
fn no_pairing_while_boards_are_open_and_the_seed_is_the_published_one() {
    let mut t = paired();
    let open = director::boards(&t, 1).unwrap();
    match director::pair(&t, &PairRequest::default()).unwrap_err() {
        DirectorError::OpenBoards { round: 1, boards } => {
            assert_eq!(boards, open.iter().map(|b| (b.first, b.second)).collect::<Vec<_>>())
        }
        e => panic!("{e}"),
    }
    director::enter_result(&mut t, &entry(1, BoardResult::FirstWins, false, false)).unwrap();
    director::enter_result(&mut t, &entry(2, BoardResult::DoubleForfeit, false, false)).unwrap();
    let furigoma = PairRequest { sente: Some(Sente::Furigoma), ..Default::default() };
    assert_eq!(director::pair(&t, &furigoma).unwrap_err(), DirectorError::NoSeed);
    let dutch = PairRequest { system: Some(System::Dutch), seed: Some(7), ..furigoma };
    assert_eq!(director::pair(&t, &dutch).unwrap_err(), DirectorError::DutchFurigoma);
    // A seed given is stored when the round is recorded, and from then on it is the default.
    let seeded = PairRequest { seed: Some(7), ..furigoma };
    let p = director::pair(&t, &seeded).unwrap();
    assert_eq!(p.sente, SenteRule::Furigoma(7));
    let mut recorded = t.clone();
    director::record_round(&mut recorded, &p);
    assert_eq!(recorded.furigoma_seed, Some(7));
    t.furigoma_seed = Some(7);
    assert_eq!(director::pair(&t, &PairRequest::default()).unwrap(), p);
    let e = director::pair(&t, &PairRequest { seed: Some(8), ..Default::default() }).unwrap_err();
    assert_eq!(e, DirectorError::SeedMismatch { given: 8, published: 7 });
}

#[test]
fn a_withdrawn_player_is_not_paired_and_a_late_entry_joins_at_the_next_round() {
    let mut t = read(&RR.replace("XXR 3\nSXS ROUND_ROBIN\n", "XXR 5\n"));
    let p = director::pair(&t, &PairRequest::default()).unwrap();
    director::record_round(&mut t, &p);
    for b in director::boards(&t, 1).unwrap() {
        let e = ResultEntry { board: BoardRef::Number(b.number), ..entry(1, BoardResult::FirstWins, false, false) };
        director::enter_result(&mut t, &e).unwrap();
    }
    // Withdrawing from a round already paired is refused, and after the last round; from the
    // next one it holds, and the bye he announced for it goes (he scores nothing once out).
    assert_eq!(director::withdraw(&mut t, 2, 1), Err(DirectorError::PairedAfterWithdrawal { player: 2, round: 1 }));
    assert_eq!(director::withdraw(&mut t, 9, 2), Err(DirectorError::UnknownPlayer { player: 9, players: 4 }));
    assert_eq!(director::withdraw(&mut t, 2, 6), Err(DirectorError::PastLastRound { round: 6, planned: 5 }));
    let before = t.score(1);
    assert_eq!(director::announce_bye(&mut t, 2, Some(director::AnnouncedBye::Half)), Ok(2));
    assert_eq!(t.score(1), before + 5, "half a point, in tenths");
    director::withdraw(&mut t, 2, 2).unwrap();
    assert_eq!(t.players[1].status, Status::Withdrawn(2));
    assert_eq!((t.players[1].rounds.len(), t.score(1)), (1, before), "the announced bye went");
    assert!(matches!(director::withdraw(&mut t, 2, 3), Err(DirectorError::NotActive { player: 2, .. })));
    // A late entry: player 5, every earlier round a zero-point bye.
    let new =
        NewPlayer { name: "Epsilon".into(), rating: 1650, grade: Some("2k".parse().unwrap()), ..Default::default() };
    let joined = director::add_player(&mut t, &new).unwrap();
    assert_eq!((joined.player, joined.round), (5, 2));
    assert_eq!(t.players[4].rounds.len(), 1);
    assert_eq!(t.players[4].rounds[0].outcome, Outcome::ZeroBye);
    assert_eq!(t.score(4), 0);
    // Both survive the file, and the Dutch round 2 pairs the four players still in.
    let text = director::write_trf(&t).unwrap();
    assert!(text.contains("  0000 - Z\n") && text.contains("240 Z 001    5\n") && text.contains("SXW 2 2\n"), "{text}");
    let t = read(&text);
    let r2 = director::pair(&t, &PairRequest::default()).unwrap().round;
    let mut paired: Vec<usize> = r2.boards.iter().flat_map(|b| [b.white, b.black]).chain(r2.byes.clone()).collect();
    paired.sort();
    assert_eq!(paired, vec![0, 2, 3, 4]);
    // A name that does not fit the TRF columns is refused.
    let long = NewPlayer { name: "x".repeat(34), ..Default::default() };
    let mut u = t.clone();
    assert!(matches!(director::add_player(&mut u, &long), Err(DirectorError::FieldTooWide { field: "name", .. })));
    assert_eq!(director::add_player(&mut u, &NewPlayer::default()), Err(DirectorError::NoName));
}

#[test]
fn the_handicap_table_comes_from_the_rulesets_data() {
    let mut t = read(RR);
    for (rules, table) in [
        (Some(RulesetId::Pl), HandicapTable::Pl),
        (Some(RulesetId::Ufs2016), HandicapTable::Ufs2016),
        // fesa-2017 has no table of its own, and a tournament may name no ruleset: ufs-2016's.
        (Some(RulesetId::Fesa2017), HandicapTable::Ufs2016),
        (None, HandicapTable::Ufs2016),
    ] {
        t.rules = rules;
        assert_eq!(director::handicap_table(&t), table, "{rules:?}");
        let rule = McMahonSettings::default().config(&t).rule.unwrap();
        assert_eq!(rule, HandicapRule::Shogi { table });
        let asked = McMahonSettings { handicap_table: Some(HandicapTable::Pl), ..Default::default() };
        let table = HandicapTable::Pl;
        assert_eq!(asked.config(&t).rule, Some(HandicapRule::Shogi { table }), "the request's table wins");
    }
    let t = read("012 Go cup\nSXT go rfg\n");
    assert_eq!(McMahonSettings::default().config(&t).rule.unwrap().game(), GameKind::Go);
}

#[test]
fn pl_8_3_tiebreaks_by_system_and_every_format() {
    let t = paired();
    for (system, labels) in [
        (System::RoundRobin, vec!["SB", "DE"]),
        (System::McMahon, vec!["SOS", "SODOS"]),
        (System::Dutch, vec!["MBH", "BH", "PS"]),
        (System::Knockout, vec!["MBH", "BH", "PS"]),
    ] {
        assert_eq!(TieBreak::defaults(system).iter().map(|t| t.label()).collect::<Vec<_>>(), labels);
        let s = director::standings(&t, &StandingsRequest { system: Some(system), ..Default::default() }).unwrap();
        assert_eq!(s.tiebreaks, TieBreak::defaults(system));
        assert_eq!(s.mcmahon, system == System::McMahon);
    }
    let s = director::standings(&t, &StandingsRequest::default()).unwrap();
    assert_eq!(s.tiebreaks, TieBreak::defaults(System::RoundRobin), "the file's system");
    for f in tournament::StandingsFormat::ALL {
        assert!(!s.write(&t, *f).is_empty(), "{f}");
    }
    assert!(director::check_pairings(&t, &CheckRequest::default()).unwrap().iter().all(|c| c.ok()));
}

#[test]
fn the_write_back_is_refused_when_the_file_would_lose_data() {
    let mut t = paired();
    assert!(director::write_trf(&t).is_ok());
    t.players[0].name = "A name longer than the thirty-three columns of TRF".into();
    assert!(matches!(director::write_trf(&t), Err(DirectorError::WriteBack(_))));
}

#[test]
fn a_knockout_round_with_players_out_is_recorded() {
    // Round 2 of a five-player knockout leaves the losers without an entry at the end of their
    // lines; TRF does not write such a blank round, and the write-back accepts that.
    let mut t = read(
        &RR.replace("SXS ROUND_ROBIN", "SXS KNOCKOUT")
            .replace("XXR 3\n", "XXR 3\n001    5      Eps                               1650\n"),
    );
    let p = director::pair(&t, &PairRequest::default()).unwrap();
    director::record_round(&mut t, &p);
    director::enter_result(&mut t, &entry(1, BoardResult::FirstWins, false, false)).unwrap();
    let p = director::pair(&t, &PairRequest::default()).unwrap();
    director::record_round(&mut t, &p);
    let text = director::write_trf(&t).unwrap();
    assert_eq!(read(&text).rounds_recorded(), 2);
}
