//! The referee: a state machine over timestamped events, game-agnostic through [`Game`].
//!
//! Two modes (docs/rules.md): **enforced** — an illegal move is refused and nothing
//! changes, flags fall by themselves; **recorded** — the over-the-board scoresheet: the move
//! stands and the ruleset's consequence follows (loss, claim window, or restore and penalty),
//! and a flag counts when it is claimed (fesa-2017 8.3). The game is its event log:
//! [`Referee::replay`] of [`Referee::log`] rebuilds the same state.

use crate::Side;
use crate::clock::{Clock, ClockError};
use crate::outcome::{End, Followup, GameResult, Outcome, Reason, Violation, ViolationKind};
use crate::refusal::Refusal;
use crate::ruleset::{
    BothFlagsPolicy, ByoYomiTimeout, ChangedMovePolicy, DrawPolicy, FlagPrecedence, IllegalMovePolicy, LatenessPolicy,
    PenaltyKind, Ruleset,
};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::Debug;

/// An illegal act found by the game, with its article.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fault {
    pub article: String,
    pub detail: String,
}

/// What playing a move did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    /// The rule the move broke, if any (the move stands in recorded mode).
    pub fault: Option<Fault>,
    /// The game ended by the move itself (mate, repetition, king capture).
    pub end: Option<End>,
}

/// What the referee needs from a game's rules (shogi now; Go plugs in the same way).
pub trait Game: Clone + Debug {
    /// The game's own rules in a ruleset (`Ruleset<Self::Rules>`).
    type Rules: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    type Move: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// Game-specific events (shogi: 27-point declaration, impasse count; Go: dead stones).
    type Action: Clone + Debug + PartialEq + Serialize + DeserializeOwned;

    fn name(&self) -> &'static str;
    fn to_move(&self) -> Side;
    /// Moves played.
    fn ply(&self) -> usize;
    /// Whether the move can be carried out at all (a scoresheet can hold it), and the rule it
    /// breaks if it can. Does not change the game. `Err` is a refusal reason.
    fn judge(&self, mv: &Self::Move, rules: &Ruleset<Self::Rules>) -> Result<Option<Fault>, Refusal>;
    /// Plays a move that `judge` accepted.
    fn play(&mut self, mv: &Self::Move, rules: &Ruleset<Self::Rules>) -> Played;
    /// Back to the position after `ply` moves.
    fn restore(&mut self, ply: usize);
    /// fesa-2017 9.4: the position still shows `offender`'s illegal move (own king capturable,
    /// nifu, dead piece). Judged on the claimant's turn.
    fn still_illegal(&self, offender: Side, rules: &Ruleset<Self::Rules>) -> Option<Fault>;
    /// The side to move loses his turn without moving (rfg, commentary to 12.16: single-move
    /// byo-yomi not respected). `false` where the game has no such thing (shogi).
    fn forfeit_turn(&mut self) -> bool {
        false
    }
    /// The play left has no clock (Go after the third pass: commentary to rfg 7.3). The referee
    /// stops the clock when this becomes true; moves then take no time.
    fn clocks_stopped(&self, _rules: &Ruleset<Self::Rules>) -> bool {
        false
    }
    /// A game-specific event by `side`. `has_time`: whether `side` still has time. Must leave the
    /// game unchanged when it returns `Err`.
    fn act(
        &mut self,
        side: Side,
        action: &Self::Action,
        rules: &Ruleset<Self::Rules>,
        has_time: bool,
    ) -> Result<Acted, Refusal>;
}

