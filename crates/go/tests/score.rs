//! Counting (rfg 8–10): seki with and without eyes, dame, dead stones as prisoners, komi, and the
//! handicap tie rule.

use go::score::{Agreement, score};
use go::{Board, Color, Point};

fn gtp(v: &[Point]) -> Vec<String> {
    let mut s: Vec<String> = v.iter().map(|p| p.to_gtp()).collect();
    s.sort();
    s
}

fn pt(s: &str, size: u8) -> Point {
    Point::from_gtp(s, size).unwrap()
}

/// Black's inner chain (B1 B2 C1 C2 C3 D3) and White's (E1 E2 E3 F1 F2), each enclosed by the
/// other's wall, share D1 and D2 and have no eye: whoever fills one is left in atari and the
/// other captures and lives, so neither fills — seki (rfg 6.1a).
const SEKI_NO_EYES: &str = "
    ...OX..
    ...OX..
    ...OX..
    OOOOXXX
    OOXXOXX
    OXX.OOX
    OXX.OOX";

/// Black's inner chain (eye A1) and White's inner chain (eye E1) share C1: seki with one eye
/// each; the eyes are not territory (rfg 8.1 commentary).
const SEKI_ONE_EYE_EACH: &str = "
    ..OX...
    ..OX...
    ..OX...
    OOOXXXX
    OOOXXXX
    XXXOOOX
    .X.O.OX";

#[test]
fn seki_without_eyes_is_nobodys_territory_rfg_6_1_8_1() {
    let b = Board::from_diagram(SEKI_NO_EYES).unwrap();
    let s = score(&b, 0.0, 0, &Agreement::default()).unwrap();
    assert_eq!(gtp(&s.neutral), ["D1", "D2"]);
    assert_eq!(gtp(&s.seki), ["B1", "B2", "C1", "C2", "C3", "D3", "E1", "E2", "E3", "F1", "F2"]);
    assert_eq!((s.black.territory, s.white.territory), (6, 9));
}

#[test]
fn seki_with_eyes_the_eyes_are_not_territory_rfg_8_1() {
    let b = Board::from_diagram(SEKI_ONE_EYE_EACH).unwrap();
    let s = score(&b, 0.0, 0, &Agreement::default()).unwrap();
    assert_eq!(gtp(&s.neutral), ["A1", "C1", "E1"]);
    assert!(s.seki.contains(&pt("B1", 7)) && s.seki.contains(&pt("D1", 7)));
    // Outer walls keep their territory: White A5–B7 (6), Black E5–G7 (9).
    assert_eq!((s.black.territory, s.white.territory), (9, 6));
}

#[test]
fn dame_counts_for_nobody_rfg_8_3() {
    let b = Board::from_diagram(
        "
        X.XO.
        XXXOO
        .XXOO
        XX.O.
        .XXOO",
    )
    .unwrap();
    let s = score(&b, 0.0, 0, &Agreement::default()).unwrap();
    assert!(s.seki.is_empty(), "C2 can be filled by either side: dame, not seki");
    assert_eq!(gtp(&s.neutral), ["C2"]);
    assert_eq!((s.black.territory, s.white.territory), (3, 2));
    assert_eq!(s.winner, Some(Color::Black));
    assert_eq!(s.margin, 1.0);
}

const DEAD_STONE: &str = "
    ..XO.
    .OXO.
    ..XO.
    ..XO.
    ..XO.";

#[test]
fn dead_stones_become_prisoners_and_their_points_territory_rfg_8_2() {
    let mut b = Board::from_diagram(DEAD_STONE).unwrap();
    b.set_captures(Color::Black, 2);
    b.set_captures(Color::White, 1);
    let agreed = Agreement { dead: vec![pt("B4", 5)], ..Agreement::default() };
    let s = score(&b, 6.5, 0, &agreed).unwrap();
    assert_eq!((s.black.territory, s.black.prisoners), (10, 3));
    assert_eq!((s.white.territory, s.white.prisoners, s.white.komi), (5, 1, 6.5));
    assert_eq!((s.black.total, s.white.total), (13.0, 12.5));
    assert_eq!((s.winner, s.margin), (Some(Color::Black), 0.5));
    // Without the agreement the white stone stands and Black's area touches both colours.
    let s = score(&b, 6.5, 0, &Agreement::default()).unwrap();
    assert_eq!(s.black.territory, 0);
    // Marking an empty point dead is an error, not a silent no-op.
    let bad = Agreement { dead: vec![pt("A1", 5)], ..Agreement::default() };
    assert!(score(&b, 6.5, 0, &bad).is_err());
}

#[test]
fn equal_scores_in_a_handicap_game_go_to_white_by_half_a_point_rfg_10() {
    let b = Board::from_diagram(DEAD_STONE).unwrap();
    let agreed = Agreement { dead: vec![pt("B4", 5)], ..Agreement::default() };
    // Black 10 + 1 = 11, White 5 + komi 6 = 11.
    let even = score(&b, 6.0, 0, &agreed).unwrap();
    assert_eq!((even.winner, even.margin), (None, 0.0), "an even game may end equal (jigo)");
    let handicap = score(&b, 6.0, 2, &agreed).unwrap();
    assert_eq!((handicap.winner, handicap.margin, handicap.handicap_tie), (Some(Color::White), 0.5, true));
}

#[test]
fn overrides_settle_disputed_points_rfg_7_2() {
    let b = Board::from_diagram(SEKI_ONE_EYE_EACH).unwrap();
    // Agreeing that Black's territory point E7 is neutral removes its whole region.
    let agreed = Agreement { neutral: vec![pt("E7", 7)], ..Agreement::default() };
    let s = score(&b, 0.0, 0, &agreed).unwrap();
    assert_eq!(s.black.territory, 0);
    // Declaring a living chain in seki makes its eyes neutral.
    let b = Board::from_diagram(DEAD_STONE).unwrap();
    let agreed = Agreement { seki: vec![pt("D1", 5)], ..Agreement::default() };
    let s = score(&b, 0.0, 0, &agreed).unwrap();
    assert_eq!(s.white.territory, 0);
}
