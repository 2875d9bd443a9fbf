//! Shogi subcommands: `perft`, `moves` (and the shogi side of `check`/`convert`).

use shogi::Position;
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;

pub fn perft(sfen: Option<&str>, depth: u32, no_bulk: bool, json: bool) -> ExitCode {
    let pos = match sfen {
        Some(s) => match Position::from_sfen(s) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("shinpan perft: bad SFEN: {e}");
                return ExitCode::from(2);
            }
        },
        None => Position::startpos(),
    };
    let t = Instant::now();
    let nodes = shogi::perft(&pos, depth, !no_bulk);
    let seconds = t.elapsed().as_secs_f64();
    let nps = if seconds > 0.0 { (nodes as f64 / seconds).round() as u64 } else { 0 };
    if json {
        println!("{}", serde_json::json!({"depth": depth, "nodes": nodes, "seconds": seconds, "nps": nps}));
    } else {
        println!("{nodes}");
    }
    ExitCode::SUCCESS
}

/// One SFEN per line on stdin → its legal moves in USI, sorted in byte order. With `json`, one
/// object per line: `{"moves":[…],"check":bool,"mate":bool,"no_moves":bool,"sfen":canonical}`
/// (for oracles). Without a legal move and not in check the side to move also loses, but that is
/// not mate, so the two are reported apart.
pub fn moves(json: bool) -> ExitCode {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut status = ExitCode::SUCCESS;
    for (n, line) in stdin.lock().lines().enumerate() {
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                eprintln!("line {}: cannot read input: {e}", n + 1);
                return ExitCode::from(2);
            }
        };
        match Position::from_sfen(line.trim()) {
            Ok(pos) => {
                let mut mv: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
                mv.sort_unstable();
                if json {
                    let v = serde_json::json!({
                        "moves": mv,
                        "check": pos.is_check(),
                        "mate": pos.is_checkmate(),
                        "no_moves": mv.is_empty(),
                        "sfen": pos.to_sfen(),
                    });
                    let _ = writeln!(out, "{v}");
                } else {
                    let _ = writeln!(out, "{}", mv.join(" "));
                }
            }
            Err(e) => {
                eprintln!("line {}: {e}", n + 1);
                let _ = writeln!(out);
                status = ExitCode::from(2);
            }
        }
    }
    let _ = out.flush();
    status
}
