//! Go under the referee (rfg), one test per article it applies.

use arbiter::clock::{Clock, TimeControl};
use arbiter::*;
use go::score::{Agreement, score};
use go::{Board, Color, Point};

const S: u64 = 1_000;
const MIN: u64 = 60 * S;

fn referee(game: GoGame, mode: Mode, clock: Option<Clock>) -> GoReferee {
    Referee::new(GoRuleset::by_id(RulesetId::Rfg).unwrap(), mode, game, clock, Players::default())
}

fn from_diagram(diagram: &str, to_move: Color) -> GoGame {
    GoGame::new(go::Game::from_board(Board::from_diagram(diagram).unwrap(), to_move, go::Rules::RFG))
}

fn mv(t: u64, text: &str) -> GoEvent {
    Event::Move { t, mv: GoMove::parse(text).unwrap(), side: None }
}

fn pt(s: &str, size: u8) -> Point {
    Point::from_gtp(s, size).unwrap()
}

/// Plays `moves` one second apart from `t0`, each one accepted.
#[track_caller]
fn play_all(r: &mut GoReferee, t0: u64, moves: &[&str]) -> u64 {
    let mut t = t0;
    for m in moves {
        t += S;
        assert_eq!(r.submit(mv(t, m)), Answer::Accepted, "{m}");
    }
    t
}

#[track_caller]
fn refused(a: Answer) -> String {
    match a {
        Answer::Refused { reason } => reason.to_string(),
        Answer::Accepted => panic!("accepted"),
    }
}

#[track_caller]
fn assert_end(r: &GoReferee, result: GameResult, reason: Reason, article: &str) {
    let o = r.outcome().expect("the game is over");
    assert_eq!((o.result, o.reason, o.article.as_deref()), (result, reason, Some(article)));
}

/// 5×5: Black walls column C, White column D, then White invades at B4 and the game ends
/// with three passes; the B4 stone is dead.
const WALLS: [&str; 15] =
    ["C1", "D1", "C2", "D2", "C3", "D3", "C4", "D4", "C5", "D5", "pass", "B4", "pass", "pass", "pass"];

fn walls_game(mode: Mode) -> GoReferee {
    let mut r = referee(GoGame::even(5).unwrap(), mode, None);
    r.submit(Event::Start { t: 0 });
    play_all(&mut r, 0, &WALLS);
    r
}

#[test]
fn rfg_7_1_three_passes_then_agreed_dead_stones_are_counted() {
    let mut r = walls_game(Mode::Enforced);
    assert_eq!(r.outcome(), None, "counting follows the passes");
    let t = 100 * S;
    r.submit(Event::Game { t, side: Side::Black, action: GoAction::mark_dead(vec!["B4".into()]) });
    assert_eq!(r.submit(Event::Game { t, side: Side::White, action: GoAction::Agree }), Answer::Accepted);
    // The referee's count is go::score's on the same board with the ruleset's komi.
    let direct =
        score(r.game().board(), 6.5, 0, &Agreement { dead: vec![pt("B4", 5)], ..Agreement::default() }).unwrap();
    assert_eq!(r.game().score(), Some(&direct));
    // Black: A–B columns (10 points with the dead stone's) + 1 prisoner = 11; White: 5 + 6.5.
    assert_eq!((direct.black.total, direct.white.total), (11.0, 11.5));
    assert_end(&r, GameResult::WhiteWin, Reason::Score, "rfg 10.2");
    assert_eq!(r.outcome().unwrap().ply, WALLS.len());
}

/// rfg 6.1a seki without eyes (the go crate's own count example): D1 and D2 are shared
/// liberties neither side can fill. White owns A5–C7 (9 points), Black F5–G7 and E6–E7 (6).
const SEKI: &str = "
    ...OX..
    ...OX..
    ...OX..
    OOOOXXX
    OOXXOXX
    OXX.OOX
    OXX.OOX";

/// The SEKI position after three passes (Black, White, Black), with a one-minute clock.
fn seki_finishing() -> GoReferee {
    let clock = Clock::same(TimeControl::sudden_death(MIN));
    let mut r = referee(from_diagram(SEKI, Color::Black), Mode::Enforced, Some(clock));
    r.submit(Event::Start { t: 0 });
    play_all(&mut r, 0, &["pass", "pass", "pass"]);
    r
}

