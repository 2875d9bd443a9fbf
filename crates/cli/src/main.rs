//! `shinpan` — the command-line front of every layer (docs/architecture.md).
//! Each subcommand family lives in its own module with its arguments; this file only parses,
//! dispatches, and turns an [`error::Error`] into its message and exit code.
use clap::{Parser, Subcommand};
use std::process::ExitCode;

// mimalloc: a server restart replays every live log, and glibc's malloc (arena growth, frees,
// consolidation) took about a quarter of it (perf, 10,000 games).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod error;
mod files;
mod match_cmd;
mod rating_cmd;
mod record_cmd;
mod serve_cmd;
mod shogi_cmd;
mod tournament_cmd;

#[derive(Parser)]
#[command(
    name = "shinpan",
    version,
    about = "Referee shogi and Go by the federations' rules",
    after_help = "Every FILE may be `-` for standard input; an input larger than 64 MiB is refused.\n\
Errors: `shinpan: FILE:LINE:COLUMN: message` on standard error (one {\"error\":…} object on\n\
standard output under --json). Exit codes: 0 done, 1 the answer is no (no legal pairing, a check\n\
that found differences or, with --strict, violations), 2 bad input or request.\n\
`shinpan COMMAND --help` shows each command's options and examples."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the live server: games under the referee's clock over HTTP and WebSocket.
    Serve(serve_cmd::ServeArgs),
    /// Engines against each other under the referee's clock (USI for shogi, GTP for Go), with
    /// records, a progress bar and the result table (Elo difference with its error margin).
    Match(match_cmd::MatchArgs),
    /// shinpan's own small player on standard input and output: `usi` (shogi) or `gtp` (Go).
    /// Weak and quick, for a newcomer alone on the site and for tests.
    #[command(
        after_help = "Examples:\n  shinpan engine usi   # a USI engine for shogi GUIs, `shinpan match` or `shinpan serve --engine`\n  shinpan engine gtp   # a GTP engine for Go"
    )]
    Engine {
        /// The protocol to speak: usi (shogi) or gtp (Go).
        #[arg(value_enum)]
        protocol: match_cmd::EngineProtocol,
    },
    /// Count the leaves of the legal move tree of a shogi position.
    #[command(
        after_help = "Examples:\n  shinpan perft 5\n  shinpan perft --json --no-bulk 4\n  shinpan perft --sfen 'lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2' 3"
    )]
    Perft(shogi_cmd::PerftArgs),
    /// Read SFENs on stdin, print each one's legal moves in USI, sorted, each line answered as it
    /// comes; a bad line gets an empty answer and an error, and the lines after it are answered.
    #[command(
        after_help = "Examples:\n  echo 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1' | shinpan moves\n  shinpan moves --json < positions.txt"
    )]
    Moves(shogi_cmd::MovesArgs),
    /// Adjudicate a game record (shogi or Go, detected from content): result, reason, deciding
    /// article, every violation; for Go also the score. Several files or directories: a linter.
    #[command(
        after_help = "A directory contributes its *.kif, *.kifu, *.ki2, *.ki2u, *.csa, *.sfen, *.usi and *.sgf files,\nrecursively. Exit 0 when every record was read, whatever the verdicts (with --strict: 1 when a\ngame has a violation or a false stated result), 2 when a file could not be read.\n\nExamples:\n  shinpan check game.kif\n  shinpan check --rules ufs-2016 --json game.csa\n  shinpan check --dead C3,D4 game.sgf\n  shinpan check --strict records/ other.csa"
    )]
    Check(record_cmd::CheckArgs),
    /// Convert a record between formats (shogi: sfen, usi, csa, kif, ki2, western; Go: sgf).
    #[command(
        after_help = "Examples:\n  shinpan convert game.csa --to kif -o game.kif\n  shinpan convert game.kif --to usi\n  shinpan convert game.sgf --to sgf"
    )]
    Convert(record_cmd::ConvertArgs),
    /// Compute ratings after a tournament (FESA Elo, fesa-2017 15).
    #[command(
        after_help = "Example:\n  shinpan rate fesa --list ratingliste.pre --tournament turnering.txt --new-players nye-spillere"
    )]
    Rate {
        #[command(subcommand)]
        system: rating_cmd::RateSystem,
    },
    /// Pair the next round of a tournament (FIDE TRF with TRF(x) extensions); prints
    /// bbpPairings' `-p` format: the number of pairs, then `FIRST SECOND` per line (board 1 first),
    /// a bye `ID 0`.
    #[command(
        after_help = "Examples:\n  shinpan pair round.trf\n  shinpan pair round.trf --system mcmahon --bar 3d --handicap grade --json\n  shinpan pair rr.trf --sente furigoma --seed 20261123 --record"
    )]
    Pair(tournament_cmd::PairArgs),
    /// Standings with tie-breaks and the crosstable.
    #[command(
        after_help = "Examples:\n  shinpan standings t.trf\n  shinpan standings t.trf --tiebreaks buchholz,sb --format html > standings.html\n  shinpan standings t.trf --system mcmahon --bar 3d --format egf"
    )]
    Standings(tournament_cmd::StandingsArgs),
    /// Enter a game's result into a TRF file (written back atomically); without --result, list
    /// the round's boards, numbered as `pair` printed them.
    #[command(
        after_help = "Examples:\n  shinpan result t.trf --round 2\n  shinpan result t.trf --round 2 --board 1 --result 1-0\n  shinpan result t.trf --round 2 --player 7 --result -/+\n  shinpan result t.trf --round 2 --board 3 --result 0-1 --correct"
    )]
    Result(tournament_cmd::ResultArgs),
    /// Check every round of a tournament (system from the file): Dutch, round robin and knockout
    /// rounds are re-paired and compared; McMahon rounds are checked against its absolute rules.
    #[command(
        after_help = "Exit 0 when every round agrees, 1 when one does not.\n\nExamples:\n  shinpan check-pairings t.trf\n  shinpan check-pairings --edition 2017 --json t.trf"
    )]
    CheckPairings(tournament_cmd::CheckPairingsArgs),
    /// Start a tournament file: its name, rounds, system, game and ruleset, without players.
    #[command(
        after_help = "Examples:\n  shinpan new-tournament club.trf --name 'Club night' --rounds 5\n  shinpan new-tournament rr.trf --name 'Spring league' --system round-robin --rules fesa-2017 --seed 20261123\n  shinpan player add club.trf --name 'Ōyama Yasuharu' --rating 1800 --grade 2d"
    )]
    NewTournament(tournament_cmd::NewTournamentArgs),
    /// Withdraw a player from a round on, or add a late entry (TRF file written back atomically).
    #[command(
        after_help = "Examples:\n  shinpan player add t.trf --name 'Anna Nowak' --rating 1650 --grade 3d\n  shinpan player withdraw t.trf --player 5 --from-round 3"
    )]
    Player {
        #[command(subcommand)]
        command: tournament_cmd::PlayerCommand,
    },
}

