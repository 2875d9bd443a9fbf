//! Records built in code and adjudicated: the record's end word is checked against the position,
//! its times against its time control, every violation listed with ply and article.

mod common;
use common::*;
use shogi::{EndReason, GameEnd, Handicap, Record, RecordMove};

fn record(sfen: Option<&str>, moves: &str, end: Option<EndReason>) -> Record {
    let mut r = Record::new(sfen.map_or_else(Position::startpos, pos));
    r.moves = moves.split_whitespace().map(|m| RecordMove::new(Move::from_usi(m).unwrap())).collect();
    r.end = end.map(GameEnd::new);
    r
}

fn timed(mut r: Record, main_ms: u64, byoyomi_ms: u64, times_s: &[u64]) -> Record {
    r.info.time_control = Some(shogi::TimeControl { main_ms, byoyomi_ms, increment_ms: 0 });
    for (m, s) in r.moves.iter_mut().zip(times_s) {
        m.time_ms = Some(s * S);
    }
    r
}

fn check(r: &Record, rules: ShogiRuleset) -> Verdict {
    adjudicate(r, &rules)
}

#[track_caller]
fn verdict_is(v: &Verdict, result: GameResult, reason: Option<Reason>, ply: usize) {
    assert_eq!((v.result, v.reason, v.ply), (result, reason, ply), "{}", v.human());
}

fn has(v: &Verdict, reason: &str, article: &str) -> bool {
    v.violations.iter().any(|x| x.reason.as_str() == reason && x.article.starts_with(article))
}

const SHUFFLE: &str = "2h3h 8b7b 3h2h 7b8b 2h3h 8b7b 3h2h 7b8b 2h3h 8b7b 3h2h 7b8b";

#[test]
fn sennichite_fourfold_is_a_draw() {
    let v = check(&record(None, SHUFFLE, Some(EndReason::Sennichite)), ufs());
    verdict_is(&v, GameResult::Draw, Some(Reason::Sennichite), 12);
    assert!(v.violations.is_empty(), "{}", v.human());
    // fesa: replayed with colours reversed.
    let v = check(&record(None, SHUFFLE, None), fesa());
    assert!(matches!(v.followup, Some(Followup::Replay { colours_reversed: true, .. })));
}

#[test]
fn sennichite_word_without_repetition_is_reported() {
    let v = check(&record(None, "2h3h 8b7b 3h2h 7b8b", Some(EndReason::Sennichite)), fesa());
    verdict_is(&v, GameResult::Unfinished, None, 4);
    assert!(has(&v, "false_end_word", "fesa-2017 5.2"), "{}", v.human());
}

const PERPETUAL: &str = "4k4/R8/9/9/9/9/9/9/4K4 b - 1";
const CHECKS: &str = "9b9a 5a5b 9a9b 5b5a 9b9a 5a5b 9a9b 5b5a 9b9a 5a5b 9a9b 5b5a";

#[test]
fn perpetual_check_the_checker_loses_wherever_the_cycle_starts() {
    let v = check(&record(Some(PERPETUAL), CHECKS, None), fesa());
    verdict_is(&v, GameResult::WhiteWin, Some(Reason::PerpetualCheck), 12);
    // The same cycle after a quiet prelude, first repeated position after White's move.
    let moves = format!("5i4i 5a4a 9c9b 4a5a {CHECKS}");
    let v = check(&record(Some("4k4/9/R8/9/9/9/9/9/4K4 b - 1"), &moves, None), ufs());
    assert_eq!((v.result, v.reason), (GameResult::WhiteWin, Some(Reason::PerpetualCheck)), "{}", v.human());
    assert_eq!(v.article.as_deref(), Some("ufs-2016 5.7.2"));
    // White checking perpetually loses too.
    let v = check(
        &record(
            Some("4k3r/9/9/9/9/9/9/9/4K4 w - 1"),
            "1a1i 5i5h 1i1h 5h5i 1h1i 5i5h 1i1h 5h5i 1h1i 5i5h 1i1h 5h5i 1h1i",
            None,
        ),
        pl(),
    );
    verdict_is(&v, GameResult::BlackWin, Some(Reason::PerpetualCheck), 13);
}

const MATE_IN_1: &str = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1";

