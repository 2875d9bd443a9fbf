//! Shogi subcommands: `perft`, `moves` (and the shogi side of `check`/`convert`).

use shogi::Position;
use std::io::{BufRead, Read, Write};

use crate::error::{Error, Report, Result};
use std::process::ExitCode;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// Position as SFEN (default: the start position).
    #[arg(long)]
    sfen: Option<String>,
    /// Play every leaf move instead of counting moves at the last ply.
    #[arg(long)]
    no_bulk: bool,
    /// One JSON line {"depth","nodes","seconds","nps"}.
    #[arg(long)]
    json: bool,
    /// Plies to count, 0 to 20 (a deeper count would take years; the bound also keeps the
    /// recursion's stack bounded).
    #[arg(value_parser = clap::value_parser!(u32).range(0..=MAX_PERFT_DEPTH as i64))]
    depth: u32,
}

/// The deepest perft asked for: perft(10) of the start position is already 10^13 leaves.
pub const MAX_PERFT_DEPTH: u32 = 20;

/// The longest line `moves` reads (an SFEN is under 200 characters).
pub const MAX_LINE: usize = 64 * 1024;

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

pub fn perft(args: PerftArgs) -> Result<ExitCode> {
    let PerftArgs { sfen, no_bulk, json, depth } = args;
    let pos = match sfen {
        Some(s) => Position::from_sfen(&s).map_err(|e| Error::request("--sfen", e))?,
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
///
/// Each answer is written and flushed as soon as its line is read, so a program can drive it
/// line by line. A line that is not an SFEN (or not UTF-8, or longer than [`MAX_LINE`]) gets an
/// empty answer (under `--json` an `{"error":…}` object) and its error on standard error, and
/// the lines after it are answered; the exit code is then 2.
pub fn moves(args: MovesArgs) -> Result<ExitCode> {
    let json = args.json;
    let mut input = std::io::stdin().lock();
    let mut out = std::io::stdout().lock();
    let mut status = ExitCode::SUCCESS;
    let mut buf = Vec::new();
    let stdin = std::path::Path::new("-");
    for n in 1.. {
        buf.clear();
        let read = |e| Error::Read { path: stdin.into(), source: e };
        if (&mut input).take(MAX_LINE as u64 + 1).read_until(b'\n', &mut buf).map_err(read)? == 0 {
            break;
        }
        let answer = match line(&buf) {
            Err(reason) => {
                if !buf.ends_with(b"\n") && buf.len() > MAX_LINE {
                    skip_line(&mut input).map_err(read)?;
                }
                status = ExitCode::from(2);
                let (line, column) = (Some(n), reason.1);
                let report = Report {
                    file: Some("<stdin>".into()),
                    line,
                    column,
                    message: reason.0,
                    exit_code: 2,
                    option: None,
                };
                let _ = writeln!(std::io::stderr(), "{}", report.human());
                if json { report.json() } else { String::new() }
            }
            Ok(pos) => answer(&pos, json),
        };
        writeln!(out, "{answer}").and_then(|()| out.flush()).map_err(Error::stdout)?;
    }
    Ok(status)
}

/// A line's position, or why it has none (with the column, when one is at fault).
fn line(bytes: &[u8]) -> std::result::Result<Position, (String, Option<usize>)> {
    if bytes.len() > MAX_LINE && !bytes.ends_with(b"\n") {
        return Err((format!("longer than {MAX_LINE} bytes"), None));
    }
    let text = std::str::from_utf8(bytes).map_err(|e| ("not UTF-8".to_string(), Some(e.valid_up_to() + 1)))?;
    Position::from_sfen(text.trim()).map_err(|e| (e.to_string(), None))
}

/// Reads to the end of the line (or of the input).
fn skip_line(input: &mut impl BufRead) -> std::io::Result<()> {
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            return Ok(());
        }
        match newline(chunk) {
            Some(i) => {
                input.consume(i + 1);
                return Ok(());
            }
            None => {
                let len = chunk.len();
                input.consume(len);
            }
        }
    }
}

fn newline(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|&b| b == b'\n')
}

fn answer(pos: &Position, json: bool) -> String {
    let mut mv: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    mv.sort_unstable();
    if json {
        serde_json::json!({
            "moves": mv,
            "check": pos.is_check(),
            "mate": pos.is_checkmate(),
            "no_moves": mv.is_empty(),
            "sfen": pos.to_sfen(),
        })
        .to_string()
    } else {
        mv.join(" ")
    }
}