impl Command {
    /// The subcommand answers in JSON (`--json`, `--format json`): its errors are JSON too.
    fn json(&self) -> bool {
        match self {
            Command::Serve(_) => false,
            Command::Match(a) => a.json(),
            Command::Engine { .. } => false,
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
        Command::Serve(args) => serve_cmd::serve(args),
        Command::Match(args) => match_cmd::run(args),
        Command::Engine { protocol } => match_cmd::engine(protocol),
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

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory;

    /// Every command and argument is described, closed sets list their values, and every
    /// command a user runs shows examples.
    #[test]
    fn help_describes_every_argument_and_shows_examples() {
        fn walk(cmd: &clap::Command, path: &str, seen: &mut usize) {
            assert!(cmd.get_about().is_some(), "{path}: no description");
            for arg in cmd.get_arguments() {
                let id = arg.get_id().as_str();
                if id == "help" || id == "version" {
                    continue;
                }
                assert!(arg.get_help().is_some_and(|h| !h.to_string().trim().is_empty()), "{path} {id}: no help");
            }
            let after = cmd.get_after_help().map(|h| h.to_string()).unwrap_or_default();
            assert!(after.contains("Example"), "{path}: no examples");
            for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
                *seen += 1;
                walk(sub, &format!("{path} {}", sub.get_name()), seen);
            }
        }
        let cmd = Cli::command();
        let mut seen = 0;
        for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
            seen += 1;
            walk(sub, sub.get_name(), &mut seen);
        }
        assert!(seen >= 14, "{seen} commands");
        // Closed sets: clap lists the values of the typed ones; the list-valued ones say theirs.
        let standings = cmd.find_subcommand("standings").unwrap();
        let help = |name: &str| {
            let arg = standings.get_arguments().find(|a| a.get_id() == name).unwrap();
            (arg.get_help().unwrap().to_string(), arg.get_possible_values().len())
        };
        for t in tournament::TieBreak::ALL {
            assert!(help("tiebreaks").0.contains(t.as_str()), "{t}");
        }
        assert!(help("format").1 == tournament::StandingsFormat::ALL.len());
        assert!(help("unplayed").0.contains("dummy") && help("unplayed").0.contains("fixed:X"));
    }
}
