//! The game record shared by every format: start position, moves with times and comments, the
//! end the record states, and header information. Formats read into it and write from it.
//!
//! A record is what was *played*, not what was legal: an over-the-board scoresheet may hold an
//! illegal move, and the referee must see it (fesa-2017 9.4). Moves are therefore kept as written
//! as long as they can physically be made ([`Position::play_lenient`]); judging them is the
//! referee's job.

use crate::handicap::Handicap;
use crate::position::{IllegalMove, ImpossibleMove, Position};
use crate::types::{Color, Move};

/// A position reached by [`Record::replay`] and the rule the move into it broke, if any.
pub type Replayed = (Position, Option<IllegalMove>);

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    pub start: Position,
    pub moves: Vec<RecordMove>,
    /// How the record says the game ended, if it says.
    pub end: Option<GameEnd>,
    pub info: RecordInfo,
    /// What the reader tolerated or assumed (a free-text time control, a second end word, a
    /// missing SFEN field …), in file order. Empty for a canonical file.
    pub notes: Vec<ReadNote>,
}

/// Something a reader tolerated or assumed, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadNote {
    /// 1-based line of the file.
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for ReadNote {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordMove {
    pub mv: Move,
    /// Time spent on the move, in milliseconds.
    pub time_ms: Option<u64>,
    /// Comments attached after the move.
    pub comments: Vec<String>,
}

impl RecordMove {
    pub fn new(mv: Move) -> RecordMove {
        RecordMove { mv, time_ms: None, comments: Vec::new() }
    }
    pub fn with_time(mv: Move, time_ms: Option<u64>) -> RecordMove {
        RecordMove { mv, time_ms, comments: Vec::new() }
    }
}

/// The end a record states. Who won follows from the reason and the side to move at the end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameEnd {
    pub reason: EndReason,
    /// Time the side to move spent before the end (e.g. before resigning), in milliseconds.
    pub time_ms: Option<u64>,
    pub comments: Vec<String>,
}

impl GameEnd {
    pub fn new(reason: EndReason) -> GameEnd {
        GameEnd { reason, time_ms: None, comments: Vec::new() }
    }
}

/// End words of KIF (投了, 千日手 …) and CSA (`%TORYO`, `%SENNICHITE` …).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EndReason {
    /// 投了 / %TORYO: the side to move resigns.
    Resign,
    /// 千日手 / %SENNICHITE: fourfold repetition.
    Sennichite,
    /// 詰み / %TSUMI: the side to move is checkmated.
    Checkmate,
    /// 持将棋 / %JISHOGI: impasse.
    Jishogi,
    /// 切れ負け / %TIME_UP: the side to move ran out of time.
    TimeUp,
    /// 反則勝ち: the side to move wins by a foul of the opponent (the previous move, or an act
    /// the record does not show).
    IllegalWin,
    /// 反則負け / %ILLEGAL_MOVE: the side to move loses by a foul (CSA standard: the side to
    /// move made an illegal move, which the record does not hold).
    IllegalLoss,
    /// %+ILLEGAL_ACTION / %-ILLEGAL_ACTION: the given side lost by an illegal act.
    IllegalAction(Color),
    /// 入玉勝ち / %KACHI: the side to move declares a win (27-point declaration).
    DeclarationWin,
    /// 中断 / %CHUDAN: interrupted.
    Interrupted,
    /// 封じ手: the game adjourned with a sealed move (a two-day title match); not yet ended.
    Sealed,
    /// %MAX_MOVES: the move limit was reached.
    MaxMoves,
    /// %HIKIWAKE: agreed or adjudicated draw.
    Draw,
    /// 不詰: a mate problem without mate.
    NoMate,
    /// Any other end word, kept verbatim.
    Other(String),
}

