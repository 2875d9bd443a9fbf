//! One scenario per cell of docs/rules.md §2 (and the shared §1 endings), per ruleset, named after
//! the article. Go's §3 cells that are game-agnostic (rfg 13.4 restore, rfg 11 lateness, rfg
//! 12.12 both flags) run here with the shogi game standing in for the Go game.

mod common;
use arbiter::ruleset::{BeginnersTakeback, Cited};
use common::*;
use serde_json::json;

const B: Side = Side::Black;
const W: Side = Side::White;

// --- illegal move --------------------------------------------------------------------------

/// 7g7e: a pawn moved two squares.
const TWO_STEP: &str = "7g7e";

#[test]
fn enforced_mode_refuses_an_illegal_move_and_nothing_changes() {
    for rules in [fesa(), ufs(), pl(), rfg_on_shogi()] {
        let mut r = referee(rules, Mode::Enforced, None, None);
        let before = r.snapshot();
        let why = refused(r.submit(mv(S, TWO_STEP)));
        assert!(why.contains("fesa-2017 3.3") || why.contains("5.8.3") || why.contains("pl 1.7"), "{why}");
        assert_eq!(r.snapshot().ply, before.ply);
        assert_eq!(r.outcome(), None);
        play(&mut r, S, "7g7f");
    }
}

#[test]
fn ufs_5_8_3_1_forbidden_move_loses_once_recorded() {
    let mut r = referee(ufs(), Mode::Recorded, None, None);
    play(&mut r, 0, "7g7f 3c3d");
    r.submit(mv(5 * S, "8h1b")); // 1b is not on the bishop's diagonal
    let o = assert_end(&r, GameResult::WhiteWin, Reason::IllegalMove, "ufs-2016 5.8.3");
    assert_eq!(o.ply, 3);
    assert_eq!(r.violations()[0].article, "ufs-2016 5.8.3.1");
}

#[test]
fn ufs_5_8_3_2_wrong_promotion_loses() {
    let mut r = referee(ufs(), Mode::Recorded, None, None);
    r.submit(mv(S, "7g7f+"));
    assert_end(&r, GameResult::WhiteWin, Reason::IllegalMove, "ufs-2016 5.8.3");
    assert_eq!(r.violations()[0].article, "ufs-2016 5.8.3.2");
}

#[test]
fn pl_1_7_illegal_move_loses() {
    let mut r = referee(pl(), Mode::Recorded, None, None);
    play(&mut r, 0, "7g7f");
    r.submit(mv(2 * S, "3c3e"));
    let o = assert_end(&r, GameResult::BlackWin, Reason::IllegalMove, "pl 1.7");
    assert_eq!(o.ply, 2);
}

#[test]
fn fesa_9_4_claim_before_reply_wins() {
    let mut r = referee(fesa(), Mode::Recorded, None, None);
    assert_eq!(r.submit(mv(S, TWO_STEP)), Answer::Accepted, "the scoresheet move stands");
    assert_eq!(r.outcome(), None, "no automatic loss under fesa");
    r.submit(claim(2 * S, W, ClaimKind::IllegalMove));
    let o = assert_end(&r, GameResult::WhiteWin, Reason::IllegalMove, "fesa-2017 9.4");
    assert_eq!(o.ply, 1);
}

#[test]
fn fesa_9_4_no_claim_after_reply_when_the_position_is_legal_again() {
    let mut r = referee(fesa(), Mode::Recorded, None, None);
    r.submit(mv(S, TWO_STEP));
    play(&mut r, S, "3c3d 2g2f");
    let why = refused(r.submit(claim(10 * S, W, ClaimKind::IllegalMove)));
    assert!(why.contains("fesa-2017 9.4"), "{why}");
    assert_eq!(r.outcome(), None);
}

const NIFU_READY: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPP1/1B5R1/LNSGKGSNL b P 1";

#[test]
fn fesa_9_4_claim_after_reply_only_if_still_illegal() {
    // Nifu stays on the board: the claim stands on the claimant's turn (9.4b).
    let mut r = referee(fesa(), Mode::Recorded, Some(NIFU_READY), None);
    r.submit(mv(S, "P*2e"));
    play(&mut r, S, "3c3d 5g5f");
    let o = assert_end_after(&mut r, claim(10 * S, W, ClaimKind::IllegalMove));
    assert_eq!((o.result, o.ply), (GameResult::WhiteWin, 1));
    assert!(r.violations().iter().any(|v| v.article == "fesa-2017 9.4b"), "{:?}", r.violations());
}

fn assert_end_after(r: &mut ShogiReferee, e: ShogiEvent) -> Outcome {
    assert_eq!(r.submit(e), Answer::Accepted);
    outcome(r)
}

#[test]
fn fesa_9_4_still_illegal_claim_only_on_claimants_turn() {
    let mut r = referee(fesa(), Mode::Recorded, Some(NIFU_READY), None);
    r.submit(mv(S, "P*2e"));
    play(&mut r, S, "3c3d");
    let why = refused(r.submit(claim(10 * S, W, ClaimKind::IllegalMove)));
    assert!(why.contains("own turn"), "{why}");
}

#[test]
fn fesa_9_4_nifu_resolved_after_reply_cannot_be_claimed() {
    let mut r = referee(fesa(), Mode::Recorded, Some(NIFU_READY), None);
    r.submit(mv(S, "P*2e"));
    play(&mut r, S, "3c3d 2e2d 2c2d"); // white captures the doubled pawn: one pawn on file 2 again
    refused(r.submit(claim(10 * S, B.flip(), ClaimKind::IllegalMove)));
}

