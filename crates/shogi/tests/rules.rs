//! The forbidden-move table: one test per case, named after the rule and citing the article.
//! Each legality claim is checked both ways: `check_move` and membership in `legal_moves()`.

use shogi::impasse::{judge_24, judge_27_pl, judge_27_ufs, judge_chapter};
use shogi::{Color, Declaration, History, IllegalMove, ImpasseCount, ImpasseOutcome, Move, Position, Repetition};

fn pos(sfen: &str) -> Position {
    Position::from_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

fn mv(text: &str) -> Move {
    Move::from_usi(text).unwrap()
}

#[track_caller]
fn legal(sfen: &str, m: &str) {
    let p = pos(sfen);
    assert_eq!(p.check_move(mv(m)), Ok(()), "{m} should be legal in {sfen}");
    assert!(p.legal_moves().contains(&mv(m)), "{m} missing from the generator in {sfen}");
}

#[track_caller]
fn illegal(sfen: &str, m: &str, reason: IllegalMove) {
    let p = pos(sfen);
    assert_eq!(p.check_move(mv(m)), Err(reason), "{m} in {sfen}");
    assert!(!p.legal_moves().contains(&mv(m)), "{m} generated in {sfen}");
}

// --- fesa-2017 1.2: leaving or putting one's own king in check ---------------------------------

const PIN: &str = "4r3k/9/9/9/9/9/9/4G4/4K4 b - 1";

#[test]
fn fesa_1_2_pinned_piece_cannot_leave_the_line() {
    illegal(PIN, "5h4h", IllegalMove::KingInCheck);
    illegal(PIN, "5h6h", IllegalMove::KingInCheck);
}

#[test]
fn fesa_1_2_pinned_piece_may_move_along_the_line() {
    legal(PIN, "5h5g");
}

#[test]
fn fesa_1_2_pinned_piece_may_capture_the_pinner() {
    legal("4r3k/9/9/9/9/9/9/4R4/4K4 b - 1", "5h5a");
    legal("4r3k/9/9/9/9/9/9/4R4/4K4 b - 1", "5h5a+");
}

#[test]
fn fesa_1_2_king_cannot_step_into_an_attacked_square() {
    let sfen = "5r2k/9/9/9/9/9/9/9/4K4 b - 1";
    illegal(sfen, "5i4h", IllegalMove::KingInCheck);
    illegal(sfen, "5i4i", IllegalMove::KingInCheck);
    legal(sfen, "5i6h");
}

#[test]
fn fesa_1_2_king_cannot_stand_next_to_the_enemy_king() {
    let sfen = "9/9/4k4/9/4K4/9/9/9/9 b - 1";
    illegal(sfen, "5e5d", IllegalMove::KingInCheck);
    illegal(sfen, "5e4d", IllegalMove::KingInCheck);
    illegal(sfen, "5e6d", IllegalMove::KingInCheck);
    legal(sfen, "5e5f");
}

#[test]
fn fesa_1_2_king_cannot_retreat_along_the_checking_line() {
    // The rook's attack continues through the king's old square (x-ray).
    let sfen = "4r3k/9/9/9/4K4/9/9/9/9 b - 1";
    illegal(sfen, "5e5f", IllegalMove::KingInCheck);
    illegal(sfen, "5e5d", IllegalMove::KingInCheck);
    legal(sfen, "5e4e");
}

#[test]
fn fesa_1_2_check_must_be_answered() {
    let sfen = "4r3k/9/9/9/4K4/9/9/9/G8 b G 1";
    illegal(sfen, "9i9h", IllegalMove::KingInCheck);
    illegal(sfen, "G*4c", IllegalMove::KingInCheck);
    legal(sfen, "G*5c"); // interposition
}

#[test]
fn fesa_1_2_double_check_only_king_moves() {
    let p = pos("k3r4/7b1/9/9/4K4/9/9/9/9 b G 1");
    assert_eq!(p.checkers().count(), 2);
    assert_eq!(p.check_move(mv("G*5c")), Err(IllegalMove::KingInCheck));
    let moves = p.legal_moves();
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|m| m.from() == Some(p.king(Color::Black))));
}

