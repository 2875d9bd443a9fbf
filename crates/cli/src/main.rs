//! `shinpan` — the command-line front of every layer (SPEC.md, "Command-line contract").
//! Each subcommand family lives in its own module; this file only parses and dispatches.
use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod args;
mod go_cmd;
mod shogi_cmd;

#[derive(Parser)]
#[command(name = "shinpan", version, about = "Referee shogi and Go by the federations' rules")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the legal move tree of a shogi position.
    Perft {
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
    },
    /// Read SFENs on stdin, print each one's legal moves in USI, sorted.
    Moves {
        /// One JSON object per line with the moves, check and mate flags and canonical SFEN.
        #[arg(long)]
        json: bool,
    },
    /// Adjudicate a game record: result, reason, article, violations (Go: the score).
    Check(args::CheckArgs),
    /// Convert a game record to another format.
    Convert(args::ConvertArgs),
}

/// Read a record and hand SGF content to the Go part (the lead's shared dispatcher replaces this).
fn with_sgf(file: &std::path::Path, run: impl FnOnce(&[u8]) -> ExitCode) -> ExitCode {
    match std::fs::read(file) {
        Ok(bytes) if go_cmd::is_sgf(&String::from_utf8_lossy(&bytes)) => run(&bytes),
        Ok(_) => {
            eprintln!("{}: not an SGF record", file.display());
            ExitCode::from(2)
        }
        Err(e) => {
            eprintln!("{}: {e}", file.display());
            ExitCode::from(2)
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Perft { sfen, no_bulk, json, depth } => shogi_cmd::perft(sfen.as_deref(), depth, no_bulk, json),
        Command::Moves { json } => shogi_cmd::moves(json),
        Command::Check(a) => with_sgf(&a.file, |b| go_cmd::check(&a, b)),
        Command::Convert(a) => with_sgf(&a.file, |b| go_cmd::convert(&a, b)),
    }
}
