//! Shogi subcommands: `perft`, `moves` (and the shogi side of `check`/`convert`).

use shogi::Position;
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// Position (default: the start position).
    #[arg(long)]
    sfen: Option<String>,
    /// Play every leaf move instead of counting moves at the last ply.
    #[arg(long)]
    no_bulk: bool,
    /// One JSON line {"depth","nodes","seconds","nps"}.
    #[arg(long)]
    json: bool,
    depth: u32,
}

#[derive(clap::Args, Debug)]
pub struct MovesArgs {
    /// One JSON object per line with the moves, check and mate flags and canonical SFEN.
    #[arg(long)]
    json: bool,
}

impl PerftArgs {
    pub fn json(&self) -> bool {
        self.json
    }
}

impl MovesArgs {
    pub fn json(&self) -> bool {
        self.json
    }
}

pub fn perft(args: PerftArgs) -> crate::error::Result<ExitCode> {
    let PerftArgs { sfen, no_bulk, json, depth } = args;
    let pos = match sfen {
        Some(s) => Position::from_sfen(&s).map_err(|e| crate::error::Error::request("--sfen", e))?,
        None => Position::startpos(),
    };
    let t = Instant::now();
    let nodes = shogi::perft(&pos, depth, !no_bulk);
    let seconds = t.elapsed().as_secs_f64();
    let nps = if seconds > 0.0 { (nodes as f64 / seconds).round() as u64 } else { 0 };
    let text = if json {
        serde_json::json!({"depth": depth, "nodes": nodes, "seconds": seconds, "nps": nps}).to_string()
    } else {
        nodes.to_string()
    };
    crate::error::print(format!("{text}\n").as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// One SFEN per line on stdin → its legal moves in USI, sorted in byte order. With `json`, one
/// object per line: `{"moves":[…],"check":bool,"mate":bool,"no_moves":bool,"sfen":canonical}`
/// (for oracles). Without a legal move and not in check the side to move also loses, but that is
/// not mate, so the two are reported apart.
pub fn moves(args: MovesArgs) -> crate::error::Result<ExitCode> {
    let json = args.json;
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut status = ExitCode::SUCCESS;
    for (n, line) in stdin.lock().lines().enumerate() {
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                eprintln!("line {}: cannot read input: {e}", n + 1);
                return Ok(ExitCode::from(2));
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
    Ok(status)
}
