//! A game played live through `arbiter::live`: actions in, views out, the log replayed, the
//! record written and read back.

use arbiter::clock::TimeControl;
use arbiter::live::{
    Action, ActionError, Actor, BoardSetup, GameSetup, LiveGame, Names, PositionView, SideTimes, ViewDetail,
};
use arbiter::{Answer, GameResult, Mode, Reason, RecordFormat, Refusal, RulesetId, Side};

const S: u64 = 1_000;

fn shogi(ruleset: RulesetId, tc: Option<TimeControl>) -> LiveGame {
    let setup = GameSetup {
        ruleset,
        overrides: None,
        time: tc.map(SideTimes::same),
        board: BoardSetup::Shogi { handicap: None, opening: Vec::new() },
        rated: false,
        arrival: false,
        max_moves: None,
    };
    LiveGame::new(&setup, Mode::Enforced).unwrap()
}

fn mv(g: &mut LiveGame, t: u64, side: Side, m: &str) -> Answer {
    g.act(t, Actor::Player { side }, &Action::Move { mv: m.into() }).unwrap().answer
}

#[test]
fn a_mate_ends_the_game_and_the_log_replays_to_it() {
    let mut g = shogi(RulesetId::Fesa2017, Some(TimeControl::byoyomi(60 * S, 10 * S, 1)));
    let mut log = vec![g.start(0).event];
    // The moves of examples/shogi_mate.kif (played by cshogi): White mates at ply 48.
    let kif = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/shogi_mate.kif")).unwrap();
    let moves: Vec<String> = shogi::formats::read(&kif).unwrap()[0].moves.iter().map(|m| m.mv.to_usi()).collect();
    let mut t = 0;
    for (i, m) in moves.iter().enumerate() {
        t += S;
        let side = if i % 2 == 0 { Side::Black } else { Side::White };
        let logged = g.act(t, Actor::Player { side }, &Action::Move { mv: m.clone() }).unwrap();
        assert_eq!(logged.answer, Answer::Accepted, "{m}");
        log.push(logged.event);
    }
    let v = g.view(t);
    let o = v.outcome.clone().expect("mate");
    assert_eq!(
        (o.result, o.reason, o.article.as_deref()),
        (GameResult::WhiteWin, Reason::Checkmate, Some("fesa-2017 5.1"))
    );
    assert!(v.legal_moves.is_empty());
    let again = LiveGame::replay(g.setup(), Mode::Enforced, log.iter().map(String::as_str)).unwrap();
    assert_eq!(again.view(t), v, "the log replays to the same view");
    // The record with its times reads back and gives the same verdict.
    let kif = g.record(RecordFormat::Kif, &Names { black: Some("A".into()), white: Some("B".into()) }).unwrap();
    let records = shogi::formats::read(kif.as_bytes()).unwrap();
    let verdict = arbiter::adjudicate(&records[0], &arbiter::ShogiRuleset::by_id(RulesetId::Fesa2017).unwrap());
    assert_eq!((verdict.result, verdict.reason), (GameResult::WhiteWin, Some(Reason::Checkmate)));
    assert!(records[0].moves.iter().all(|m| m.time_ms == Some(S)), "each move took a second");
    // From any move on, the moves are the same as all of them from there (KIF's 同 included).
    let all = g.moves();
    assert!(all.iter().any(|m| m.ja.as_deref().is_some_and(|j| j.contains('同'))), "a recapture to check");
    for k in 0..=all.len() + 1 {
        assert_eq!(g.moves_from(k), all[k.min(all.len())..], "from move {k}");
    }
    assert_eq!(g.engine_moves(), moves, "the moves in USI, as played");
}

