//! The adjudicated state of a record: what `shinpan check` prints, human or JSON (docs/protocol
//! of `check --json` is this type's serialization).

use crate::Side;
use crate::clock::{Clock, SideClock};
use crate::outcome::{Followup, GameResult, Reason, Violation};
use crate::ruleset::{GameKind, RulesetId};
use serde::Serialize;

/// The adjudicated state of a record, as `shinpan check --json` prints it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Verdict {
    pub game: GameKind,
    pub rules: RulesetId,
    pub result: GameResult,
    pub reason: Option<Reason>,
    pub article: Option<String>,
    pub ply: usize,
    pub violations: Vec<Violation>,
    pub followup: Option<Followup>,
    /// What the verdict rests on that breaks no rule: what the reader tolerated or assumed, where
    /// a count's dead stones came from, a result the record states in its own words, whether
    /// the game could be rated. Left out of the JSON when empty.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<Note>,
    /// Go only: the count, the cycles and the clocks.
    #[serde(flatten)]
    pub go: Option<GoFindings>,
}

/// A remark on a verdict that is not a violation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Note {
    pub kind: NoteKind,
    /// The ply it concerns (0: the record as a whole).
    pub ply: usize,
    /// The article it rests on, where one does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub article: Option<String>,
    pub detail: String,
}

/// What a note is about: a closed set, serialized as snake_case codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NoteKind {
    /// Something the record's reader tolerated or assumed (with its line).
    Read,
    /// The time control is below the minimum for a rated game (fesa-2017 15.4): eligibility,
    /// not a violation.
    NotRatedTimeControl,
    /// A foul the record states that its moves do not show, taken as recorded.
    StatedFoul,
    /// Where a Go count's dead stones came from.
    DeadStones,
    /// The ruleset a Go record was judged by, when read from its `RU[]`.
    Ruleset,
    /// How a Go game that did not end by the ruleset's passes was counted.
    Counted,
    /// The result a record states differs from the count, or is in words of its own.
    StatedResult,
    /// A server record with two moves of one colour, read as the other colour's pass.
    ImpliedPass,
    /// How the record continues after an illegal move taken back (rfg 13.4).
    AfterTakeBack,
}

impl NoteKind {
    pub fn as_str(self) -> &'static str {
        match self {
            NoteKind::Read => "read",
            NoteKind::NotRatedTimeControl => "not_rated_time_control",
            NoteKind::StatedFoul => "stated_foul",
            NoteKind::DeadStones => "dead_stones",
            NoteKind::Ruleset => "ruleset",
            NoteKind::Counted => "counted",
            NoteKind::StatedResult => "stated_result",
            NoteKind::ImpliedPass => "implied_pass",
            NoteKind::AfterTakeBack => "after_take_back",
        }
    }
}

impl Note {
    pub fn new(kind: NoteKind, ply: usize, article: Option<String>, detail: impl Into<String>) -> Note {
        Note { kind, ply, article, detail: detail.into() }
    }
}

/// What a Go verdict adds: the score breakdown, whole-board repetitions, the clocks.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GoFindings {
    /// The count, when the game was scored (`null` otherwise).
    pub score: Option<GoScore>,
    /// Whole-board repetitions (rfg 6.3), in record plies.
    pub cycles: Vec<CycleNote>,
    /// The record's times as the referee's clock ended them (only when they were checked).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockReport>,
}

/// The score of a counted Go game (rfg 9.2, 10.2).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GoScore {
    pub black: SideCount,
    pub white: SideCount,
    /// The winner's margin, positive.
    pub margin: f64,
    /// The stones counted dead (GTP coordinates).
    pub dead: Vec<String>,
    /// Stones in seki (GTP coordinates).
    pub seki: Vec<String>,
}

/// One side's count.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SideCount {
    pub territory: u32,
    pub prisoners: u32,
    /// Living stones on the board, under area counting (0 under territory counting).
    #[serde(skip_serializing_if = "is_zero")]
    pub stones: u32,
    pub komi: f64,
    pub total: f64,
}

impl From<&go::score::SideScore> for SideCount {
    fn from(s: &go::score::SideScore) -> SideCount {
        SideCount { territory: s.territory, prisoners: s.prisoners, stones: s.stones, komi: s.komi, total: s.total }
    }
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// Both sides' clocks at the end.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClockReport {
    pub black: SideClock,
    pub white: SideClock,
}

impl From<&Clock> for ClockReport {
    fn from(c: &Clock) -> ClockReport {
        ClockReport { black: *c.side(Side::Black), white: *c.side(Side::White) }
    }
}

/// A whole-board repetition in a Go record: the move at `ply` brought back the position after
/// `first_ply` (rfg 6.3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CycleNote {
    pub ply: usize,
    pub first_ply: usize,
    pub article: String,
}

impl Verdict {
    /// `black_win by checkmate at ply 57 (fesa-2017 5.1)`.
    pub fn summary(&self) -> String {
        let mut s = self.result.as_str().to_string();
        if let Some(r) = self.reason {
            s += &format!(" by {}", r.as_str());
        }
        s += &format!(" at ply {}", self.ply);
        if let Some(a) = &self.article {
            s += &format!(" ({a})");
        }
        s
    }

    /// The summary (with a Go count's breakdown), then one line per violation and per cycle.
    pub fn human(&self) -> String {
        let mut out = self.summary();
        if let Some(s) = self.go.as_ref().and_then(|g| g.score.as_ref()) {
            let (b, w) = (&s.black, &s.white);
            if b.stones + w.stones > 0 {
                out += &format!(
                    ": black {} territory + {} stones = {}, white {} + {} + {} komi = {}, margin {}",
                    b.territory, b.stones, b.total, w.territory, w.stones, w.komi, w.total, s.margin
                );
            } else {
                out += &format!(
                    ": black {} territory + {} prisoners = {}, white {} + {} + {} komi = {}, margin {}",
                    b.territory, b.prisoners, b.total, w.territory, w.prisoners, w.komi, w.total, s.margin
                );
            }
        }
        out.push('\n');
        for v in &self.violations {
            out += &format!("  ply {}: {} ({}): {}\n", v.ply, v.reason, v.article, v.detail);
        }
        for n in &self.notes {
            let article = n.article.as_ref().map(|a| format!(" ({a})")).unwrap_or_default();
            out += &format!("  note, ply {}: {}{article}: {}\n", n.ply, n.kind.as_str(), n.detail);
        }
        for c in self.go.iter().flat_map(|g| &g.cycles) {
            out += &format!("  ply {}: cycle, the position after ply {} repeats ({})\n", c.ply, c.first_ply, c.article);
        }
        out
    }
}
