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
    /// Start a tournament file: its name, rounds, system, game and ruleset, without players.
    NewTournament(tournament_cmd::NewTournamentArgs),
    /// Withdraw a player from a round on, or add a late entry (TRF file written back atomically).
    Player {
        #[command(subcommand)]
        command: tournament_cmd::PlayerCommand,
    },
}

impl Command {
    /// The subcommand answers in JSON (`--json`, `--format json`): its errors are JSON too.
    fn json(&self) -> bool {
        match self {
            Command::Perft(a) => a.json(),
            Command::Moves(a) => a.json(),
            Command::Check(a) => a.json(),
            Command::Convert(_) => false,
            Command::Rate { system: rating_cmd::RateSystem::Fesa(a) } => a.json,
            Command::Pair(a) => a.json(),
            Command::Standings(a) => a.json(),
            Command::Result(_) => false,
            Command::CheckPairings(a) => a.json(),
            Command::NewTournament(_) | Command::Player { .. } => false,
        }
    }
}

fn main() -> ExitCode {
    let command = match Cli::try_parse() {
        Ok(cli) => cli.command,
        Err(e) => return usage(e),
    };
    let json = command.json();
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
        Command::NewTournament(args) => tournament_cmd::new_tournament(args),
        Command::Player { command } => tournament_cmd::player(command),
    };
    match done {
        Ok(code) => code,
        // Its reader has what it wanted: a quiet end.
        Err(error::Error::Closed) => ExitCode::SUCCESS,
        Err(e) => {
            let report = e.report();
            if json {
                // Under --json the error is one object on standard output, where the answer
                // would have been; if that is closed too there is no one left to tell.
                let _ = error::print(format!("{}\n", report.json()).as_bytes());
            } else {
                use std::io::Write;
                let _ = writeln!(std::io::stderr(), "{}", report.human());
            }
            ExitCode::from(report.exit_code)
        }
    }
}

/// A command line clap refuses, in the one error format (`shinpan: message`, or the JSON object
/// under `--json`); help and version are printed as asked.
fn usage(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match e.kind() {
        // Help into a closed pipe is not an error either.
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        // No subcommand: the help, on standard error, and a usage error's exit code.
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            return ExitCode::from(2);
        }
        _ => {}
    }
    let text = e.render().to_string();
    let message = text.trim_end().strip_prefix("error: ").unwrap_or(text.trim_end()).to_string();
    let report = error::Report { message, exit_code: 2, ..Default::default() };
    if std::env::args().any(|a| a == "--json") {
        let _ = error::print(format!("{}\n", report.json()).as_bytes());
    } else {
        use std::io::Write;
        let _ = writeln!(std::io::stderr(), "{}", report.human());
    }
    ExitCode::from(2)
}
