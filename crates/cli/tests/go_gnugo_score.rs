//! Differential test of the Go count against GNU Go 3.8: finished GNU Go self-play games (some
//! with handicap) are scored by `shinpan check --dead <GNU Go's final_status_list dead>` and
//! must give exactly GNU Go's `final_score` (Japanese counting, like rfg 8–10).
//!
//! GNU Go ends a game after two passes; rfg 7.1 needs three, so the driver records the third
//! pass itself. `#[ignore]`d (takes minutes), run by `make test-go`.

use go::Color;
use std::process::Command;
use testkit::Rng;
use testkit::gtp::Gtp;

struct Setup {
    size: u8,
    handicap: u8,
    seed: u64,
}

struct Finished {
    sgf: String,
    dead: Vec<String>,
    final_score: String,
}

/// GNU Go plays itself (after a few random opening moves for variety) until two passes.
fn self_play(s: &Setup, level: u32) -> Option<Finished> {
    let mut gtp = Gtp::start(&["--level", &level.to_string(), "--seed", &s.seed.to_string()]);
    let mut rng = Rng::new(s.seed);
    gtp.ok(&format!("boardsize {}", s.size));
    gtp.ok("clear_board");
    let komi = if s.handicap >= 2 { 0.5 } else { 6.5 };
    gtp.ok(&format!("komi {komi}"));
    let mut sgf = format!("(;GM[1]FF[4]SZ[{}]KM[{komi}]RU[Japanese]", s.size);
    let mut to_move = Color::Black;
    if s.handicap >= 2 {
        let stones = gtp.ok(&format!("fixed_handicap {}", s.handicap));
        sgf.push_str(&format!("HA[{}]", s.handicap));
        // Every other handicap game leaves AB out, so `check` must place the stones itself.
        if s.seed % 2 == 1 {
            sgf.push_str("AB");
            for v in stones.split_whitespace() {
                let p = go::Point::from_gtp(v, s.size).unwrap();
                sgf.push_str(&format!("[{}]", p.to_sgf(s.size)));
            }
        }
        to_move = Color::White;
    }
    let name = |c: Color| if c == Color::Black { "black" } else { "white" };
    let letter = |c: Color| if c == Color::Black { "B" } else { "W" };
    let mut passes = 0;
    let mut moves = 0;
    let openers = 2 + rng.index(4);
    while passes < 2 {
        let mv = if moves < openers {
            // A random legal opening move keeps the games apart.
            let mut found = None;
            for _ in 0..50 {
                let p = go::Point::new(rng.index(s.size as usize) as u8, rng.index(s.size as usize) as u8);
                if gtp.ok(&format!("is_legal {} {}", name(to_move), p.to_gtp())) == "1" {
                    found = Some(p.to_gtp());
                    break;
                }
            }
            let v = found?;
            gtp.ok(&format!("play {} {v}", name(to_move)));
            v
        } else {
            gtp.ok(&format!("genmove {}", name(to_move)))
        };
        moves += 1;
        if mv.eq_ignore_ascii_case("resign") {
            return None;
        }
        if mv.eq_ignore_ascii_case("pass") {
            passes += 1;
            sgf.push_str(&format!(";{}[]", letter(to_move)));
        } else {
            passes = 0;
            let p = go::Point::from_gtp(&mv, s.size).unwrap();
            sgf.push_str(&format!(";{}[{}]", letter(to_move), p.to_sgf(s.size)));
        }
        to_move = to_move.opponent();
        if moves > 3 * s.size as usize * s.size as usize {
            return None;
        }
    }
    // rfg 7.1: the third consecutive pass ends the main game.
    sgf.push_str(&format!(";{}[])", letter(to_move)));
    let dead: Vec<String> = gtp.ok("final_status_list dead").split_whitespace().map(str::to_string).collect();
    let final_score = gtp.ok("final_score");
    Some(Finished { sgf, dead, final_score })
}

fn check(f: &Finished, tag: &str) -> serde_json::Value {
    let path = std::env::temp_dir().join(format!("shinpan-go-selfplay-{}-{tag}.sgf", std::process::id()));
    std::fs::write(&path, &f.sgf).unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_shinpan"));
    cmd.arg("check").arg(&path).args(["--rules", "rfg", "--json"]);
    if !f.dead.is_empty() {
        cmd.arg("--dead").arg(f.dead.join(","));
    }
    let out = cmd.output().unwrap();
    let _ = std::fs::remove_file(&path);
    assert!(out.status.success(), "check failed: {}\n{}", String::from_utf8_lossy(&out.stderr), f.sgf);
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
#[ignore = "needs GNU Go; run by make test-go"]
fn gnugo_selfplay_final_score_matches_check() {
    let count: u64 = std::env::var("GO_SELFPLAY_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(60);
    // A low level keeps GNU Go fast; the games still end with settled groups and dead stones.
    let level: u32 = std::env::var("GO_SELFPLAY_LEVEL").ok().and_then(|s| s.parse().ok()).unwrap_or(0);
    let setups: Vec<Setup> = (0..count)
        .map(|i| {
            let size = if i % 6 == 5 { 13 } else { 9 };
            let handicap = if i % 3 == 2 { 2 + (i / 3 % 3) as u8 } else { 0 };
            Setup { size, handicap, seed: 1000 + i }
        })
        .collect();
    // Two GNU Go processes at a time (the CI machine has two cores).
    let results: Vec<(usize, Option<Finished>)> = std::thread::scope(|sc| {
        let chunks: Vec<_> = setups.chunks(setups.len().div_ceil(2)).collect();
        let handles: Vec<_> = chunks
            .into_iter()
            .map(|chunk| {
                sc.spawn(move || chunk.iter().map(|s| (s.seed as usize, self_play(s, level))).collect::<Vec<_>>())
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    let mut scored = 0;
    let mut handicap_games = 0;
    for (seed, f) in &results {
        let Some(f) = f else { continue };
        let v = check(f, &seed.to_string());
        let expect = f.final_score.trim();
        let (result, margin) = match expect.split_once('+') {
            Some(("B", m)) => ("black_win", m.parse::<f64>().unwrap()),
            Some(("W", m)) => ("white_win", m.parse::<f64>().unwrap()),
            _ => ("draw", 0.0),
        };
        let ctx = format!("seed {seed}, GNU Go {expect}, dead {:?}\n{}\n{v}", f.dead, f.sgf);
        assert_eq!(v["result"], result, "{ctx}");
        assert_eq!(v["reason"], "score", "{ctx}");
        assert_eq!(v["score"]["margin"].as_f64().unwrap(), margin, "{ctx}");
        scored += 1;
        if f.sgf.contains("HA[") {
            handicap_games += 1;
        }
    }
    let unfinished = results.len() - scored;
    eprintln!(
        "{scored} GNU Go self-play games scored exactly like final_score ({handicap_games} with handicap); {unfinished} not finished by passes (GNU Go resigned or hit the move cap)"
    );
    // The issue asks for at least 50 finished games; a few of the 60 end by resignation.
    assert!(scored as u64 >= (count * 5 / 6).min(50), "too few finished games: {scored} of {count}");
}