#[test]
fn illegal_moves_and_moves_for_the_other_side_are_refused() {
    let mut g = shogi(RulesetId::Ufs2016, None);
    g.start(0);
    assert!(matches!(mv(&mut g, S, Side::Black, "7g7e"), Answer::Refused { reason: Refusal::IllegalMove { .. } }));
    assert_eq!(
        mv(&mut g, S, Side::White, "3c3d"),
        Answer::Refused { reason: Refusal::NotYourTurn { to_move: Side::Black } }
    );
    assert_eq!(g.view(S).ply, 0);
    assert_eq!(g.act(S, Actor::Player { side: Side::Black }, &Action::Pause), Err(ActionError::ArbiterOnly("pause")));
    assert_eq!(g.act(S, Actor::Arbiter, &Action::Resign), Err(ActionError::NotAPlayer));
    let e = g.act(S, Actor::Player { side: Side::Black }, &Action::Agree).unwrap_err();
    assert!(matches!(e, ActionError::WrongGame { .. }), "{e}");
    assert!(matches!(
        g.act(S, Actor::Player { side: Side::Black }, &Action::Move { mv: "x".into() }),
        Err(ActionError::BadMove(_))
    ));
}

#[test]
fn the_flag_falls_just_after_the_instant_the_clock_gives() {
    // 2 s main time and two 1 s byo-yomi periods: Black's flag falls 4 s after the start.
    let mut g = shogi(RulesetId::Ufs2016, Some(TimeControl::byoyomi(2 * S, S, 2)));
    g.start(0);
    assert_eq!(g.flag_at(), Some(4 * S));
    // A tick before or at the instant changes nothing (a move at 4 s is in time); the host
    // ticks just after it.
    g.tick(3 * S);
    assert_eq!(g.view(3 * S).outcome, None);
    g.tick(4 * S);
    assert_eq!(g.view(4 * S).outcome, None);
    g.tick(4 * S + 1);
    let o = g.view(4 * S + 1).outcome.unwrap();
    assert_eq!(
        (o.result, o.reason, o.article.as_deref()),
        (GameResult::WhiteWin, Reason::TimeUp, Some("ufs-2016 7.4"))
    );
    assert_eq!(g.flag_at(), None);
}

#[test]
fn arbiter_pause_stops_both_clocks_and_an_interruption_costs_no_time() {
    let mut g = shogi(RulesetId::Fesa2017, Some(TimeControl::byoyomi(10 * S, 10 * S, 1)));
    g.start(0);
    assert_eq!(g.act(2 * S, Actor::Arbiter, &Action::Pause).unwrap().answer, Answer::Accepted);
    assert_eq!(g.flag_at(), None);
    assert_eq!(g.act(60 * S, Actor::Arbiter, &Action::Resume).unwrap().answer, Answer::Accepted);
    assert_eq!(g.flag_at(), Some(78 * S), "Black used 2 s of 20");
    // A host restart: the clocks stop at the last event and start again when it is back.
    let logged = g.interrupt(60 * S, 500 * S);
    assert_eq!(logged.len(), 2);
    assert_eq!(g.flag_at(), Some(518 * S));
}

/// A 5×5 rfg game with byo-yomi, these moves played a second apart; the game and the last
/// move's time.
fn go_5x5(moves: &[&str]) -> (LiveGame, u64) {
    let setup = GameSetup {
        ruleset: RulesetId::Rfg,
        overrides: None,
        time: Some(SideTimes::same(TimeControl::byoyomi(60 * S, 10 * S, 3))),
        board: BoardSetup::Go { size: 5, handicap: 0, komi: Some(0.5) },
        rated: false,
        arrival: false,
        max_moves: None,
    };
    let mut g = LiveGame::new(&setup, Mode::Enforced).unwrap();
    g.start(0);
    let mut t = 0;
    for (i, m) in moves.iter().enumerate() {
        t += S;
        let side = if i % 2 == 0 { Side::Black } else { Side::White };
        assert_eq!(mv(&mut g, t, side, m), Answer::Accepted, "{m}");
    }
    (g, t)
}