fn agree(r: &mut GoReferee, t: u64, dead: &[&str]) {
    let stones = dead.iter().map(|s| s.to_string()).collect();
    assert_eq!(r.submit(Event::Game { t, side: Side::Black, action: GoAction::mark_dead(stones) }), Answer::Accepted);
    assert_eq!(r.submit(Event::Game { t, side: Side::White, action: GoAction::Agree }), Answer::Accepted);
}

#[test]
fn rfg_7_1_after_the_third_pass_the_partners_fill_in_turn_and_the_clocks_stop() {
    // Before: White 9, Black 6 (the seki's points are nobody's).
    let mut r = seki_finishing();
    assert!(r.clock().unwrap().is_paused(), "commentary to rfg 7.3: the clocks stop");
    // White (to move) plays inside his own territory, ten minutes later: no flag, no time.
    assert_eq!(r.submit(mv(10 * MIN, "A7")), Answer::Accepted);
    assert_eq!(r.clock().unwrap().side(Side::White).spent_ms, S, "only his pass");
    assert_eq!(r.move_times().last(), Some(&0));
    // In turn (rfg 11: two moves in a row is still a move out of turn).
    assert!(
        refused(r.submit(Event::Move { t: 11 * MIN, mv: GoMove::parse("B7").unwrap(), side: Some(Side::White) }))
            .contains("turn")
    );
    // Black plays inside White's territory; it is agreed dead.
    play_all(&mut r, 12 * MIN, &["B6", "pass"]);
    assert_eq!(r.outcome(), None);
    agree(&mut r, 13 * MIN, &["B6"]);
    let s = r.game().score().unwrap();
    // rfg 9.2a: White's A7 stone takes a free point of his territory (9 → 8); 8.2: the dead
    // black stone's point is White's territory and the stone his prisoner.
    assert_eq!((s.white.territory, s.white.prisoners), (8, 1));
    assert_eq!((s.black.territory, s.black.prisoners), (6, 0));
    assert_end(&r, GameResult::WhiteWin, Reason::Score, "rfg 10.2");
}

#[test]
fn rfg_13_4_a_restore_to_before_the_passes_restarts_the_clock_for_the_side_to_move() {
    let mut r = seki_finishing();
    assert!(r.clock().unwrap().is_paused());
    // The arbiter restores the position after the first pass (rfg 13.4a, 12.14): White to move,
    // his clock running again from the decision.
    assert_eq!(r.submit(Event::Decision { t: 10 * S, decision: Decision::Restore { ply: 1 } }), Answer::Accepted);
    let c = r.clock().unwrap();
    assert!(!c.is_paused());
    assert_eq!((c.turn(), r.game().to_move()), (Some(Side::White), Side::White));
    assert_eq!(r.submit(mv(15 * S, "pass")), Answer::Accepted);
    assert_eq!(r.clock().unwrap().side(Side::White).spent_ms, S + 5 * S, "his first pass and this one");
    // Two more passes end the main game again and stop the clock.
    play_all(&mut r, 15 * S, &["pass", "pass"]);
    assert!(r.clock().unwrap().is_paused());
}

#[test]
fn rfg_7_1_points_in_seki_are_not_filled() {
    let mut r = seki_finishing();
    // White to move: D1 and D2 are the seki's shared liberties (rfg 7.1: not filled).
    for p in ["D1", "D2"] {
        let why = refused(r.submit(mv(MIN, p)));
        assert!(why.contains("seki") && why.contains("rfg 7.1"), "{why}");
    }
    assert_eq!(r.game().ply(), 3);
    // Recorded mode refuses it too: a seki fill is no move of the game.
    let clock = Clock::same(TimeControl::sudden_death(MIN));
    let mut rec = referee(from_diagram(SEKI, Color::Black), Mode::Recorded, Some(clock));
    rec.submit(Event::Start { t: 0 });
    play_all(&mut rec, 0, &["pass", "pass", "pass"]);
    assert!(refused(rec.submit(mv(MIN, "D1"))).contains("seki"));
    // Before the passes the same point may be played (it is a bad move, not a forbidden one).
    let mut main = referee(from_diagram(SEKI, Color::Black), Mode::Enforced, None);
    main.submit(Event::Start { t: 0 });
    assert_eq!(main.submit(mv(S, "D1")), Answer::Accepted);
}

