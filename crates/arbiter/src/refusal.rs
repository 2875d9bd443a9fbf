//! Why the referee refused an event. A refused event changes nothing but the log; its
//! [`Refusal`] says why in words a player or arbiter reads (with the article where a rule
//! decided it) and, serialized, as a `code` a client can act on.

use crate::Side;
use crate::clock::ClockError;
use crate::ruleset::{PenaltyKind, RulesetId};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(rename_all = "snake_case", tag = "code")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Refusal {
    #[error("the game is over")]
    GameOver,
    #[error(transparent)]
    Clock { error: ClockError },
    #[error("the game has already started")]
    AlreadyStarted,
    #[error("the game has not started")]
    NotStarted,
    #[error("{side:?} has already arrived")]
    AlreadyArrived { side: Side },
    /// Enforced mode: a move by the side not to move.
    #[error("it is {to_move:?}'s turn")]
    NotYourTurn { to_move: Side },
    /// Enforced mode: the event came at or after the instant a flag fell (the game ended there).
    #[error("{side:?}'s flag fell at {at} ms")]
    FlagFell { side: Side, at: u64 },
    /// Enforced mode: a move against the rules is not played.
    #[error("illegal move: {detail} ({article})")]
    IllegalMove { detail: String, article: String },
    /// A move that cannot be carried out on the board at all (no record can hold it).
    #[error("{mv} cannot be played: {detail}")]
    ImpossibleMove { mv: String, detail: String },
    #[error("{side:?} has no completed move to change: the last move is not his")]
    NoMoveToChange { side: Side },
    /// Enforced mode: a completed move stands.
    #[error("a completed move cannot be changed ({article})")]
    MoveCompleted { article: String },
    #[error("outsiders may not point out an illegal move or position ({article})")]
    OutsiderClaim { article: String },
    #[error("a claim needs a player")]
    ClaimWithoutPlayer,
    #[error("no illegal move of the opponent to claim")]
    NothingToClaim,
    #[error("after replying, a claim is made on one's own turn ({article})")]
    ClaimOffTurn { article: String },
    #[error("the claim window closed with the reply and the position is legal again ({article})")]
    ClaimWindowClosed { article: String },
    #[error("{side:?}'s flag has not fallen")]
    FlagNotFallen { side: Side },
    #[error("the game has no clock")]
    NoClock,
    #[error("the clock is not running")]
    ClockNotRunning,
    #[error("the ruleset names no penalties")]
    NoPenalties,
    #[error("{penalty:?} is not a penalty of {article}")]
    PenaltyNotAllowed { penalty: PenaltyKind, article: String },
    #[error("cannot restore ply {ply}: only {played} moves played")]
    RestoreBeyond { ply: usize, played: usize },
    #[error("cannot restore ply {ply}: the game started after {start} moves")]
    RestoreBeforeStart { ply: usize, start: usize },
    #[error("only a per-move byo-yomi under a turn-passes ruleset loses the turn ({article})")]
    NoLostTurn { article: String },
    #[error("{side:?}'s byo-yomi has not run out")]
    ByoYomiLeft { side: Side },
    /// Shogi: the ruleset has no 27-point declaration (pl).
    #[error("{ruleset} has no 27-point declaration")]
    NoDeclaration { ruleset: RulesetId },
    #[error("a declaration is made on one's turn, before moving ({article})")]
    DeclarationOffTurn { article: String },
    /// Shogi: no impasse count by agreement; where the declaration is the way, its articles.
    #[error("{}", match declaration {
        Some(d) => format!("no impasse count by agreement: the 27-point declaration is the way ({d})"),
        None => format!("{ruleset} has no impasse count"),
    })]
    NoImpasseCount { ruleset: RulesetId, declaration: Option<String> },
    #[error("no impasse count proposed by the opponent")]
    NoImpasseProposal,
    /// An impasse count needs both kings in their promotion zones (ufs-2016 5.8.6; pl 5.4).
    #[error("no impasse: {kings} not in the opponent's camp, and only an impasse is counted ({article})")]
    NotAnImpasse { kings: String, article: String },
    /// Go: a point given in GTP coordinates that is not one.
    #[error("{point}: {detail}")]
    BadPoint { point: String, detail: String },
    #[error("{point} is off the {size}×{size} board")]
    OffBoard { point: String, size: u8 },
    /// Go: after the main game, points in seki are not filled (rfg 7.1).
    #[error("{point} is a point in seki: after the main game ended, points in seki are not filled ({article})")]
    SekiPoint { point: String, article: String },
    #[error("dead stones are agreed after {passes} consecutive passes ({article})")]
    BeforeTheEnd { passes: u32, article: String },
    #[error("{point} is marked dead but there is no stone there ({article})")]
    NoStone { point: String, article: String },
    #[error("one agrees to the opponent's proposal, not to one's own ({article})")]
    OwnProposal { article: String },
    #[error("no dead stones proposed by the opponent ({article})")]
    NoProposal { article: String },
    /// Go: the marks of a proposal or a ruling do not fit the board (a seki mark on an empty
    /// point, a neutral mark on a stone, a chain both dead and in seki).
    #[error("{detail} ({article})")]
    Marks { detail: String, article: String },
    /// Go: the count could not be made (the agreed dead stones do not fit the board).
    #[error("{detail}")]
    Count { detail: String },
    /// The game has no such thing as a lost turn (shogi).
    #[error("this game has no lost turn")]
    NoTurnToLose,
}

impl From<ClockError> for Refusal {
    fn from(error: ClockError) -> Refusal {
        Refusal::Clock { error }
    }
}