#[test]
fn fesa_1_2_lance_pins_along_its_file() {
    // White lance on 5a pins the black silver on 5c against the king on 5i.
    let sfen = "4l3k/9/4S4/9/9/9/9/9/4K4 b - 1";
    illegal(sfen, "5c4b", IllegalMove::KingInCheck);
    legal(sfen, "5c5b");
}

#[test]
fn fesa_1_2_discovered_check_is_detected() {
    // Moving the gold off the file uncovers the rook's check on the white king.
    let p = pos("4k4/9/9/9/4G4/9/9/9/K3R4 b - 1");
    assert!(p.gives_check(mv("5e4e")));
    assert!(p.after(mv("5e4e")).is_check());
    assert!(!p.gives_check(mv("5e5f")) || p.after(mv("5e5f")).is_check());
}

// --- fesa-2017 3.11: forbidden drops ---------------------------------------------------------

const NIFU: &str = "4k4/9/5+P3/9/9/9/4P4/9/4K4 b P 1";

#[test]
fn fesa_3_11a_nifu_drop_is_illegal() {
    illegal(NIFU, "P*5e", IllegalMove::Nifu);
}

#[test]
fn fesa_3_11a_tokin_does_not_count_for_nifu() {
    legal(NIFU, "P*4e");
}

#[test]
fn fesa_3_11b_dead_drops_are_illegal() {
    let sfen = "4k4/9/9/9/9/9/9/9/4K4 b PLN 1";
    illegal(sfen, "P*3a", IllegalMove::DeadDrop(shogi::Square::from_usi("3a").unwrap()));
    illegal(sfen, "L*3a", IllegalMove::DeadDrop(shogi::Square::from_usi("3a").unwrap()));
    illegal(sfen, "N*3a", IllegalMove::DeadDrop(shogi::Square::from_usi("3a").unwrap()));
    illegal(sfen, "N*3b", IllegalMove::DeadDrop(shogi::Square::from_usi("3b").unwrap()));
    legal(sfen, "N*3c");
    legal(sfen, "L*3b");
    legal(sfen, "P*3b");
}

#[test]
fn fesa_3_11b_dead_drops_for_gote_are_mirrored() {
    let sfen = "4k4/9/9/9/9/9/9/9/4K4 w pln 1";
    let sq = |s: &str| shogi::Square::from_usi(s).unwrap();
    illegal(sfen, "P*3i", IllegalMove::DeadDrop(sq("3i")));
    illegal(sfen, "N*3h", IllegalMove::DeadDrop(sq("3h")));
    legal(sfen, "N*3g");
}

// Uchifuzume: white king 1a, its escapes 2a/2b blocked by its own pieces.
const UCHI_UNPROTECTED: &str = "7pk/7s1/9/9/9/9/9/9/4K4 b P 1";
const UCHI_PROTECTED: &str = "7pk/7s1/9/7N1/9/9/9/9/4K4 b P 1";
const UCHI_PINNED_DEFENDER: &str = "7pk/7g1/9/5B1N1/9/9/9/9/4K4 b P 1";
const UCHI_FREE_DEFENDER: &str = "7pk/7g1/9/7N1/9/9/9/9/4K4 b P 1";

#[test]
fn fesa_3_11c_pawn_drop_mate_is_illegal() {
    illegal(UCHI_PROTECTED, "P*1b", IllegalMove::Uchifuzume);
    // The same drop by knight/lance style pieces is fine: only pawns are restricted.
    let p = pos("8k/9/6NG1/9/9/9/9/9/4K4 b P 1");
    assert_eq!(p.check_move(mv("P*1b")), Err(IllegalMove::Uchifuzume));
}

#[test]
fn fesa_3_11c_pawn_drop_check_that_is_not_mate_is_legal() {
    legal("8k/9/7G1/9/9/9/9/9/4K4 b P 1", "P*1b"); // the king escapes to 2a
}

#[test]
fn fesa_3_11c_king_may_capture_an_unprotected_pawn() {
    legal(UCHI_UNPROTECTED, "P*1b");
}

