//! Game clocks for every time control the rulesets allow (docs/rules.md; ufs-2016 7.3, fesa-2017 8.2, pl 6.3, rfg 12).
//!
//! Time enters only as timestamps in milliseconds. The clock knows the exact instant the running
//! side's flag falls ([`Clock::flag_at`]), so a server can schedule it instead of polling, and a
//! scoresheet replay can tell what happened first. A fallen flag is recorded, not enforced: the
//! referee decides what it means (fesa-2017 8.3: a flag counts only when claimed over the board).

use crate::Side;
use serde::{Deserialize, Serialize};

const MINUTE: u64 = 60_000;

/// The longest main time, byo-yomi period or increment a clock takes, and the most main time an
/// arbiter can give: 30 days. Live games are far shorter; the bound keeps every instant plus a
/// time well inside `u64` (an unbounded main time once wrapped round, and the player's flag was
/// due within his first byo-yomi period).
pub const MAX_TIME_MS: u64 = 30 * 24 * 60 * MINUTE;

/// The most byo-yomi periods, or moves in a Canadian period, a clock takes.
pub const MAX_PERIODS: u32 = 1000;

/// What follows the main time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Overtime {
    /// Sudden death: the main time is all (ufs-2016 7.3 allows it).
    None,
    /// Japanese byo-yomi: `periods` periods of `period_ms` per move; a move made inside a period
    /// keeps it, each period overrun is used up, the last one overrun loses (ufs-2016 7.3–7.4;
    /// fesa-2017 8.2 "non-accumulating"; pl 6.3; rfg 12.2).
    ByoYomi { period_ms: u64, periods: u32 },
    /// Canadian byo-yomi: `moves` moves in `period_ms`, then a fresh period; saved time does not
    /// carry over (rfg 12.2, 12.15).
    Canadian { moves: u32, period_ms: u64 },
    /// Fischer increment, credited before each move as in the CSA protocol (fesa-2017 8.2
    /// "accumulating").
    Fischer { increment_ms: u64 },
}

/// One player's time control.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct TimeControl {
    pub main_ms: u64,
    pub overtime: Overtime,
    /// The professional convention (book chapter, "Контроль времени"): a move's time is charged
    /// rounded down to whole minutes while in main time. Flags still fall at the exact instant.
    #[serde(default)]
    pub round_down_to_minutes: bool,
    /// The CSA servers' convention since November 2014 (shogi-server's "least time 0" clock): a
    /// move's time is charged rounded down to whole seconds, so a client that adds up the
    /// whole seconds the server echoes (`,T12`) knows its time exactly. Flags still fall at the
    /// exact instant.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub round_down_to_seconds: bool,
}

impl TimeControl {
    pub fn sudden_death(main_ms: u64) -> TimeControl {
        TimeControl { main_ms, overtime: Overtime::None, round_down_to_minutes: false, round_down_to_seconds: false }
    }
    pub fn byoyomi(main_ms: u64, period_ms: u64, periods: u32) -> TimeControl {
        TimeControl {
            main_ms,
            overtime: Overtime::ByoYomi { period_ms, periods },
            round_down_to_minutes: false,
            round_down_to_seconds: false,
        }
    }
    pub fn canadian(main_ms: u64, moves: u32, period_ms: u64) -> TimeControl {
        TimeControl {
            main_ms,
            overtime: Overtime::Canadian { moves, period_ms },
            round_down_to_minutes: false,
            round_down_to_seconds: false,
        }
    }
    pub fn fischer(main_ms: u64, increment_ms: u64) -> TimeControl {
        TimeControl {
            main_ms,
            overtime: Overtime::Fischer { increment_ms },
            round_down_to_minutes: false,
            round_down_to_seconds: false,
        }
    }
    /// Whether every time of the control is at most [`MAX_TIME_MS`] and its periods or moves at
    /// most [`MAX_PERIODS`]; the reason when not.
    pub fn bounded(&self) -> Result<(), String> {
        let (per_ms, count) = match self.overtime {
            Overtime::None => (0, 0),
            Overtime::ByoYomi { period_ms, periods } => (period_ms, periods),
            Overtime::Canadian { moves, period_ms } => (period_ms, moves),
            Overtime::Fischer { increment_ms } => (increment_ms, 0),
        };
        if self.main_ms > MAX_TIME_MS || per_ms > MAX_TIME_MS {
            return Err(format!("a time of at most {MAX_TIME_MS} ms (30 days)"));
        }
        if count > MAX_PERIODS {
            return Err(format!("at most {MAX_PERIODS} periods or moves a period"));
        }
        Ok(())
    }

