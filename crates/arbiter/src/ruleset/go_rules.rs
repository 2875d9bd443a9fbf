//! The fields of a Go ruleset beyond those every game has: the passes that end the game, komi,
//! Canadian byo-yomi, handicap ties, cycles, and the articles of Go's outcomes and acts.

use super::Cited;
use serde::{Deserialize, Serialize};

/// Go's own rules in a ruleset (`Ruleset<GoRules>`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoRules {
    /// Consecutive passes that end the main game (rfg 7.1: three).
    pub passes_to_end: Cited<u32>,
    /// How the finished position is counted: territory and prisoners (rfg 9.2), or area.
    pub counting: Cited<Counting>,
    /// Points added to White (rfg 9.3: usually 6.5).
    pub komi: Cited<f64>,
    /// N moves in T not made: loss (rfg 12.15). `true` = loss.
    pub canadian_failure_loses: Cited<bool>,
    /// Equal scores in a handicap game go to White (rfg 10).
    pub handicap_tie_to_white: Cited<bool>,
    /// A cycle (triple ko, eternal life) ends the game with this ruling (rfg 6.3).
    pub cycle: Cited<CycleOutcome>,
    pub articles: GoArticles,
}

/// How a finished Go position is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Counting {
    /// Territory and prisoners (rfg 8–9; the Japanese rules).
    Territory,
    /// Area: territory and living stones on the board (the Chinese rules).
    Area,
}

impl From<Counting> for go::score::Counting {
    fn from(c: Counting) -> go::score::Counting {
        match c {
            Counting::Territory => go::score::Counting::Territory,
            Counting::Area => go::score::Counting::Area,
        }
    }
}

/// What the arbiter rules when a Go position repeats (rfg 6.3: no result, both lose, or replay).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CycleOutcome {
    /// The game has no result.
    NoResult,
    /// No result, and the game is played again.
    Replay,
}

/// Articles of Go's outcomes and acts, in the ruleset's own numbering.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoArticles {
    /// The result of the count: the higher score wins (rfg 10.2).
    pub result_by_score: String,
    /// How the score is made: territory and prisoners (rfg 9.2).
    pub count: String,
    /// The players agree on the dead stones after the game (rfg 7.2).
    pub dead_stones: String,
    /// The position changes only by moves (rfg 3.1): a record's setup mid-game is listed.
    pub position_changes_by_moves: String,
    /// A game started by the wrong colour goes on (rfg 13.2).
    pub wrong_colour_start: String,
    /// A forfeit (rfg 11: refusing to play by the rules, lateness).
    pub forfeit: String,
    /// One clock runs at a time, the side to move's (rfg 12.1).
    pub one_clock_runs: String,
    /// Each kind of illegal move.
    pub illegal_moves: GoIllegalMoveArticles,
}

/// The article each kind of illegal Go move breaks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoIllegalMoveArticles {
    /// A stone on an occupied point, or off the board (a move is a stone on an empty point).
    pub occupied: String,
    pub suicide: String,
    pub ko: String,
}

impl GoIllegalMoveArticles {
    /// The article `im` breaks.
    pub fn of(&self, im: &go::IllegalMove) -> &str {
        match im {
            go::IllegalMove::Occupied(_) | go::IllegalMove::OffBoard(_) => &self.occupied,
            go::IllegalMove::Suicide(_) => &self.suicide,
            go::IllegalMove::Ko(_) => &self.ko,
        }
    }
}
