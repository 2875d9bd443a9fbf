//! `shinpan` — the command-line front of every layer (SPEC.md, "Command-line contract").
//! Each subcommand family lives in its own module; this file only parses and dispatches.
use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod args;
mod check_cmd;
mod convert_cmd;
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
    /// Convert a record between formats (shogi: sfen, usi, csa, kif, ki2, western).
    Convert(args::ConvertArgs),
    /// Read SFENs on stdin, print each one's legal moves in USI, sorted.
    Moves {
        /// One JSON object per line with the moves, check and mate flags and canonical SFEN.
        #[arg(long)]
        json: bool,
    },
    /// Adjudicate a record under a ruleset: result, reason, deciding article, every violation.
    Check(args::CheckArgs),
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
        Command::Check(args) => check(&args),
        Command::Rate { system } => rating_cmd::run(system),
        Command::Convert(args) => match std::fs::read(&args.file) {
            Ok(bytes) => convert_cmd::convert_shogi(&args, &bytes),
            Err(e) => {
                eprintln!("shinpan convert: {}: {e}", args.file.display());
                ExitCode::from(2)
            }
        },
    }
}

/// `shinpan check`: read the record (format detected from content), then referee it.
/// Exit code 2 when the file cannot be read as a record (SPEC.md).
fn check(args: &args::CheckArgs) -> ExitCode {
    let bytes = match std::fs::read(&args.file) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("shinpan check: {}: {e}", args.file.display());
            return ExitCode::from(2);
        }
    };
    match shogi::formats::read(&bytes) {
        Ok(records) => check_cmd::check_shogi(args, records),
        Err(e) => {
            eprintln!("shinpan check: {}: {e}", args.file.display());
            ExitCode::from(2)
        }
    }
}