#[test]
fn go_to_three_passes_and_an_agreed_count_then_sgf() {
    let (mut g, t) = go_5x5(&["C1", "D1", "C2", "D2", "C3", "D3", "C4", "D4", "C5", "D5", "pass", "pass", "pass"]);
    assert_eq!(g.engine_moves(), ["C1", "D1", "C2", "D2", "C3", "D3", "C4", "D4", "C5", "D5", "pass", "pass", "pass"]);
    let v = g.view(t);
    assert!(matches!(v.position, PositionView::Go { main_game_ended: true, .. }));
    assert_eq!(v.clock.as_ref().unwrap().running, None, "the clocks stop after the third pass (rfg 7.3)");
    g.act(t, Actor::Player { side: Side::White }, &Action::mark_dead(vec![])).unwrap();
    g.act(t, Actor::Player { side: Side::Black }, &Action::Agree).unwrap();
    let o = g.view(t).outcome.unwrap();
    // Black: columns A–B, 10 points; White: column E, 5 + 0.5 komi.
    assert_eq!((o.result, o.reason), (GameResult::BlackWin, Reason::Score));
    let sgf = g.record(RecordFormat::Sgf, &Names::default()).unwrap();
    assert!(sgf.contains("RE[B+4.5]") && sgf.contains("BL[59]"), "{sgf}");
    let read = go::sgf::SgfGame::parse(&sgf).unwrap();
    let rfg = arbiter::GoRuleset::by_id(RulesetId::Rfg).unwrap();
    let v = arbiter::adjudicate_go(&read, &rfg, Some(&[])).unwrap();
    assert_eq!((v.verdict.result, v.verdict.reason), (GameResult::BlackWin, Some(Reason::Score)));
    assert!(v.verdict.violations.is_empty(), "{:?}", v.verdict.violations);
    assert!(g.record(RecordFormat::Kif, &Names::default()).is_err());
}

#[test]
fn the_arbiter_puts_a_clock_right_either_way() {
    use arbiter::Decision;
    let mut g = shogi(RulesetId::Fesa2017, Some(TimeControl::byoyomi(10 * S, 10 * S, 1)));
    g.start(0);
    assert_eq!(g.flag_at(), Some(20 * S));
    // fesa-2017 8.13: a clock set wrong is put right by the arbiter (no penalty).
    let add = Action::Decide { decision: Decision::AdjustTime { side: Side::Black, ms: 5_000 } };
    assert_eq!(g.act(S, Actor::Arbiter, &add).unwrap().answer, Answer::Accepted);
    assert_eq!(g.flag_at(), Some(25 * S));
    let take = Action::Decide { decision: Decision::AdjustTime { side: Side::Black, ms: -12_000 } };
    assert_eq!(g.act(2 * S, Actor::Arbiter, &take).unwrap().answer, Answer::Accepted);
    assert_eq!(g.flag_at(), Some(13 * S), "3 s of main time are left at 2 s, then 10 s of byo-yomi");
    assert_eq!(g.act(2 * S, Actor::Player { side: Side::Black }, &take), Err(ActionError::ArbiterOnly("decide")));
}

#[test]
fn a_result_is_corrected_or_annulled_after_the_end_and_nothing_else_is_taken() {
    let mut g = shogi(RulesetId::Fesa2017, Some(TimeControl::byoyomi(60 * S, 10 * S, 1)));
    let mut log = vec![g.start(0).event];
    log.push(g.act(S, Actor::Player { side: Side::Black }, &Action::Move { mv: "7g7f".into() }).unwrap().event);
    log.push(g.act(2 * S, Actor::Player { side: Side::White }, &Action::Resign).unwrap().event);
    assert_eq!(g.view(2 * S).outcome.unwrap().result, GameResult::BlackWin);
    // Nothing but the arbiter's result is taken once the game is over.
    assert_eq!(mv(&mut g, 3 * S, Side::White, "3c3d"), Answer::Refused { reason: Refusal::GameOver });
    let annul = arbiter::live::arbiter_result(GameResult::NoResult, Reason::ArbiterDecision, "fesa-2017 13.4");
    let logged = g.act(4 * S, Actor::Arbiter, &annul).unwrap();
    assert_eq!(logged.answer, Answer::Accepted);
    log.push(logged.event);
    let o = g.view(4 * S).outcome.unwrap();
    assert_eq!(
        (o.result, o.reason, o.article.as_deref(), o.ply),
        (GameResult::NoResult, Reason::ArbiterDecision, Some("fesa-2017 13.4"), 1)
    );
    let again = LiveGame::replay(g.setup(), Mode::Enforced, log.iter().map(String::as_str)).unwrap();
    assert_eq!(again.outcome(), g.outcome(), "the correction is in the log");
}

