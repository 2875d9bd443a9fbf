//! `shinpan rate fesa`: the FESA rating program's job (fesa-2017 15) on its own file formats.
//! The rating crate does the work on the files' bytes ([`fesa::rate_files`]); this module
//! reads the files, names the one at fault, and prints.

use crate::error::{Error, Result, print};
use crate::files::read;
use rating::fesa::{self, InputFile, Output, RatingFiles};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Subcommand, Debug, Clone)]
pub enum RateSystem {
    /// FESA Elo (fesa-2017 15): read the rating list and a tournament, print the new list.
    ///
    /// Without --list the list starts empty (a club's first event: every player is in
    /// --new-players). The list and all.txt are written in the encoding of the rating list, or
    /// without one of the new players file, or without that of the tournament: ISO-8859-1, as
    /// the official program writes it, or UTF-8 if that file is UTF-8. JSON is UTF-8.
    #[command(
        after_help = "Examples:\n  shinpan rate fesa --list ratingliste.pre --tournament turnering.txt --new-players nye-spillere\n  shinpan rate fesa --tournament turnering.txt --new-players nye-spillere --json"
    )]
    Fesa(FesaArgs),
}

#[derive(clap::Args, Debug, Clone)]
pub struct FesaArgs {
    /// Rating list before the tournament (`ratingliste.pre`); none for a club's first event. Each
    /// file may be `-` for standard input.
    #[arg(long)]
    pub list: Option<PathBuf>,
    /// Tournament results (`turnering.txt`).
    #[arg(long)]
    pub tournament: PathBuf,
    /// New players to register first (`nye-spillere`).
    #[arg(long)]
    pub new_players: Option<PathBuf>,
    /// An array of {"name","rating","games","grade"} instead of the list.
    #[arg(long, conflicts_with = "all_txt")]
    pub json: bool,
    /// The printed list of active players (`all.txt`) instead of the list.
    #[arg(long)]
    pub all_txt: bool,
}

pub fn run(system: RateSystem) -> Result<ExitCode> {
    let RateSystem::Fesa(args) = system;
    let list = args.list.as_deref().map(read).transpose()?;
    let new_players = args.new_players.as_deref().map(read).transpose()?;
    let tournament = read(&args.tournament)?;
    let files = RatingFiles { list: list.as_deref(), new_players: new_players.as_deref(), tournament: &tournament };
    let rated = fesa::rate_files(files).map_err(|e| {
        let path = match e.file {
            InputFile::List => args.list.as_ref(),
            InputFile::NewPlayers => args.new_players.as_ref(),
            InputFile::Tournament => Some(&args.tournament),
        };
        Error::input(path.expect("errors are about the files given").clone(), e.source)
    })?;
    let output = match (args.json, args.all_txt) {
        (true, _) => Output::Json,
        (false, true) => Output::AllTxt,
        (false, false) => Output::List,
    };
    print(&rated.write(output))?;
    Ok(ExitCode::SUCCESS)
}