#[test]
fn rfg_7_1_captures_while_filling_are_prisoners() {
    // WALLS after the three passes: Black takes the white stone at B4 by filling around it
    // (White passing) instead of agreeing it dead. rfg 9.2: the capture is a prisoner, and the
    // three black stones put inside Black's own territory take three free points of it.
    let mut r = walls_game(Mode::Enforced);
    play_all(&mut r, 100 * S, &["pass", "A4", "pass", "B5", "pass", "B3"]);
    assert_eq!(r.game().board().get(pt("B4", 5)), None);
    agree(&mut r, 200 * S, &[]);
    let s = r.game().score().unwrap();
    assert_eq!((s.black.territory, s.black.prisoners, s.black.total), (7, 1, 8.0));
    assert_eq!(s.white.total, 11.5);
}

#[test]
fn rfg_7_2_dead_stones_need_the_passes_and_the_opponents_agreement() {
    let mut r = referee(GoGame::even(5).unwrap(), Mode::Enforced, None);
    r.submit(Event::Start { t: 0 });
    play_all(&mut r, 0, &WALLS[..12]);
    let mark = |side| Event::Game { t: 50 * S, side, action: GoAction::mark_dead(vec!["B4".into()]) };
    assert!(refused(r.submit(mark(Side::Black))).contains("rfg 7.1"));
    play_all(&mut r, 20 * S, &["pass", "pass", "pass"]);
    // A point without a stone is no dead stone.
    let empty = Event::Game { t: 60 * S, side: Side::Black, action: GoAction::mark_dead(vec!["A1".into()]) };
    assert!(refused(r.submit(empty)).contains("rfg 7.2"));
    assert_eq!(r.submit(mark(Side::Black)), Answer::Accepted);
    // One does not agree to one's own proposal.
    refused(r.submit(Event::Game { t: 61 * S, side: Side::Black, action: GoAction::Agree }));
    assert_eq!(r.outcome(), None);
}

#[test]
fn rfg_10_handicap_game_with_equal_scores_goes_to_white() {
    // Black's two handicap stones and one White stone on a 9×9 board: the one empty region
    // touches both colours, so with komi 0 nobody has a point (rfg 8.3).
    let rules = GoRuleset::by_id(RulesetId::Rfg)
        .unwrap()
        .with_overrides(&serde_json::json!({"game": {"komi": {"rule": 0.0}}}))
        .unwrap();
    let game = GoGame::new(go::Game::with_handicap(9, 2, go::Rules::RFG).unwrap());
    let mut r = Referee::new(rules, Mode::Enforced, game, None, Players::default());
    r.submit(Event::Start { t: 0 });
    play_all(&mut r, 0, &["E5", "pass", "pass", "pass"]);
    r.submit(Event::Game { t: 10 * S, side: Side::White, action: GoAction::mark_dead(vec![]) });
    r.submit(Event::Game { t: 11 * S, side: Side::Black, action: GoAction::Agree });
    assert_end(&r, GameResult::WhiteWin, Reason::Score, "rfg 10");
    assert!(r.game().score().unwrap().handicap_tie);
}

#[test]
fn rfg_7_3_resignation_ends_the_game() {
    let mut r = referee(GoGame::even(9).unwrap(), Mode::Enforced, None);
    r.submit(Event::Start { t: 0 });
    play_all(&mut r, 0, &["E5", "C3"]);
    r.submit(Event::Resign { t: 10 * S, side: Side::Black });
    assert_end(&r, GameResult::WhiteWin, Reason::Resignation, "rfg 10.1");
    assert_eq!(r.outcome().unwrap().ply, 2);
}

#[test]
fn rfg_11_main_time_expired_loses() {
    let clock = Clock::same(TimeControl::sudden_death(MIN));
    let mut r = referee(GoGame::even(9).unwrap(), Mode::Enforced, Some(clock));
    r.submit(Event::Start { t: 0 });
    play_all(&mut r, 0, &["E5"]);
    assert_eq!(r.submit(Event::Tick { t: 2 * MIN }), Answer::Accepted);
    assert_end(&r, GameResult::BlackWin, Reason::TimeUp, "rfg 11");
}