#[test]
fn checkmate_word_is_checked_against_the_position() {
    let v = check(&record(Some(MATE_IN_1), "G*5b", Some(EndReason::Checkmate)), fesa());
    verdict_is(&v, GameResult::BlackWin, Some(Reason::Checkmate), 1);
    assert!(v.violations.is_empty());
    let v = check(&record(Some(MATE_IN_1), "G*4b", Some(EndReason::Checkmate)), fesa());
    verdict_is(&v, GameResult::Unfinished, None, 1);
    assert!(has(&v, "false_end_word", "fesa-2017 5.1"), "{}", v.human());
    assert!(v.human().contains("not checkmated"));
}

#[test]
fn resignation_and_moves_after_the_end() {
    let v = check(&record(None, "7g7f 3c3d", Some(EndReason::Resign)), fesa());
    verdict_is(&v, GameResult::WhiteWin, Some(Reason::Resignation), 2);
    assert_eq!(v.summary(), "white_win by resignation at ply 2 (fesa-2017 5.1)");
    let v = check(&record(Some(MATE_IN_1), "G*5b 5a4a", None), fesa());
    verdict_is(&v, GameResult::BlackWin, Some(Reason::Checkmate), 1);
    assert!(has(&v, "moves_after_end", "fesa-2017 5.1"));
}

#[test]
fn resigning_the_wrong_side_after_mate_is_reported() {
    // Mate at ply 1, then the record claims White... resign by the mated side is consistent.
    let v = check(&record(Some(MATE_IN_1), "G*5b", Some(EndReason::Resign)), fesa());
    assert!(v.violations.is_empty(), "{}", v.human());
    // "Illegal win" for White makes no sense after a legal mate.
    let v = check(&record(Some(MATE_IN_1), "G*5b", Some(EndReason::IllegalWin)), fesa());
    assert!(has(&v, "false_end_word", ""), "{}", v.human());
}

// --- 27-point declaration (CSA %KACHI / 入玉勝ち) -------------------------------------------

const DECLARE_OK: &str = "9/RB2K4/PPPPPPPPP/9/9/9/9/4k4/9 b RB4g4s4n4l9p 1";

#[test]
fn declaration_valid() {
    let v = check(&record(Some(DECLARE_OK), "", Some(EndReason::DeclarationWin)), fesa());
    verdict_is(&v, GameResult::BlackWin, Some(Reason::Declaration), 0);
    // Gote needs 27: Black's last move hands White the turn in a mirrored position.
    let gote = "9/9/9/9/9/9/ppppppppp/4k2br/9 w 4G4S4N4L9Prb 1";
    let v = check(
        &record(Some(gote.replace("9/9/9/9/9/9", "4K4/9/9/9/9/9").as_str()), "", Some(EndReason::DeclarationWin)),
        fesa(),
    );
    assert_eq!(v.result, GameResult::WhiteWin, "{}", v.human());
}

#[test]
fn declaration_invalid_for_each_condition() {
    let cases = [
        ("9/RB7/PPPPPPPPP/4K4/9/9/9/4k4/9 b RB4g4s4n4l9p 1", "king_in_camp"),
        ("9/RB2K4/PPPPPPPPP/9/9/9/9/4k4/9 b rb4g4s4n4l9p 1", "points"),
        ("9/RB2K4/PPPPP4/5PPPP/9/9/9/4k4/9 b RB4G4s4n4l9p 1", "pieces_in_camp"),
        ("5g3/RB2K4/PPPPPPPPP/9/9/9/9/4k4/9 b RB3g4s4n4l9p 1", "not_in_check"),
    ];
    for (sfen, condition) in cases {
        let v = check(&record(Some(sfen), "", Some(EndReason::DeclarationWin)), ufs());
        verdict_is(&v, GameResult::WhiteWin, Some(Reason::Declaration), 0);
        assert!(v.violations.iter().any(|x| x.detail.contains(condition)), "{condition}: {}", v.human());
    }
    // 4. no time left: the declarer's clock is out (10 min, no byo-yomi; White's 5i5h took 11).
    let mut r =
        record(Some("9/RB2K4/PPPPPPPPP/9/9/9/9/4k4/9 w RB4g4s4n4l9p 1"), "5h5i", Some(EndReason::DeclarationWin));
    r = timed(r, 10 * MIN, 0, &[1]);
    r.end.as_mut().unwrap().time_ms = Some(11 * MIN);
    let v = check(&r, fesa());
    verdict_is(&v, GameResult::WhiteWin, Some(Reason::Declaration), 1);
    assert!(v.violations.iter().any(|x| x.detail.contains("has_time")), "{}", v.human());
}

// --- impasse count (持将棋 / %JISHOGI) -------------------------------------------------------