#[test]
fn fesa_9_4c_dead_piece_on_board_still_claimable() {
    let mut r = referee(fesa(), Mode::Recorded, Some("4k4/P8/9/9/9/9/9/9/4K4 b - 1"), None);
    r.submit(mv(S, "9b9a"));
    play(&mut r, S, "5a4a 5i4i");
    let o = assert_end_after(&mut r, claim(10 * S, W, ClaimKind::IllegalMove));
    assert_eq!(o.result, GameResult::WhiteWin);
    assert!(r.violations().iter().any(|v| v.article == "fesa-2017 9.4c"));
}

#[test]
fn fesa_9_4a_king_left_in_check_claimed_at_once() {
    let mut r = referee(fesa(), Mode::Recorded, Some("4r3k/9/9/9/9/9/9/4G4/4K4 b - 1"), None);
    r.submit(mv(S, "5h4h"));
    assert_eq!(r.violations()[0].article, "fesa-2017 1.2");
    let o = assert_end_after(&mut r, claim(2 * S, W, ClaimKind::IllegalMove));
    assert_eq!(o.result, GameResult::WhiteWin);
}

#[test]
fn fesa_9_5_capturing_a_king_left_in_check_wins() {
    let mut r = referee(fesa(), Mode::Recorded, Some("4r3k/9/9/9/9/9/9/4G4/4K4 b - 1"), None);
    r.submit(mv(S, "5h4h"));
    r.submit(mv(2 * S, "5a5i"));
    assert_end(&r, GameResult::WhiteWin, Reason::IllegalMove, "fesa-2017 9.5");
}

#[test]
fn ufs_5_8_3_king_left_in_check_loses_before_any_capture() {
    let mut r = referee(ufs(), Mode::Recorded, Some("4r3k/9/9/9/9/9/9/4G4/4K4 b - 1"), None);
    r.submit(mv(S, "5h4h"));
    assert_end(&r, GameResult::WhiteWin, Reason::IllegalMove, "ufs-2016 5.8.3");
    refused(r.submit(mv(2 * S, "5a5i")));
}

#[test]
fn fesa_9_7_outsiders_may_not_point_out_an_illegal_move() {
    let mut r = referee(fesa(), Mode::Recorded, None, None);
    r.submit(mv(S, TWO_STEP));
    let why = refused(r.submit(Event::Claim { t: 2 * S, side: None, claim: ClaimKind::IllegalMove }));
    assert!(why.contains("fesa-2017 9.7"), "{why}");
}

fn with_beginners() -> ShogiRuleset {
    let mut r = fesa();
    r.beginners_takeback = Some(Cited {
        rule: BeginnersTakeback { enabled: true, rating_below: 400, unrated: true, per_player: 1 },
        article: "fesa-2017 17.1".into(),
    });
    r
}

#[test]
fn fesa_17_beginner_takes_back_one_illegal_move() {
    let players = Players { rating: [None, Some(1800)] };
    let mut r = Referee::new(with_beginners(), Mode::Recorded, ShogiGame::startpos(), None, players);
    r.submit(mv(S, TWO_STEP));
    assert_eq!(r.submit(claim(2 * S, W, ClaimKind::IllegalMove)), Answer::Accepted);
    assert_eq!(r.outcome(), None, "taken back instead of lost");
    assert_eq!(r.game().ply(), 0);
    assert!(r.violations().iter().any(|v| v.article == "fesa-2017 17.1"));
    // Only once.
    r.submit(mv(3 * S, TWO_STEP));
    r.submit(claim(4 * S, W, ClaimKind::IllegalMove));
    assert_end(&r, GameResult::WhiteWin, Reason::IllegalMove, "fesa-2017 9.4");
}

#[test]
fn fesa_17_2_rated_player_over_400_is_no_beginner() {
    let players = Players { rating: [Some(400), None] };
    let mut r = Referee::new(with_beginners(), Mode::Recorded, ShogiGame::startpos(), None, players);
    r.submit(mv(S, TWO_STEP));
    r.submit(claim(2 * S, W, ClaimKind::IllegalMove));
    assert_end(&r, GameResult::WhiteWin, Reason::IllegalMove, "fesa-2017 9.4");
}

#[test]
fn fesa_17_takeback_is_off_unless_the_organiser_enables_it() {
    let players = Players { rating: [None, None] };
    let mut r = Referee::new(fesa(), Mode::Recorded, ShogiGame::startpos(), None, players);
    r.submit(mv(S, TWO_STEP));
    r.submit(claim(2 * S, W, ClaimKind::IllegalMove));
    assert_end(&r, GameResult::WhiteWin, Reason::IllegalMove, "fesa-2017 9.4");
}

#[test]
fn rfg_13_4_restore_two_minutes_then_loss_on_the_third() {
    let clock = Clock::same(TimeControl::sudden_death(10 * MIN));
    let mut r = referee(rfg_on_shogi(), Mode::Recorded, None, Some(clock));
    r.submit(Event::Start { t: 0 });
    for n in 1..=2u64 {
        assert_eq!(r.submit(mv(n * S, TWO_STEP)), Answer::Accepted);
        assert_eq!(r.game().ply(), 0, "position restored");
        assert_eq!(r.outcome(), None);
        assert_eq!(r.clock().unwrap().side(W).main_ms, 10 * MIN + n * 2 * MIN);
    }
    r.submit(mv(3 * S, TWO_STEP));
    assert_end(&r, GameResult::WhiteWin, Reason::IllegalMove, "rfg 13.4");
}

// --- mate, resignation, repetition -----------------------------------------------------------

#[test]
fn fesa_5_1_checkmate_ends_the_game() {
    for (rules, art) in [(fesa(), "fesa-2017 5.1"), (ufs(), "ufs-2016 5.8.2"), (pl(), "pl 5.1a")] {
        let mut r = referee(rules, Mode::Enforced, Some("4k4/9/4P4/9/9/9/9/9/4K4 b G 1"), None);
        play(&mut r, 0, "G*5b");
        let o = assert_end(&r, GameResult::BlackWin, Reason::Checkmate, art);
        assert_eq!(o.ply, 1);
        refused(r.submit(mv(5 * S, "5a4a")));
    }
}

