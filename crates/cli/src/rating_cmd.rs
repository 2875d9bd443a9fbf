//! `shinpan rate fesa`: the FESA rating program's job (fesa-2017 15) on its own file formats.

use rating::fesa;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Subcommand, Debug, Clone)]
pub enum RateSystem {
    /// FESA Elo (fesa-2017 15): read the rating list and a tournament, print the new list.
    Fesa(FesaArgs),
}

#[derive(clap::Args, Debug, Clone)]
pub struct FesaArgs {
    /// Rating list before the tournament (`ratingliste.pre`).
    #[arg(long)]
    pub list: PathBuf,
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

#[derive(serde::Serialize)]
struct JsonPlayer {
    name: String,
    rating: i64,
    /// Games, the two pseudo-games of new players included, as the official lists count them.
    games: i64,
    /// Rating-derived grade ("3 Dan"), null while the player has none.
    grade: Option<String>,
}

/// The program reads and writes ISO-8859-1; UTF-8 files are accepted too.
fn read_text(path: &Path) -> Result<(String, bool), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(match String::from_utf8(bytes) {
        Ok(s) => (s, true),
        Err(e) => (e.into_bytes().iter().map(|&b| b as char).collect(), false),
    })
}

fn encode(text: &str, utf8: bool) -> Vec<u8> {
    if utf8 {
        return text.as_bytes().to_vec();
    }
    // Back to ISO-8859-1; characters outside it cannot come from a Latin-1 input.
    text.chars().map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?')).collect()
}

pub fn run(system: RateSystem) -> crate::error::Result<ExitCode> {
    let RateSystem::Fesa(args) = system;
    Ok(match fesa_cmd(&args) {
        Ok(out) => {
            use std::io::Write;
            let mut stdout = std::io::stdout().lock();
            if stdout.write_all(&out).and_then(|_| stdout.flush()).is_err() {
                return Ok(ExitCode::from(1));
            }
            ExitCode::SUCCESS
        }
        Err(msg) => {
            eprintln!("shinpan rate fesa: {msg}");
            ExitCode::from(2)
        }
    })
}

fn fesa_cmd(args: &FesaArgs) -> Result<Vec<u8>, String> {
    let (list, utf8) = read_text(&args.list)?;
    let (tour, _) = read_text(&args.tournament)?;
    let new = match &args.new_players {
        Some(p) => Some((read_text(p)?.0, p)),
        None => None,
    };
    let at = |p: &Path, e: fesa::FesaError| format!("{}: {e}", p.display());
    let pre = fesa::read_list(&list).map_err(|e| at(&args.list, e))?;
    let new_players = match &new {
        Some((text, p)) => fesa::read_new_players(text).map_err(|e| at(p, e))?,
        None => fesa::NewPlayers::default(),
    };
    let t = fesa::read_tournament(&tour).map_err(|e| at(&args.tournament, e))?;
    let mut outcome = fesa::rate(&pre, &new_players.players, &t).map_err(|e| at(&args.tournament, e))?;
    if let Some((_, p)) = &new {
        fesa::apply_promotions(&mut outcome.list, &new_players.promotions).map_err(|e| at(p, e))?;
    }
    if args.json {
        let v: Vec<JsonPlayer> = outcome
            .list
            .iter()
            .map(|p| JsonPlayer {
                name: p.display_name(),
                rating: p.elo,
                games: p.games.count(),
                grade: p.grade.map(|g| g.to_string()),
            })
            .collect();
        let mut s = serde_json::to_string(&v).map_err(|e| e.to_string())?;
        s.push('\n');
        return Ok(s.into_bytes());
    }
    let text = if args.all_txt { fesa::write_all_txt(&outcome.list, &t.date) } else { fesa::write_list(&outcome.list) };
    Ok(encode(&text, utf8))
}