    /// The byo-yomi period (0 when there is none), as fesa-2017 15.4 compares it.
    pub fn byoyomi_ms(&self) -> u64 {
        match self.overtime {
            Overtime::ByoYomi { period_ms, .. } => period_ms,
            _ => 0,
        }
    }
}

/// What is left of a side's overtime: one value per kind of overtime, holding its settings and
/// its state, so the two cannot disagree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum OvertimeLeft {
    /// Sudden death.
    None,
    /// Japanese byo-yomi: `periods` periods of `period_ms` left.
    ByoYomi { period_ms: u64, periods: u32 },
    /// Canadian byo-yomi: `moves_left` moves still due in `period_left_ms`; then a fresh period
    /// of `moves` moves in `period_ms`.
    Canadian { moves: u32, period_ms: u64, moves_left: u32, period_left_ms: u64 },
    /// Fischer increment, credited before each move.
    Fischer { increment_ms: u64 },
}

impl OvertimeLeft {
    fn start(overtime: Overtime) -> OvertimeLeft {
        match overtime {
            Overtime::None => OvertimeLeft::None,
            Overtime::ByoYomi { period_ms, periods } => OvertimeLeft::ByoYomi { period_ms, periods },
            Overtime::Canadian { moves, period_ms } => {
                OvertimeLeft::Canadian { moves, period_ms, moves_left: moves, period_left_ms: period_ms }
            }
            Overtime::Fischer { increment_ms } => OvertimeLeft::Fischer { increment_ms },
        }
    }

    /// Time the overtime adds to a move's budget once the main time is gone.
    fn budget(&self) -> u64 {
        match *self {
            OvertimeLeft::None | OvertimeLeft::Fischer { .. } => 0,
            OvertimeLeft::ByoYomi { period_ms, periods } => period_ms * periods as u64,
            OvertimeLeft::Canadian { period_left_ms, .. } => period_left_ms,
        }
    }

    /// Nothing left (the flag has fallen).
    fn spent(&mut self) {
        match self {
            OvertimeLeft::ByoYomi { periods, .. } => *periods = 0,
            OvertimeLeft::Canadian { period_left_ms, .. } => *period_left_ms = 0,
            OvertimeLeft::None | OvertimeLeft::Fischer { .. } => {}
        }
    }
}

/// One side's remaining time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct SideClock {
    pub main_ms: u64,
    /// What is left of the overtime after the main time.
    pub overtime: OvertimeLeft,
    /// The instant this side's flag fell, if it has.
    pub flag_fell_at: Option<u64>,
    /// Total time this side's clock has run.
    pub spent_ms: u64,
    /// Total time credited (increments, penalties to the opponent's benefit) and deducted.
    pub credited_ms: u64,
    pub deducted_ms: u64,
    /// Moves completed.
    pub moves: u32,
}

impl SideClock {
    /// The flag fell at `at` (the first instant recorded stays): nothing is left.
    fn fall(&mut self, at: u64) {
        self.flag_fell_at.get_or_insert(at);
        self.main_ms = 0;
        self.overtime.spent();
    }

    /// Japanese byo-yomi periods left, under byo-yomi.
    pub fn periods(&self) -> Option<u32> {
        match self.overtime {
            OvertimeLeft::ByoYomi { periods, .. } => Some(periods),
            _ => None,
        }
    }

