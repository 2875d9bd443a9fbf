//! The policies every game's ruleset has: what follows an illegal or changed move, a draw, fallen
//! flags, lateness and a run-out byo-yomi, and the time controls, scoring and penalties.

use serde::{Deserialize, Serialize};

/// What follows an illegal move once it is recorded (rfg 13.4 for Go).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum IllegalMovePolicy {
    /// The offender loses as soon as the move is established (ufs-2016 5.8.3; pl 1.7, 5.1d).
    Loss,
    /// The opponent may claim the win until he has replied; after replying only while the
    /// position is still illegal, and only on his turn (fesa-2017 9.4).
    ClaimWindow,
    /// The position before the move is restored; each of the first `free` illegal moves of a
    /// player gives his opponent `penalty_ms`; the next one loses (rfg 13.4: 2 minutes, third loses).
    Restore { penalty_ms: u64, free: u32 },
}

/// What follows when a player changes a move he has completed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChangedMovePolicy {
    /// The player loses (ufs-2016 5.8.3.4, one of the 5.8.3 automatic losses; pl 4.2 forbids it
    /// and 1.7 makes a forbidden move a loss).
    Loss,
    /// The change is not allowed and the completed move stands; any penalty is the arbiter's
    /// (fesa-2017 4.3, with 13.4 — 9.4's illegal moves are those of articles 1, 3 and 9; rfg 4.3
    /// says when a move is completed, 13.3 restores a disturbed position).
    MoveStands,
}

/// The beginners' exception (fesa-2017 17.1–17.2): an eligible player may take back one illegal
/// move instead of losing. Off unless the organiser enables it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BeginnersTakeback {
    pub enabled: bool,
    /// Players rated below this are beginners (17.2: 400).
    pub rating_below: u32,
    /// Unrated players are beginners (17.2).
    pub unrated: bool,
    /// Take-backs allowed per player (17.1: once).
    pub per_player: u32,
}

/// Replay after a draw with a short time control instead of the remaining times (fesa-2017 12.3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlitzReplay {
    /// Used when both players have less than this left (12.3: 10 minutes).
    pub both_under_ms: u64,
    /// Main time of the blitz game, no byo-yomi (12.3: 8 minutes).
    pub main_ms: u64,
    /// The article that allows it (fesa-2017 12.3).
    pub article: String,
}

/// What a drawn game (sennichite, impasse, both flags) leads to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum DrawPolicy {
    /// ½–½ (ufs-2016 9.2, 10.1).
    HalfPoint,
    /// A new game at once, colours reversed, each keeping his remaining time (fesa-2017 12.2;
    /// pl 5.5); `blitz` is the organiser's 12.3 alternative.
    Replay { blitz: Option<BlitzReplay> },
}

/// Both flags down and the order unknown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum BothFlagsPolicy {
    /// A draw (ufs-2016 6.14; fesa-2017 8.3, 8.11 — there followed by the draw policy's replay).
    Draw,
    /// Play continues, both given the same extra time (pl 6.7; rfg 12.12).
    Continue { extra_ms: u64 },
}

/// A fallen flag against a game-ending event in the same game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FlagPrecedence {
    /// Whatever happened first stands: an event after the flag fell does not count
    /// (ufs-2016 6.8.1–6.8.3).
    EarlierEventStands,
    /// The flag loses unless mate/resignation (5.1), sennichite (5.2) or a declaration (5.3)
    /// ended the game, even after the flag fell (fesa-2017 8.9).
    FlagLosesUnlessGameEnded,
    /// The text says nothing: the first claimed or observed event decides (pl; rfg).
    FirstClaimed,
}

/// Arriving late at the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum LatenessPolicy {
    /// Loss past the allowed lateness; sente's clock runs until he arrives (ufs-2016 6.11).
    LossAfter { allowed_ms: u64 },
    /// Arriving after one's whole time is spent loses (fesa-2017 8.6).
    LossWhenTimeSpent,
    /// Late by more than half the main time loses; both late, both lose (rfg 11).
    LossAfterHalfMainTime,
    /// No rule: the clock alone decides.
    ClockOnly,
}

/// A per-move byo-yomi that runs out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ByoYomiTimeout {
    /// The turn passes to the opponent (rfg, commentary to 12.16).
    TurnPasses,
    /// The flag has fallen: a time loss (ufs-2016 7.4; fesa-2017 8.9; pl 6.3).
    Loss,
}

/// Time-control kinds a ruleset allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TimeControlKind {
    SuddenDeath,
    ByoYomi,
    Fischer,
    Canadian,
}

/// Points for a result, in half points so they stay exact.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scoring {
    pub win_halves: u32,
    /// `None`: the ruleset has no draws (they are replayed).
    pub draw_halves: Option<u32>,
    pub loss_halves: u32,
}

/// Penalties an arbiter may give.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum PenaltyKind {
    Warning,
    TimeToOpponent,
    TimeTaken,
    Loss,
    Fine,
    Expulsion,
}

/// Articles of the outcomes and acts every game has, in the ruleset's own numbering.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Articles {
    pub resignation: String,
    pub time_up: String,
    /// A move made during the opponent's turn (ufs-2016 5.8.3.3; rfg 11 "two moves in a row").
    pub out_of_turn: String,
}