#[test]
fn fesa_5_1b_resignation() {
    for (rules, art) in [(fesa(), "fesa-2017 5.1"), (ufs(), "ufs-2016 5.8.1"), (pl(), "pl 5.1b")] {
        let mut r = referee(rules, Mode::Enforced, None, None);
        play(&mut r, 0, "7g7f");
        r.submit(Event::Resign { t: 5 * S, side: W });
        assert_end(&r, GameResult::BlackWin, Reason::Resignation, art);
    }
}

const SHUFFLE: &str = "2h3h 8b7b 3h2h 7b8b 2h3h 8b7b 3h2h 7b8b 2h3h 8b7b 3h2h 7b8b";

#[test]
fn ufs_9_2_sennichite_is_a_half_point_draw() {
    let mut r = referee(ufs(), Mode::Enforced, None, None);
    play(&mut r, 0, SHUFFLE);
    let o = assert_end(&r, GameResult::Draw, Reason::Sennichite, "ufs-2016 5.8.5");
    assert_eq!((o.ply, o.followup), (12, None));
}

#[test]
fn fesa_12_2_sennichite_replayed_colours_reversed_with_remaining_time() {
    let clock = Clock::new([TimeControl::byoyomi(10 * MIN, 30 * S, 1), TimeControl::byoyomi(20 * MIN, 30 * S, 1)]);
    let mut r = referee(fesa(), Mode::Enforced, None, Some(clock));
    r.submit(Event::Start { t: 0 });
    play(&mut r, 0, SHUFFLE);
    let o = assert_end(&r, GameResult::Draw, Reason::Sennichite, "fesa-2017 5.2");
    let Some(Followup::Replay { colours_reversed: true, time: Some([black, white]), article }) = o.followup else {
        panic!("{o:?}")
    };
    assert_eq!(article, "fesa-2017 12.2");
    // Six moves a side of one second each: the old White (20 min) becomes Black.
    assert_eq!(black.main_ms, 20 * MIN - 6 * S);
    assert_eq!(white.main_ms, 10 * MIN - 6 * S);
    assert_eq!(black.byoyomi_ms(), 30 * S);
}

#[test]
fn fesa_12_3_organiser_may_use_an_8_minute_blitz_when_both_have_under_10() {
    let blitz = json!({"both_under_ms": 600000, "main_ms": 480000, "article": "fesa-2017 12.3"});
    let rules = fesa().with_overrides(&json!({"draw": {"rule": {"kind": "replay", "blitz": blitz}}})).unwrap();
    let mut r =
        referee(rules.clone(), Mode::Enforced, None, Some(Clock::same(TimeControl::byoyomi(5 * MIN, 30 * S, 1))));
    r.submit(Event::Start { t: 0 });
    play(&mut r, 0, SHUFFLE);
    let Some(Followup::Replay { time: Some([b, w]), article, .. }) = outcome(&r).followup else { panic!() };
    assert_eq!((b, w), (TimeControl::sudden_death(8 * MIN), TimeControl::sudden_death(8 * MIN)));
    assert_eq!(article, "fesa-2017 12.3");
    // With more than 10 minutes left the replay keeps the remaining times (12.2).
    let mut r = referee(rules, Mode::Enforced, None, Some(Clock::same(TimeControl::byoyomi(20 * MIN, 30 * S, 1))));
    r.submit(Event::Start { t: 0 });
    play(&mut r, 0, SHUFFLE);
    let Some(Followup::Replay { time: Some([b, _]), article, .. }) = outcome(&r).followup else { panic!() };
    assert!(b.main_ms > 19 * MIN, "{b:?}");
    assert_eq!(article, "fesa-2017 12.2");
}

#[test]
fn pl_5_5_sennichite_replayed_colours_reversed() {
    let mut r = referee(pl(), Mode::Enforced, None, None);
    play(&mut r, 0, SHUFFLE);
    let o = assert_end(&r, GameResult::Draw, Reason::Sennichite, "pl 5.2");
    assert!(matches!(o.followup, Some(Followup::Replay { colours_reversed: true, .. })), "{o:?}");
}

/// White king 5a; Black's rook checks from the a-file and the b-rank in turn.
const PERPETUAL: &str = "4k4/R8/9/9/9/9/9/9/4K4 b - 1";
const CHECKS: &str = "9b9a 5a5b 9a9b 5b5a 9b9a 5a5b 9a9b 5b5a 9b9a 5a5b 9a9b 5b5a";

#[test]
fn fesa_3_12_perpetual_check_loses_for_the_checker() {
    for (rules, art) in [(fesa(), "fesa-2017 3.12"), (ufs(), "ufs-2016 5.7.2"), (pl(), "pl 5.1c")] {
        let mut r = referee(rules, Mode::Enforced, Some(PERPETUAL), None);
        play(&mut r, 0, CHECKS);
        let o = assert_end(&r, GameResult::WhiteWin, Reason::PerpetualCheck, art);
        assert_eq!(o.ply, 12);
    }
}

#[test]
fn fesa_3_12_perpetual_check_wherever_the_cycle_starts() {
    // Two quiet moves first, and the checking cycle then starts on White's move.
    let mut r = referee(fesa(), Mode::Enforced, Some("4k4/9/R8/9/9/9/9/9/4K4 b - 1"), None);
    play(&mut r, 0, "5i4i 5a4a 9c9b 4a5a");
    play(&mut r, 10 * S, CHECKS);
    assert_end(&r, GameResult::WhiteWin, Reason::PerpetualCheck, "fesa-2017 3.12");
}

