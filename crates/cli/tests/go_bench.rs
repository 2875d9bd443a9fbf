//! `make bench-go`: random legal playouts on 19×19 (moves per second) and scoring a finished
//! 19×19 board (microseconds), beside the same work done by GNU Go 3.8 over GTP. `#[ignore]`d:
//! a benchmark, not a test.

use go::score::{Agreement, score};
use go::{Board, Color, Point};
use std::time::Instant;
use testkit::Rng;
use testkit::gtp::Gtp;

/// One random playout from the empty board: random legal moves that do not fill the mover's
/// own single-point eyes (random start in the empty-point list, then the first playable point),
/// until both pass or 1000 moves. Records the moves.
fn playout(board: &mut Board, rng: &mut Rng, moves: &mut Vec<Option<Point>>) {
    let mut to_move = Color::Black;
    let mut passes = 0;
    while passes < 2 && moves.len() < 1000 {
        let m = board.play_playout_move(to_move, rng.next_u64() as usize);
        if m.is_none() {
            board.pass();
            passes += 1;
        } else {
            passes = 0;
        }
        moves.push(m);
        to_move = to_move.opponent();
    }
}

#[test]
#[ignore = "benchmark; run by make bench-go"]
fn go_bench_19x19() {
    let n_playouts = 300;
    let mut rng = Rng::new(42);
    let mut total_moves = 0usize;
    let mut games: Vec<Vec<Option<Point>>> = Vec::new();
    let t = Instant::now();
    for _ in 0..n_playouts {
        let mut b = Board::new(19).unwrap();
        let mut moves = Vec::with_capacity(1000);
        playout(&mut b, &mut rng, &mut moves);
        total_moves += moves.len();
        games.push(moves);
    }
    let ours = total_moves as f64 / t.elapsed().as_secs_f64();

    // GNU Go: the same moves played over GTP (pipelined), board updates only — GNU Go has no
    // playout command, so this is the closest comparable work (it includes the pipe).
    let mut gtp = Gtp::start(&["--level", "0"]);
    gtp.ok("boardsize 19");
    let sample = &games[..20];
    let mut gnu_moves = 0usize;
    let t = Instant::now();
    for g in sample {
        let mut cmds = vec!["clear_board".to_string()];
        let mut c = Color::Black;
        for m in g {
            let name = if c == Color::Black { "black" } else { "white" };
            cmds.push(match m {
                Some(p) => format!("play {name} {}", p.to_gtp()),
                None => format!("play {name} pass"),
            });
            c = c.opponent();
        }
        gnu_moves += g.len();
        for a in gtp.send_all(&cmds) {
            a.expect("GNU Go accepts every playout move");
        }
    }
    let gnu = gnu_moves as f64 / t.elapsed().as_secs_f64();
    println!(
        "random 19x19 playouts: shinpan {:.0} moves/s, GNU Go (play over GTP) {:.0} moves/s, ratio {:.1}x",
        ours,
        gnu,
        ours / gnu
    );

    // Scoring the finished position of a playout: ours with GNU Go's dead stones, GNU Go's
    // final_score on the same board.
    let last = &games[0];
    let mut b = Board::new(19).unwrap();
    let mut cmds = vec!["clear_board".to_string()];
    let mut c = Color::Black;
    for m in last {
        if let Some(p) = m {
            b.play(c, *p).unwrap();
        } else {
            b.pass();
        }
        let name = if c == Color::Black { "black" } else { "white" };
        cmds.push(match m {
            Some(p) => format!("play {name} {}", p.to_gtp()),
            None => format!("play {name} pass"),
        });
        c = c.opponent();
    }
    gtp.send_all(&cmds);
    gtp.ok("komi 6.5");
    let t = Instant::now();
    let reps = 5;
    let mut theirs = String::new();
    for _ in 0..reps {
        theirs = gtp.ok("final_score");
    }
    let gnu_us = t.elapsed().as_secs_f64() * 1e6 / reps as f64;
    let dead: Vec<Point> =
        gtp.ok("final_status_list dead").split_whitespace().map(|s| Point::from_gtp(s, 19).unwrap()).collect();
    let agreed = Agreement { dead, ..Agreement::default() };
    let reps = 2000;
    let t = Instant::now();
    let mut s = None;
    for _ in 0..reps {
        s = Some(std::hint::black_box(score(&b, 6.5, 0, &agreed).unwrap()));
    }
    let our_us = t.elapsed().as_secs_f64() * 1e6 / reps as f64;
    let s = s.unwrap();
    println!(
        "scoring a finished 19x19 board: shinpan {our_us:.1} µs (margin {} for {:?}), GNU Go final_score {gnu_us:.0} µs ({theirs}), ratio {:.0}x",
        s.margin,
        s.winner,
        gnu_us / our_us
    );
}