#[test]
fn rfg_12_16_byoyomi_expired_the_turn_passes_and_play_goes_on() {
    let clock = Clock::same(TimeControl::byoyomi(0, 30 * S, 1));
    let mut r = referee(GoGame::even(9).unwrap(), Mode::Enforced, Some(clock));
    r.submit(Event::Start { t: 0 });
    assert_eq!(r.submit(Event::Tick { t: 31 * S }), Answer::Accepted);
    assert_eq!(r.outcome(), None);
    assert_eq!(r.violations()[0].article, "rfg 12.16");
    // White moves first now, without a Black stone on the board.
    assert_eq!(r.game().to_move(), Side::White);
    assert_eq!(r.submit(mv(40 * S, "E5")), Answer::Accepted);
    assert_eq!(r.game().board().get(pt("E5", 9)), Some(Color::White));
    assert_eq!(r.game().ply(), 1);
}

#[test]
fn rfg_12_16_a_lost_turn_lifts_the_ko_ban_of_the_side_to_move() {
    // Black takes the ko at C2, White loses his turn: Black may fill the ko point at once.
    let clock = Clock::same(TimeControl::byoyomi(0, 30 * S, 1));
    let mut r = referee(from_diagram(KO, Color::Black), Mode::Enforced, Some(clock));
    r.submit(Event::Start { t: 0 });
    play_all(&mut r, 0, &["C2"]);
    r.submit(Event::Tick { t: 40 * S });
    assert_eq!(r.game().to_move(), Side::Black);
    assert_eq!(r.submit(mv(45 * S, "B2")), Answer::Accepted);
    // An arbiter's restore replays the lost turn in its place.
    let restore = |ply| Event::Decision { t: 50 * S, decision: Decision::Restore { ply } };
    assert_eq!(r.submit(restore(2)), Answer::Accepted);
    assert_eq!((r.game().ply(), r.game().board().get(pt("B2", 5))), (2, Some(Color::Black)));
    assert_eq!(r.submit(restore(1)), Answer::Accepted);
    assert_eq!(r.game().board().get(pt("B2", 5)), None);
    assert_eq!(r.game().to_move(), Side::Black, "the lost turn still counts");
}

#[test]
fn rfg_12_15_canadian_period_not_completed_loses() {
    let clock = Clock::same(TimeControl::canadian(0, 2, MIN));
    let mut r = referee(GoGame::even(9).unwrap(), Mode::Enforced, Some(clock));
    r.submit(Event::Start { t: 0 });
    r.submit(mv(50 * S, "E5"));
    r.submit(mv(51 * S, "C3"));
    // Black's second move of the period comes 12 s after his 60 s ran out.
    refused(r.submit(mv(72 * S, "G7")));
    assert_end(&r, GameResult::WhiteWin, Reason::TimeUp, "rfg 11");
    assert_eq!(r.game().ply(), 2);
}

/// 9×9, three kos: the top-left and bottom-left ones with a White stone in the ko (Black may
/// take at C8 and C4), the top-right one with a Black stone in it (White may take at G8).
const TRIPLE_KO: &str = "
    .XO...XO.
    XO.O.X.XO
    .XO...XO.
    .........
    .XO......
    XO.O.....
    .XO......
    .........
    .........";

#[test]
fn rfg_6_3_triple_ko_cycle_has_no_result() {
    let mut r = referee(from_diagram(TRIPLE_KO, Color::Black), Mode::Enforced, None);
    r.submit(Event::Start { t: 0 });
    // Each move takes a ko; after six the whole board repeats with Black to move.
    play_all(&mut r, 0, &["C8", "G8", "C4", "B8", "H8"]);
    assert_eq!(r.outcome(), None);
    play_all(&mut r, 10 * S, &["B4"]);
    assert_end(&r, GameResult::NoResult, Reason::Cycle, "rfg 6.3");
    assert_eq!(r.outcome().unwrap().followup, None);
    assert_eq!(r.game().game().cycles(), &[go::Cycle { ply: 6, first_ply: 0 }]);
}