#[test]
fn a_disputed_finishing_phase_is_counted_as_the_arbiter_rules() {
    let setup = GameSetup {
        ruleset: RulesetId::Rfg,
        overrides: None,
        time: None,
        board: BoardSetup::Go { size: 5, handicap: 0, komi: Some(0.5) },
        rated: false,
        arrival: false,
        max_moves: None,
    };
    let mut g = LiveGame::new(&setup, Mode::Enforced).unwrap();
    g.start(0);
    // Black walls columns A–C; White plays column D and a lone stone at A1 inside Black's area.
    let moves = ["C1", "D1", "C2", "D2", "C3", "D3", "C4", "D4", "C5", "D5", "B3", "A1", "pass", "pass", "pass"];
    for (i, m) in moves.iter().enumerate() {
        let side = if i % 2 == 0 { Side::Black } else { Side::White };
        assert_eq!(mv(&mut g, S, side, m), Answer::Accepted, "{m}");
    }
    // White: nothing dead. Black disputes and calls the arbiter (rfg 7.2).
    g.act(S, Actor::Player { side: Side::White }, &Action::mark_dead(vec![])).unwrap();
    let black = Actor::Player { side: Side::Black };
    assert_eq!(g.act(S, black, &Action::Dispute).unwrap().answer, Answer::Accepted);
    let PositionView::Go { disputed_by, .. } = g.view(S).position else { panic!("Go") };
    assert_eq!(disputed_by, Some(Side::Black));
    // Only the arbiter rules; the ruling counts the board with A1 dead.
    let rule = Action::rule_dead(vec!["A1".into()]);
    assert_eq!(g.act(S, black, &rule), Err(ActionError::ArbiterOnly("rule_dead")));
    assert!(matches!(
        g.act(S, Actor::Arbiter, &Action::rule_dead(vec!["B1".into()])).unwrap().answer,
        Answer::Refused { reason: Refusal::NoStone { .. } }
    ));
    assert_eq!(g.act(S, Actor::Arbiter, &rule).unwrap().answer, Answer::Accepted);
    let v = g.view(S);
    let o = v.outcome.unwrap();
    assert_eq!((o.result, o.reason, o.article.as_deref()), (GameResult::BlackWin, Reason::Score, Some("rfg 10.2")));
    let PositionView::Go { disputed_by, .. } = v.position else { panic!("Go") };
    assert_eq!(disputed_by, None);
}

#[test]
fn go_moves_carry_the_board_they_were_played_on_captures_and_handicap_included() {
    let setup = GameSetup {
        ruleset: RulesetId::Rfg,
        overrides: None,
        time: None,
        board: BoardSetup::Go { size: 9, handicap: 2, komi: Some(0.5) },
        rated: false,
        arrival: false,
        max_moves: None,
    };
    let mut g = LiveGame::new(&setup, Mode::Enforced).unwrap();
    g.start(0);
    // Handicap: White moves first. Black's A2, B1 take White's A1.
    let played =
        [(Side::White, "A1"), (Side::Black, "A2"), (Side::White, "J9"), (Side::Black, "B1"), (Side::White, "J8")];
    for (i, (side, m)) in played.iter().enumerate() {
        assert_eq!(mv(&mut g, (i as u64 + 1) * S, *side, m), Answer::Accepted, "{m}");
    }
    let moves = g.moves();
    let at = |k: usize, p: &str| {
        let b = moves[k].board.as_deref().unwrap();
        let p = go::Point::from_gtp(p, 9).unwrap();
        b.as_bytes()[(8 - p.row as usize) * 9 + p.col as usize] as char
    };
    // The fixed handicap stones are on the first board (rfg 2.2), nothing else.
    assert_eq!(moves[0].board.as_deref().unwrap().chars().filter(|&c| c == 'X').count(), 2);
    assert_eq!((at(0, "C3"), at(0, "G7"), at(0, "A1")), ('X', 'X', '.'));
    assert_eq!((at(1, "A1"), at(2, "A2")), ('O', 'X'));
    // B1 captured A1: the board before White's J8 has it gone.
    assert_eq!((at(3, "A1"), at(4, "A1"), at(4, "B1")), ('O', '.', 'X'));
    // The last board and the last move give the view's stones.
    let PositionView::Go { black, white, .. } = g.view(6 * S).position else { panic!("Go") };
    let stones = |c: char| {
        let b = moves[4].board.as_deref().unwrap();
        let mut v: Vec<String> = (0..81)
            .filter(|&i| b.as_bytes()[i] as char == c)
            .map(|i| go::Point::new((i % 9) as u8, (8 - i / 9) as u8).to_gtp())
            .collect();
        v.sort();
        v
    };
    for k in 0..=moves.len() + 1 {
        assert_eq!(g.moves_from(k), moves[k.min(moves.len())..], "from move {k}");
    }
    let mut w = stones('O');
    w.push("J8".into());
    w.sort();
    let (mut black, mut white) = (black, white);
    black.sort();
    white.sort();
    assert_eq!((stones('X'), w), (black, white));
}