/// What a game-specific action did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Acted {
    pub end: Option<End>,
    /// Findings to list with the outcome: (short code, fault).
    pub notes: Vec<(ViolationKind, Fault)>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    Enforced,
    Recorded,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum ClaimKind {
    /// The previous (or a still visible) illegal move of the opponent (fesa-2017 9.4).
    IllegalMove,
    /// The opponent's flag has fallen (fesa-2017 8.3).
    Flag,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Decision {
    /// The arbiter sets the result.
    Result { result: GameResult, reason: Reason, article: String },
    /// A penalty (fesa-2017 13.4; ufs-2016 12.9) against `side`; `ms` for the time penalties.
    Penalty {
        side: Side,
        penalty: PenaltyKind,
        #[serde(default)]
        ms: u64,
    },
    /// Back to the position after `ply` moves (rfg 13.4; a take-back).
    Restore { ply: usize },
    /// A clock put right: `ms` more (or, negative, less) main time for `side`, not as a penalty
    /// — a clock set wrong or broken (fesa-2017 8.10, 8.13; ufs-2016 6.13, 6.13.1; pl 6.6),
    /// or the time after a restored position (rfg 12.14).
    AdjustTime { side: Side, ms: i64 },
    /// Both flags are down and the order cannot be told (ufs-2016 6.14; fesa-2017 8.11; pl 6.7).
    BothFlagsDown,
    /// The side to move let his per-move byo-yomi run out and the official passes the turn to
    /// the opponent (rfg, commentary to 12.16). Enforced mode does this by itself; in recorded
    /// mode it is how a scoresheet shows the opponent moving again.
    TurnLost,
}

/// One timestamped event. `t` is in milliseconds from any fixed origin.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type", bound = "")]
pub enum Event<G: Game> {
    /// The scheduled start: the first mover's clock starts (ufs-2016 6.11; rfg 12.5).
    Start {
        t: u64,
    },
    /// A player arrives at the board (lateness).
    Arrive {
        t: u64,
        side: Side,
    },
    /// A move. `side`, when given, names who made it: a move by the side not to move is an
    /// illegal act (ufs-2016 5.8.3.3 "a move during the opponent's turn"; rfg 11 "two moves in a
    /// row").
    Move {
        t: u64,
        #[serde(rename = "move")]
        mv: G::Move,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        side: Option<Side>,
    },
    Resign {
        t: u64,
        side: Side,
    },
    /// `side` takes back the move he has just completed and plays `mv` instead (ufs-2016
    /// 5.8.3.4 "changing a completed move"; fesa-2017 4.3; pl 4.2; rfg 4.3). Enforced: refused.
    /// Recorded: the ruleset's [`crate::ruleset::ChangedMovePolicy`] follows.
    ChangeMove {
        t: u64,
        side: Side,
        #[serde(rename = "move")]
        mv: G::Move,
    },
    /// A claim; `side` `None` is an outsider (fesa-2017 9.7).
    Claim {
        t: u64,
        side: Option<Side>,
        claim: ClaimKind,
    },
    Decision {
        t: u64,
        decision: Decision,
    },
    Pause {
        t: u64,
    },
    Resume {
        t: u64,
    },
    /// Nothing happened but time passed (a server's scheduled flag check).
    Tick {
        t: u64,
    },
    /// A game-specific action by `side`.
    Game {
        t: u64,
        side: Side,
        action: G::Action,
    },
}

// By hand: a derive would ask the game itself to be comparable.
impl<G: Game> PartialEq for Event<G> {
    fn eq(&self, other: &Self) -> bool {
        use Event::*;
        match (self, other) {
            (Start { t: a }, Start { t: b }) | (Pause { t: a }, Pause { t: b }) => a == b,
            (Resume { t: a }, Resume { t: b }) | (Tick { t: a }, Tick { t: b }) => a == b,
            (Arrive { t: a, side: x }, Arrive { t: b, side: y }) => (a, x) == (b, y),
            (Resign { t: a, side: x }, Resign { t: b, side: y }) => (a, x) == (b, y),
            (ChangeMove { t: a, side: x, mv: p }, ChangeMove { t: b, side: y, mv: q }) => (a, x) == (b, y) && p == q,
            (Move { t: a, mv: x, side: s }, Move { t: b, mv: y, side: u }) => a == b && x == y && s == u,
            (Claim { t: a, side: x, claim: c }, Claim { t: b, side: y, claim: d }) => (a, x, c) == (b, y, d),
            (Decision { t: a, decision: x }, Decision { t: b, decision: y }) => a == b && x == y,
            (Game { t: a, side: x, action: p }, Game { t: b, side: y, action: q }) => a == b && x == y && p == q,
            _ => false,
        }
    }
}

impl<G: Game> Event<G> {
    pub fn t(&self) -> u64 {
        match self {
            Event::Start { t }
            | Event::Arrive { t, .. }
            | Event::Move { t, .. }
            | Event::Resign { t, .. }
            | Event::ChangeMove { t, .. }
            | Event::Claim { t, .. }
            | Event::Decision { t, .. }
            | Event::Pause { t }
            | Event::Resume { t }
            | Event::Tick { t }
            | Event::Game { t, .. } => *t,
        }
    }
}

/// The referee's answer to an event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "verdict")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Answer {
    Accepted,
    Refused { reason: Refusal },
}

/// An illegal move not yet claimed (fesa-2017 9.4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Pending {
    offender: Side,
    /// The act was a move on the board (a take-back undoes it); `false` for a move out of turn.
    played: bool,
    /// The illegal move's number (1-based).
    ply: usize,
    /// The claimant has replied since.
    replied: bool,
}

/// Players' facts the rules depend on.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Players {
    /// FESA ratings, `None` = unrated (fesa-2017 17.2).
    pub rating: [Option<u32>; 2],
}

#[derive(Debug, Clone)]
pub struct Referee<G: Game> {
    rules: Ruleset<G::Rules>,
    mode: Mode,
    players: Players,
    start: G,
    game: G,
    clock: Option<Clock>,
    started_at: Option<u64>,
    arrived: [Option<u64>; 2],
    pending: Vec<Pending>,
    illegal_count: [u32; 2],
    takebacks: [u32; 2],
    /// The flag instant already listed as a violation per side, so a record that plays on after
    /// a fall lists it once, not at every later move.
    flag_reported: [Option<u64>; 2],
    outcome: Option<Outcome>,
    violations: Vec<Violation>,
    log: Vec<(Event<G>, Answer)>,
    /// Time each move on the board took (by the clock, else since the previous event).
    times: Vec<u64>,
    /// Timestamp of the previous move (or of the start).
    last_move_t: Option<u64>,
    /// The clock was stopped because the game's play left is untimed (Go after the third pass).
    stopped_by_game: bool,
    /// The number of moves after which the game is drawn, if any ([`MAX_MOVES_ARTICLE`]).
    max_moves: Option<u32>,
}