#[test]
fn rfg_6_3_cycle_ruled_replay_asks_for_a_new_game() {
    let rules = GoRuleset::by_id(RulesetId::Rfg)
        .unwrap()
        .with_overrides(&serde_json::json!({"game": {"cycle": {"rule": "replay"}}}))
        .unwrap();
    let mut r = Referee::new(rules, Mode::Enforced, from_diagram(TRIPLE_KO, Color::Black), None, Players::default());
    r.submit(Event::Start { t: 0 });
    play_all(&mut r, 0, &["C8", "G8", "C4", "B8", "H8", "B4"]);
    let o = r.outcome().unwrap();
    assert_eq!((o.result, o.reason), (GameResult::NoResult, Reason::Cycle));
    assert_eq!(o.followup, Some(Followup::Replay { colours_reversed: false, time: None, article: "rfg 6.3".into() }));
}

const KO: &str = "
    .....
    .....
    .XO..
    XO.O.
    .XO..";

/// Black takes the ko at C2; White then retakes at once (ko), plays on a stone (C2) and
/// suicides at A1: three illegal moves in the scoresheet.
fn three_illegal_moves() -> (GoReferee, Vec<u64>) {
    let clock = Clock::same(TimeControl::sudden_death(10 * MIN));
    let mut r = referee(from_diagram(KO, Color::Black), Mode::Recorded, Some(clock));
    r.submit(Event::Start { t: 0 });
    r.submit(mv(10 * S, "C2"));
    let mut black_left = Vec::new();
    for (i, m) in ["B2", "C2", "A1"].iter().enumerate() {
        let t = (20 + 10 * i as u64) * S;
        assert_eq!(r.submit(mv(t, m)), Answer::Accepted);
        black_left.push(r.clock().unwrap().main_left(Side::Black, t));
    }
    (r, black_left)
}

#[test]
fn rfg_13_4_illegal_moves_restore_the_position_two_minutes_then_loss() {
    let (r, black_left) = three_illegal_moves();
    // Each illegal move is not played: still one move on the board, White to move.
    assert_eq!((r.game().ply(), r.game().to_move()), (1, Side::White));
    assert_eq!(r.game().board().get(pt("B2", 5)), None);
    let arts: Vec<&str> = r.violations().iter().map(|v| v.article.as_str()).collect();
    assert_eq!(arts, ["rfg 5.2", "rfg 3.1", "rfg 5.1"]);
    // Black, not moving, keeps his 10 min − 10 s and gets 2 min for each of the first two.
    let base = 10 * MIN - 10 * S;
    assert_eq!(black_left[..2], [base + 2 * MIN, base + 4 * MIN]);
    assert_end(&r, GameResult::BlackWin, Reason::IllegalMove, "rfg 13.4");
    assert_eq!(r.outcome().unwrap().ply, 2);
}

#[test]
fn rfg_5_1_enforced_mode_refuses_a_suicide() {
    let mut r = referee(from_diagram(KO, Color::White), Mode::Enforced, None);
    r.submit(Event::Start { t: 0 });
    // White at A1 would have no liberty and captures nothing.
    play_all(&mut r, 0, &["E5", "C2"]);
    let why = refused(r.submit(mv(10 * S, "A1")));
    assert!(why.contains("rfg 5.1"), "{why}");
    assert_eq!((r.game().ply(), r.game().board().get(pt("A1", 5))), (2, None));
    assert!(r.violations().is_empty());
}

#[test]
fn rfg_5_2_enforced_mode_refuses_an_immediate_ko_recapture() {
    let mut r = referee(from_diagram(KO, Color::Black), Mode::Enforced, None);
    r.submit(Event::Start { t: 0 });
    play_all(&mut r, 0, &["C2"]);
    let why = refused(r.submit(mv(10 * S, "B2")));
    assert!(why.contains("rfg 5.2"), "{why}");
    assert_eq!(r.game().board().get(pt("C2", 5)), Some(Color::Black));
    // After a threat and its answer the recapture is legal (rfg 5.2).
    play_all(&mut r, 10 * S, &["E5", "E4", "B2"]);
    assert_eq!(r.game().board().get(pt("C2", 5)), None);
}