#[test]
fn a_brief_view_is_the_full_view_without_legal_moves_and_declaration() {
    // fesa-2017 5.3: the 27-point declaration, whose conditions a full view shows.
    let mut g = shogi(RulesetId::Fesa2017, Some(TimeControl::byoyomi(60 * S, 10 * S, 1)));
    g.start(0);
    assert_eq!(mv(&mut g, S, Side::Black, "7g7f"), Answer::Accepted);
    let (full, brief) = (g.view(2 * S), g.view_of(2 * S, ViewDetail::Brief));
    assert_eq!(full.legal_moves.len(), 30, "White's moves after 1. P-7f");
    let mut expected = full.clone();
    expected.legal_moves.clear();
    match &mut expected.position {
        PositionView::Shogi { declaration, .. } => {
            assert!(declaration.is_some(), "the full view shows the declaration's conditions");
            *declaration = None;
        }
        PositionView::Go { .. } => unreachable!(),
    }
    assert_eq!(brief, expected);
}

#[test]
fn a_pending_impasse_proposal_is_in_the_view_until_a_move_withdraws_it() {
    // ufs-2016 5.8.6: the count by agreement; the opponent must see that a proposal waits.
    let mut g = shogi(RulesetId::Ufs2016, None);
    g.start(0);
    let proposed_by = |g: &LiveGame, t| match g.view(t).position {
        PositionView::Shogi { impasse_proposed_by, .. } => impasse_proposed_by,
        PositionView::Go { .. } => unreachable!(),
    };
    assert_eq!(proposed_by(&g, 0), None);
    let a = g.act(S, Actor::Player { side: Side::Black }, &Action::ProposeImpasse).unwrap().answer;
    assert_eq!(a, Answer::Accepted);
    assert_eq!(proposed_by(&g, S), Some(Side::Black));
    // Accepting outside an impasse is refused, and the proposal still waits.
    let a = g.act(2 * S, Actor::Player { side: Side::White }, &Action::AcceptImpasse).unwrap().answer;
    assert!(matches!(a, Answer::Refused { reason: Refusal::NotAnImpasse { .. } }), "{a:?}");
    assert_eq!(proposed_by(&g, 2 * S), Some(Side::Black));
    assert_eq!(mv(&mut g, 3 * S, Side::Black, "7g7f"), Answer::Accepted);
    assert_eq!(proposed_by(&g, 3 * S), None, "a move withdraws the proposal");
}

