//! `shinpan` — the command-line front of every layer (SPEC.md, "Command-line contract").
//! Each subcommand family lives in its own module; this file only parses and dispatches.
use clap::{Parser, Subcommand};
use std::path::Path;
use std::process::ExitCode;

mod args;
mod check_cmd;
mod convert_cmd;
mod go_cmd;
mod rating_cmd;
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
    /// Adjudicate a game record (shogi or Go, detected from content): result, reason, deciding
    /// article, every violation; for Go also the score.
    Check(args::CheckArgs),
    /// Convert a record between formats (shogi: sfen, usi, csa, kif, ki2, western; Go: sgf).
    Convert(args::ConvertArgs),
    /// Compute ratings after a tournament (FESA Elo, fesa-2017 15).
    Rate {
        #[command(subcommand)]
        system: rating_cmd::RateSystem,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Perft { sfen, no_bulk, json, depth } => shogi_cmd::perft(sfen.as_deref(), depth, no_bulk, json),
        Command::Moves { json } => shogi_cmd::moves(json),
        Command::Check(args) => with_record("check", &args.file, |bytes, game| match game {
            Game::Go => go_cmd::check(&args, bytes),
            Game::Shogi => match shogi::formats::read(bytes) {
                Ok(records) => check_cmd::check_shogi(&args, records),
                Err(e) => {
                    eprintln!("shinpan check: {}: {e}", args.file.display());
                    ExitCode::from(2)
                }
            },
        }),
        Command::Convert(args) => with_record("convert", &args.file, |bytes, game| match game {
            Game::Go => go_cmd::convert(&args, bytes),
            Game::Shogi => convert_cmd::convert_shogi(&args, bytes),
        }),
        Command::Rate { system } => rating_cmd::run(system),
    }
}

enum Game {
    Shogi,
    Go,
}

/// Reads a record file and tells the game from its content: SGF is Go, anything else goes to
/// the shogi format detection. Exit code 2 when the file cannot be read (SPEC.md).
fn with_record(cmd: &str, file: &Path, run: impl FnOnce(&[u8], Game) -> ExitCode) -> ExitCode {
    match std::fs::read(file) {
        Ok(bytes) => {
            let game = if go_cmd::is_sgf(&String::from_utf8_lossy(&bytes)) { Game::Go } else { Game::Shogi };
            run(&bytes, game)
        }
        Err(e) => {
            eprintln!("shinpan {cmd}: {}: {e}", file.display());
            ExitCode::from(2)
        }
    }
}