// --- impasse ----------------------------------------------------------------------------------

/// Both kings entered (an impasse), Black a rook up: 32 points against 22.
const ROOK_UP: &str = "4K4/9/9/9/9/9/9/9/4k4 b 2RB2G2S2N2L9Pb2g2s2n2l9p 1";
/// Both kings entered, the material even: 27 points each.
const EVEN_ENTERED: &str = "4K4/9/9/9/9/9/9/9/4k4 b RB2G2S2N2L9Prb2g2s2n2l9p 1";

fn count_by_agreement(rules: ShogiRuleset, sfen: Option<&str>) -> ShogiReferee {
    let mut r = referee(rules, Mode::Enforced, sfen, None);
    assert_eq!(r.submit(act(S, B, ShogiAction::ProposeImpasse)), Answer::Accepted);
    assert_eq!(r.submit(act(2 * S, W, ShogiAction::AcceptImpasse)), Answer::Accepted);
    r
}

#[test]
fn ufs_5_8_6_24_point_count_both_enough_is_a_draw() {
    let r = count_by_agreement(ufs(), Some(EVEN_ENTERED));
    let o = assert_end(&r, GameResult::Draw, Reason::Impasse, "ufs-2016 5.8.6");
    assert_eq!(o.followup, None, "ufs: ½–½");
}

#[test]
fn ufs_5_8_6_24_point_count_under_24_loses() {
    let r = count_by_agreement(ufs(), Some(ROOK_UP));
    assert_end(&r, GameResult::BlackWin, Reason::Impasse, "ufs-2016 5.8.6");
}

#[test]
fn pl_5_4_24_point_count_by_default() {
    let r = count_by_agreement(pl(), Some(ROOK_UP));
    assert_end(&r, GameResult::BlackWin, Reason::Impasse, "pl 5.4");
}

#[test]
fn pl_5_4_27_point_variant_and_gote_wins_ties() {
    let tie = json!({"game": {"impasse_count": {"rule": {"kind": "points27_pl", "gote_wins_tie": true}}}});
    let r = count_by_agreement(pl().with_overrides(&tie).unwrap(), Some(EVEN_ENTERED));
    assert_end(&r, GameResult::WhiteWin, Reason::Impasse, "pl 5.4");
    let no_tie = json!({"game": {"impasse_count": {"rule": {"kind": "points27_pl", "gote_wins_tie": false}}}});
    let r = count_by_agreement(pl().with_overrides(&no_tie).unwrap(), Some(EVEN_ENTERED));
    assert_end(&r, GameResult::Draw, Reason::Impasse, "pl 5.4");
}

#[test]
fn chapter_more_than_31_points_with_all_entered_wins() {
    let patch = json!({"game": {"impasse_count": {"rule": {"kind": "chapter31"}, "article": "chapter Ничьи 2"}}});
    let sfen = "9/9/4K4/9/9/9/9/9/4k4 b 2R2B4G18P4s4n4l 1";
    let mut r = referee(ufs().with_overrides(&patch).unwrap(), Mode::Recorded, Some(sfen), None);
    r.submit(act(S, W, ShogiAction::ArbiterImpasseCount));
    assert_end(&r, GameResult::BlackWin, Reason::Impasse, "chapter Ничьи 2");
}

/// ufs-2016 5.8.6 and pl 5.4 count an impasse: both kings in their promotion zones. With a king
/// outside (the start position, or one king entered) nothing is counted and the game goes on.
#[test]
fn ufs_5_8_6_and_pl_5_4_count_only_with_both_kings_entered() {
    for (rules, art) in [(ufs(), "ufs-2016 5.8.6"), (pl(), "pl 5.4")] {
        for sfen in [None, Some("4K4/9/9/9/4k4/9/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1")] {
            let mut r = referee(rules.clone(), Mode::Enforced, sfen, None);
            assert_eq!(r.submit(act(S, B, ShogiAction::ProposeImpasse)), Answer::Accepted);
            let why = refused(r.submit(act(2 * S, W, ShogiAction::AcceptImpasse)));
            assert!(why.contains("no impasse") && why.contains(art), "{why}");
            assert!(r.outcome().is_none());
        }
    }
}

#[test]
fn fesa_5_3_no_impasse_count_by_agreement() {
    let mut r = referee(fesa(), Mode::Enforced, None, None);
    let why = refused(r.submit(act(S, B, ShogiAction::ProposeImpasse)));
    assert!(why.contains("fesa-2017 5.3") && why.contains("fesa-2017 1.3"), "{why}");
}

#[test]
fn impasse_count_needs_the_opponents_acceptance() {
    let mut r = referee(ufs(), Mode::Enforced, None, None);
    refused(r.submit(act(S, W, ShogiAction::AcceptImpasse)));
    r.submit(act(S, B, ShogiAction::ProposeImpasse));
    refused(r.submit(act(2 * S, B, ShogiAction::AcceptImpasse)));
}

// --- 27-point declaration -----------------------------------------------------------------

pub const DECLARE_OK: &str = "9/RB2K4/PPPPPPPPP/9/9/9/9/4k4/9 b RB4g4s4n4l9p 1";

fn declare(rules: ShogiRuleset, sfen: &str) -> ShogiReferee {
    let mut r = referee(rules, Mode::Enforced, Some(sfen), None);
    assert_eq!(r.submit(act(S, B, ShogiAction::Declare)), Answer::Accepted);
    r
}

#[test]
fn fesa_5_3_valid_declaration_wins() {
    assert_end(&declare(fesa(), DECLARE_OK), GameResult::BlackWin, Reason::Declaration, "fesa-2017 5.3");
    assert_end(&declare(ufs(), DECLARE_OK), GameResult::BlackWin, Reason::Declaration, "ufs-2016 5.8.7");
}