#[test]
fn the_setup_move_limit_draws_the_game_after_its_last_move_unless_that_move_ended_it() {
    let kif = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/shogi_mate.kif")).unwrap();
    let moves: Vec<String> = shogi::formats::read(&kif).unwrap()[0].moves.iter().map(|m| m.mv.to_usi()).collect();
    assert_eq!(moves.len(), 48, "White mates at ply 48");
    let limited = |n: u32| {
        let setup = GameSetup {
            max_moves: Some(n),
            ..shogi(RulesetId::Fesa2017, Some(TimeControl::byoyomi(60 * S, 10 * S, 1))).setup().clone()
        };
        let mut g = LiveGame::new(&setup, Mode::Enforced).unwrap();
        let mut log = vec![g.start(0).event];
        let mut t = 0;
        for (i, m) in moves.iter().enumerate() {
            if g.outcome().is_some() {
                let side = if i % 2 == 0 { Side::Black } else { Side::White };
                assert_eq!(
                    mv(&mut g, t + S, side, m),
                    Answer::Refused { reason: Refusal::GameOver },
                    "after the limit"
                );
                break;
            }
            t += S;
            let side = if i % 2 == 0 { Side::Black } else { Side::White };
            let logged = g.act(t, Actor::Player { side }, &Action::Move { mv: m.clone() }).unwrap();
            assert_eq!(logged.answer, Answer::Accepted, "{m}");
            log.push(logged.event);
        }
        (g, log, t)
    };
    // Drawn at the tenth move: no replay follows (fesa-2017 12.2 replays a draw of the rules).
    let (g, log, t) = limited(10);
    let o = g.outcome().cloned().expect("drawn at the limit");
    assert_eq!((o.result, o.reason, o.ply, o.followup), (GameResult::Draw, Reason::MaxMoves, 10, None));
    assert_eq!(o.article.as_deref(), Some(arbiter::MAX_MOVES_ARTICLE));
    let again = LiveGame::replay(g.setup(), Mode::Enforced, log.iter().map(String::as_str)).unwrap();
    assert_eq!(again.view(t), g.view(t), "the log replays to the same draw");
    let names = Names::default();
    let csa = g.record(RecordFormat::Csa, &names).unwrap();
    assert!(csa.trim_end().ends_with("%MAX_MOVES"), "{csa}");
    let kif = g.record(RecordFormat::Kif, &names).unwrap();
    assert!(kif.contains("最大手数"), "{kif}");
    // Read back (`shinpan check`, `shinpan match`'s records), each end word stands as the host's
    // ruling: a draw at the limit.
    let fesa = arbiter::ShogiRuleset::by_id(RulesetId::Fesa2017).unwrap();
    for record in [&csa, &kif] {
        let read = shogi::formats::read(record.as_bytes()).unwrap();
        let v = arbiter::adjudicate(&read[0], &fesa);
        assert_eq!((v.result, v.reason, v.ply), (GameResult::Draw, Some(Reason::MaxMoves), 10), "{record}");
    }
    // The mating move is the 48th: the mate stands, as shogi-server judges the move first.
    let (g, _, _) = limited(48);
    let o = g.outcome().cloned().expect("mate");
    assert_eq!((o.result, o.reason), (GameResult::WhiteWin, Reason::Checkmate));
    // 0 is no limit.
    let (g, _, _) = limited(0);
    assert_eq!(g.outcome().map(|o| o.reason), Some(Reason::Checkmate));
}

#[test]
fn the_sgf_of_a_counted_go_game_marks_the_dead_stones_and_reads_back_to_the_same_count() {
    // Black walls column C, White column D; Black's E3 in White's area is dead.
    let (mut g, t) =
        go_5x5(&["C1", "D1", "C2", "D2", "C3", "D3", "C4", "D4", "C5", "D5", "E3", "pass", "pass", "pass"]);
    g.act(t, Actor::Player { side: Side::Black }, &Action::mark_dead(vec!["E3".into()])).unwrap();
    g.act(t, Actor::Player { side: Side::White }, &Action::Agree).unwrap();
    let o = g.view(t).outcome.unwrap();
    assert_eq!(o.reason, Reason::Score);
    let sgf = g.record(RecordFormat::Sgf, &Names::default()).unwrap();
    // E3 on 5×5 is `ec` in SGF: marked White's territory.
    let tw = sgf.split("TW").nth(1).unwrap_or_else(|| panic!("no TW marks: {sgf}"));
    assert!(tw.split(']').take_while(|p| p.starts_with('[')).any(|p| p == "[ec"), "{sgf}");
    // Read back without being told the dead stones: the marks give them, and the same count.
    let read = go::sgf::SgfGame::parse(&sgf).unwrap();
    let rfg = arbiter::GoRuleset::by_id(RulesetId::Rfg).unwrap();
    let v = arbiter::adjudicate_go(&read, &rfg, None).unwrap();
    assert_eq!(v.dead, [go::Point::from_gtp("E3", 5).unwrap()], "{sgf}");
    assert_eq!((v.verdict.result, v.verdict.reason), (o.result, Some(Reason::Score)));
}