impl EndReason {
    /// The KIF word.
    pub fn kif_word(&self) -> &str {
        match self {
            EndReason::Resign => "投了",
            EndReason::Sennichite => "千日手",
            EndReason::Checkmate => "詰み",
            EndReason::Jishogi => "持将棋",
            EndReason::TimeUp => "切れ負け",
            EndReason::IllegalWin => "反則勝ち",
            EndReason::IllegalLoss | EndReason::IllegalAction(_) => "反則負け",
            EndReason::DeclarationWin => "入玉勝ち",
            EndReason::Interrupted => "中断",
            EndReason::Sealed => "封じ手",
            EndReason::MaxMoves => "最大手数",
            EndReason::Draw => "引き分け",
            EndReason::NoMate => "不詰",
            EndReason::Other(s) => s,
        }
    }
    /// The CSA word (with the leading `%`).
    pub fn csa_word(&self) -> String {
        match self {
            EndReason::Resign => "%TORYO".into(),
            EndReason::Sennichite => "%SENNICHITE".into(),
            EndReason::Checkmate => "%TSUMI".into(),
            EndReason::Jishogi => "%JISHOGI".into(),
            EndReason::TimeUp => "%TIME_UP".into(),
            // CSA states a foul of the side not to move as that side's illegal action; the
            // writer, which knows the side to move, writes it so (`csa::write`).
            EndReason::IllegalWin => "%ILLEGAL_ACTION".into(),
            EndReason::IllegalLoss => "%ILLEGAL_MOVE".into(),
            EndReason::IllegalAction(Color::Black) => "%+ILLEGAL_ACTION".into(),
            EndReason::IllegalAction(Color::White) => "%-ILLEGAL_ACTION".into(),
            EndReason::DeclarationWin => "%KACHI".into(),
            // CSA has no sealed move: the game is interrupted there.
            EndReason::Interrupted | EndReason::Sealed => "%CHUDAN".into(),
            EndReason::MaxMoves => "%MAX_MOVES".into(),
            EndReason::Draw => "%HIKIWAKE".into(),
            EndReason::NoMate => "%FUZUMI".into(),
            EndReason::Other(s) => format!("%{s}"),
        }
    }
}

/// Time control as a record states it (CSA `$TIME_LIMIT`, `$TIME`; KIF 持ち時間).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TimeControl {
    /// Main time per player.
    pub main_ms: u64,
    /// Byo-yomi per move after the main time.
    pub byoyomi_ms: u64,
    /// Fischer increment per move.
    pub increment_ms: u64,
}

/// Header information. Fields the model does not name are kept in `extra`, in file order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RecordInfo {
    /// Sente's (Black's) name; in handicap games the receiver (shitate).
    pub black: Option<String>,
    /// Gote's (White's) name; in handicap games the giver (uwate).
    pub white: Option<String>,
    pub event: Option<String>,
    pub site: Option<String>,
    pub start_time: Option<String>,
    pub end_time: Option<String>,
    pub opening: Option<String>,
    pub time_control: Option<TimeControl>,
    /// The handicap the header names (KIF 手合割, CSA `PI`), if any.
    pub handicap: Option<Handicap>,
    /// Other header lines, as (key, value), in file order.
    pub extra: Vec<(String, String)>,
    /// Comments before the first move.
    pub comments: Vec<String>,
}

impl Record {
    /// A record of no moves from `start`.
    pub fn new(start: Position) -> Record {
        Record { start, moves: Vec::new(), end: None, info: RecordInfo::default(), notes: Vec::new() }
    }

    /// The moves alone.
    pub fn move_list(&self) -> Vec<Move> {
        self.moves.iter().map(|m| m.mv).collect()
    }

    /// Replays the moves leniently: the position after each, and the rule each move broke.
    /// Fails at the first move that cannot physically be made (its 0-based index).
    pub fn replay(&self) -> Result<Vec<Replayed>, (usize, ImpossibleMove)> {
        let mut pos = self.start.clone();
        let mut out = Vec::with_capacity(self.moves.len());
        for (i, m) in self.moves.iter().enumerate() {
            let verdict = pos.play_lenient(m.mv).map_err(|e| (i, e))?;
            out.push((pos.clone(), verdict));
        }
        Ok(out)
    }

    /// The position after all moves (played leniently).
    pub fn final_position(&self) -> Result<Position, (usize, ImpossibleMove)> {
        let mut pos = self.start.clone();
        for (i, m) in self.moves.iter().enumerate() {
            pos.play_lenient(m.mv).map_err(|e| (i, e))?;
        }
        Ok(pos)
    }
}