#[test]
fn rfg_event_log_replay_gives_the_same_state() {
    // A refused move, a lost turn, passes and the count.
    let clock = Clock::same(TimeControl::byoyomi(0, 30 * S, 1));
    let mut r = referee(GoGame::even(5).unwrap(), Mode::Enforced, Some(clock.clone()));
    r.submit(Event::Start { t: 0 });
    let t = play_all(&mut r, 0, &WALLS[..4]);
    r.submit(Event::Tick { t: t + 31 * S }); // Black loses his turn (rfg 12.16)
    let t = play_all(&mut r, t + 40 * S, &["D3", "C3"]);
    refused(r.submit(mv(t + S, "C3"))); // occupied (rfg 3.1)
    let t = play_all(&mut r, t + S, &["D4", "C4", "D5", "C5", "pass", "pass", "pass"]);
    r.submit(Event::Game { t, side: Side::Black, action: GoAction::mark_dead(vec![]) });
    r.submit(Event::Game { t, side: Side::White, action: GoAction::Agree });
    assert!(r.outcome().is_some());
    // Through JSON, as a server stores the log.
    let json = serde_json::to_string(&r.events().collect::<Vec<_>>()).unwrap();
    let events: Vec<GoEvent> = serde_json::from_str(&json).unwrap();
    let again = Referee::replay(
        GoRuleset::by_id(RulesetId::Rfg).unwrap(),
        Mode::Enforced,
        GoGame::even(5).unwrap(),
        Some(clock),
        Players::default(),
        events,
    );
    assert_eq!(again.snapshot(), r.snapshot());
    assert_eq!(again.game().board(), r.game().board());
    assert_eq!(again.game().score(), r.game().score());
}

#[test]
fn rfg_13_4_recorded_log_replays_to_the_same_state() {
    let (r, _) = three_illegal_moves();
    let events: Vec<GoEvent> = r.events().cloned().collect();
    let clock = Clock::same(TimeControl::sudden_death(10 * MIN));
    let again = Referee::replay(
        GoRuleset::by_id(RulesetId::Rfg).unwrap(),
        Mode::Recorded,
        from_diagram(KO, Color::Black),
        Some(clock),
        Players::default(),
        events,
    );
    assert_eq!(again.snapshot(), r.snapshot());
    assert_eq!(again.game().board(), r.game().board());
}

#[test]
fn go_moves_read_gtp_and_refuse_points_off_the_board() {
    assert!(GoMove::parse("Z99").is_err());
    assert!(serde_json::from_str::<GoMove>("\"I5\"").is_err(), "GTP has no I column");
    assert_eq!(serde_json::to_string(&GoMove::parse("PASS").unwrap()).unwrap(), "\"pass\"");
    let mut r = referee(GoGame::even(9).unwrap(), Mode::Recorded, None);
    let why = refused(r.submit(mv(0, "T19")));
    assert!(why.contains("off"), "{why}");
    assert_eq!(r.game().ply(), 0);
}

#[test]
fn rfg_4_3_a_completed_move_stands_when_changed() {
    let mut r = referee(GoGame::even(9).unwrap(), Mode::Recorded, None);
    r.submit(Event::Start { t: 0 });
    play_all(&mut r, 0, &["E5"]);
    let a = r.submit(Event::ChangeMove { t: S, side: Side::Black, mv: GoMove::parse("D4").unwrap() });
    assert_eq!(a, Answer::Accepted);
    assert_eq!(r.outcome(), None);
    assert_eq!(r.violations()[0].article, "rfg 4.3");
    assert!(r.game().board().get(pt("E5", 9)).is_some() && r.game().board().get(pt("D4", 9)).is_none());
}

/// A seki with one eye each and two shared liberties (E1, E2): whoever fills the second one is
/// left with his eye as last liberty and is captured, so neither fills. GNU Go 3.8
/// (`final_status_list seki`) lists both inner chains in seki. The count's local test does not
/// see it — filling one shared liberty leaves two — so without marks the eyes C1 and G1 count
/// as territory. The players mark it (rfg 8.1 commentary: points surrounded by groups living in
/// seki are not territory).
const HIDDEN_SEKI: &str = "
    ....OX...
    ....OX...
    ....OX...
    ....OX...
    ....OX...
    OOOOOXXXX
    OXXXXOOOX
    OXXX.OOOX
    OX.X.O.OX";

