//! `shinpan` — the command-line front of every layer (SPEC.md, "Command-line contract").
//! Each subcommand family lives in its own module; this file only parses and dispatches.
use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod args;
mod check_cmd;
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
    /// Adjudicate a record under a ruleset: result, reason, deciding article, every violation.
    Check(args::CheckArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Perft { sfen, no_bulk, json, depth } => shogi_cmd::perft(sfen.as_deref(), depth, no_bulk, json),
        Command::Moves { json } => shogi_cmd::moves(json),
        Command::Check(args) => check_cmd::run(&args),
    }
}
