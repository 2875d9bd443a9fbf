//! The rating program's job on its own files, as bytes in and bytes out: decode, read, rate,
//! apply the promotions ordered with the new players, write the chosen output, encode it. The
//! command line and any other front end call [`rate_files`] and only read and write the bytes.
//!
//! Encoding: the official program reads and writes ISO-8859-1. Each input is decoded on its own:
//! as UTF-8 if it is valid UTF-8 (so pure ASCII too), else as ISO-8859-1. The list and `all.txt`
//! are written in the encoding of the file the names come from: the rating list, or, without
//! one (a club's first event), the new players file, or, without that either, the tournament.
//! JSON is always UTF-8.

use std::borrow::Cow;

use super::{
    FesaError, NewPlayers, Outcome, Player, Tournament, apply_promotions, rate, read_list, read_new_players,
    read_tournament, write_all_txt, write_list,
};

/// The inputs of one rating run, as the files' bytes.
#[derive(Debug, Clone, Copy)]
pub struct RatingFiles<'a> {
    /// The rating list before the tournament (`ratingliste.pre`); `None` starts from an empty
    /// list, as for a club's first event.
    pub list: Option<&'a [u8]>,
    /// The players to register before rating (`nye-spillere`), and the promotions it orders.
    pub new_players: Option<&'a [u8]>,
    /// The tournament's results (`turnering.txt`).
    pub tournament: &'a [u8],
}

/// Which input of [`RatingFiles`] an error is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputFile {
    List,
    NewPlayers,
    Tournament,
}

impl std::fmt::Display for InputFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            InputFile::List => "the rating list",
            InputFile::NewPlayers => "the new players",
            InputFile::Tournament => "the tournament",
        })
    }
}

/// A rating run refused: the input at fault and why (the [`FesaError`] gives the line).
/// Rating errors (unknown player, no fixed point) are the tournament's; unknown players in a
/// promotion are the new players'.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {source}")]
pub struct FileError {
    pub file: InputFile,
    pub source: FesaError,
}

/// What to write after rating.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Output {
    /// The new rating list (`ratingliste.post`), the next run's input.
    List,
    /// The printed list of active players (`all.txt`).
    AllTxt,
    /// `[{"name","rating","games","grade"}, …]` in the list's order, UTF-8.
    Json,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Encoding {
    Utf8,
    Latin1,
}

fn decode(bytes: &[u8]) -> (Cow<'_, str>, Encoding) {
    match std::str::from_utf8(bytes) {
        Ok(s) => (Cow::Borrowed(s), Encoding::Utf8),
        Err(_) => (Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect()), Encoding::Latin1),
    }
}

impl Encoding {
    fn encode(self, text: String) -> Vec<u8> {
        match self {
            Encoding::Utf8 => text.into_bytes(),
            // A character outside ISO-8859-1 can only come from another, UTF-8 input.
            Encoding::Latin1 => text.chars().map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?')).collect(),
        }
    }
}

/// A rated tournament, ready to be written in any [`Output`].
#[derive(Debug, Clone)]
pub struct Rated {
    /// The new list (promotions applied) and the participants' changes.
    pub outcome: Outcome,
    pub tournament: Tournament,
    encoding: Encoding,
}

impl Rated {
    /// The output's bytes, in the inputs' encoding (see the module's documentation).
    pub fn write(&self, output: Output) -> Vec<u8> {
        let list = &self.outcome.list;
        match output {
            Output::List => self.encoding.encode(write_list(list)),
            Output::AllTxt => self.encoding.encode(write_all_txt(list, &self.tournament.date)),
            Output::Json => list_json(list),
        }
    }
}