    /// Canadian byo-yomi: the moves still due and the time left in the current period.
    pub fn canadian_period(&self) -> Option<(u32, u64)> {
        match self.overtime {
            OvertimeLeft::Canadian { moves_left, period_left_ms, .. } => Some((moves_left, period_left_ms)),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(rename_all = "snake_case", tag = "kind")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum ClockError {
    #[error("timestamp {t} ms is before the last event at {now} ms")]
    TimeWentBack { t: u64, now: u64 },
    #[error("the clock has not been started")]
    NotStarted,
    #[error("the clock is already running")]
    AlreadyStarted,
    #[error("the clock is paused")]
    Paused,
    #[error("the clock is not paused")]
    NotPaused,
}

/// What pressing the clock charged for the move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveTime {
    pub side: Side,
    /// Time the move took.
    pub elapsed_ms: u64,
    /// When the mover's flag fell during this move, if it did.
    pub flag_fell_at: Option<u64>,
}

/// A two-sided game clock.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    settings: [TimeControl; 2],
    sides: [SideClock; 2],
    /// The side whose turn it is, once started.
    turn: Option<Side>,
    paused: bool,
    /// When the current run of the turn's clock started.
    since: u64,
    /// Time the current turn used before the last pause.
    turn_elapsed: u64,
    /// The latest timestamp seen.
    now: u64,
}

impl Clock {
    pub fn new(settings: [TimeControl; 2]) -> Clock {
        let sides = settings.map(|tc| SideClock {
            main_ms: tc.main_ms,
            overtime: OvertimeLeft::start(tc.overtime),
            flag_fell_at: None,
            spent_ms: 0,
            credited_ms: 0,
            deducted_ms: 0,
            moves: 0,
        });
        Clock { settings, sides, turn: None, paused: false, since: 0, turn_elapsed: 0, now: 0 }
    }

    /// Both players with the same time control.
    pub fn same(tc: TimeControl) -> Clock {
        Clock::new([tc, tc])
    }

    pub fn settings(&self, side: Side) -> &TimeControl {
        &self.settings[side.index()]
    }
    pub fn side(&self, side: Side) -> &SideClock {
        &self.sides[side.index()]
    }
    pub fn turn(&self) -> Option<Side> {
        self.turn
    }
    pub fn is_paused(&self) -> bool {
        self.paused
    }
    pub fn now(&self) -> u64 {
        self.now
    }

    fn tick(&mut self, t: u64) -> Result<(), ClockError> {
        if t < self.now {
            return Err(ClockError::TimeWentBack { t, now: self.now });
        }
        self.now = t;
        Ok(())
    }

    /// Starts `side`'s clock at `t` (the scheduled start: a late player's clock runs, ufs-2016
    /// 6.11; rfg 12.5 Black's clock starts).
    pub fn start(&mut self, t: u64, side: Side) -> Result<(), ClockError> {
        if self.turn.is_some() {
            return Err(ClockError::AlreadyStarted);
        }
        self.tick(t)?;
        self.begin_turn(t, side);
        Ok(())
    }

    fn begin_turn(&mut self, t: u64, side: Side) {
        self.turn = Some(side);
        self.since = t;
        self.turn_elapsed = 0;
        // CSA semantics: the increment is credited before the move (fesa-2017 8.2).
        let s = &mut self.sides[side.index()];
        if let OvertimeLeft::Fischer { increment_ms } = s.overtime
            && s.flag_fell_at.is_none()
        {
            s.main_ms += increment_ms;
            s.credited_ms += increment_ms;
        }
    }

    /// Time the current move may take in all, counted from its start.
    fn budget(&self, side: Side) -> u64 {
        let s = &self.sides[side.index()];
        if s.flag_fell_at.is_some() {
            return 0;
        }
        s.main_ms + s.overtime.budget()
    }

    /// Time the current turn has used by `t`.
    fn elapsed(&self, t: u64) -> u64 {
        if self.paused { self.turn_elapsed } else { self.turn_elapsed + t.saturating_sub(self.since) }
    }

    /// The instant the running side's time runs out if he does not move: a move completed at that
    /// instant is still in time (shogi servers and clocks count whole seconds: 30 s of a 30 s
    /// byo-yomi is in time), one later is not. `None` when the clock is not running or the flag
    /// has already fallen.
    pub fn flag_at(&self) -> Option<u64> {
        let side = self.turn?;
        if self.paused || self.sides[side.index()].flag_fell_at.is_some() {
            return None;
        }
        Some(self.since + self.budget(side).saturating_sub(self.turn_elapsed))
    }