#[test]
fn impasse_24_point_count() {
    // Both kings entered; Black a rook up.
    let rook_up = "4K4/9/9/9/9/9/9/9/4k4 b 2RB2G2S2N2L9Pb2g2s2n2l9p 1";
    let v = check(&record(Some(rook_up), "", Some(EndReason::Jishogi)), ufs());
    verdict_is(&v, GameResult::BlackWin, Some(Reason::Impasse), 0);
    assert!(v.violations.iter().any(|x| x.detail.contains("black 32 points, white 22")), "{}", v.human());
    let even = "4K4/9/9/9/9/9/9/9/4k4 b RB2G2S2N2L9Prb2g2s2n2l9p 1";
    let v = check(&record(Some(even), "", Some(EndReason::Jishogi)), pl());
    verdict_is(&v, GameResult::Draw, Some(Reason::Impasse), 0);
    // pl 5.4 and ufs-2016 5.8.6 count an impasse only: kings at home, 持将棋 is false.
    for rules in [ufs(), pl()] {
        let v = check(&record(None, "", Some(EndReason::Jishogi)), rules);
        verdict_is(&v, GameResult::Unfinished, None, 0);
        assert!(v.violations.iter().any(|x| x.detail.contains("no impasse")), "{}", v.human());
    }
    // fesa knows only the declaration.
    let v = check(&record(None, "", Some(EndReason::Jishogi)), fesa());
    verdict_is(&v, GameResult::Unfinished, None, 0);
    assert!(has(&v, "false_end_word", "fesa-2017"), "{}", v.human());
}

// --- illegal moves of each kind under each ruleset -------------------------------------------