fn hidden_seki_finishing() -> GoReferee {
    let mut r = referee(from_diagram(HIDDEN_SEKI, Color::Black), Mode::Enforced, None);
    r.submit(Event::Start { t: 0 });
    play_all(&mut r, 0, &["pass", "pass", "pass"]);
    r
}

fn marks(stones: &[&str], seki: &[&str], neutral: &[&str]) -> GoAction {
    let v = |x: &[&str]| x.iter().map(|s| s.to_string()).collect();
    GoAction::MarkDead { stones: v(stones), seki: v(seki), neutral: v(neutral) }
}

fn gtp_sorted(points: &[Point]) -> Vec<String> {
    let mut v: Vec<String> = points.iter().map(|p| p.to_gtp()).collect();
    v.sort();
    v
}

#[test]
fn rfg_8_1_a_seki_the_count_does_not_see_is_marked_and_agreed() {
    // Unmarked, the eyes are territory.
    let mut r = hidden_seki_finishing();
    agree(&mut r, S, &[]);
    let s = r.game().score().unwrap();
    assert!(s.seki.is_empty());
    assert_eq!((s.black.territory, s.white.territory), (15 + 1, 20 + 1), "G5–J9 and C1; A5–D9 and G1");
    let unmarked_margin = s.margin;
    // Marked in seki (one stone marks its chain) and agreed: the eyes are nobody's.
    let mut r = hidden_seki_finishing();
    let (b, w) = (Side::Black, Side::White);
    assert_eq!(r.submit(Event::Game { t: S, side: b, action: marks(&[], &["B3", "F3"], &[]) }), Answer::Accepted);
    let (by, proposal) = r.game().proposal().unwrap();
    assert_eq!((by, gtp_sorted(&proposal.seki)), (b, vec!["B3".to_string(), "F3".to_string()]));
    assert_eq!(r.submit(Event::Game { t: S, side: w, action: GoAction::Agree }), Answer::Accepted);
    let s = r.game().score().unwrap();
    assert_eq!(s.seki.len(), 9 + 8, "both inner chains");
    assert_eq!(gtp_sorted(&s.neutral), ["C1", "E1", "E2", "G1"]);
    assert_eq!((s.black.territory, s.white.territory), (15, 20));
    assert_eq!(s.margin, unmarked_margin, "one eye each: the totals fall, the margin stays");
    assert_eq!(r.outcome().unwrap().result, GameResult::WhiteWin);
    // An arbiter's ruling takes the same marks: here Black's inner chain in seki and a point
    // of Black's corner neutral, which makes its whole region nobody's (rfg 8.3).
    let mut r = hidden_seki_finishing();
    let rule = GoAction::ArbiterCount { stones: vec![], seki: vec!["D1".into()], neutral: vec!["G5".into()] };
    assert_eq!(r.submit(Event::Game { t: S, side: w, action: rule }), Answer::Accepted);
    let s = r.game().score().unwrap();
    assert_eq!((s.black.territory, s.white.territory), (0, 21), "G1 is White's: his chain is not marked");
    assert_eq!(s.neutral.len(), 3 + 15);
    assert!(["C1", "E1", "E2", "G5", "J9"].iter().all(|p| gtp_sorted(&s.neutral).contains(&p.to_string())));
}

#[test]
fn rfg_7_2_marks_that_do_not_fit_the_board_are_refused_with_the_article() {
    let mut r = hidden_seki_finishing();
    let mut try_marks = |a| refused(r.submit(Event::Game { t: S, side: Side::Black, action: a }));
    let seki_on_empty = try_marks(marks(&[], &["C1"], &[]));
    assert!(seki_on_empty.contains("C1 is marked in seki but there is no stone there (rfg 7.2)"), "{seki_on_empty}");
    let neutral_on_stone = try_marks(marks(&[], &[], &["B3"]));
    assert!(neutral_on_stone.contains("B3 is marked neutral but it is not an empty point"), "{neutral_on_stone}");
    // B1 marks the chain of B3: one chain cannot be both.
    let both = try_marks(marks(&["B1"], &["B3"], &[]));
    assert!(both.contains("B3 is marked both dead and alive in seki"), "{both}");
    assert!(r.game().proposal().is_none(), "nothing refused is proposed");
}
