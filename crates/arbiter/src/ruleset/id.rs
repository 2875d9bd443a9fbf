//! The rulesets by name, and the games they are for.

use super::AnyRuleset;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The game a ruleset is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum GameKind {
    Shogi,
    Go,
}

impl GameKind {
    pub fn as_str(self) -> &'static str {
        match self {
            GameKind::Shogi => "shogi",
            GameKind::Go => "go",
        }
    }

    /// The game's name in prose ("Go" capitalised).
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Shogi => "shogi",
            GameKind::Go => "Go",
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A ruleset by its name: every ruleset shinpan knows. Each value's rules are built in its own
/// file of this module (docs/rules.md describes them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum RulesetId {
    /// FESA official rules, 2017 (shogi).
    #[serde(rename = "fesa-2017")]
    #[cfg_attr(feature = "clap", value(name = "fesa-2017"))]
    Fesa2017,
    /// Ukrainian Shogi Federation rules, 2016 (shogi).
    #[serde(rename = "ufs-2016")]
    #[cfg_attr(feature = "clap", value(name = "ufs-2016"))]
    Ufs2016,
    /// The Polish compilation of shogi rules.
    #[serde(rename = "pl")]
    #[cfg_attr(feature = "clap", value(name = "pl"))]
    Pl,
    /// Russian Go Federation code (Japanese-style rules).
    #[serde(rename = "rfg")]
    #[cfg_attr(feature = "clap", value(name = "rfg"))]
    Rfg,
    /// rfg with the two-pass end of the Japanese 1989 rules (art. 9), for records played so.
    #[serde(rename = "japanese")]
    #[cfg_attr(feature = "clap", value(name = "japanese", alias = "j1989"))]
    Japanese,
    /// rfg with the two-pass end and the area count of the Chinese rules, for records played so.
    #[serde(rename = "chinese")]
    #[cfg_attr(feature = "clap", value(name = "chinese"))]
    Chinese,
}

impl RulesetId {
    pub const ALL: [RulesetId; 6] = [
        RulesetId::Fesa2017,
        RulesetId::Ufs2016,
        RulesetId::Pl,
        RulesetId::Rfg,
        RulesetId::Japanese,
        RulesetId::Chinese,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            RulesetId::Fesa2017 => "fesa-2017",
            RulesetId::Ufs2016 => "ufs-2016",
            RulesetId::Pl => "pl",
            RulesetId::Rfg => "rfg",
            RulesetId::Japanese => "japanese",
            RulesetId::Chinese => "chinese",
        }
    }

    /// The ruleset itself.
    pub fn ruleset(self) -> AnyRuleset {
        match self {
            RulesetId::Fesa2017 => AnyRuleset::Shogi(super::fesa_2017::fesa_2017()),
            RulesetId::Ufs2016 => AnyRuleset::Shogi(super::ufs_2016::ufs_2016()),
            RulesetId::Pl => AnyRuleset::Shogi(super::pl::pl()),
            RulesetId::Rfg => AnyRuleset::Go(super::rfg::rfg()),
            RulesetId::Japanese => AnyRuleset::Go(super::japanese::japanese()),
            RulesetId::Chinese => AnyRuleset::Go(super::chinese::chinese()),
        }
    }

    pub fn game(self) -> GameKind {
        self.ruleset().game()
    }

    /// The Go ruleset an SGF `RU[]` names: the Japanese and Korean rules end by two passes and
    /// count territory (`japanese`); the Chinese, AGA, New Zealand and Ing rules count area
    /// (`chinese`); anything else is not read (`None`).
    pub fn of_sgf_rules(ru: &str) -> Option<RulesetId> {
        let r = ru.trim().to_ascii_lowercase();
        let has = |w: &[&str]| w.iter().any(|w| r.contains(w));
        if has(&["japan", "korea", "jp", "kr"]) {
            Some(RulesetId::Japanese)
        } else if has(&["chin", "cn", "aga", "zealand", "nz", "ing", "goe", "tromp", "area"]) {
            Some(RulesetId::Chinese)
        } else {
            None
        }
    }

    /// The names of the rulesets for `game`.
    pub fn of_game(game: GameKind) -> Vec<&'static str> {
        RulesetId::ALL.into_iter().filter(|id| id.game() == game).map(RulesetId::as_str).collect()
    }
}

impl fmt::Display for RulesetId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown ruleset `{}` (known: {})", .0, RulesetId::ALL.map(RulesetId::as_str).join(", "))]
pub struct UnknownRuleset(pub String);

impl FromStr for RulesetId {
    type Err = UnknownRuleset;

    fn from_str(s: &str) -> Result<RulesetId, UnknownRuleset> {
        let s = s.trim();
        if s.eq_ignore_ascii_case("j1989") {
            return Ok(RulesetId::Japanese);
        }
        RulesetId::ALL
            .into_iter()
            .find(|id| id.as_str().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownRuleset(s.into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for id in RulesetId::ALL {
            assert_eq!(id.as_str().parse::<RulesetId>(), Ok(id));
            assert_eq!(serde_json::to_string(&id).unwrap(), format!("\"{id}\""));
            assert_eq!(id.ruleset().id(), id, "{id} builds its own ruleset");
        }
        assert_eq!("J1989".parse::<RulesetId>(), Ok(RulesetId::Japanese));
        assert!("jsa".parse::<RulesetId>().is_err());
    }
}
