//! Record files as the command line (and a server) takes them: a record of either game read from
//! its bytes ([`GameRecord::read`]), adjudicated under a ruleset ([`check`]) or written in another
//! format ([`convert`]). The game is told from the content: SGF is Go, anything else goes to the
//! shogi format detection (SFEN, USI, CSA, KIF, KI2, Western; Shift_JIS or UTF-8).

use crate::ruleset::{GameKind, GoRuleset, RulesetError, RulesetId, ShogiRuleset};
use crate::verdict::Verdict;
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

/// Adjudicates every game of `record` under `rules` (default by game, [`default_ruleset`]).
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
            let rules = GoRuleset::by_id(id)?;
            let dead = if dead.is_empty() {
                None
            } else {
                let points = dead.iter().map(|s| go::Point::from_gtp(s, g.size)).collect::<Result<Vec<_>, _>>();
                Some(points.map_err(CheckError::DeadPoint)?)
            };
            Ok(vec![adjudicate_go(g, &rules, dead.as_deref())?.verdict])
        }
    }
}

/// A record written in a format of another game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("--to {format}: a {} record converts only to {}", game.name(), RecordFormat::names(*game))]
pub struct ConvertError {
    pub game: GameKind,
    pub format: RecordFormat,
}

/// The record in `to`. Several shogi games are written one after the other (`/`-separated in
/// CSA, a blank line apart otherwise).
pub fn convert(record: &GameRecord, to: RecordFormat) -> Result<String, ConvertError> {
    let wrong = || ConvertError { game: record.game(), format: to };
    match record {
        GameRecord::Shogi(games) => match to.shogi().ok_or_else(wrong)? {
            Format::Csa => Ok(formats::csa::write_many(games)),
            f => Ok(games.iter().map(|g| formats::write(f, g)).collect::<Vec<_>>().join("\n")),
        },
        GameRecord::Go(g) if to == RecordFormat::Sgf => Ok(g.to_sgf()),
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
        let e = check(&go, Some(RulesetId::Fesa2017), &[]).unwrap_err();
        assert!(matches!(e, CheckError::Ruleset(RulesetError::WrongGame { .. })), "{e}");
        assert_eq!(check(&shogi, None, &["A1".into()]).unwrap_err(), CheckError::DeadInShogi);
        assert_eq!(check(&shogi, None, &[]).unwrap()[0].rules, RulesetId::Fesa2017);
    }
}
