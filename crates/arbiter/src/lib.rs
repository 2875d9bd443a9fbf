//! The referee (docs/architecture.md): rulesets as data, clocks, and a game-agnostic state machine
//! fed with timestamped events. Pure and deterministic: time enters only as event timestamps in
//! milliseconds, so every timing rule is testable and replayable.
//!
//! Records are adjudicated by replaying them through the referee in recorded mode:
//! [`adjudicate()`] for shogi records, [`adjudicate_go()`] for SGF (rfg by default).

pub mod clock;
pub mod ruleset;

pub use clock::{Clock, ClockError, Overtime, OvertimeLeft, TimeControl};
pub use ruleset::{AnyRuleset, GameKind, GoRuleset, Ruleset, RulesetError, RulesetId, ShogiRuleset};

use serde::{Deserialize, Serialize};

/// A player. `Black` is sente in shogi (moves first in even games) and Black in Go.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Side {
    Black,
    White,
}

impl Side {
    pub const ALL: [Side; 2] = [Side::Black, Side::White];
    pub fn flip(self) -> Side {
        match self {
            Side::Black => Side::White,
            Side::White => Side::Black,
        }
    }
    pub fn index(self) -> usize {
        self as usize
    }
}

impl From<shogi::Color> for Side {
    fn from(c: shogi::Color) -> Side {
        match c {
            shogi::Color::Black => Side::Black,
            shogi::Color::White => Side::White,
        }
    }
}

impl From<Side> for shogi::Color {
    fn from(s: Side) -> shogi::Color {
        match s {
            Side::Black => shogi::Color::Black,
            Side::White => shogi::Color::White,
        }
    }
}

pub mod outcome;
pub mod refusal;
pub use refusal::Refusal;
pub mod verdict;
pub use verdict::{CycleNote, GoFindings, GoScore, Note, NoteKind, Verdict};
pub mod referee;
pub use outcome::{End, Followup, GameResult, Outcome, Reason, Violation, ViolationKind};
pub use referee::{Answer, ClaimKind, Decision, Event, Game, MAX_MOVES_ARTICLE, Mode, Players, Referee};
pub mod shogi_game;
pub use shogi_game::{ShogiAction, ShogiGame, ShogiMove};

/// A shogi referee.
pub type ShogiReferee = Referee<ShogiGame>;
/// A shogi event.
pub type ShogiEvent = Event<ShogiGame>;
pub mod adjudicate;
pub use adjudicate::adjudicate;
pub mod adjudicate_go;
pub use adjudicate_go::{GoRecordError, GoVerdict, adjudicate_go};
#[doc(hidden)]
pub mod fuzzing;
pub mod go_game;
pub use go_game::{GoAction, GoGame, GoMove};
pub mod live;
pub mod records;
pub use records::{GameRecord, RecordFormat};

/// A Go referee.
pub type GoReferee = Referee<GoGame>;
/// A Go event.
pub type GoEvent = Event<GoGame>;