#[test]
fn fesa_3_11c_pinned_defender_cannot_capture_the_pawn() {
    // The white gold on 2b could take on 1b, but the bishop on 4d pins it to the king.
    illegal(UCHI_PINNED_DEFENDER, "P*1b", IllegalMove::Uchifuzume);
    legal(UCHI_FREE_DEFENDER, "P*1b");
}

#[test]
fn fesa_3_11c_pawn_protected_by_a_distant_slider() {
    // The rook on 9b covers 2b and, along the rank, the pawn on 1b itself.
    illegal("7pk/R8/9/9/9/9/9/9/4K4 b P 1", "P*1b", IllegalMove::Uchifuzume);
}

#[test]
fn fesa_3_11c_pawn_moved_on_the_board_may_mate() {
    let sfen = "7pk/7s1/8P/7N1/9/9/9/9/4K4 b - 1";
    legal(sfen, "1c1b");
    legal(sfen, "1c1b+");
    assert!(pos(sfen).after(mv("1c1b")).is_checkmate());
}

#[test]
fn fesa_3_11c_gote_pawn_drop_mate_is_illegal_too() {
    // Mirror of UCHI_PROTECTED: black king 9i, white to drop on 9h.
    illegal("4k4/9/9/9/9/1n7/9/1S7/KP7 w p 1", "P*9h", IllegalMove::Uchifuzume);
}

#[test]
fn fesa_3_11_drop_must_block_a_check() {
    let sfen = "4r3k/9/9/9/9/9/9/9/4K4 b PN 1";
    legal(sfen, "P*5e");
    illegal(sfen, "P*4e", IllegalMove::KingInCheck);
    illegal(sfen, "N*5b", IllegalMove::DeadDrop(shogi::Square::from_usi("5b").unwrap()));
}

// --- fesa-2017 3.2: promotion ----------------------------------------------------------------

const DEAD_MOVES: &str = "4k4/6P2/9/2N4L1/9/9/9/9/4K4 b - 1";

#[test]
fn fesa_3_2_pawn_must_promote_on_the_last_rank() {
    illegal(DEAD_MOVES, "3b3a", IllegalMove::MustPromote(shogi::Square::from_usi("3a").unwrap()));
    legal(DEAD_MOVES, "3b3a+");
}

#[test]
fn fesa_3_2_lance_must_promote_on_the_last_rank() {
    illegal(DEAD_MOVES, "2d2a", IllegalMove::MustPromote(shogi::Square::from_usi("2a").unwrap()));
    legal(DEAD_MOVES, "2d2a+");
    legal(DEAD_MOVES, "2d2b");
    legal(DEAD_MOVES, "2d2b+");
    legal(DEAD_MOVES, "2d2c");
}

#[test]
fn fesa_3_2_knight_must_promote_on_the_last_two_ranks() {
    illegal(DEAD_MOVES, "7d6b", IllegalMove::MustPromote(shogi::Square::from_usi("6b").unwrap()));
    legal(DEAD_MOVES, "7d6b+");
    legal(DEAD_MOVES, "7d8b+");
}

#[test]
fn fesa_3_2_promotion_only_in_or_from_the_zone() {
    let sfen = "4k4/9/5S3/9/9/9/4S4/9/4K4 b - 1";
    assert!(matches!(pos(sfen).check_move(mv("5g5f+")), Err(IllegalMove::PromotionNotAllowed(_))));
    legal(sfen, "5g5f");
    // Leaving the zone: a silver on 4c stepping back to 3d may promote.
    legal(sfen, "4c3d+");
    legal(sfen, "4c3d");
}

#[test]
fn fesa_3_2_gold_king_and_promoted_pieces_do_not_promote() {
    let sfen = "4k4/9/3G+S4/9/9/9/9/9/4K4 b - 1";
    assert!(matches!(pos(sfen).check_move(mv("6c6b+")), Err(IllegalMove::PromotionNotAllowed(_))));
    assert!(matches!(pos(sfen).check_move(mv("5c5b+")), Err(IllegalMove::PromotionNotAllowed(_))));
    legal(sfen, "6c6b");
}

