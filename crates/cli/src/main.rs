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
mod tournament_cmd;

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
    /// Pair the next round of a tournament (FIDE TRF with TRF(x) extensions); prints
    /// bbpPairings' `-p` format: the number of pairs, then `FIRST SECOND` per line, a bye `ID 0`.
    Pair {
        file: std::path::PathBuf,
        /// dutch (FIDE C.04.3), mcmahon (pl 8.2), round-robin (Berger), knockout. Default: the file's.
        #[arg(long)]
        system: Option<String>,
        /// Output file (default: stdout).
        #[arg(short, long)]
        output: Option<std::path::PathBuf>,
        /// Edition of the Dutch rules C.04.3: 2025 or 2017.
        #[arg(long, default_value = "2025")]
        edition: String,
        /// One JSON object with boards, handicaps and byes instead of the bbpPairings format.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        mcmahon: tournament_cmd::McMahonOpts,
        #[command(flatten)]
        sente: tournament_cmd::PairOpts,
    },
    /// Standings with tie-breaks and the crosstable.
    Standings {
        file: std::path::PathBuf,
        /// Comma-separated order: sb, de, median, buchholz, cut1, progressive, sos, sosos, sodos,
        /// wins, rating (default by system, pl 8.3).
        #[arg(long)]
        tiebreaks: Option<String>,
        /// text, csv, html, json, egf.
        #[arg(long, default_value = "text")]
        format: String,
        /// Unplayed rounds in Buchholz/SOS: dummy (FIDE 2024), virtual (FIDE 2009), fixed:X.
        #[arg(long, default_value = "dummy")]
        unplayed: String,
        /// Pairing system, for the default tie-breaks and McMahon scores.
        #[arg(long)]
        system: Option<String>,
        #[command(flatten)]
        mcmahon: tournament_cmd::McMahonOpts,
    },
    /// Enter a game's result into a TRF file (written back atomically); without --result, list
    /// the round's boards.
    Result {
        file: std::path::PathBuf,
        #[arg(long)]
        round: u32,
        /// Board number as listed (first movers' pairing numbers in order).
        #[arg(long)]
        board: Option<usize>,
        /// Either player's pairing number, instead of --board.
        #[arg(long)]
        player: Option<u32>,
        /// 1-0, 0-1, ½-½, +/- (forfeit win), -/+, --/-- (double forfeit); first mover first.
        #[arg(long)]
        result: Option<String>,
        /// The game was drawn and replayed with colours reversed (fesa 12.2); the result is the replay's.
        #[arg(long)]
        replayed: bool,
        /// Replace a result already entered.
        #[arg(long)]
        correct: bool,
    },
    /// Check every round of a tournament (system from the file): Dutch, round robin and knockout
    /// rounds are re-paired and compared; McMahon rounds are checked against its absolute rules.
    CheckPairings {
        file: std::path::PathBuf,
        /// Edition of C.04.3: 2025 or 2017.
        #[arg(long, default_value = "2025")]
        edition: String,
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        mcmahon: tournament_cmd::McMahonOpts,
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
        Command::Pair { file, system, output, edition, json, mcmahon, sente } => {
            tournament_cmd::pair(&file, system.as_deref(), output.as_ref(), &edition, json, &mcmahon, &sente)
        }
        Command::Standings { file, tiebreaks, format, unplayed, system, mcmahon } => {
            tournament_cmd::standings(&file, tiebreaks.as_deref(), &format, &unplayed, system.as_deref(), &mcmahon)
        }
        Command::Result { file, round, board, player, result, replayed, correct } => {
            tournament_cmd::result(&file, round, board, player, result.as_deref(), replayed, correct)
        }
        Command::CheckPairings { file, edition, json, mcmahon } => {
            tournament_cmd::check_pairings(&file, &edition, json, &mcmahon)
        }
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