#[track_caller]
fn failed_declaration(sfen: &str, condition: &str) {
    let r = declare(fesa(), sfen);
    assert_end(&r, GameResult::WhiteWin, Reason::Declaration, "fesa-2017 5.3");
    let notes: Vec<_> = r.violations().iter().map(|v| v.detail.clone()).collect();
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(notes[0].contains(condition), "{notes:?}");
}

#[test]
fn fesa_5_3_1_king_outside_the_camp_loses() {
    failed_declaration("9/RB7/PPPPPPPPP/4K4/9/9/9/4k4/9 b RB4g4s4n4l9p 1", "king_in_camp");
}

#[test]
fn fesa_5_3_2_too_few_points_loses() {
    failed_declaration("9/RB2K4/PPPPPPPPP/9/9/9/9/4k4/9 b rb4g4s4n4l9p 1", "points");
}

#[test]
fn fesa_5_3_3_fewer_than_10_pieces_in_camp_loses() {
    failed_declaration("9/RB2K4/PPPPP4/5PPPP/9/9/9/4k4/9 b RB4G4s4n4l9p 1", "pieces_in_camp");
}

#[test]
fn fesa_5_3_4_no_time_left_loses() {
    let clock = Clock::same(TimeControl::sudden_death(MIN));
    let mut r = referee(fesa(), Mode::Recorded, Some(DECLARE_OK), Some(clock));
    r.submit(Event::Start { t: 0 });
    r.submit(act(2 * MIN, B, ShogiAction::Declare));
    assert_end(&r, GameResult::WhiteWin, Reason::Declaration, "fesa-2017 5.3");
    assert!(r.violations().iter().any(|v| v.detail.contains("has_time")));
}

#[test]
fn fesa_5_3_5_king_in_check_loses() {
    failed_declaration("5g3/RB2K4/PPPPPPPPP/9/9/9/9/4k4/9 b RB3g4s4n4l9p 1", "not_in_check");
}

#[test]
fn fesa_5_3_declaration_only_on_ones_turn() {
    let mut r = referee(fesa(), Mode::Enforced, Some(DECLARE_OK), None);
    refused(r.submit(act(S, W, ShogiAction::Declare)));
}

#[test]
fn pl_has_no_27_point_declaration() {
    let mut r = referee(pl(), Mode::Enforced, Some(DECLARE_OK), None);
    refused(r.submit(act(S, B, ShogiAction::Declare)));
}

// --- clocks and flags ------------------------------------------------------------------------

#[test]
fn ufs_7_4_byoyomi_overrun_loses_when_enforced() {
    let mut r = referee(ufs(), Mode::Enforced, None, Some(Clock::same(TimeControl::byoyomi(0, 30 * S, 1))));
    r.submit(Event::Start { t: 0 });
    assert_eq!(r.submit(mv(30 * S - 1, "7g7f")), Answer::Accepted);
    // 30 s of a 30 s byo-yomi is in time (whole seconds, as shogi servers count) …
    let mut at_limit = r.clone();
    assert_eq!(at_limit.submit(mv(60 * S - 1, "3c3d")), Answer::Accepted);
    // … a millisecond more is not.
    refused(r.submit(mv(60 * S, "3c3d")));
    let o = assert_end(&r, GameResult::BlackWin, Reason::TimeUp, "ufs-2016 7.4");
    assert_eq!(o.ply, 1);
}

#[test]
fn enforced_flag_falls_on_a_tick_without_a_move() {
    let mut r = referee(fesa(), Mode::Enforced, None, Some(Clock::same(TimeControl::sudden_death(MIN))));
    r.submit(Event::Start { t: 0 });
    assert_eq!(r.clock().unwrap().flag_at(), Some(MIN));
    assert_eq!(r.submit(Event::Tick { t: MIN }), Answer::Accepted);
    assert_eq!(r.outcome(), None, "the last instant of the time is in time");
    assert_eq!(r.submit(Event::Tick { t: MIN + 1 }), Answer::Accepted);
    assert_end(&r, GameResult::WhiteWin, Reason::TimeUp, "fesa-2017 8.9");
}

#[test]
fn fesa_8_3_flag_counts_when_claimed() {
    let mut r = referee(fesa(), Mode::Recorded, None, Some(Clock::same(TimeControl::sudden_death(MIN))));
    r.submit(Event::Start { t: 0 });
    refused(r.submit(claim(30 * S, W, ClaimKind::Flag)));
    r.submit(claim(61 * S, W, ClaimKind::Flag));
    assert_end(&r, GameResult::WhiteWin, Reason::TimeUp, "fesa-2017 8.9");
}

/// Black's flag falls on move 1 (sudden death, 1 minute); the game goes on to Black's mate.
fn flag_then_mate(rules: ShogiRuleset) -> ShogiReferee {
    let mut r = referee(
        rules,
        Mode::Recorded,
        Some("4k4/9/4P4/9/9/9/9/9/4K4 b GS 1"),
        Some(Clock::same(TimeControl::sudden_death(MIN))),
    );
    r.submit(Event::Start { t: 0 });
    play(&mut r, 70 * S, "S*1a 5a4a 1a2b 4a5a G*5b");
    r
}

#[test]
fn ufs_6_8_flag_before_the_mate_prevails() {
    let r = flag_then_mate(ufs());
    assert_end(&r, GameResult::WhiteWin, Reason::TimeUp, "ufs-2016 6.8");
}

#[test]
fn fesa_8_9_mate_after_the_flag_still_stands() {
    let r = flag_then_mate(fesa());
    assert_end(&r, GameResult::BlackWin, Reason::Checkmate, "fesa-2017 5.1");
}

