//! Record files as the command line (and a server) takes them: a record of either game read from
//! its bytes ([`GameRecord::read`]), adjudicated under a ruleset ([`check`]) or written in another
//! format ([`convert`]). The game is told from the content: SGF is Go, anything else goes to the
//! shogi format detection (SFEN, USI, CSA, KIF, KI2, Western; Shift_JIS or UTF-8).

use crate::ruleset::{GameKind, GoRuleset, RulesetError, RulesetId, ShogiRuleset};
use crate::verdict::{Note, NoteKind, Verdict};
use crate::{GoRecordError, adjudicate, adjudicate_go};
use go::sgf::SgfGame;
use serde::{Deserialize, Serialize};
use shogi::formats::{self, Format};
use std::fmt;
use std::str::FromStr;

/// A record format `convert` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "snake_case")]
pub enum RecordFormat {
    /// Shogi: the final position.
    Sfen,
    /// Shogi: `position … moves …`.
    Usi,
    /// Shogi: CSA v2.2 with times.
    Csa,
    /// Shogi: KIF (Kakinoki).
    Kif,
    /// Shogi: KI2.
    Ki2,
    /// Shogi: Western notation.
    Western,
    /// Go: SGF FF[4].
    Sgf,
}

impl RecordFormat {
    pub const ALL: [RecordFormat; 7] = [
        RecordFormat::Sfen,
        RecordFormat::Usi,
        RecordFormat::Csa,
        RecordFormat::Kif,
        RecordFormat::Ki2,
        RecordFormat::Western,
        RecordFormat::Sgf,
    ];

    pub fn as_str(self) -> &'static str {
        match self.shogi() {
            Some(f) => f.name(),
            None => "sgf",
        }
    }

    /// The game whose records this format holds.
    pub fn game(self) -> GameKind {
        if self == RecordFormat::Sgf { GameKind::Go } else { GameKind::Shogi }
    }

    /// The shogi format, for a shogi one.
    pub fn shogi(self) -> Option<Format> {
        Some(match self {
            RecordFormat::Sfen => Format::Sfen,
            RecordFormat::Usi => Format::Usi,
            RecordFormat::Csa => Format::Csa,
            RecordFormat::Kif => Format::Kif,
            RecordFormat::Ki2 => Format::Ki2,
            RecordFormat::Western => Format::Western,
            RecordFormat::Sgf => return None,
        })
    }

    fn names(game: GameKind) -> String {
        let names: Vec<&str> = RecordFormat::ALL.into_iter().filter(|f| f.game() == game).map(|f| f.as_str()).collect();
        names.join(", ")
    }
}

impl fmt::Display for RecordFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown record format `{}` (shogi: {}; Go: {})", .0, RecordFormat::names(GameKind::Shogi), RecordFormat::names(GameKind::Go))]
pub struct UnknownFormat(pub String);

impl FromStr for RecordFormat {
    type Err = UnknownFormat;

    fn from_str(s: &str) -> Result<RecordFormat, UnknownFormat> {
        if s.trim().eq_ignore_ascii_case("sgf") {
            return Ok(RecordFormat::Sgf);
        }
        let f = Format::from_name(s).ok_or_else(|| UnknownFormat(s.trim().to_string()))?;
        Ok(RecordFormat::ALL.into_iter().find(|r| r.shogi() == Some(f)).expect("every shogi format is a record format"))
    }
}

/// A record read from a file: shogi games (a CSA file may hold several) or a Go game.
#[derive(Debug, Clone)]
pub enum GameRecord {
    Shogi(Vec<shogi::Record>),
    Go(Box<SgfGame>),
}

/// Why a file is not a record.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RecordError {
    /// A shogi record that does not read: where, why, and how much was read before.
    #[error("{}{source}{}",
        source.format.map_or(String::new(), |f| format!("as {}: ", f.name())),
        source.partial.as_ref().map_or(String::new(), |p| format!(" ({} moves read before the error)", p.moves.len())))]
    Shogi { source: formats::FormatError },
    /// An SGF file that does not read.
    #[error("as sgf: {source}")]
    Sgf { source: go::sgf::SgfError },
}