fn opened(opening: &[&str]) -> Result<LiveGame, arbiter::live::SetupError> {
    let setup = GameSetup {
        ruleset: RulesetId::Fesa2017,
        overrides: None,
        time: Some(SideTimes::same(TimeControl::byoyomi(60 * S, 10 * S, 1))),
        board: BoardSetup::Shogi { handicap: None, opening: opening.iter().map(|m| m.to_string()).collect() },
        rated: false,
        arrival: false,
        max_moves: Some(12),
    };
    LiveGame::new(&setup, Mode::Enforced)
}

/// A buoy game (docs/csa.md): the opening is on the board at the start, in the record with no
/// time, and counts for repetition and the move limit; the clock starts after it.
#[test]
fn a_game_with_an_opening_starts_after_it_and_counts_it() {
    let mut g = opened(&["7g7f", "3c3d"]).unwrap();
    g.start(0);
    assert_eq!((g.to_move(), g.view(0).ply), (Side::Black, 2));
    assert_eq!(mv(&mut g, 3 * S, Side::Black, "2g2f"), Answer::Accepted);
    assert_eq!(g.engine_moves(), ["7g7f", "3c3d", "2g2f"]);
    let csa = g.record(RecordFormat::Csa, &Names::default()).unwrap();
    let rec = &shogi::formats::read(csa.as_bytes()).unwrap()[0];
    let times: Vec<Option<u64>> = rec.moves.iter().map(|m| m.time_ms).collect();
    assert_eq!(times, [Some(0), Some(0), Some(3 * S)], "{csa}");
    // The log replays from the setup: the opening is not in it.
    let log = [g.start(0).event];
    assert_eq!(LiveGame::replay(g.setup(), Mode::Enforced, log.iter().map(String::as_str)).unwrap().view(0).ply, 2);

    // The start position stood three times in the opening; the fourth, in play, is sennichite.
    let shuffle = ["2h3h", "8b7b", "3h2h", "7b8b"];
    let mut g = opened(&[shuffle, shuffle].concat()).unwrap();
    g.start(0);
    for (i, m) in shuffle.iter().enumerate() {
        let side = if i % 2 == 0 { Side::Black } else { Side::White };
        assert_eq!(mv(&mut g, (i as u64 + 1) * S, side, m), Answer::Accepted, "{m}");
    }
    let o = g.outcome().expect("the fourth repetition").clone();
    assert_eq!((o.reason, o.article.as_deref()), (Reason::Sennichite, Some("fesa-2017 5.2")));

    // The move limit counts the opening: 12 moves, 8 of them before the start.
    let mut g = opened(&[shuffle, shuffle].concat()[..8]).unwrap();
    g.start(0);
    for (i, m) in ["7g7f", "3c3d", "2g2f", "4c4d"].iter().enumerate() {
        assert!(g.outcome().is_none(), "over after {i} moves");
        let side = if i % 2 == 0 { Side::Black } else { Side::White };
        assert_eq!(mv(&mut g, (i as u64 + 1) * S, side, m), Answer::Accepted, "{m}");
    }
    assert_eq!(g.outcome().map(|o| o.reason), Some(Reason::MaxMoves));
}

#[test]
fn an_opening_that_cannot_be_played_is_refused_with_its_move() {
    let e = |o: &[&str]| opened(o).unwrap_err().to_string();
    assert_eq!(e(&["7g7f", "7g7f"]), "opening move 2 `7g7f`: no piece on 7g");
    assert!(e(&["7g7f", "xx"]).starts_with("opening move 2 `xx`: not a USI move"));
    let shuffle = ["2h3h", "8b7b", "3h2h", "7b8b"];
    assert!(e(&[shuffle, shuffle, shuffle].concat()).contains("repeats a fourth time"));
}