// --- fesa-2017 3.3-3.10: movement ------------------------------------------------------------

#[test]
fn fesa_3_3_pieces_move_only_as_they_may() {
    let p = pos(shogi::STARTPOS);
    assert!(matches!(p.check_move(mv("7g7e")), Err(IllegalMove::Unreachable { .. })));
    assert!(matches!(p.check_move(mv("8h2b")), Err(IllegalMove::Unreachable { .. }))); // blocked
    assert_eq!(p.check_move(mv("7g6g")), Err(IllegalMove::OwnPieceOnTarget(shogi::Square::from_usi("6g").unwrap())));
    assert_eq!(p.check_move(mv("3c3d")), Err(IllegalMove::NotOwnPiece(shogi::Square::from_usi("3c").unwrap())));
    assert_eq!(p.check_move(mv("5e5d")), Err(IllegalMove::NoPiece(shogi::Square::from_usi("5e").unwrap())));
    assert_eq!(p.check_move(mv("P*5e")), Err(IllegalMove::NotInHand(shogi::PieceKind::Pawn)));
}

// --- repetition: fesa-2017 5.2 and 3.12 ------------------------------------------------------

fn play_all(h: &mut History, moves: &[&str]) -> Vec<Option<Repetition>> {
    moves.iter().map(|m| h.play(mv(m)).unwrap_or_else(|e| panic!("{m}: {e}"))).collect()
}

#[test]
fn fesa_5_2_fourth_occurrence_is_sennichite() {
    let mut h = History::new(pos("r7k/9/9/9/9/9/9/9/R3K4 b - 1"));
    let cycle = ["9i8i", "9a8a", "8i9i", "8a9a"];
    for round in 0..3 {
        let out = play_all(&mut h, &cycle);
        assert_eq!(h.occurrences().len(), round + 2);
        if round < 2 {
            assert!(out.iter().all(Option::is_none));
        } else {
            assert_eq!(out[3], Some(Repetition::Sennichite { first_ply: 0 }));
        }
    }
}

#[test]
fn fesa_3_12_perpetual_check_loses_cycle_starting_with_the_checker() {
    let mut h = History::new(pos("R8/8k/9/9/9/9/9/9/4K4 b - 1"));
    let cycle = ["9a9b", "1b1a", "9b9a", "1a1b"];
    let mut last = None;
    for _ in 0..3 {
        last = *play_all(&mut h, &cycle).last().unwrap();
    }
    assert_eq!(last, Some(Repetition::PerpetualCheck { loser: Color::Black, first_ply: 0 }));
}

#[test]
fn fesa_3_12_perpetual_check_loses_cycle_starting_with_the_checked_side() {
    // The history starts with White to move, in check: the first repeated position is White's.
    let mut h = History::new(pos("9/1R6k/9/9/9/9/9/9/4K4 w - 1"));
    let cycle = ["1b1a", "8b8a", "1a1b", "8a8b"];
    let mut last = None;
    for _ in 0..3 {
        last = *play_all(&mut h, &cycle).last().unwrap();
    }
    assert_eq!(last, Some(Repetition::PerpetualCheck { loser: Color::Black, first_ply: 0 }));
}

#[test]
fn fesa_3_12_gote_perpetual_check_loses() {
    let mut h = History::new(pos("4k4/9/9/9/9/9/9/K8/8r w - 1"));
    let cycle = ["1i1h", "9h9i", "1h1i", "9i9h"];
    let mut last = None;
    for _ in 0..3 {
        last = *play_all(&mut h, &cycle).last().unwrap();
    }
    assert_eq!(last, Some(Repetition::PerpetualCheck { loser: Color::White, first_ply: 0 }));
}