/// Reads the inputs and rates the tournament (fesa-2017 15).
pub fn rate_files(files: RatingFiles<'_>) -> Result<Rated, FileError> {
    let at = |file| move |source| FileError { file, source };
    let (pre, list_encoding) = match files.list {
        Some(bytes) => {
            let (text, encoding) = decode(bytes);
            (read_list(&text).map_err(at(InputFile::List))?, Some(encoding))
        }
        None => (Vec::new(), None),
    };
    let (new, new_encoding) = match files.new_players {
        Some(bytes) => {
            let (text, encoding) = decode(bytes);
            (read_new_players(&text).map_err(at(InputFile::NewPlayers))?, Some(encoding))
        }
        None => (NewPlayers::default(), None),
    };
    let (text, tournament_encoding) = decode(files.tournament);
    let tournament = read_tournament(&text).map_err(at(InputFile::Tournament))?;
    let mut outcome = rate(&pre, &new.players, &tournament).map_err(at(InputFile::Tournament))?;
    apply_promotions(&mut outcome.list, &new.promotions).map_err(at(InputFile::NewPlayers))?;
    let encoding = list_encoding.or(new_encoding).unwrap_or(tournament_encoding);
    Ok(Rated { outcome, tournament, encoding })
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

/// A list as `[{"name","rating","games","grade"}, …]` in its order, UTF-8 ([`Output::Json`]).
pub fn list_json(list: &[Player]) -> Vec<u8> {
    let players: Vec<JsonPlayer> = list
        .iter()
        .map(|p| JsonPlayer {
            name: p.display_name(),
            rating: p.elo,
            games: p.games.count(),
            grade: p.grade.map(|g| g.to_string()),
        })
        .collect();
    let mut out = serde_json::to_vec(&players).expect("strings and numbers serialize");
    out.push(b'\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const NEW: &str = "(\n(\"Müller\" \"\" (#S(HOME :list #\\E :nationality \"DE\" :residens \"DE\")) 1 \"Dan\" 0 0 nil)\n\
                       (\"B\" \"\" (#S(HOME :list #\\E :nationality \"DE\" :residens \"DE\")) 1 \"Kyu\" 0 0 nil)\n)\n";
    const TOURNAMENT: &str = "[Cup]\n[2020-05-01]\n1 [Müller] [] [2+]\n2 [B] [] [1-]\n";

    fn latin1(s: &str) -> Vec<u8> {
        s.chars().map(|c| u8::try_from(u32::from(c)).unwrap()).collect()
    }

    fn list_of(files: RatingFiles<'_>) -> Vec<u8> {
        rate_files(files).unwrap().write(Output::List)
    }

    #[test]
    fn the_output_follows_the_list_else_the_new_players() {
        let (new_l, tour_l) = (latin1(NEW), latin1(TOURNAMENT));
        let files = |list, new_players, tournament| RatingFiles { list, new_players, tournament };
        // No list: the new players decide.
        let utf8 = list_of(files(None, Some(NEW.as_bytes()), &tour_l));
        assert!(String::from_utf8(utf8.clone()).unwrap().contains("\"Müller\""));
        let l1 = list_of(files(None, Some(&new_l), TOURNAMENT.as_bytes()));
        assert_eq!(l1, latin1(std::str::from_utf8(&utf8).unwrap()));
        // A list decides over the new players, and the next run reads it back the same way.
        let later = latin1(&TOURNAMENT.replace("2020-05-01", "2020-06-01"));
        let again = list_of(files(Some(&l1), None, &later));
        assert!(again.windows(4).any(|w| w == b"\"M\xfcl"), "still ISO-8859-1");
        assert_eq!(list_of(files(Some(b"()"), Some(&new_l), &tour_l)), utf8);
        // JSON is UTF-8 whatever the inputs.
        let json = rate_files(files(None, Some(&new_l), &tour_l)).unwrap().write(Output::Json);
        assert!(std::str::from_utf8(&json).unwrap().starts_with("[{\"name\":\"Müller\""));
    }

    #[test]
    fn errors_name_the_input() {
        let files = |list, new_players, tournament| RatingFiles { list, new_players, tournament };
        let e = rate_files(files(Some(b"(x"), None, TOURNAMENT.as_bytes())).unwrap_err();
        assert_eq!(e.file, InputFile::List);
        let e = rate_files(files(None, Some(b"(("), TOURNAMENT.as_bytes())).unwrap_err();
        assert_eq!(e.file, InputFile::NewPlayers);
        let e = rate_files(files(None, None, TOURNAMENT.as_bytes())).unwrap_err();
        assert_eq!(e.file, InputFile::Tournament);
        assert!(matches!(e.source, FesaError::UnknownPlayer { line: 3, .. }), "{e}");
        assert!(e.to_string().starts_with("the tournament: line 3: unknown player Müller"), "{e}");
    }
}
