//! `shinpan` — the command-line front of every layer (docs/architecture.md).
//! Each subcommand family lives in its own module with its arguments; this file only parses,
//! dispatches, and turns an [`error::Error`] into its message and exit code.
use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod error;
mod files;
mod rating_cmd;
mod record_cmd;
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
    Perft(shogi_cmd::PerftArgs),
    /// Read SFENs on stdin, print each one's legal moves in USI, sorted.
    Moves(shogi_cmd::MovesArgs),
    /// Adjudicate a game record (shogi or Go, detected from content): result, reason, deciding
    /// article, every violation; for Go also the score.
    Check(record_cmd::CheckArgs),
    /// Convert a record between formats (shogi: sfen, usi, csa, kif, ki2, western; Go: sgf).
    Convert(record_cmd::ConvertArgs),
    /// Compute ratings after a tournament (FESA Elo, fesa-2017 15).
    Rate {
        #[command(subcommand)]
        system: rating_cmd::RateSystem,
    },
    /// Pair the next round of a tournament (FIDE TRF with TRF(x) extensions); prints
    /// bbpPairings' `-p` format: the number of pairs, then `FIRST SECOND` per line, a bye `ID 0`.
    Pair(tournament_cmd::PairArgs),
    /// Standings with tie-breaks and the crosstable.
    Standings(tournament_cmd::StandingsArgs),
    /// Enter a game's result into a TRF file (written back atomically); without --result, list
    /// the round's boards.
    Result(tournament_cmd::ResultArgs),
    /// Check every round of a tournament (system from the file): Dutch, round robin and knockout
    /// rounds are re-paired and compared; McMahon rounds are checked against its absolute rules.
    CheckPairings(tournament_cmd::CheckPairingsArgs),
    /// Withdraw a player from a round on, or add a late entry (TRF file written back atomically).
    Player {
        #[command(subcommand)]
        command: tournament_cmd::PlayerCommand,
    },
}

impl Command {
    fn name(&self) -> &'static str {
        match self {
            Command::Perft(_) => "perft",
            Command::Moves(_) => "moves",
            Command::Check(_) => "check",
            Command::Convert(_) => "convert",
            Command::Rate { system: rating_cmd::RateSystem::Fesa(_) } => "rate fesa",
            Command::Pair(_) => "pair",
            Command::Standings(_) => "standings",
            Command::Result(_) => "result",
            Command::CheckPairings(_) => "check-pairings",
            Command::Player { command: tournament_cmd::PlayerCommand::Withdraw(_) } => "player withdraw",
            Command::Player { command: tournament_cmd::PlayerCommand::Add(_) } => "player add",
        }
    }
}

fn main() -> ExitCode {
    let command = Cli::parse().command;
    let name = command.name();
    let done = match command {
        Command::Perft(args) => shogi_cmd::perft(args),
        Command::Moves(args) => shogi_cmd::moves(args),
        Command::Check(args) => record_cmd::check(args),
        Command::Convert(args) => record_cmd::convert(args),
        Command::Rate { system } => rating_cmd::run(system),
        Command::Pair(args) => tournament_cmd::pair(args),
        Command::Standings(args) => tournament_cmd::standings(args),
        Command::Result(args) => tournament_cmd::result(args),
        Command::CheckPairings(args) => tournament_cmd::check_pairings(args),
        Command::Player { command } => tournament_cmd::player(command),
    };
    match done {
        Ok(code) => code,
        Err(e) => {
            eprintln!("shinpan {name}: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}