    /// When `side`'s time ran out, if it ran out before `t` (the running side's flag is computed
    /// from the timestamps, so nothing has to tick). At the instant itself he is still in time.
    pub fn flag_fallen(&self, side: Side, t: u64) -> Option<u64> {
        if let Some(f) = self.sides[side.index()].flag_fell_at {
            return Some(f);
        }
        if self.turn == Some(side) {
            return self.flag_at().filter(|&f| f < t);
        }
        None
    }

    /// Time `side` has left at `t` for the current move: main time plus what the overtime gives.
    pub fn remaining(&self, side: Side, t: u64) -> u64 {
        let b = self.budget(side);
        if self.turn == Some(side) { b.saturating_sub(self.elapsed(t)) } else { b }
    }

    /// Main time left (what a replay with the remaining time keeps, fesa-2017 12.2).
    pub fn main_left(&self, side: Side, t: u64) -> u64 {
        let s = &self.sides[side.index()];
        if self.turn == Some(side) { s.main_ms.saturating_sub(self.elapsed(t)) } else { s.main_ms }
    }

    /// The player on turn completes his move at `t`; the opponent's clock starts.
    pub fn press(&mut self, t: u64) -> Result<MoveTime, ClockError> {
        let side = self.turn.ok_or(ClockError::NotStarted)?;
        if self.paused {
            return Err(ClockError::Paused);
        }
        self.tick(t)?;
        let e = self.elapsed(t);
        let flag = self.charge(side, e, t, true);
        self.begin_turn(t, side.flip());
        Ok(MoveTime { side, elapsed_ms: e, flag_fell_at: flag })
    }

    /// The turn goes to `to` at `t` without a completed move (a record that hands the turn on
    /// after an illegal move, rfg 13.4 and 12.14; a game started by the wrong colour, rfg 13.2):
    /// the running side is charged the time he used, as for a move but not counted as one (a
    /// Canadian period still owes its moves). Nothing happens if `to` already has the turn.
    pub fn hand_over(&mut self, t: u64, to: Side) -> Result<Option<u64>, ClockError> {
        let side = self.turn.ok_or(ClockError::NotStarted)?;
        if side == to {
            return Ok(None);
        }
        // Also while paused (an arbiter's correction): the new turn's clock runs on resume.
        self.tick(t)?;
        let e = self.elapsed(t);
        let flag = self.charge(side, e, t, false);
        self.begin_turn(t, to);
        Ok(flag)
    }

    /// Charges a move of `e` ms ending at `t` (`counted`: a completed move); returns the flag
    /// instant if the move overran.
    fn charge(&mut self, side: Side, e: u64, t: u64, counted: bool) -> Option<u64> {
        let budget = self.budget(side);
        let tc = self.settings[side.index()];
        let s = &mut self.sides[side.index()];
        s.spent_ms += e;
        s.moves += counted as u32;
        if s.flag_fell_at.is_some() {
            return s.flag_fell_at;
        }
        if e > budget {
            // The flag fell when the budget ran out; t - (e - budget) is that instant. A move
            // that took the whole budget is in time (see `flag_at`).
            let at = t - (e - budget);
            s.fall(at);
            return Some(at);
        }
        if e < s.main_ms {
            let charged = if tc.round_down_to_minutes {
                e - e % MINUTE
            } else if tc.round_down_to_seconds {
                e - e % 1000
            } else {
                e
            };
            s.main_ms -= charged;
            return None;
        }
        let over = e - s.main_ms;
        s.main_ms = 0;
        match &mut s.overtime {
            // e < budget = main time: the main time covered the move.
            OvertimeLeft::None | OvertimeLeft::Fischer { .. } => {}
            OvertimeLeft::ByoYomi { period_ms, periods } => {
                // Each period overrun is used up; the period the move ended in (at its last
                // instant included) resets.
                *periods -= (over.saturating_sub(1) / *period_ms) as u32;
            }
            OvertimeLeft::Canadian { moves, period_ms, moves_left, period_left_ms } => {
                *period_left_ms -= over;
                *moves_left -= counted as u32;
                if *moves_left == 0 {
                    *moves_left = *moves;
                    *period_left_ms = *period_ms;
                }
            }
        }
        None
    }

