//! The dead-stone estimator (`go::estimate_dead`) against GNU Go 3.8's `final_status_list dead`
//! on finished games: GNU Go self-play games on 9×9 and 13×13 (a few random opening moves each
//! for variety, played until both pass) and the real counted games of
//! `crates/arbiter/tests/data/real-world/go`. Reports the games whose dead sets agree exactly
//! and the stone-level agreement, and requires the figures README.md states.
//! `#[ignore]`d (takes minutes), run by `make test-go`.

use go::{Board, Color, Point};
use testkit::Rng;
use testkit::gtp::Gtp;

/// A finished position and GNU Go's dead stones on it.
struct Case {
    name: String,
    board: Board,
    gnugo_dead: Vec<Point>,
}

fn points(text: &str, size: u8) -> Vec<Point> {
    let mut v: Vec<Point> = text.split_whitespace().map(|s| Point::from_gtp(s, size).unwrap()).collect();
    v.sort();
    v
}

/// The board GNU Go holds, rebuilt from its stone lists.
fn board_of(gtp: &mut Gtp, size: u8) -> Board {
    let mut stones: Vec<(Point, Color)> =
        points(&gtp.ok("list_stones black"), size).into_iter().map(|p| (p, Color::Black)).collect();
    stones.extend(points(&gtp.ok("list_stones white"), size).into_iter().map(|p| (p, Color::White)));
    let mut b = Board::new(size).unwrap();
    b.rebuild(&stones);
    b
}

fn self_play(size: u8, seed: u64) -> Option<Case> {
    let mut gtp = Gtp::start(&["--level", "0", "--seed", &seed.to_string()]);
    let mut rng = Rng::new(seed);
    gtp.ok(&format!("boardsize {size}"));
    gtp.ok("clear_board");
    gtp.ok("komi 6.5");
    let mut to_move = "black";
    let (mut passes, mut moves) = (0, 0);
    let openers = 2 + rng.index(6);
    while passes < 2 {
        let mv = if moves < openers {
            let p = Point::new(rng.index(size as usize) as u8, rng.index(size as usize) as u8).to_gtp();
            if gtp.ok(&format!("is_legal {to_move} {p}")) != "1" {
                continue;
            }
            gtp.ok(&format!("play {to_move} {p}"));
            p
        } else {
            gtp.ok(&format!("genmove {to_move}"))
        };
        moves += 1;
        if mv.eq_ignore_ascii_case("resign") || moves > 3 * size as usize * size as usize {
            return None;
        }
        passes = if mv.eq_ignore_ascii_case("pass") { passes + 1 } else { 0 };
        to_move = if to_move == "black" { "white" } else { "black" };
    }
    let board = board_of(&mut gtp, size);
    let gnugo_dead = points(&gtp.ok("final_status_list dead"), size);
    Some(Case { name: format!("self-play {size}x{size} seed {seed}"), board, gnugo_dead })
}

/// The real games whose record ends in a count (`RE` a score), at their last position.
fn real_games() -> Vec<Case> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../arbiter/tests/data/real-world/go");
    let mut out = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    for f in files {
        let g = go::sgf::SgfGame::parse(&go::sgf::decode(&std::fs::read(&f).unwrap())).unwrap();
        let scored = g
            .result
            .as_deref()
            .is_some_and(|r| r.split_once('+').is_some_and(|(_, m)| m.trim().parse::<f64>().is_ok()));
        if !scored {
            continue;
        }
        let mut gtp = Gtp::start(&["--level", "0"]);
        if gtp.send(&format!("loadsgf {}", f.display())).is_err() {
            continue;
        }
        let board = board_of(&mut gtp, g.size);
        let gnugo_dead = points(&gtp.ok("final_status_list dead"), g.size);
        out.push(Case { name: f.file_name().unwrap().to_string_lossy().into_owned(), board, gnugo_dead });
    }
    out
}

#[test]
#[ignore = "needs GNU Go; run by make test-go"]
fn estimator_agrees_with_gnugo_final_status_list_dead() {
    let count: u64 = std::env::var("GO_DEAD_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(200);
    let mut cases: Vec<Case> =
        (0..count).filter_map(|i| self_play(if i % 5 == 4 { 13 } else { 9 }, 7000 + i)).collect();
    let self_play_games = cases.len();
    cases.extend(real_games());
    let (mut exact, mut both, mut only_ours, mut only_gnugo) = (0, 0, 0, 0);
    let mut real_exact = 0;
    for c in &cases {
        let ours = go::estimate_dead(&c.board);
        let agree = ours == c.gnugo_dead;
        exact += agree as usize;
        if !c.name.starts_with("self-play") {
            real_exact += agree as usize;
        }
        both += ours.iter().filter(|p| c.gnugo_dead.contains(p)).count();
        only_ours += ours.iter().filter(|p| !c.gnugo_dead.contains(p)).count();
        only_gnugo += c.gnugo_dead.iter().filter(|p| !ours.contains(p)).count();
        if !agree {
            let gtp = |v: &[Point]| v.iter().map(|p| p.to_gtp()).collect::<Vec<_>>().join(" ");
            println!("{}: ours [{}] gnugo [{}]", c.name, gtp(&ours), gtp(&c.gnugo_dead));
        }
    }
    let real = cases.len() - self_play_games;
    println!(
        "dead-stone estimator vs GNU Go: {exact} of {} games identical ({self_play_games} self-play, {real} real: {real_exact} of them); stones dead by both {both}, by ours only {only_ours}, by GNU Go only {only_gnugo}",
        cases.len()
    );
    assert!(cases.len() >= 200, "at least 200 finished games");
    // The figures README.md reports, as floors.
    assert!(exact * 100 >= cases.len() * 85, "{exact} of {}", cases.len());
}