#[test]
fn pl_flag_counts_only_when_claimed_so_the_mate_stands() {
    let r = flag_then_mate(pl());
    assert_end(&r, GameResult::BlackWin, Reason::Checkmate, "pl 5.1a");
}

#[test]
fn fesa_8_9_flag_beats_a_later_illegal_move_claim() {
    let mut r = referee(fesa(), Mode::Recorded, None, Some(Clock::same(TimeControl::sudden_death(MIN))));
    r.submit(Event::Start { t: 0 });
    r.submit(mv(70 * S, "7g7f")); // Black's flag fell at 60 s
    r.submit(mv(75 * S, "3c3e")); // White's illegal move
    r.submit(claim(80 * S, B, ClaimKind::IllegalMove));
    assert_end(&r, GameResult::WhiteWin, Reason::TimeUp, "fesa-2017 8.9");
}

#[test]
fn ufs_6_8_earlier_event_stands_against_a_later_flag() {
    let mut r = referee(ufs(), Mode::Recorded, None, Some(Clock::same(TimeControl::sudden_death(MIN))));
    r.submit(Event::Start { t: 0 });
    r.submit(mv(10 * S, TWO_STEP));
    assert_end(&r, GameResult::WhiteWin, Reason::IllegalMove, "ufs-2016 5.8.3");
}

#[test]
fn ufs_6_14_both_flags_down_is_a_draw() {
    let mut r = referee(ufs(), Mode::Recorded, None, Some(Clock::same(TimeControl::sudden_death(MIN))));
    r.submit(Event::Start { t: 0 });
    r.submit(Event::Decision { t: 5 * S, decision: Decision::BothFlagsDown });
    let o = assert_end(&r, GameResult::Draw, Reason::BothFlags, "ufs-2016 6.14");
    assert_eq!(o.followup, None);
}

#[test]
fn fesa_8_11_both_flags_down_draw_is_replayed() {
    let mut r = referee(fesa(), Mode::Recorded, None, Some(Clock::same(TimeControl::sudden_death(MIN))));
    r.submit(Event::Start { t: 0 });
    r.submit(mv(70 * S, "7g7f")); // Black's flag fell at 60 s
    r.submit(mv(140 * S, "3c3d")); // White's at 130 s
    r.submit(claim(150 * S, B, ClaimKind::Flag));
    let o = assert_end(&r, GameResult::Draw, Reason::BothFlags, "fesa-2017 8.11");
    assert!(matches!(o.followup, Some(Followup::Replay { .. })));
}

#[test]
fn pl_6_7_both_flags_down_play_continues_with_the_same_extra_time() {
    let mut r = referee(pl(), Mode::Recorded, None, Some(Clock::same(TimeControl::sudden_death(MIN))));
    r.submit(Event::Start { t: 0 });
    r.submit(mv(70 * S, "7g7f")); // Black's flag fell at 60 s
    r.submit(mv(140 * S, "3c3d")); // White's at 130 s
    r.submit(Event::Decision { t: 150 * S, decision: Decision::BothFlagsDown });
    assert_eq!(r.outcome(), None);
    let c = r.clock().unwrap();
    assert_eq!(c.flag_fallen(B, 150 * S), None);
    // Both had nothing left: each now has the same 5 minutes (the figure pl 6.7 leaves open).
    assert_eq!((c.remaining(B, 150 * S), c.remaining(W, 150 * S)), (5 * MIN, 5 * MIN), "same extra time for both");
}

#[test]
fn rfg_12_12_both_flags_down_play_continues() {
    let mut r = referee(rfg_on_shogi(), Mode::Recorded, None, Some(Clock::same(TimeControl::sudden_death(MIN))));
    r.submit(Event::Start { t: 0 });
    r.submit(Event::Decision { t: 2 * MIN, decision: Decision::BothFlagsDown });
    assert_eq!(r.outcome(), None);
}

// --- lateness -------------------------------------------------------------------------------

#[test]
fn ufs_6_11_late_beyond_the_allowed_time_loses_and_sentes_clock_runs() {
    let clock = || Some(Clock::same(TimeControl::byoyomi(60 * MIN, 30 * S, 1)));
    let mut r = referee(ufs(), Mode::Recorded, None, clock());
    r.submit(Event::Start { t: 0 });
    r.submit(Event::Arrive { t: 10 * MIN, side: B });
    assert_eq!(r.outcome(), None);
    assert_eq!(r.clock().unwrap().remaining(B, 10 * MIN), 50 * MIN + 30 * S, "sente's clock ran");
    let mut r = referee(ufs(), Mode::Recorded, None, clock());
    r.submit(Event::Start { t: 0 });
    r.submit(Event::Arrive { t: 31 * MIN, side: B });
    assert_end(&r, GameResult::WhiteWin, Reason::Lateness, "ufs-2016 6.11");
}

#[test]
fn fesa_8_6_arriving_after_ones_time_is_spent_loses() {
    let clock = || Some(Clock::same(TimeControl::sudden_death(10 * MIN)));
    let mut r = referee(fesa(), Mode::Recorded, None, clock());
    r.submit(Event::Start { t: 0 });
    r.submit(Event::Arrive { t: 9 * MIN, side: B });
    assert_eq!(r.outcome(), None);
    let mut r = referee(fesa(), Mode::Recorded, None, clock());
    r.submit(Event::Start { t: 0 });
    r.submit(Event::Arrive { t: 11 * MIN, side: B });
    assert_end(&r, GameResult::WhiteWin, Reason::Lateness, "fesa-2017 8.6");
}