    /// The running side's per-move byo-yomi ran out at `t` and he loses the turn instead of the
    /// game (rfg, commentary to 12.16): his main time is gone, his byo-yomi periods stay (each move
    /// has its own), and the opponent's clock starts.
    pub fn pass_turn(&mut self, t: u64) -> Result<(), ClockError> {
        let side = self.turn.ok_or(ClockError::NotStarted)?;
        if self.paused {
            return Err(ClockError::Paused);
        }
        self.tick(t)?;
        let e = self.elapsed(t);
        let s = &mut self.sides[side.index()];
        s.spent_ms += e;
        s.main_ms = 0;
        self.begin_turn(t, side.flip());
        Ok(())
    }

    /// The arbiter stops the clocks (fesa-2017 9.4, 13.4).
    pub fn pause(&mut self, t: u64) -> Result<(), ClockError> {
        if self.turn.is_none() {
            return Err(ClockError::NotStarted);
        }
        if self.paused {
            return Err(ClockError::Paused);
        }
        self.tick(t)?;
        self.fold(t);
        self.paused = true;
        Ok(())
    }

    pub fn resume(&mut self, t: u64) -> Result<(), ClockError> {
        if !self.paused {
            return Err(ClockError::NotPaused);
        }
        self.tick(t)?;
        self.paused = false;
        self.since = t;
        Ok(())
    }

    /// Moves the running segment into `turn_elapsed`, recording a flag that fell meanwhile.
    fn fold(&mut self, t: u64) {
        if let (Some(side), false) = (self.turn, self.paused) {
            if let Some(f) = self.flag_at().filter(|&f| f < t) {
                self.sides[side.index()].fall(f);
            }
            self.turn_elapsed += t - self.since;
            self.since = t;
        }
    }

    /// Penalty or correction: `side` gets `ms` more main time (fesa-2017 13.4 "time to the
    /// opponent"; rfg 13.4 two minutes). A flag that has fallen stays fallen.
    /// The main time is then at most [`MAX_TIME_MS`]: what would pass it is not given
    /// (`credited_ms` counts what was).
    pub fn add_time(&mut self, t: u64, side: Side, ms: u64) -> Result<(), ClockError> {
        self.tick(t)?;
        self.fold(t);
        let s = &mut self.sides[side.index()];
        let ms = ms.min(MAX_TIME_MS.saturating_sub(s.main_ms));
        s.main_ms += ms;
        s.credited_ms += ms;
        Ok(())
    }

    /// Penalty: `ms` taken from `side`'s main time (fesa-2017 13.4 "time taken"), at most all
    /// of it. If the running side is then out of time, his flag falls at `t`.
    pub fn deduct_time(&mut self, t: u64, side: Side, ms: u64) -> Result<(), ClockError> {
        self.tick(t)?;
        self.fold(t);
        let s = &mut self.sides[side.index()];
        let d = ms.min(s.main_ms);
        s.main_ms -= d;
        s.deducted_ms += d;
        if self.turn == Some(side) && s.flag_fell_at.is_none() && self.budget(side) <= self.turn_elapsed {
            self.sides[side.index()].fall(t);
        }
        Ok(())
    }

    /// Records the running side's flag if it has fallen by `t` (e.g. before a flag claim).
    pub fn observe(&mut self, t: u64) -> Result<(), ClockError> {
        self.tick(t)?;
        if let (Some(side), Some(f)) = (self.turn, self.flag_at())
            && f < t
        {
            self.sides[side.index()].fall(f);
        }
        Ok(())
    }

    /// Both players get `ms` more and their flags are raised again (pl 6.7; rfg 12.12: play
    /// continues when both flags are down).
    pub fn extend_both(&mut self, t: u64, ms: u64) -> Result<(), ClockError> {
        self.tick(t)?;
        self.fold(t);
        for s in &mut self.sides {
            s.flag_fell_at = None;
            s.main_ms += ms;
            s.credited_ms += ms;
        }
        // The current turn starts afresh so the extra time is not eaten by the time already used.
        self.turn_elapsed = 0;
        self.since = t;
        Ok(())
    }
}