/// The article of a game drawn at its setup's move limit.
pub const MAX_MOVES_ARTICLE: &str = "the game's move limit (CSA server protocol 1.2.1: Max_Moves)";

/// A comparable summary of the state, for replay checks and for clients.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Snapshot {
    pub ply: usize,
    pub to_move: Side,
    pub clock: Option<Clock>,
    pub outcome: Option<Outcome>,
    pub violations: Vec<Violation>,
    pub answers: Vec<Answer>,
}

type Step = Result<(), Refusal>;

impl<G: Game> Referee<G> {
    pub fn new(rules: Ruleset<G::Rules>, mode: Mode, game: G, clock: Option<Clock>, players: Players) -> Referee<G> {
        // Moves already on the board at the start (a buoy game's opening) took no time.
        let opened = game.ply();
        Referee {
            rules,
            mode,
            players,
            start: game.clone(),
            game,
            clock,
            started_at: None,
            arrived: [None; 2],
            pending: Vec::new(),
            illegal_count: [0; 2],
            flag_reported: [None; 2],
            takebacks: [0; 2],
            outcome: None,
            violations: Vec::new(),
            log: Vec::new(),
            times: vec![0; opened],
            last_move_t: None,
            stopped_by_game: false,
            max_moves: None,
        }
    }

    /// The game is drawn once `n` moves are on the board and it has not ended otherwise (the
    /// CSA server protocol's `Max_Moves`, as shogi-server judges it after the move); 0: no limit.
    pub fn with_max_moves(mut self, n: u32) -> Referee<G> {
        self.max_moves = (n > 0).then_some(n);
        self
    }

