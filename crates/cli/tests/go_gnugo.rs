//! Differential tests of the Go rules against GNU Go 3.8 over GTP (`/usr/games/gnugo`).
//! They take minutes, so they are `#[ignore]`d and run by `make test-go`
//! (`cargo test -p shinpan --release --test go_gnugo -- --ignored`).

use go::{Board, Color, Game, Move, Point, Rules};
use testkit::Rng;
use testkit::gtp::Gtp;

fn color_arg(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

fn sorted_points(text: &str) -> Vec<String> {
    let mut v: Vec<String> = text.split_whitespace().map(|s| s.to_ascii_uppercase()).collect();
    v.sort();
    v
}

fn our_stones(b: &Board, c: Color) -> Vec<String> {
    let mut v: Vec<String> = b.stones(c).iter().map(|p| p.to_gtp()).collect();
    v.sort();
    v
}

/// Does playing `p` fill one of `c`'s own single-point eyes? (Random players avoid that, so
/// games end with both sides passing instead of filling their eyes forever.)
fn fills_own_eye(b: &Board, c: Color, p: Point) -> bool {
    b.neighbours(p).all(|q| b.get(q) == Some(c))
}

/// Plays `games` random legal games on `size`×`size` and compares the board, the captures and
/// the legality of sampled points with GNU Go after every move. Returns the moves compared.
fn random_games(size: u8, games: u64, seed: u64) -> usize {
    let mut gtp = Gtp::start(&["--level", "0"]);
    gtp.ok(&format!("boardsize {size}"));
    let mut compared = 0;
    for n in 0..games {
        let mut rng = Rng::new(seed ^ ((n + 1) * 7919));
        gtp.ok("clear_board");
        let mut g = Game::new(size, Rules::RFG).unwrap();
        let all: Vec<Point> = g.board().points().collect();
        // Random 19×19 games run to ~850 moves; 500 keeps the test inside its time budget and
        // still reaches the crowded, capture-heavy phase.
        let limit = (size as usize * size as usize * 3).min(500);
        let mut passes = 0;
        while passes < 2 && g.ply() < limit {
            let c = g.to_move();
            let legal: Vec<Point> = g.legal_points().into_iter().filter(|&p| !fills_own_eye(g.board(), c, p)).collect();
            let (mv, cmd) = if legal.is_empty() {
                passes += 1;
                (Move::Pass, format!("play {} pass", color_arg(c)))
            } else {
                passes = 0;
                let p = legal[rng.index(legal.len())];
                (Move::Play(p), format!("play {} {}", color_arg(c), p.to_gtp()))
            };
            g.play(mv).unwrap();
            let next = g.to_move();
            // Legality probes: the ko point if any, and random points (empty or not).
            let mut probes: Vec<Point> = (0..4).map(|_| all[rng.index(all.len())]).collect();
            if let Some(k) = g.board().ko_point() {
                probes.push(k);
            }
            let mut cmds = vec![
                cmd.clone(),
                "list_stones black".to_string(),
                "list_stones white".to_string(),
                "captures black".to_string(),
                "captures white".to_string(),
            ];
            cmds.extend(probes.iter().map(|p| format!("is_legal {} {}", color_arg(next), p.to_gtp())));
            let ans = gtp.send_all(&cmds);
            let ctx = || format!("size {size} game {n} ply {} after `{cmd}`\n{}", g.ply(), g.board().diagram());
            assert!(ans[0].is_ok(), "GNU Go refused a move we found legal: {}", ctx());
            assert_eq!(sorted_points(ans[1].as_ref().unwrap()), our_stones(g.board(), Color::Black), "{}", ctx());
            assert_eq!(sorted_points(ans[2].as_ref().unwrap()), our_stones(g.board(), Color::White), "{}", ctx());
            assert_eq!(ans[3].as_ref().unwrap(), &g.board().captures(Color::Black).to_string(), "{}", ctx());
            assert_eq!(ans[4].as_ref().unwrap(), &g.board().captures(Color::White).to_string(), "{}", ctx());
            for (p, a) in probes.iter().zip(&ans[5..]) {
                let theirs = a.as_ref().unwrap() == "1";
                let ours = g.board().is_legal(next, *p);
                assert_eq!(ours, theirs, "is_legal {} {}: {}", color_arg(next), p.to_gtp(), ctx());
            }
            compared += 1;
        }
    }
    compared
}

fn games_per_size() -> u64 {
    std::env::var("GO_GNUGO_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(200)
}

#[test]
#[ignore = "needs GNU Go; run by make test-go"]
fn gnugo_board_captures_legality_9x9() {
    let n = random_games(9, games_per_size(), 9);
    eprintln!("9x9: {} games, {n} moves agree with GNU Go", games_per_size());
}

#[test]
#[ignore = "needs GNU Go; run by make test-go"]
fn gnugo_board_captures_legality_13x13() {
    let n = random_games(13, games_per_size(), 13);
    eprintln!("13x13: {} games, {n} moves agree with GNU Go", games_per_size());
}

#[test]
#[ignore = "needs GNU Go; run by make test-go"]
fn gnugo_board_captures_legality_19x19() {
    let n = random_games(19, games_per_size(), 19);
    eprintln!("19x19: {} games, {n} moves agree with GNU Go", games_per_size());
}

#[test]
#[ignore = "needs GNU Go; run by make test-go"]
fn gnugo_fixed_handicap_placement_rfg_2_3() {
    let mut gtp = Gtp::start(&[]);
    let mut compared = 0;
    for size in 7..=19u8 {
        gtp.ok(&format!("boardsize {size}"));
        for n in 2..=9u8 {
            gtp.ok("clear_board");
            let theirs = gtp.send(&format!("fixed_handicap {n}"));
            let ours = go::fixed_handicap(size, n);
            match (theirs, ours) {
                (Ok(t), Ok(o)) => {
                    let mut o: Vec<String> = o.iter().map(|p| p.to_gtp()).collect();
                    o.sort();
                    assert_eq!(sorted_points(&t), o, "{n} stones on {size}x{size}");
                    compared += 1;
                }
                (Err(_), Err(_)) => {}
                (t, o) => panic!("{n} stones on {size}x{size}: GNU Go {t:?}, shinpan {o:?}"),
            }
        }
    }
    eprintln!("{compared} fixed handicap placements agree with GNU Go");
}

/// Seki and dame positions of the crate documentation, counted by GNU Go: same seki stones
/// (`final_status_list seki`) and same `final_score` as `go::score::score`. (The no-eye seki of
/// the docs is left out: on its 7×7 board GNU Go also puts Black's outer wall in seki and
/// scores W+48, an artefact of its life analysis of the cramped walls, not of the seki.)
#[test]
#[ignore = "needs GNU Go; run by make test-go"]
fn gnugo_seki_positions_rfg_6_1_8_1() {
    let positions = [
        // seki with one eye each
        "..OX...\n..OX...\n..OX...\nOOOXXXX\nOOOXXXX\nXXXOOOX\n.X.O.OX",
        // dame, no seki
        "X.XO.\nXXXOO\n.XXOO\nXX.O.\n.XXOO",
    ];
    let mut gtp = Gtp::start(&[]);
    for diagram in positions {
        let b = Board::from_diagram(diagram).unwrap();
        let size = b.size();
        let mut cmds = vec![format!("boardsize {size}"), "clear_board".into(), "komi 0".into()];
        // Stones in reading order (top row first). GNU Go's statuses depend on the history that
        // built the position (all Black first, then all White, gives B+45 and no seki for the
        // one-eye position), so the order is fixed here.
        for r in (0..size).rev() {
            for c in 0..size {
                let p = Point::new(c, r);
                if let Some(col) = b.get(p) {
                    cmds.push(format!("play {} {}", color_arg(col), p.to_gtp()));
                }
            }
        }
        for a in gtp.send_all(&cmds) {
            a.unwrap();
        }
        let seki = sorted_points(&gtp.ok("final_status_list seki"));
        let final_score = gtp.ok("final_score");
        let s = go::score::score(&b, 0.0, 0, &go::score::Agreement::default()).unwrap();
        let mut ours: Vec<String> = s.seki.iter().map(|p| p.to_gtp()).collect();
        ours.sort();
        assert_eq!(ours, seki, "{diagram}");
        let expect = match s.winner {
            Some(Color::Black) => format!("B+{:.1}", s.margin),
            Some(Color::White) => format!("W+{:.1}", s.margin),
            None => "0".to_string(),
        };
        assert_eq!(expect, final_score, "{diagram}");
    }
}
