//! What a game ended with, and what the referee found wrong on the way (the keys of a verdict).

use crate::Side;
use crate::clock::TimeControl;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    BlackWin,
    WhiteWin,
    Draw,
    NoResult,
    Unfinished,
}

impl GameResult {
    pub fn win(side: Side) -> GameResult {
        match side {
            Side::Black => GameResult::BlackWin,
            Side::White => GameResult::WhiteWin,
        }
    }
    pub fn winner(self) -> Option<Side> {
        match self {
            GameResult::BlackWin => Some(Side::Black),
            GameResult::WhiteWin => Some(Side::White),
            _ => None,
        }
    }
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::BlackWin => "black_win",
            GameResult::WhiteWin => "white_win",
            GameResult::Draw => "draw",
            GameResult::NoResult => "no_result",
            GameResult::Unfinished => "unfinished",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    Checkmate,
    Resignation,
    Sennichite,
    PerpetualCheck,
    IllegalMove,
    TimeUp,
    Declaration,
    Impasse,
    Score,
    BothFlags,
    Lateness,
    ArbiterDecision,
    /// A whole-board position repeated in Go (triple ko, eternal life; rfg 6.3).
    Cycle,
}

impl Reason {
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Resignation => "resignation",
            Reason::Sennichite => "sennichite",
            Reason::PerpetualCheck => "perpetual_check",
            Reason::IllegalMove => "illegal_move",
            Reason::TimeUp => "time_up",
            Reason::Declaration => "declaration",
            Reason::Impasse => "impasse",
            Reason::Score => "score",
            Reason::BothFlags => "both_flags",
            Reason::Lateness => "lateness",
            Reason::ArbiterDecision => "arbiter_decision",
            Reason::Cycle => "cycle",
        }
    }
}

/// What the rules prescribe after the result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Followup {
    /// Play a new game at once with colours reversed (fesa-2017 12.2, 12.3; pl 5.5): the new
    /// game's Black is the old White. `time` holds the new game's time controls, [Black, White].
    /// For a Go cycle (rfg 6.3) the game is replayed with the same colours and no time given.
    Replay { colours_reversed: bool, time: Option<[TimeControl; 2]>, article: String },
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub result: GameResult,
    pub reason: Reason,
    pub article: Option<String>,
    /// Moves played when the game ended (for an illegal move, the number of that move).
    pub ply: usize,
    pub followup: Option<Followup>,
}

/// The game ended with `result`; the referee adds the ply, and the follow-up of a draw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct End {
    pub result: GameResult,
    pub reason: Reason,
    pub article: String,
    /// What the game's own rules prescribe next (a Go cycle replayed, rfg 6.3).
    pub followup: Option<Followup>,
}

impl End {
    pub fn new(result: GameResult, reason: Reason, article: impl Into<String>) -> End {
        End { result, reason, article: article.into(), followup: None }
    }
    pub fn win(side: Side, reason: Reason, article: impl Into<String>) -> End {
        End::new(GameResult::win(side), reason, article)
    }
    pub fn draw(reason: Reason, article: impl Into<String>) -> End {
        End::new(GameResult::Draw, reason, article)
    }
}

/// Something against the rules, at a ply.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Violation {
    /// The move number (1-based) it concerns, or the number of moves played.
    pub ply: usize,
    pub article: String,
    /// Short code: `illegal_move`, `time_up`, `false_end_word`, `false_claim`, …
    pub reason: String,
    pub detail: String,
}