    /// Rebuilds a game from its log.
    pub fn replay(
        rules: Ruleset<G::Rules>,
        mode: Mode,
        game: G,
        clock: Option<Clock>,
        players: Players,
        events: impl IntoIterator<Item = Event<G>>,
    ) -> Referee<G> {
        let mut r = Referee::new(rules, mode, game, clock, players);
        for e in events {
            r.submit(e);
        }
        r
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }
    pub fn rules(&self) -> &Ruleset<G::Rules> {
        &self.rules
    }
    pub fn game(&self) -> &G {
        &self.game
    }
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }
    /// When `side` arrived at the board, if he has (an `Arrive` event).
    pub fn arrived(&self, side: Side) -> Option<u64> {
        self.arrived[side.index()]
    }

    /// The first instant at which a player who has not arrived is past the lateness the ruleset
    /// allows (ufs-2016 6.11: a fixed time; rfg 11: half his main time), and who; `None` when
    /// both have arrived, the game is over or not started, or the clock alone decides
    /// (fesa-2017 8.6; pl).
    pub fn lateness_deadline(&self) -> Option<(Side, u64)> {
        if self.outcome.is_some() {
            return None;
        }
        let start = self.started_at?;
        let allowed = |side: Side| match self.rules.lateness.rule {
            LatenessPolicy::LossAfter { allowed_ms } => Some(allowed_ms),
            LatenessPolicy::LossAfterHalfMainTime => self.clock.as_ref().map(|c| c.settings(side).main_ms / 2),
            LatenessPolicy::LossWhenTimeSpent | LatenessPolicy::ClockOnly => None,
        };
        [Side::Black, Side::White]
            .into_iter()
            .filter(|s| self.arrived[s.index()].is_none())
            .filter_map(|s| Some((s, start + allowed(s)? + 1)))
            .min_by_key(|&(_, at)| at)
    }

    pub fn violations(&self) -> &[Violation] {
        &self.violations
    }
    pub fn log(&self) -> &[(Event<G>, Answer)] {
        &self.log
    }
    pub fn events(&self) -> impl Iterator<Item = &Event<G>> {
        self.log.iter().map(|(e, _)| e)
    }
    pub fn initial(&self) -> &G {
        &self.start
    }
    /// Time each move on the board took, in ms (for records that keep times).
    pub fn move_times(&self) -> &[u64] {
        &self.times
    }

    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            ply: self.game.ply(),
            to_move: self.game.to_move(),
            clock: self.clock.clone(),
            outcome: self.outcome.clone(),
            violations: self.violations.clone(),
            answers: self.log.iter().map(|(_, a)| a.clone()).collect(),
        }
    }

    /// Feeds one event. A refused event changes nothing but the log.
    pub fn submit(&mut self, event: Event<G>) -> Answer {
        if let Some(answer) = self.enforced_flag(event.t(), matches!(event, Event::Tick { .. })) {
            self.log.push((event, answer.clone()));
            return answer;
        }
        let before = self.clone_state();
        let answer = match self.apply(&event) {
            Ok(()) => Answer::Accepted,
            Err(reason) => {
                self.restore_state(before);
                Answer::Refused { reason }
            }
        };
        self.log.push((event, answer.clone()));
        answer
    }

    /// Enforced mode: a flag falls by itself, before anything else at or after its instant —
    /// except that under a "turn passes" byo-yomi policy (rfg 12.16) the turn goes to the opponent
    /// and play goes on.
    fn enforced_flag(&mut self, t: u64, tick: bool) -> Option<Answer> {
        if self.mode != Mode::Enforced || self.outcome.is_some() {
            return None;
        }
        loop {
            let c = self.clock.as_mut()?;
            let side = c.turn()?;
            // A flag computed from the timestamps, or one a time penalty already brought down.
            let f = c.flag_fallen(side, t)?;
            if t < c.now() {
                return None; // `apply` refuses the event: time went back
            }
            // Only a byo-yomi that ran out passes the turn, not a flag a penalty brought down.
            let per_move = matches!(c.settings(side).overtime, crate::clock::Overtime::ByoYomi { .. })
                && c.side(side).flag_fell_at.is_none();
            let passes = self.rules.byoyomi_timeout.rule == ByoYomiTimeout::TurnPasses;
            if per_move && passes && self.game.forfeit_turn() {
                self.turn_passed(side, f).ok()?;
                continue;
            }
            let c = self.clock.as_mut()?;
            c.observe(t).ok()?;
            let art = self.rules.articles.time_up.clone();
            self.finish(End::win(side.flip(), Reason::TimeUp, art), self.game.ply());
            return Some(if tick {
                Answer::Accepted
            } else {
                Answer::Refused { reason: Refusal::FlagFell { side, at: f } }
            });
        }
    }

    /// The turn passed from `side` to the opponent at `f`, his byo-yomi run out (rfg 12.16).
    fn turn_passed(&mut self, side: Side, f: u64) -> Step {
        let art = self.rules.byoyomi_timeout.article.clone();
        self.clock.as_mut().ok_or(Refusal::NoClock)?.pass_turn(f)?;
        self.violations.push(Violation {
            ply: self.game.ply(),
            article: art,
            reason: ViolationKind::TurnLost,
            detail: format!("{side:?} did not move within the byo-yomi; the turn passed at {f} ms"),
        });
        Ok(())
    }

    fn clone_state(&self) -> Saved {
        Saved {
            clock: self.clock.clone(),
            started_at: self.started_at,
            arrived: self.arrived,
            pending: self.pending.clone(),
            illegal_count: self.illegal_count,
            flag_reported: self.flag_reported,
            takebacks: self.takebacks,
            outcome: self.outcome.clone(),
            violations: self.violations.len(),
            times: self.times.len(),
            last_move_t: self.last_move_t,
            stopped_by_game: self.stopped_by_game,
        }
    }

    fn restore_state(&mut self, s: Saved) {
        self.clock = s.clock;
        self.started_at = s.started_at;
        self.arrived = s.arrived;
        self.pending = s.pending;
        self.illegal_count = s.illegal_count;
        self.flag_reported = s.flag_reported;
        self.takebacks = s.takebacks;
        self.outcome = s.outcome;
        self.violations.truncate(s.violations);
        self.times.truncate(s.times);
        self.last_move_t = s.last_move_t;
        self.stopped_by_game = s.stopped_by_game;
    }

    /// The side whose flag fell first by `t`, and when.
    fn fallen(&self, t: u64) -> Option<(Side, u64)> {
        let c = self.clock.as_ref()?;
        let mut best: Option<(Side, u64)> = None;
        for side in Side::ALL {
            if let Some(f) = c.flag_fallen(side, t)
                && best.is_none_or(|(_, b)| f < b)
            {
                best = Some((side, f));
            }
        }
        best
    }

    fn apply(&mut self, event: &Event<G>) -> Step {
        // After the end only the arbiter's result stands: a corrected or annulled result.
        let correction = matches!(event, Event::Decision { decision: Decision::Result { .. }, .. });
        if self.outcome.is_some() && !correction {
            return Err(Refusal::GameOver);
        }
        let t = event.t();
        if let Some(c) = &mut self.clock
            && t < c.now()
        {
            return Err(ClockError::TimeWentBack { t, now: c.now() }.into());
        }
        match event {
            Event::Start { t } => self.on_start(*t),
            Event::Arrive { t, side } => self.on_arrive(*t, *side),
            Event::Move { t, mv, side } => match side {
                Some(s) if *s != self.game.to_move() => self.out_of_turn(*t, *s),
                _ => self.on_move(*t, mv),
            },
            Event::Resign { t, side } => {
                let art = self.rules.articles.resignation.clone();
                self.end_by_event(*t, End::win(side.flip(), Reason::Resignation, art), true);
                Ok(())
            }
            Event::ChangeMove { t, side, mv } => self.on_change_move(*t, *side, mv),
            Event::Claim { t, side, claim } => self.on_claim(*t, *side, *claim),
            Event::Decision { t, decision } => self.on_decision(*t, decision),
            Event::Pause { t } => Ok(self.clock.as_mut().ok_or(Refusal::NoClock)?.pause(*t)?),
            Event::Resume { t } => Ok(self.clock.as_mut().ok_or(Refusal::NoClock)?.resume(*t)?),
            Event::Tick { t } => {
                if let Some(c) = &mut self.clock {
                    c.observe(*t)?;
                }
                Ok(())
            }
            Event::Game { t, side, action } => {
                if let Some(c) = &mut self.clock {
                    c.observe(*t)?;
                }
                let has_time = self.clock.as_ref().is_none_or(|c| c.flag_fallen(*side, *t).is_none());
                let acted = self.game.act(*side, action, &self.rules, has_time)?;
                // An action that changed the turn (a record's setup) hands the clock over with it.
                let to_move = self.game.to_move();
                if let Some(c) = self.clock.as_mut().filter(|c| c.turn().is_some_and(|s| s != to_move)) {
                    c.hand_over(*t, to_move)?;
                }
                let ply = self.game.ply();
                for (code, n) in acted.notes {
                    self.violations.push(Violation { ply, article: n.article, reason: code, detail: n.detail });
                }
                if let Some(end) = acted.end {
                    // A declaration ends the game even after a flag under fesa-2017 8.9 (5.3).
                    let protected = end.reason == Reason::Declaration;
                    self.end_by_event(*t, end, protected);
                }
                Ok(())
            }
        }
    }

    fn on_start(&mut self, t: u64) -> Step {
        if self.started_at.is_some() {
            return Err(Refusal::AlreadyStarted);
        }
        self.started_at = Some(t);
        let first = self.game.to_move();
        if let Some(c) = &mut self.clock {
            c.start(t, first)?;
        }
        Ok(())
    }

    fn on_arrive(&mut self, t: u64, side: Side) -> Step {
        let start = self.started_at.ok_or(Refusal::NotStarted)?;
        if self.arrived[side.index()].is_some() {
            return Err(Refusal::AlreadyArrived { side });
        }
        self.arrived[side.index()] = Some(t);
        let late = t.saturating_sub(start);
        let art = self.rules.lateness.article.clone();
        let loses = match self.rules.lateness.rule {
            LatenessPolicy::LossAfter { allowed_ms } => late > allowed_ms,
            LatenessPolicy::LossWhenTimeSpent => self.clock.as_ref().is_some_and(|c| c.flag_fallen(side, t).is_some()),
            LatenessPolicy::LossAfterHalfMainTime => {
                self.clock.as_ref().is_some_and(|c| late > c.settings(side).main_ms / 2)
            }
            LatenessPolicy::ClockOnly => false,
        };
        if loses {
            self.violations.push(Violation {
                ply: self.game.ply(),
                article: art.clone(),
                reason: ViolationKind::Lateness,
                detail: format!("{side:?} arrived {late} ms after the start"),
            });
            self.finish(End::win(side.flip(), Reason::Lateness, art), self.game.ply());
        }
        Ok(())
    }

    fn on_move(&mut self, t: u64, mv: &G::Move) -> Step {
        if self.started_at.is_none() {
            self.on_start(t)?;
        }
        let mover = self.game.to_move();
        let fault = self.game.judge(mv, &self.rules)?;
        let policy = self.rules.illegal_move.rule;
        if let Some(f) = &fault {
            if self.mode == Mode::Enforced {
                return Err(Refusal::IllegalMove { detail: f.detail.clone(), article: f.article.clone() });
            }
            if let IllegalMovePolicy::Restore { penalty_ms, free } = policy {
                // rfg 13.4: the position before the move is restored (the move is not played,
                // the offender's clock keeps running); penalty or loss.
                let ply = self.game.ply() + 1;
                self.record_fault(ply, f);
                self.illegal_count[mover.index()] += 1;
                let art = self.rules.illegal_move.article.clone();
                if self.illegal_count[mover.index()] > free {
                    self.finish(End::win(mover.flip(), Reason::IllegalMove, art), ply);
                } else if let Some(c) = &mut self.clock {
                    c.add_time(t, mover.flip(), penalty_ms)?;
                }
                return Ok(());
            }
        }
        let mut flag = None;
        let mut took = t.saturating_sub(self.last_move_t.or(self.started_at).unwrap_or(t));
        let untimed = self.game.clocks_stopped(&self.rules);
        if let Some(c) = self.clock.as_mut().filter(|_| !untimed) {
            let pressed = c.press(t)?;
            flag = pressed.flag_fell_at;
            took = pressed.elapsed_ms;
        } else if let Some(c) = &mut self.clock {
            c.observe(t)?;
            took = 0;
        }
        self.times.push(took);
        self.last_move_t = Some(t);
        // The claimant's reply closes the window on the previous illegal move (fesa-2017 9.4).
        for p in &mut self.pending {
            if p.offender != mover {
                p.replied = true;
            }
        }
        let played = self.game.play(mv, &self.rules);
        let ply = self.game.ply();
        if !untimed
            && self.game.clocks_stopped(&self.rules)
            && let Some(c) = self.clock.as_mut().filter(|c| !c.is_paused())
        {
            // Cannot fail: the clock was just pressed at `t`.
            c.pause(t)?;
            self.stopped_by_game = true;
        }
        if let Some(f) = flag.filter(|&f| self.flag_reported[mover.index()] != Some(f)) {
            self.flag_reported[mover.index()] = Some(f);
            self.violations.push(Violation {
                ply,
                article: self.rules.articles.time_up.clone(),
                reason: ViolationKind::TimeUp,
                detail: format!("{mover:?}'s flag fell at {f} ms, before the move at {t} ms"),
            });
            if self.mode == Mode::Enforced {
                // Unreachable in practice: the flag check above ends the game first.
                self.finish(End::win(mover.flip(), Reason::TimeUp, self.rules.articles.time_up.clone()), ply);
                return Ok(());
            }
        }
        if let Some(f) = &fault {
            self.record_fault(ply, f);
            match policy {
                IllegalMovePolicy::Loss => {
                    let art = self.rules.illegal_move.article.clone();
                    self.end_by_event(t, End::win(mover.flip(), Reason::IllegalMove, art), false);
                    return Ok(());
                }
                IllegalMovePolicy::ClaimWindow => {
                    self.pending.push(Pending { offender: mover, played: true, ply, replied: false });
                }
                IllegalMovePolicy::Restore { .. } => unreachable!("handled before the move"),
            }
        }
        if let Some(end) = played.end {
            // A king capture (fesa-2017 9.5) is a claim; mate by an illegal move is not a mate.
            let by_illegal = fault.is_some() && end.reason != Reason::IllegalMove;
            if !by_illegal {
                let protected = matches!(end.reason, Reason::Checkmate | Reason::Sennichite | Reason::PerpetualCheck);
                self.end_by_event(t, end, protected);
            }
        }
        if self.outcome.is_none() && self.max_moves.is_some_and(|n| ply >= n as usize) {
            self.finish(End::draw(Reason::MaxMoves, MAX_MOVES_ARTICLE), ply);
        }
        Ok(())
    }

    /// A move by the side not to move. Enforced: refused. Recorded: an illegal act that the
    /// ruleset's illegal-move policy judges (ufs-2016 5.8.3.3; rfg 11; fesa-2017 9.4 claim).
    fn out_of_turn(&mut self, t: u64, side: Side) -> Step {
        if self.started_at.is_none() {
            self.on_start(t)?;
        }
        if self.mode == Mode::Enforced {
            return Err(Refusal::NotYourTurn { to_move: side.flip() });
        }
        let article = self.rules.articles.out_of_turn.clone();
        let ply = self.game.ply();
        self.violations.push(Violation {
            ply,
            article: article.clone(),
            reason: ViolationKind::OutOfTurn,
            detail: format!("{side:?} moved during {:?}'s turn", side.flip()),
        });
        match self.rules.illegal_move.rule {
            IllegalMovePolicy::ClaimWindow => {
                self.pending.push(Pending { offender: side, played: false, ply, replied: false });
            }
            IllegalMovePolicy::Loss | IllegalMovePolicy::Restore { .. } => {
                self.end_by_event(t, End::win(side.flip(), Reason::IllegalMove, article), false);
            }
        }
        Ok(())
    }

    /// `side` changes the move he completed last (ufs-2016 5.8.3.4; fesa-2017 4.3; pl 4.2).
    fn on_change_move(&mut self, t: u64, side: Side, mv: &G::Move) -> Step {
        let ply = self.game.ply();
        if ply == 0 || self.game.to_move() != side.flip() {
            return Err(Refusal::NoMoveToChange { side });
        }
        let (policy, article) = (self.rules.changed_move.rule, self.rules.changed_move.article.clone());
        if self.mode == Mode::Enforced {
            return Err(Refusal::MoveCompleted { article });
        }
        self.violations.push(Violation {
            ply,
            article: article.clone(),
            reason: ViolationKind::ChangedMove,
            detail: format!("{side:?} changed his completed move {ply} to {mv:?}"),
        });
        match policy {
            ChangedMovePolicy::Loss => self.end_by_event(t, End::win(side.flip(), Reason::IllegalMove, article), false),
            // The change does not count: the completed move stays on the board.
            ChangedMovePolicy::MoveStands => {}
        }
        Ok(())
    }

    fn record_fault(&mut self, ply: usize, f: &Fault) {
        self.violations.push(Violation {
            ply,
            article: f.article.clone(),
            reason: ViolationKind::IllegalMove,
            detail: f.detail.clone(),
        });
    }

    fn is_beginner(&self, side: Side) -> bool {
        let Some(b) = &self.rules.beginners_takeback else { return false };
        let b = b.rule;
        b.enabled
            && self.takebacks[side.index()] < b.per_player
            && match self.players.rating[side.index()] {
                None => b.unrated,
                Some(r) => r < b.rating_below,
            }
    }

    fn on_claim(&mut self, t: u64, side: Option<Side>, claim: ClaimKind) -> Step {
        let Some(claimant) = side else {
            let art = self.rules.outsiders_may_point_out.as_ref().filter(|r| !r.rule).map(|r| r.article.clone());
            return Err(match art {
                Some(article) => Refusal::OutsiderClaim { article },
                None => Refusal::ClaimWithoutPlayer,
            });
        };
        match claim {
            ClaimKind::IllegalMove => {
                let offender = claimant.flip();
                let idx = self.pending.iter().rposition(|p| p.offender == offender).ok_or(Refusal::NothingToClaim)?;
                let p = self.pending[idx].clone();
                let art = self.rules.illegal_move.article.clone();
                if p.replied {
                    // fesa-2017 9.4: after replying, only while the position is still illegal, and
                    // only on one's own turn.
                    if self.game.to_move() != claimant {
                        return Err(Refusal::ClaimOffTurn { article: art });
                    }
                    match self.game.still_illegal(offender, &self.rules) {
                        Some(f) => self.violations.push(Violation {
                            ply: self.game.ply(),
                            article: f.article,
                            reason: ViolationKind::IllegalPosition,
                            detail: f.detail,
                        }),
                        None => {
                            return Err(Refusal::ClaimWindowClosed { article: art });
                        }
                    }
                }
                if self.is_beginner(offender) {
                    // fesa-2017 17.1: the beginner takes the move back instead of losing.
                    self.takebacks[offender.index()] += 1;
                    if p.played {
                        self.game.restore(p.ply - 1);
                        self.times.truncate(p.ply - 1);
                    }
                    self.pending.retain(|q| q.ply < p.ply);
                    let a = self.rules.beginners_takeback.as_ref().map(|b| b.article.clone()).unwrap_or_default();
                    self.violations.push(Violation {
                        ply: p.ply,
                        article: a,
                        reason: ViolationKind::Takeback,
                        detail: format!("{offender:?} takes back the illegal move {} (beginner)", p.ply),
                    });
                    return Ok(());
                }
                self.end_by_event(t, End::win(claimant, Reason::IllegalMove, art), false);
                // The result belongs to the illegal move's ply.
                if let Some(o) = &mut self.outcome
                    && o.reason == Reason::IllegalMove
                {
                    o.ply = p.ply;
                }
                Ok(())
            }
            ClaimKind::Flag => {
                let c = self.clock.as_mut().ok_or(Refusal::NoClock)?;
                c.observe(t)?;
                let mine = c.flag_fallen(claimant, t);
                let theirs = c.flag_fallen(claimant.flip(), t);
                match (mine, theirs) {
                    (_, None) => Err(Refusal::FlagNotFallen { side: claimant.flip() }),
                    (Some(_), Some(_)) => self.both_flags(t),
                    (None, Some(_)) => {
                        let art = self.rules.articles.time_up.clone();
                        self.finish(End::win(claimant, Reason::TimeUp, art), self.game.ply());
                        Ok(())
                    }
                }
            }
        }
    }

    /// Both flags down (fesa-2017 8.3 requires the claimant's own flag up).
    fn both_flags(&mut self, t: u64) -> Step {
        let art = self.rules.both_flags.article.clone();
        match self.rules.both_flags.rule {
            BothFlagsPolicy::Draw => {
                self.finish(End::draw(Reason::BothFlags, art), self.game.ply());
                Ok(())
            }
            BothFlagsPolicy::Continue { extra_ms } => {
                let c = self.clock.as_mut().ok_or(Refusal::NoClock)?;
                Ok(c.extend_both(t, extra_ms)?)
            }
        }
    }

    fn on_decision(&mut self, t: u64, d: &Decision) -> Step {
        match d {
            Decision::Result { result, reason, article } => {
                let end = End::new(*result, *reason, article.clone());
                // A result set after the end replaces the one the game had (a correction, or an
                // annulment with `no_result`); it belongs to the same move.
                let ply = self.outcome.as_ref().map_or(self.game.ply(), |o| o.ply);
                self.finish(end, ply);
                Ok(())
            }
            Decision::Penalty { side, penalty, ms } => {
                let allowed = self.rules.penalties.as_ref().ok_or(Refusal::NoPenalties)?;
                let art = allowed.article.clone();
                if !allowed.rule.contains(penalty) {
                    return Err(Refusal::PenaltyNotAllowed { penalty: *penalty, article: art });
                }
                self.violations.push(Violation {
                    ply: self.game.ply(),
                    article: art.clone(),
                    reason: ViolationKind::Penalty,
                    detail: format!("{penalty:?} against {side:?} ({ms} ms)"),
                });
                match penalty {
                    PenaltyKind::TimeToOpponent => {
                        Ok(self.clock.as_mut().ok_or(Refusal::NoClock)?.add_time(t, side.flip(), *ms)?)
                    }
                    PenaltyKind::TimeTaken => {
                        Ok(self.clock.as_mut().ok_or(Refusal::NoClock)?.deduct_time(t, *side, *ms)?)
                    }
                    PenaltyKind::Loss | PenaltyKind::Expulsion => {
                        self.finish(End::win(side.flip(), Reason::ArbiterDecision, art), self.game.ply());
                        Ok(())
                    }
                    PenaltyKind::Warning | PenaltyKind::Fine => Ok(()),
                }
            }
            Decision::Restore { ply } => {
                if *ply > self.game.ply() {
                    return Err(Refusal::RestoreBeyond { ply: *ply, played: self.game.ply() });
                }
                if *ply < self.start.ply() {
                    return Err(Refusal::RestoreBeforeStart { ply: *ply, start: self.start.ply() });
                }
                self.game.restore(*ply);
                self.times.truncate(*ply);
                self.pending.retain(|p| p.ply <= *ply);
                // The clock follows the restored position: its side to move, and running again
                // if the game had stopped it (a restore to before Go's third pass).
                let to_move = self.game.to_move();
                let restart = self.stopped_by_game && !self.game.clocks_stopped(&self.rules);
                if let Some(c) = &mut self.clock {
                    if c.turn().is_some_and(|s| s != to_move) {
                        c.hand_over(t, to_move)?;
                    }
                    if restart && c.is_paused() {
                        c.resume(t)?;
                    }
                }
                if restart {
                    self.stopped_by_game = false;
                }
                Ok(())
            }
            Decision::AdjustTime { side, ms } => {
                let c = self.clock.as_mut().ok_or(Refusal::NoClock)?;
                let by = ms.unsigned_abs();
                if *ms >= 0 {
                    c.add_time(t, *side, by)?
                } else {
                    c.deduct_time(t, *side, by)?
                }
                Ok(())
            }
            Decision::BothFlagsDown => self.both_flags(t),
            Decision::TurnLost => {
                let timeout = &self.rules.byoyomi_timeout;
                let c = self.clock.as_ref().ok_or(Refusal::NoClock)?;
                let side = c.turn().ok_or(Refusal::ClockNotRunning)?;
                if timeout.rule != ByoYomiTimeout::TurnPasses
                    || !matches!(c.settings(side).overtime, crate::clock::Overtime::ByoYomi { .. })
                {
                    return Err(Refusal::NoLostTurn { article: timeout.article.clone() });
                }
                let f = c.flag_fallen(side, t).ok_or(Refusal::ByoYomiLeft { side })?;
                // The game changes last: everything that can refuse the event is checked above.
                if !self.game.forfeit_turn() {
                    return Err(Refusal::NoTurnToLose);
                }
                self.turn_passed(side, f)
            }
        }
    }

    /// A game-ending event at `t`, weighed against a flag that fell earlier (ufs-2016 6.8;
    /// fesa-2017 8.9). `protected`: mate, resignation, sennichite or declaration (fesa 5.1–5.3).
    fn end_by_event(&mut self, t: u64, end: End, protected: bool) {
        let ply = self.game.ply();
        if self.mode == Mode::Recorded
            && let Some((side, f)) = self.fallen(t).filter(|&(_, f)| f < t)
        {
            let flag_wins = match self.rules.flag_precedence.rule {
                FlagPrecedence::EarlierEventStands => true,
                FlagPrecedence::FlagLosesUnlessGameEnded => !protected,
                FlagPrecedence::FirstClaimed => false,
            };
            if flag_wins {
                let art = self.rules.flag_precedence.article.clone();
                self.violations.push(Violation {
                    ply,
                    article: art.clone(),
                    reason: ViolationKind::FlagFirst,
                    detail: format!("{side:?}'s flag fell at {f} ms, before the game ended at {t} ms"),
                });
                self.finish(End::win(side.flip(), Reason::TimeUp, art), ply);
                return;
            }
        }
        self.finish(end, ply);
    }

    fn finish(&mut self, end: End, ply: usize) {
        // A follow-up the game itself rules (a Go cycle, rfg 6.3), else the draw's.
        let followup = match end.result {
            _ if end.followup.is_some() => end.followup,
            // A host's limit, not a draw of the rules: nothing is replayed.
            GameResult::Draw if end.reason == Reason::MaxMoves => None,
            GameResult::Draw => self.draw_followup(),
            _ => None,
        };
        self.outcome =
            Some(Outcome { result: end.result, reason: end.reason, article: Some(end.article), ply, followup });
    }

    /// fesa-2017 12.2–12.3, pl 5.5: the replay after a draw.
    fn draw_followup(&self) -> Option<Followup> {
        let DrawPolicy::Replay { blitz } = &self.rules.draw.rule else { return None };
        let mut article = self.rules.draw.article.clone();
        let time = self.clock.as_ref().map(|c| {
            let t = c.now();
            // The new game's Black is the old White, each with the time left on his clock.
            let left = |s: Side| c.main_left(s, t);
            let mut tcs = [*c.settings(Side::White), *c.settings(Side::Black)];
            tcs[0].main_ms = left(Side::White);
            tcs[1].main_ms = left(Side::Black);
            if let Some(b) = blitz
                && left(Side::Black) < b.both_under_ms
                && left(Side::White) < b.both_under_ms
            {
                let blitz_tc = crate::clock::TimeControl::sudden_death(b.main_ms);
                tcs = [blitz_tc, blitz_tc];
                article = b.article.clone();
            }
            tcs
        });
        Some(Followup::Replay { colours_reversed: true, time, article })
    }
}

/// What a refused event may have touched. The game is not in it: it is changed only once an
/// event can no longer be refused (cloning it would copy the whole history on every move).
struct Saved {
    clock: Option<Clock>,
    started_at: Option<u64>,
    arrived: [Option<u64>; 2],
    pending: Vec<Pending>,
    illegal_count: [u32; 2],
    takebacks: [u32; 2],
    flag_reported: [Option<u64>; 2],
    outcome: Option<Outcome>,
    violations: usize,
    times: usize,
    last_move_t: Option<u64>,
    stopped_by_game: bool,
}