/// (kind, start, moves up to and including the illegal one, its ply, the fesa article)
const ILLEGAL: [(&str, &str, &str, usize, &str); 8] = [
    ("king left in check", "4r3k/9/9/9/9/9/9/4G4/4K4 b - 1", "5h4h", 1, "fesa-2017 1.2"),
    ("nifu", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPP1/1B5R1/LNSGKGSNL b P 1", "P*2e", 1, "fesa-2017 3.11a"),
    ("uchifuzume", "7lk/9/8G/9/9/9/9/9/4K4 b P 1", "P*1b", 1, "fesa-2017 3.11c"),
    ("dead drop", "4k4/9/9/9/9/9/9/9/4K4 b N 1", "N*1b", 1, "fesa-2017 3.11b"),
    ("must promote", "4k4/P8/9/9/9/9/9/9/4K4 b - 1", "9b9a", 1, "fesa-2017 3.2"),
    ("promotion outside the zone", "", "7g7f+", 1, "fesa-2017 3.2"),
    ("unreachable square", "", "7g7f 3c3d 8h1b", 3, "fesa-2017 3.3"),
    ("moving into check", "4k4/9/9/9/9/9/9/4r4/5K3 b - 1", "4i4h", 1, "fesa-2017 1.2"),
];

#[test]
fn illegal_moves_of_each_kind_under_each_ruleset() {
    for (kind, sfen, moves, ply, fesa_art) in ILLEGAL {
        let sfen = (!sfen.is_empty()).then_some(sfen);
        let offender = if ply % 2 == 1 { Side::Black } else { Side::White };
        let winner = GameResult::win(offender.flip());
        // ufs-2016 and pl: the move loses by itself.
        for (rules, art) in [(ufs(), "ufs-2016 5.8.3"), (pl(), "pl 1.7")] {
            let v = check(&record(sfen, moves, None), rules);
            assert_eq!((v.result, v.reason, v.ply), (winner, Some(Reason::IllegalMove), ply), "{kind}: {}", v.human());
            assert_eq!(v.article.as_deref(), Some(art), "{kind}");
            assert!(has(&v, "illegal_move", &art[..4]), "{kind}: {}", v.human());
        }
        // fesa-2017: listed, decided only by a claim (the record's 反則勝ち).
        let v = check(&record(sfen, moves, None), fesa());
        verdict_is(&v, GameResult::Unfinished, None, ply);
        assert!(has(&v, "illegal_move", fesa_art), "{kind}: {}", v.human());
        let v = check(&record(sfen, moves, Some(EndReason::IllegalWin)), fesa());
        verdict_is(&v, winner, Some(Reason::IllegalMove), ply);
        assert_eq!(v.article.as_deref(), Some("fesa-2017 9.4"), "{kind}");
    }
}

#[test]
fn impossible_move_is_reported_and_stops_the_replay() {
    let v = check(&record(None, "7g7f 7f7e", None), fesa());
    verdict_is(&v, GameResult::Unfinished, None, 1);
    assert!(has(&v, "impossible_move", ""), "{}", v.human());
}

/// 反則勝ち with no illegal move on the sheet: a foul the record states but cannot show (an
/// illegal action; CSA's `%-ILLEGAL_ACTION` reads the same). Taken as the arbiter's decision, as
/// a resignation is, and noted — so that the verdict is the same whichever format the end was
/// written in (`%-ILLEGAL_ACTION` → KIF → 反則勝ち).
#[test]
fn a_stated_foul_the_moves_do_not_show_is_taken_as_recorded_and_noted() {
    let v = check(&record(None, "7g7f", Some(EndReason::IllegalWin)), fesa());
    verdict_is(&v, GameResult::WhiteWin, Some(Reason::IllegalMove), 1);
    assert!(v.violations.is_empty(), "{}", v.human());
    assert!(v.notes.iter().any(|n| n.kind == NoteKind::StatedFoul && n.detail.contains("Black")), "{}", v.human());
    let csa = check(&record(None, "7g7f", Some(EndReason::IllegalAction(shogi::Color::Black))), fesa());
    assert_eq!((csa.result, csa.reason, csa.ply), (v.result, v.reason, v.ply));
}

// --- time --------------------------------------------------------------------------------------

#[test]
fn time_up_checked_against_the_time_control() {
    // 1 minute each, no byo-yomi: Black uses 30 + 31 s; the record ends with Black's time up.
    let r = timed(record(None, "7g7f 3c3d 2g2f 8c8d", Some(EndReason::TimeUp)), MIN, 0, &[30, 1, 31, 1]);
    let v = check(&r, fesa());
    verdict_is(&v, GameResult::WhiteWin, Some(Reason::TimeUp), 4);
    assert!(has(&v, "time_up", "fesa-2017 8.9"), "the flag fell on move 3: {}", v.human());
    // White to move with time left says time up: reported.
    let r = timed(record(None, "7g7f 3c3d", Some(EndReason::TimeUp)), 10 * MIN, 30 * S, &[5, 5]);
    let mut r2 = r.clone();
    r2.end.as_mut().unwrap().time_ms = Some(5 * S);
    let v = check(&r2, fesa());
    verdict_is(&v, GameResult::Unfinished, None, 2);
    assert!(has(&v, "false_end_word", "fesa-2017"), "time left, no flag: {}", v.human());
    // Without a time on the end word, the word says the flag fell.
    let v = check(&r, fesa());
    verdict_is(&v, GameResult::WhiteWin, Some(Reason::TimeUp), 2);
}

#[test]
fn fesa_8_9_a_fallen_flag_is_listed_once_when_the_record_plays_on() {
    // Black's minute is gone on move 1; the scoresheet goes on to a resignation (fesa 5.1
    // applies). The fall is one finding, not one per later move of Black's.
    let r = timed(record(None, "7g7f 3c3d 2g2f 8c8d 2f2e", Some(EndReason::Resign)), MIN, 0, &[61, 1, 5, 1, 5]);
    let v = check(&r, fesa());
    verdict_is(&v, GameResult::BlackWin, Some(Reason::Resignation), 5);
    let falls: Vec<_> = v.violations.iter().filter(|x| x.reason == ViolationKind::TimeUp).collect();
    assert_eq!(falls.len(), 1, "{}", v.human());
    assert_eq!(falls[0].ply, 1);
}

#[test]
fn byoyomi_moves_in_time_are_not_violations() {
    let r = timed(record(None, "7g7f 3c3d 2g2f 8c8d", Some(EndReason::Resign)), 0, 30 * S, &[29, 29, 29, 29]);
    let v = check(&r, ufs());
    verdict_is(&v, GameResult::WhiteWin, Some(Reason::Resignation), 4);
    assert!(v.violations.is_empty(), "{}", v.human());
}

#[test]
fn ufs_6_8_flag_in_the_record_beats_a_later_resignation() {
    let r = timed(record(None, "7g7f 3c3d 2g2f", Some(EndReason::Resign)), 0, 30 * S, &[5, 40, 5]);
    let v = check(&r, ufs());
    verdict_is(&v, GameResult::BlackWin, Some(Reason::TimeUp), 3);
    assert!(has(&v, "flag_first", "ufs-2016 6.8"));
}

#[test]
fn fesa_15_4_short_time_control_is_noted_as_unrated() {
    let r = timed(record(None, "7g7f", Some(EndReason::Resign)), 10 * MIN, 30 * S, &[1]);
    let v = check(&r, fesa());
    // Eligibility, not a rule of play: a note naming what falls short, no violation.
    assert!(v.violations.is_empty(), "{}", v.human());
    let note = v.notes.iter().find(|n| n.kind == NoteKind::NotRatedTimeControl).expect("noted");
    assert_eq!(note.article.as_deref(), Some("fesa-2017 15.4"));
    assert!(note.detail.contains("main time under 30 min"), "{}", note.detail);
    let r = timed(record(None, "7g7f", Some(EndReason::Resign)), 30 * MIN, 30 * S, &[1]);
    assert!(check(&r, fesa()).notes.is_empty());
}

// --- handicaps --------------------------------------------------------------------------------

#[test]
fn handicap_games_the_giver_moves_first() {
    let mut r = Record::new(Handicap::TwoPieces.position());
    r.info.handicap = Some(Handicap::TwoPieces);
    r.moves = "6c6d 7g7f 5a4b 2g2f".split_whitespace().map(|m| RecordMove::new(Move::from_usi(m).unwrap())).collect();
    r.end = Some(GameEnd::new(EndReason::Resign));
    let v = check(&r, ufs());
    // After four moves the giver (White) is to move and resigns.
    verdict_is(&v, GameResult::BlackWin, Some(Reason::Resignation), 4);
    assert!(v.violations.is_empty(), "{}", v.human());
    // A record where the receiver moves first is impossible.
    let mut bad = Record::new(Handicap::Lance.position());
    bad.moves = vec![RecordMove::new(Move::from_usi("7g7f").unwrap())];
    let v = check(&bad, pl());
    assert!(has(&v, "impossible_move", ""), "{}", v.human());
    // The giver's illegal first move loses under ufs.
    let mut ill = Record::new(Handicap::Bishop.position());
    ill.moves = vec![RecordMove::new(Move::from_usi("3c3e").unwrap())];
    let v = check(&ill, ufs());
    verdict_is(&v, GameResult::BlackWin, Some(Reason::IllegalMove), 1);
}

#[test]
fn verdict_json_has_the_contract_keys() {
    let v = check(&record(Some(MATE_IN_1), "G*5b", Some(EndReason::Checkmate)), fesa());
    let j = serde_json::to_value(&v).unwrap();
    assert_eq!(
        j,
        serde_json::json!({"game": "shogi", "rules": "fesa-2017", "result": "black_win", "reason": "checkmate",
            "article": "fesa-2017 5.1", "ply": 1, "violations": [], "followup": null})
    );
}

// --- acts a scoresheet holds that the board cannot ----------------------------------------------

/// The record, written as CSA and read back: the acts reach the referee through the reader.
fn via_csa(r: &Record) -> Record {
    let text = shogi::formats::write(shogi::Format::Csa, r);
    shogi::formats::read(text.as_bytes()).unwrap_or_else(|e| panic!("{e}\n{text}")).remove(0)
}

/// Black drops a gold and leaves his king in check; White captures the king. Each ruleset gives
/// the capturer the game — fesa-2017 9.5 as the claim, ufs-2016 and pl because the move before
/// already lost (5.8.3; 1.7), the capture then after the end.
#[test]
fn a_king_capture_on_the_sheet_is_judged_by_each_ruleset() {
    let r = via_csa(&record(Some("4k4/9/9/9/9/9/9/9/r3K4 b G 1"), "G*2b 9i5i", None));
    assert_eq!(r.moves.len(), 2, "the reader keeps the capture");
    let v = check(&r, fesa());
    verdict_is(&v, GameResult::WhiteWin, Some(Reason::IllegalMove), 1);
    assert_eq!(v.article.as_deref(), Some("fesa-2017 9.5"));
    for (rules, art) in [(ufs(), "ufs-2016 5.8.3"), (pl(), "pl 1.7")] {
        let v = check(&r, rules);
        verdict_is(&v, GameResult::WhiteWin, Some(Reason::IllegalMove), 1);
        assert_eq!(v.article.as_deref(), Some(art));
        assert!(has(&v, "moves_after_end", ""), "{}", v.human());
    }
}

/// A rook dropped promoted side up (CSA `+0055RY`): played as written, an illegal move of the
/// promotion kind under each ruleset (fesa-2017 3.2, claimable; ufs-2016 5.8.3.2, a loss; pl
/// 1.7, a loss).
#[test]
fn a_promoted_drop_on_the_sheet_is_judged_by_each_ruleset() {
    let mut r = Record::new(pos("4k4/9/9/9/9/9/9/9/4K4 b R 1"));
    let dragon = Move::Drop { kind: shogi::PieceKind::Dragon, to: shogi::Square::from_usi("5e").unwrap() };
    r.moves = vec![RecordMove::new(dragon), RecordMove::new(Move::from_usi("5a4a").unwrap())];
    let r = via_csa(&r);
    assert_eq!(r.moves[0].mv, dragon);
    let v = check(&r, fesa());
    verdict_is(&v, GameResult::Unfinished, None, 2);
    assert!(has(&v, "illegal_move", "fesa-2017 3.2"), "{}", v.human());
    for (rules, art, kind_art) in [(ufs(), "ufs-2016 5.8.3", "ufs-2016 5.8.3.2"), (pl(), "pl 1.7", "pl 1.7")] {
        let v = check(&r, rules);
        verdict_is(&v, GameResult::WhiteWin, Some(Reason::IllegalMove), 1);
        assert_eq!(v.article.as_deref(), Some(art));
        assert!(has(&v, "illegal_move", kind_art), "{}", v.human());
    }
}

/// pl: a time loss is decided by 5.1e (6.3 states the duty to keep time).
#[test]
fn pl_5_1e_decides_a_time_loss() {
    let r = timed(record(None, "7g7f 3c3d 2g2f 8c8d", Some(EndReason::TimeUp)), MIN, 0, &[30, 1, 31, 1]);
    let v = check(&r, pl());
    verdict_is(&v, GameResult::WhiteWin, Some(Reason::TimeUp), 4);
    assert_eq!(v.article.as_deref(), Some("pl 5.1e"));
}

/// A dragon moved and put down as a rook, as a CSA sheet writes it (`+2822HI` from the dragon
/// on 28) and as a KIF sheet does (`２二飛(28)`): before, CSA refused the file and KIF read the
/// move as the dragon's legal move. Each reader now keeps the act, and each ruleset judges it as
/// a wrong promotion (fesa-2017 3.2, claimable; ufs-2016 5.8.3.2, a loss; pl 1.7, a loss).
#[test]
fn a_promoted_piece_moved_as_unpromoted_on_the_sheet_is_judged_by_each_ruleset() {
    // Kings on 51 and 59, a black dragon on 28.
    let csa = "V2.2\nP1 *  *  *  * -OU *  *  *  * \nP2 *  *  *  *  *  *  *  *  * \nP3 *  *  *  *  *  *  *  *  * \nP4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \nP6 *  *  *  *  *  *  *  *  * \nP7 *  *  *  *  *  *  *  *  * \nP8 *  *  *  *  *  *  * +RY * \nP9 *  *  *  * +OU *  *  *  * \n+\n+2822HI\n-5141OU\n";
    let kif = "後手の持駒：なし\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|三\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n| ・ ・ ・ ・ ・ ・ ・ 龍 ・|八\n| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九\n+---------------------------+\n先手の持駒：なし\n手数----指手---------消費時間--\n   1 ２二飛(28)\n   2 ４一玉(51)\n";
    let unpromote =
        Move::Unpromote { from: shogi::Square::from_usi("2h").unwrap(), to: shogi::Square::from_usi("2b").unwrap() };
    for (name, text) in [("csa", csa), ("kif", kif)] {
        let r = shogi::formats::read(text.as_bytes()).unwrap_or_else(|e| panic!("{name}: {e}")).remove(0);
        assert_eq!(r.moves.len(), 2, "{name}");
        assert_eq!(r.moves[0].mv, unpromote, "{name}: the act as written");
        let v = check(&r, fesa());
        verdict_is(&v, GameResult::Unfinished, None, 2);
        assert!(has(&v, "illegal_move", "fesa-2017 3.2"), "{name}: {}", v.human());
        for (rules, art, kind_art) in [(ufs(), "ufs-2016 5.8.3", "ufs-2016 5.8.3.2"), (pl(), "pl 1.7", "pl 1.7")] {
            let v = check(&r, rules);
            verdict_is(&v, GameResult::WhiteWin, Some(Reason::IllegalMove), 1);
            assert_eq!(v.article.as_deref(), Some(art), "{name}");
            assert!(has(&v, "illegal_move", kind_art), "{name}: {}", v.human());
        }
    }
}