#[test]
fn rfg_11_late_by_more_than_half_the_main_time_loses() {
    let mut r =
        referee(rfg_on_shogi(), Mode::Recorded, None, Some(Clock::same(TimeControl::byoyomi(60 * MIN, 30 * S, 5))));
    r.submit(Event::Start { t: 0 });
    r.submit(Event::Arrive { t: 31 * MIN, side: W });
    assert_end(&r, GameResult::BlackWin, Reason::Lateness, "rfg 11");
}

#[test]
fn pl_no_lateness_rule_the_clock_alone_decides() {
    let mut r = referee(pl(), Mode::Recorded, None, Some(Clock::same(TimeControl::sudden_death(10 * MIN))));
    r.submit(Event::Start { t: 0 });
    r.submit(Event::Arrive { t: 9 * MIN, side: B });
    assert_eq!(r.outcome(), None);
}

// --- penalties --------------------------------------------------------------------------------

#[test]
fn fesa_13_4_time_to_the_opponent_and_time_taken() {
    let mut r = referee(fesa(), Mode::Recorded, None, Some(Clock::same(TimeControl::sudden_death(10 * MIN))));
    r.submit(Event::Start { t: 0 });
    let pen = |side, penalty, ms| Event::Decision { t: MIN, decision: Decision::Penalty { side, penalty, ms } };
    assert_eq!(r.submit(pen(B, arbiter::ruleset::PenaltyKind::TimeToOpponent, 2 * MIN)), Answer::Accepted);
    assert_eq!(r.clock().unwrap().side(W).main_ms, 12 * MIN);
    assert_eq!(r.submit(pen(W, arbiter::ruleset::PenaltyKind::TimeTaken, 3 * MIN)), Answer::Accepted);
    assert_eq!(r.clock().unwrap().side(W).main_ms, 9 * MIN);
    let why = refused(r.submit(pen(W, arbiter::ruleset::PenaltyKind::Fine, 0)));
    assert!(why.contains("fesa-2017 13.4"), "{why}");
    r.submit(pen(W, arbiter::ruleset::PenaltyKind::Loss, 0));
    assert_end(&r, GameResult::BlackWin, Reason::ArbiterDecision, "fesa-2017 13.4");
}

#[test]
fn ufs_12_9_fine_is_a_penalty() {
    let mut r = referee(ufs(), Mode::Recorded, None, None);
    let d = Decision::Penalty { side: B, penalty: arbiter::ruleset::PenaltyKind::Fine, ms: 0 };
    assert_eq!(r.submit(Event::Decision { t: 0, decision: d }), Answer::Accepted);
    assert_eq!(r.violations()[0].article, "ufs-2016 12.9");
}

#[test]
fn pl_names_no_arbiter_penalties() {
    let mut r = referee(pl(), Mode::Recorded, None, None);
    let d = Decision::Penalty { side: B, penalty: arbiter::ruleset::PenaltyKind::Warning, ms: 0 };
    refused(r.submit(Event::Decision { t: 0, decision: d }));
}

#[test]
fn arbiter_pause_stops_the_clock() {
    let mut r = referee(fesa(), Mode::Enforced, None, Some(Clock::same(TimeControl::sudden_death(MIN))));
    r.submit(Event::Start { t: 0 });
    r.submit(Event::Pause { t: 30 * S });
    r.submit(Event::Resume { t: 10 * MIN });
    assert_eq!(r.submit(mv(10 * MIN + 29 * S, "7g7f")), Answer::Accepted);
}

// --- serde ------------------------------------------------------------------------------------

#[test]
fn events_and_outcomes_are_json() {
    let e: ShogiEvent = serde_json::from_value(json!({"type": "move", "t": 5, "move": "7g7f"})).unwrap();
    assert_eq!(e, mv(5, "7g7f"));
    let e: ShogiEvent =
        serde_json::from_value(json!({"type": "move", "t": 5, "move": {"from": "7g", "to": "7f"}})).unwrap();
    assert_eq!(e, mv(5, "7g7f"));
    let e: ShogiEvent =
        serde_json::from_value(json!({"type": "move", "t": 5, "move": {"drop": "P", "to": "5e"}})).unwrap();
    assert_eq!(e, mv(5, "P*5e"));
    let e: ShogiEvent =
        serde_json::from_value(json!({"type": "game", "t": 5, "side": "black", "action": {"kind": "declare"}}))
            .unwrap();
    assert_eq!(e, act(5, B, ShogiAction::Declare));
    assert!(serde_json::from_value::<ShogiEvent>(json!({"type": "move", "t": 5, "move": "7g7"})).is_err());
    let mut r = referee(ufs(), Mode::Enforced, None, None);
    play(&mut r, 0, "7g7f");
    r.submit(Event::Resign { t: 9, side: W });
    let o = serde_json::to_value(r.outcome().unwrap()).unwrap();
    assert_eq!(
        o,
        json!({"result": "black_win", "reason": "resignation", "article": "ufs-2016 5.8.1", "ply": 1, "followup": null})
    );
}

#[test]
fn fesa_13_4_time_taken_can_bring_the_flag_down_when_enforced() {
    let mut r = referee(fesa(), Mode::Enforced, None, Some(Clock::same(TimeControl::sudden_death(5 * MIN))));
    r.submit(Event::Start { t: 0 });
    let d = Decision::Penalty { side: B, penalty: arbiter::ruleset::PenaltyKind::TimeTaken, ms: 5 * MIN };
    assert_eq!(r.submit(Event::Decision { t: MIN, decision: d }), Answer::Accepted);
    refused(r.submit(mv(MIN + 1, "7g7f")));
    assert_end(&r, GameResult::WhiteWin, Reason::TimeUp, "fesa-2017 8.9");
}

// --- moving during the opponent's turn ---------------------------------------------------------