impl GameRecord {
    /// Reads a record of either game from a file's bytes.
    pub fn read(bytes: &[u8]) -> Result<GameRecord, RecordError> {
        if go::sgf::looks_like_sgf(&String::from_utf8_lossy(bytes)) {
            let g = SgfGame::parse(&go::sgf::decode(bytes)).map_err(|source| RecordError::Sgf { source })?;
            Ok(GameRecord::Go(Box::new(g)))
        } else {
            formats::read(bytes).map(GameRecord::Shogi).map_err(|source| RecordError::Shogi { source })
        }
    }

    pub fn game(&self) -> GameKind {
        match self {
            GameRecord::Shogi(_) => GameKind::Shogi,
            GameRecord::Go(_) => GameKind::Go,
        }
    }
}

/// Why a record could not be adjudicated as asked.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CheckError {
    #[error("--rules: {0}")]
    Ruleset(#[from] RulesetError),
    /// Dead stones are agreed at the end of a Go game; a shogi record has none.
    #[error("--dead: dead stones are for Go records (rfg 7.2); this is a shogi record")]
    DeadInShogi,
    #[error("--dead: {0}")]
    DeadPoint(go::CoordError),
    #[error(transparent)]
    Go(#[from] GoRecordError),
}

/// The rulesets a record is judged by when none is asked for: fesa-2017 for shogi, rfg for Go.
pub fn default_ruleset(game: GameKind) -> RulesetId {
    match game {
        GameKind::Shogi => RulesetId::Fesa2017,
        GameKind::Go => RulesetId::Rfg,
    }
}

/// Adjudicates every game of `record` under `rules` (default: a Go record's `RU[]` when it names
/// rules shinpan has, [`RulesetId::of_sgf_rules`], else by game, [`default_ruleset`]).
/// `dead`: the dead stones agreed at the end of a Go game, in GTP coordinates; none given, the
/// record's own `TB`/`TW` marks are taken.
pub fn check(record: &GameRecord, rules: Option<RulesetId>, dead: &[String]) -> Result<Vec<Verdict>, CheckError> {
    let id = rules.unwrap_or(default_ruleset(record.game()));
    match record {
        GameRecord::Shogi(games) => {
            let rules = ShogiRuleset::by_id(id)?;
            if !dead.is_empty() {
                return Err(CheckError::DeadInShogi);
            }
            Ok(games.iter().map(|g| adjudicate(g, &rules)).collect())
        }
        GameRecord::Go(g) => {
            // Without --rules, the rules the record says it was played by (RU[]).
            let from_ru = rules.is_none().then(|| g.rules.as_deref().and_then(RulesetId::of_sgf_rules)).flatten();
            let id = from_ru.unwrap_or(id);
            let rules = GoRuleset::by_id(id)?;
            let dead = if dead.is_empty() {
                None
            } else {
                let points = dead.iter().map(|s| go::Point::from_gtp(s, g.size)).collect::<Result<Vec<_>, _>>();
                Some(points.map_err(CheckError::DeadPoint)?)
            };
            let mut v = adjudicate_go(g, &rules, dead.as_deref())?.verdict;
            if from_ru.is_some() {
                let detail = format!("RU[{}]: judged by {id}", g.rules.as_deref().unwrap_or(""));
                v.notes.insert(0, Note::new(NoteKind::Ruleset, 0, None, detail));
            }
            Ok(vec![v])
        }
    }
}

/// Why a record cannot be written as asked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConvertError {
    /// A record written in a format of another game.
    #[error("--to {format}: a {} record converts only to {}", game.name(), RecordFormat::names(*game))]
    WrongGame { game: GameKind, format: RecordFormat },
    /// Several games where the format holds one a file.
    #[error(
        "--to {format}: the file holds {games} games and a {format} file holds one (csa, sfen and usi hold several)"
    )]
    SeveralGames { format: RecordFormat, games: usize },
}