#[test]
fn fesa_5_2_checks_by_only_some_moves_stay_sennichite() {
    // Black checks with one of its two moves per cycle: 9c9b is check, 9b9c is not.
    let mut h = History::new(pos("9/8k/R8/9/9/9/9/9/4K4 b - 1"));
    let cycle = ["9c9b", "1b1a", "9b9c", "1a1b"];
    let mut outs = Vec::new();
    for _ in 0..3 {
        outs.extend(play_all(&mut h, &cycle));
    }
    let ended: Vec<_> = outs.iter().enumerate().filter_map(|(i, o)| o.map(|r| (i, r))).collect();
    assert!(!ended.is_empty());
    assert!(matches!(ended[0].1, Repetition::Sennichite { .. }), "{ended:?}");
}

// --- impasse: ufs-2016 5.8.6, 5.8.7; pl 5.4; fesa-2017 5.3; the chapter -----------------------

#[test]
fn ufs_5_8_6_points_count_promoted_as_unpromoted() {
    let p = pos("4k4/9/9/9/9/9/9/9/+R+B2K4 b 3P 1");
    assert_eq!(shogi::impasse::points(&p, Color::Black), 13);
    assert_eq!(shogi::impasse::points(&p, Color::White), 0);
    let full = Position::startpos();
    assert_eq!(shogi::impasse::points(&full, Color::Black), 27);
    assert_eq!(shogi::impasse::points(&full, Color::White), 27);
}

/// The count on bitboards agrees with the articles' piece-by-piece count over random games
/// (promotions, captures and drops included).
#[test]
fn ufs_5_8_6_points_agree_with_a_piece_by_piece_count() {
    let by_piece = |p: &Position, c: Color| -> u32 {
        let board: u32 = shogi::Square::all()
            .filter_map(|sq| p.piece_at(sq))
            .filter(|pc| pc.color == c)
            .map(|pc| pc.kind.impasse_points())
            .sum();
        board + p.hand(c).impasse_points()
    };
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..200 {
        let mut p = Position::startpos();
        for _ in 0..160 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mv = moves.get((seed % moves.len() as u64) as usize).copied().expect("in range");
            p.play(mv).expect("legal");
            for c in [Color::Black, Color::White] {
                assert_eq!(shogi::impasse::points(&p, c), by_piece(&p, c), "{}", p.to_sfen());
            }
        }
    }
}

#[test]
fn ufs_5_8_6_3_twenty_four_point_count() {
    let c = |b, w| ImpasseCount { points: [b, w], all_entered: [true, true], pieces: [20, 20] };
    assert_eq!(judge_24(&c(27, 27)), ImpasseOutcome::Draw);
    assert_eq!(judge_24(&c(24, 30)), ImpasseOutcome::Draw);
    assert_eq!(judge_24(&c(23, 31)), ImpasseOutcome::Win(Color::White));
    assert_eq!(judge_24(&c(31, 23)), ImpasseOutcome::Win(Color::Black));
}

#[test]
fn ufs_5_8_7_1_twenty_seven_points_tie_goes_to_white() {
    let c = |b, w| ImpasseCount { points: [b, w], all_entered: [true, true], pieces: [20, 20] };
    assert_eq!(judge_27_ufs(&c(27, 27)), ImpasseOutcome::Win(Color::White));
    assert_eq!(judge_27_ufs(&c(28, 26)), ImpasseOutcome::Win(Color::Black));
}

#[test]
fn pl_5_4_twenty_seven_point_variant() {
    let c = |b, w| ImpasseCount { points: [b, w], all_entered: [true, true], pieces: [20, 20] };
    assert_eq!(judge_27_pl(&c(27, 27), false), ImpasseOutcome::Draw);
    assert_eq!(judge_27_pl(&c(27, 27), true), ImpasseOutcome::Win(Color::White));
    assert_eq!(judge_27_pl(&c(30, 24), false), ImpasseOutcome::Win(Color::Black));
}

