//! One test per rule, named after the article it checks.

use go::{Board, Color, Game, IllegalMove, Move, Point, Rules};

fn pt(s: &str, size: u8) -> Point {
    Point::from_gtp(s, size).unwrap()
}

fn game(diagram: &str, to_move: Color) -> Game {
    Game::from_board(Board::from_diagram(diagram).unwrap(), to_move, Rules::RFG)
}

fn play(g: &mut Game, s: &str) -> Result<u32, IllegalMove> {
    let size = g.board().size();
    g.play(Move::Play(pt(s, size)))
}

const KO: &str = "
    .....
    .....
    .XO..
    XO.O.
    .XO..";

#[test]
fn capture_removes_the_chain_rfg_3_2() {
    let mut g = game(KO, Color::Black);
    assert_eq!(play(&mut g, "C2"), Ok(1));
    assert_eq!(g.board().get(pt("B2", 5)), None);
    assert_eq!(g.board().captures(Color::Black), 1); // rfg 3.3: a prisoner of the captor
    assert_eq!(g.board().liberties(pt("C2", 5)), vec![pt("B2", 5)]);
}

#[test]
fn multi_chain_capture_rfg_3_2() {
    // White C2, D3 and E2 are three chains whose only liberty is D2: one move takes all three.
    let mut g = game(
        "
        .....
        ...X.
        ..XOX
        .XO.O
        ..X.X",
        Color::Black,
    );
    assert_eq!(play(&mut g, "D2"), Ok(3));
    assert!(g.board().stones(Color::White).is_empty());
    assert_eq!(g.board().captures(Color::Black), 3);
}

#[test]
fn suicide_is_forbidden_rfg_5_1() {
    // Single stone: A1 is Black's eye.
    let single = game(
        "
        .....
        .....
        .....
        X....
        .X...",
        Color::White,
    );
    assert_eq!(single.check(Move::Play(pt("A1", 5))), Err(IllegalMove::Suicide(pt("A1", 5))));
    assert!(single.board().is_legal(Color::Black, pt("A1", 5)));
    // Several stones: White A1 would join A2 and B1 into a chain without liberties.
    let multi = game(
        "
        .....
        .....
        X....
        OX...
        .OX..",
        Color::White,
    );
    assert_eq!(multi.check(Move::Play(pt("A1", 5))), Err(IllegalMove::Suicide(pt("A1", 5))));
}

#[test]
fn suicide_rule_allows_a_capturing_move_rfg_5_1() {
    // White A1 has no liberty after the move, but it captures black B1, so it is legal.
    let mut g = game(
        "
        .....
        .....
        .....
        XO...
        .XO..",
        Color::White,
    );
    assert_eq!(play(&mut g, "A1"), Ok(1));
    assert_eq!(g.board().get(pt("A1", 5)), Some(Color::White));
}

#[test]
fn ko_forbids_immediate_recapture_rfg_5_2() {
    let mut g = game(KO, Color::Black);
    play(&mut g, "C2").unwrap();
    assert_eq!(g.board().ko_point(), Some(pt("B2", 5)));
    assert_eq!(play(&mut g, "B2"), Err(IllegalMove::Ko(pt("B2", 5))));
    // A ko threat elsewhere, an answer, then the recapture is legal again.
    play(&mut g, "E5").unwrap();
    play(&mut g, "E4").unwrap();
    assert_eq!(play(&mut g, "B2"), Ok(1));
}

#[test]
fn ko_after_a_multi_stone_capture_is_legal_rfg_5_2() {
    // White B2-B1 has the liberties C2 and C1. Black fills C1, then C2 captures both stones:
    // White may play back into B2 at once, since that recreates no previous position.
    let mut g = game(
        "
        .....
        .....
        .XO..
        XO.O.
        XO.O.",
        Color::Black,
    );
    play(&mut g, "C1").unwrap();
    play(&mut g, "E5").unwrap();
    assert_eq!(play(&mut g, "C2"), Ok(2));
    assert_eq!(g.board().ko_point(), None);
    assert_eq!(play(&mut g, "B2"), Ok(0));
}

#[test]
fn snapback_is_legal_rfg_5_2() {
    // White A2-B2 has the liberties A1 and B1. Black throws in at A1, White captures it with
    // B1, and Black retakes at A1 at once, capturing three stones: not a ko (rfg 5.2 forbids
    // only recreating the previous position, which a multi-stone recapture cannot do).
    let mut g = game(
        "
        .....
        .....
        XXX..
        OOX..
        ..X..",
        Color::Black,
    );
    assert_eq!(play(&mut g, "A1"), Ok(0));
    assert_eq!(play(&mut g, "B1"), Ok(1));
    assert_eq!(g.board().ko_point(), None);
    assert_eq!(play(&mut g, "A1"), Ok(3));
    assert_eq!(g.board().captures(Color::Black), 3);
    assert_eq!(g.board().captures(Color::White), 1);
}

#[test]
fn main_game_ends_after_three_passes_rfg_7_1() {
    let mut g = Game::new(9, Rules::RFG).unwrap();
    play(&mut g, "E5").unwrap();
    g.play(Move::Pass).unwrap();
    g.play(Move::Pass).unwrap();
    assert!(!g.is_over(), "two passes do not end the game under rfg 7.1");
    g.play(Move::Pass).unwrap();
    assert!(g.is_over());
    let mut j = Game::new(9, Rules::JAPANESE).unwrap();
    j.play(Move::Pass).unwrap();
    j.play(Move::Pass).unwrap();
    assert!(j.is_over(), "the Japanese 1989 rules end after two passes");
}

#[test]
fn handicap_game_white_moves_first_rfg_2_2() {
    let g = Game::with_handicap(19, 4, Rules::RFG).unwrap();
    assert_eq!(g.to_move(), Color::White);
    let mut s: Vec<String> = g.board().stones(Color::Black).iter().map(|p| p.to_gtp()).collect();
    s.sort();
    assert_eq!(s, ["D16", "D4", "Q16", "Q4"]);
}

#[test]
fn repetition_is_reported_as_a_cycle_rfg_6_3() {
    let mut g = game(KO, Color::Black);
    play(&mut g, "C2").unwrap();
    g.play(Move::Pass).unwrap();
    g.play(Move::Pass).unwrap();
    // The passes lifted the ko ban; White's recapture brings back the initial position with
    // Black to move: reported, not decided.
    play(&mut g, "B2").unwrap();
    assert_eq!(g.cycles(), &[go::Cycle { ply: 4, first_ply: 0 }]);
}
