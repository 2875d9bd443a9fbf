//! What a game ended with, and what the referee found wrong on the way (the keys of a verdict).

use crate::Side;
use crate::clock::TimeControl;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
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
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
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
    /// The move limit of the game's setup reached: a draw (the CSA server protocol's
    /// `Max_Moves`, `#MAX_MOVES`; Floodgate draws at 256).
    MaxMoves,
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
            Reason::MaxMoves => "max_moves",
        }
    }
}

/// What the rules prescribe after the result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Followup {
    /// Play a new game at once with colours reversed (fesa-2017 12.2, 12.3; pl 5.5): the new
    /// game's Black is the old White. `time` holds the new game's time controls, [Black, White].
    /// For a Go cycle (rfg 6.3) the game is replayed with the same colours and no time given.
    Replay { colours_reversed: bool, time: Option<[TimeControl; 2]>, article: String },
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
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
    pub reason: ViolationKind,
    pub detail: String,
}

/// What a violation is: a closed set, serialized as its snake_case code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ViolationKind {
    /// A move against the rules (its kind's article).
    IllegalMove,
    /// An illegal position still on the board when claimed after the reply (fesa-2017 9.4).
    IllegalPosition,
    /// A move during the opponent's turn.
    OutOfTurn,
    /// A completed move changed.
    ChangedMove,
    /// A beginner took an illegal move back (fesa-2017 17).
    Takeback,
    /// A flag fell before the move.
    TimeUp,
    /// A flag had fallen before the game-ending event (ufs-2016 6.8; fesa-2017 8.9).
    FlagFirst,
    /// A per-move byo-yomi ran out and the turn passed (rfg 12.16 commentary).
    TurnLost,
    /// Arriving later than the ruleset allows.
    Lateness,
    /// A penalty the arbiter gave.
    Penalty,
    /// A condition of the 27-point declaration not met.
    DeclarationCondition,
    /// The impasse count's points.
    ImpasseCount,
    /// The Go count (rfg 9.2).
    Score,
    /// A record's end word the position does not bear out.
    FalseEndWord,
    /// A record's stated result (SGF `RE`) the game does not bear out.
    FalseResult,
    /// Moves recorded after the game ended.
    MovesAfterEnd,
    /// A move that cannot be carried out on the board; the replay stops.
    ImpossibleMove,
    /// A record changes the position outside a move (rfg 3.1).
    SetupInRecord,
    /// The wrong colour moved first (rfg 13.2).
    WrongColourStart,
    /// A point in seki filled after the main game (rfg 7.1).
    SekiPointFilled,
    /// Go: a stone on an occupied point (rfg 3.1).
    Occupied,
    /// Go: a point off the board.
    OffBoard,
    /// Go: suicide (rfg 5.1).
    Suicide,
    /// Go: an immediate ko recapture (rfg 5.2).
    Ko,
}

impl ViolationKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ViolationKind::IllegalMove => "illegal_move",
            ViolationKind::IllegalPosition => "illegal_position",
            ViolationKind::OutOfTurn => "out_of_turn",
            ViolationKind::ChangedMove => "changed_move",
            ViolationKind::Takeback => "takeback",
            ViolationKind::TimeUp => "time_up",
            ViolationKind::FlagFirst => "flag_first",
            ViolationKind::TurnLost => "turn_lost",
            ViolationKind::Lateness => "lateness",
            ViolationKind::Penalty => "penalty",
            ViolationKind::DeclarationCondition => "declaration_condition",
            ViolationKind::ImpasseCount => "impasse_count",
            ViolationKind::Score => "score",
            ViolationKind::FalseEndWord => "false_end_word",
            ViolationKind::FalseResult => "false_result",
            ViolationKind::MovesAfterEnd => "moves_after_end",
            ViolationKind::ImpossibleMove => "impossible_move",
            ViolationKind::SetupInRecord => "setup_in_record",
            ViolationKind::WrongColourStart => "wrong_colour_start",
            ViolationKind::SekiPointFilled => "seki_point_filled",
            ViolationKind::Occupied => "occupied",
            ViolationKind::OffBoard => "off_board",
            ViolationKind::Suicide => "suicide",
            ViolationKind::Ko => "ko",
        }
    }

    /// A Go move the board cannot hold, by kind.
    pub fn of_go(im: &go::IllegalMove) -> ViolationKind {
        match im {
            go::IllegalMove::Occupied(_) => ViolationKind::Occupied,
            go::IllegalMove::OffBoard(_) => ViolationKind::OffBoard,
            go::IllegalMove::Suicide(_) => ViolationKind::Suicide,
            go::IllegalMove::Ko(_) => ViolationKind::Ko,
        }
    }
}

impl std::fmt::Display for ViolationKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