fn out_of_turn(rules: ShogiRuleset, mode: Mode) -> ShogiReferee {
    let mut r = referee(rules, mode, None, None);
    play(&mut r, 0, "7g7f");
    let e = Event::Move { t: 2 * S, mv: ShogiMove(Move::from_usi("2g2f").unwrap()), side: Some(B) };
    r.submit(e);
    r
}

#[test]
fn ufs_5_8_3_3_moving_during_the_opponents_turn_loses() {
    let r = out_of_turn(ufs(), Mode::Recorded);
    assert_end(&r, GameResult::WhiteWin, Reason::IllegalMove, "ufs-2016 5.8.3.3");
    assert_eq!(r.game().ply(), 1, "the move out of turn is not played");
}

#[test]
fn rfg_11_two_moves_in_a_row_lose() {
    let r = out_of_turn(rfg_on_shogi(), Mode::Recorded);
    assert_end(&r, GameResult::WhiteWin, Reason::IllegalMove, "rfg 11");
}

#[test]
fn fesa_9_4_moving_out_of_turn_can_be_claimed() {
    let mut r = out_of_turn(fesa(), Mode::Recorded);
    assert_eq!(r.outcome(), None);
    r.submit(claim(3 * S, W, ClaimKind::IllegalMove));
    assert_end(&r, GameResult::WhiteWin, Reason::IllegalMove, "fesa-2017 9.4");
}

#[test]
fn enforced_mode_refuses_a_move_out_of_turn() {
    let mut r = referee(ufs(), Mode::Enforced, None, None);
    play(&mut r, 0, "7g7f");
    let e = Event::Move { t: 2 * S, mv: ShogiMove(Move::from_usi("2g2f").unwrap()), side: Some(B) };
    refused(r.submit(e));
    assert_eq!(r.outcome(), None);
    let e = Event::Move { t: 3 * S, mv: ShogiMove(Move::from_usi("3c3d").unwrap()), side: Some(W) };
    assert_eq!(r.submit(e), Answer::Accepted, "naming the right side is fine");
}

// --- changing a completed move -----------------------------------------------------------------

/// Black completes 7g7f, then takes it back and plays 2g2f instead.
fn change_move(rules: ShogiRuleset, mode: Mode) -> (ShogiReferee, Answer) {
    let mut r = referee(rules, mode, None, None);
    play(&mut r, 0, "7g7f");
    let a = r.submit(Event::ChangeMove { t: 2 * S, side: B, mv: ShogiMove(Move::from_usi("2g2f").unwrap()) });
    (r, a)
}

#[test]
fn ufs_5_8_3_4_changing_a_completed_move_loses() {
    let (r, a) = change_move(ufs(), Mode::Recorded);
    assert_eq!(a, Answer::Accepted);
    let o = assert_end(&r, GameResult::WhiteWin, Reason::IllegalMove, "ufs-2016 5.8.3.4");
    assert_eq!(o.ply, 1);
    assert_eq!(r.violations()[0].reason.as_str(), "changed_move");
}

#[test]
fn pl_4_2_taking_back_a_completed_move_loses() {
    let (r, _) = change_move(pl(), Mode::Recorded);
    assert_end(&r, GameResult::WhiteWin, Reason::IllegalMove, "pl 4.2");
}

#[test]
fn fesa_4_3_a_changed_move_does_not_count_and_the_completed_move_stands() {
    let (mut r, a) = change_move(fesa(), Mode::Recorded);
    assert_eq!(a, Answer::Accepted);
    assert_eq!(r.outcome(), None, "not one of 9.4's illegal moves: no claim, no loss");
    assert_eq!(
        (r.violations()[0].reason.as_str(), r.violations()[0].article.as_str()),
        ("changed_move", "fesa-2017 4.3")
    );
    assert_eq!(r.game().ply(), 1);
    // The completed 7g7f is on the board: White's 3c3d and Black's 2g2f follow normally.
    play(&mut r, 3 * S, "3c3d 2g2f");
    assert_eq!(r.game().ply(), 3);
    // Nothing to claim under 9.4.
    refused(r.submit(claim(4 * S, W, ClaimKind::IllegalMove)));
}

#[test]
fn a_changed_move_is_refused_in_enforced_mode_and_needs_a_completed_move_of_ones_own() {
    for rules in [fesa(), ufs(), pl()] {
        let (r, a) = change_move(rules.clone(), Mode::Enforced);
        let why = refused(a);
        assert!(why.contains(&rules.changed_move.article), "{why}");
        assert_eq!((r.game().ply(), r.outcome()), (1, None));
        // White has not moved yet: nothing of his to change.
        let mut r = referee(rules, Mode::Recorded, None, None);
        play(&mut r, 0, "7g7f");
        refused(r.submit(Event::ChangeMove { t: 2 * S, side: W, mv: ShogiMove(Move::from_usi("3c3d").unwrap()) }));
        assert!(r.violations().is_empty());
    }
}

#[test]
fn refusals_are_typed_with_a_code_and_a_message() {
    let mut r = referee(ufs(), Mode::Enforced, None, None);
    let e = Event::Move { t: S, mv: ShogiMove(Move::from_usi("3c3d").unwrap()), side: Some(W) };
    let a = r.submit(e);
    assert_eq!(a, Answer::Refused { reason: Refusal::NotYourTurn { to_move: B } });
    assert_eq!(
        serde_json::to_value(&a).unwrap(),
        json!({"verdict": "refused", "reason": {"code": "not_your_turn", "to_move": "black"}})
    );
    match r.submit(mv(S, TWO_STEP)) {
        Answer::Refused { reason: Refusal::IllegalMove { article, .. } } => assert_eq!(article, "ufs-2016 5.8.3.1"),
        a => panic!("{a:?}"),
    }
    let why = refused(r.submit(Event::Claim { t: S, side: Some(W), claim: ClaimKind::Flag }));
    assert_eq!(why, "the game has no clock");
}