#[test]
fn chapter_more_than_31_points_all_entered_wins() {
    let c = |b, w, eb, ew, pb, pw| ImpasseCount { points: [b, w], all_entered: [eb, ew], pieces: [pb, pw] };
    assert_eq!(judge_chapter(&c(32, 22, true, false, 24, 14)), ImpasseOutcome::Win(Color::Black));
    // Without all pieces entered, the plain 24-point count applies (22 < 24 still loses).
    assert_eq!(judge_chapter(&c(30, 24, false, true, 22, 16)), ImpasseOutcome::Draw);
    // The side with fewer pieces draws with ≥ 24 points and all its pieces entered.
    assert_eq!(judge_chapter(&c(30, 24, true, true, 22, 16)), ImpasseOutcome::Draw);
}

const DECLARE: &str = "+L+NSG1GS+N+L/4K4/PPPP1P3/9/9/9/pppppppp1/9/4k4 b RB5P 1";

#[test]
fn fesa_5_3_declaration_with_all_five_conditions_wins() {
    let d = Declaration::judge(&pos(DECLARE), true);
    assert!(d.wins(), "{d:?}");
    assert_eq!(d.points.found, 28);
    assert_eq!(d.pieces_in_camp.found, 13);
    assert_eq!(d.winner(), Color::Black);
}

#[test]
fn fesa_5_3_declaration_without_time_loses() {
    let d = Declaration::judge(&pos(DECLARE), false);
    assert!(!d.wins() && !d.has_time.met && d.points.met);
    assert_eq!(d.winner(), Color::White);
}

#[test]
fn fesa_5_3_declaration_with_27_points_as_sente_loses() {
    let d = Declaration::judge(&pos("+L+NSG1GS+N+L/4K4/PPPP1P3/9/9/9/pppppppp1/9/4k4 b RB4P 1"), true);
    assert!(!d.wins() && !d.points.met && d.king_in_camp.met && d.pieces_in_camp.met);
    assert_eq!((d.points.found, d.points.required), (27, 28));
}

#[test]
fn fesa_5_3_declaration_king_outside_the_camp_loses() {
    let d = Declaration::judge(&pos("+L+NSG1GS+N+L/9/PPPP1P3/4K4/9/9/pppppppp1/9/4k4 b RB5P 1"), true);
    assert!(!d.wins() && !d.king_in_camp.met && d.points.met);
}

#[test]
fn fesa_5_3_declaration_with_nine_pieces_in_camp_loses() {
    let d = Declaration::judge(&pos("+L+NSG1GS+N+L/4K4/P8/9/9/9/pppppppp1/9/4k4 b RB9P 1"), true);
    assert!(!d.wins() && !d.pieces_in_camp.met && d.points.met);
    assert_eq!(d.pieces_in_camp.found, 9);
}

#[test]
fn fesa_5_3_declaration_in_check_loses() {
    let d = Declaration::judge(&pos("+L+NSG1GS+N+L/4K4/PPPP1P3/9/4r4/9/pppppppp1/9/4k4 b RB5P 1"), true);
    assert!(!d.wins() && !d.not_in_check.met && d.points.met && d.pieces_in_camp.met);
}

#[test]
fn fesa_5_3_gote_needs_27_points() {
    // The declaration position rotated: white to move with 27 points.
    let d = Declaration::judge(&pos("4K4/9/1PPPPPPPP/9/9/9/3p1pppp/4k4/+l+nsg1gs+n+l w rb4p 1"), true);
    assert_eq!(d.declarer, Color::White);
    assert_eq!((d.points.found, d.points.required), (27, 27));
    assert!(d.wins(), "{d:?}");
}

/// fesa-2017 9.4: a scoresheet may go on after an illegal move, so lenient replay must keep
/// working from a position legal play cannot reach (White to move with Black's king in check).
/// Found by the arbiter's fuzzing: the incremental checkers used to be asserted there.
#[test]
fn fesa_9_4_lenient_replay_goes_on_from_an_illegal_position() {
    let mut p = pos("4k4/9/4r3p/9/9/9/9/4G4/4K4 b - 1");
    assert!(p.play_lenient(mv("5h4h")).unwrap().is_some(), "the gold leaves the king in check");
    assert_eq!(p.play_lenient(mv("1c1d")), Ok(None), "a pawn step is itself legal for White");
    assert!(p.checkers().is_nonempty(), "Black's king is still attacked by the rook");
}