/// A record written in another format, and what the format could not hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Converted {
    pub text: String,
    /// What the written file loses (results, times, comments, a move number …), one line each,
    /// for the command line to print on stderr.
    pub warnings: Vec<String>,
}

/// The record in `to`, with a warning for each kind of information `to` cannot hold. Several
/// shogi games go one after the other where the format holds several (`/`-separated in CSA,
/// one a line in SFEN and USI); KIF, KI2 and Western hold one game a file, so several are
/// refused.
pub fn convert(record: &GameRecord, to: RecordFormat) -> Result<Converted, ConvertError> {
    let wrong = || ConvertError::WrongGame { game: record.game(), format: to };
    match record {
        GameRecord::Shogi(games) => {
            let f = to.shogi().ok_or_else(wrong)?;
            let text = match f {
                Format::Csa => formats::csa::write_many(games),
                Format::Sfen | Format::Usi => games.iter().map(|g| formats::write(f, g)).collect(),
                _ if games.len() > 1 => return Err(ConvertError::SeveralGames { format: to, games: games.len() }),
                _ => formats::write(f, &games[0]),
            };
            let mut warnings = Vec::new();
            for (i, g) in games.iter().enumerate() {
                let which = if games.len() > 1 { format!("game {}: ", i + 1) } else { String::new() };
                warnings.extend(formats::lost_in(f, g).into_iter().map(|w| format!("{which}{w}")));
            }
            Ok(Converted { text, warnings })
        }
        GameRecord::Go(g) if to == RecordFormat::Sgf => Ok(Converted { text: g.to_sgf(), warnings: Vec::new() }),
        GameRecord::Go(_) => Err(wrong()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_names_read_back() {
        for f in RecordFormat::ALL {
            assert_eq!(f.as_str().parse::<RecordFormat>(), Ok(f));
        }
        assert_eq!("KIFU".parse::<RecordFormat>(), Ok(RecordFormat::Kif));
        let e = "pgn".parse::<RecordFormat>().unwrap_err().to_string();
        assert!(e.contains("sfen, usi, csa, kif, ki2, western") && e.contains("Go: sgf"), "{e}");
    }

    #[test]
    fn the_game_is_told_from_the_content() {
        let go = GameRecord::read(b"(;GM[1]SZ[9];B[ee];W[])").unwrap();
        assert_eq!(go.game(), GameKind::Go);
        let shogi = GameRecord::read(b"position startpos moves 7g7f").unwrap();
        assert_eq!(shogi.game(), GameKind::Shogi);
        assert_eq!(
            convert(&go, RecordFormat::Kif).unwrap_err().to_string(),
            "--to kif: a Go record converts only to sgf"
        );
        assert!(convert(&shogi, RecordFormat::Sgf).is_err());
        let two = GameRecord::read(b"position startpos moves 7g7f\nposition startpos moves 2g2f resign\n").unwrap();
        let GameRecord::Shogi(games) = &two else { panic!() };
        assert_eq!(games.len(), 2, "the USI reader reads every line");
        assert!(matches!(convert(&two, RecordFormat::Kif), Err(ConvertError::SeveralGames { games: 2, .. })));
        let back = GameRecord::read(convert(&two, RecordFormat::Usi).unwrap().text.as_bytes()).unwrap();
        let GameRecord::Shogi(back) = back else { panic!() };
        assert_eq!(&back, games);
        let sfen = convert(&two, RecordFormat::Sfen).unwrap();
        assert!(sfen.warnings.iter().any(|w| w.contains("game 2") && w.contains("result")), "{:?}", sfen.warnings);
        let e = check(&go, Some(RulesetId::Fesa2017), &[]).unwrap_err();
        assert!(matches!(e, CheckError::Ruleset(RulesetError::WrongGame { .. })), "{e}");
        assert_eq!(check(&shogi, None, &["A1".into()]).unwrap_err(), CheckError::DeadInShogi);
        assert_eq!(check(&shogi, None, &[]).unwrap()[0].rules, RulesetId::Fesa2017);
    }
}
