//! A game played live under the referee, game-agnostic for whoever hosts it (the server, an
//! engine match): set up from a [`GameSetup`] (ruleset, time controls per side, handicap, board),
//! fed with [`Action`]s of the players and the arbiter, and seen as a [`GameView`] with the legal
//! moves, clocks and outcome. Every act becomes a referee [`Event`]; its JSON is what a host
//! stores, and [`LiveGame::replay`] rebuilds the game from those rows.

mod draw;
mod record;
mod setup;
mod view;

pub use draw::{Draw, Face, Parity};
pub use record::Names;
pub use setup::{BoardSetup, GameSetup, SetupError, SideTimes};
pub use view::{ClockView, GameView, PlayedMove, PositionView, ViewDetail};

use crate::clock::Clock;
use crate::outcome::{GameResult, Outcome, Reason};
use crate::referee::{Answer, ClaimKind, Decision, Event, Game, Mode, Players, Referee};
use crate::ruleset::{GameKind, PenaltyKind};
use crate::{GoAction, GoGame, GoMove, GoReferee, ShogiAction, ShogiGame, ShogiMove, ShogiReferee, Side};
use serde::{Deserialize, Serialize};

/// Who acts: a player for his side, the game's arbiter, or the host itself (its flag ticks).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Actor {
    Player { side: Side },
    Arbiter,
    Host,
}

/// What a player or an arbiter does at the board.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Action {
    /// A move: USI for shogi (`7g7f`, `P*5e`, `8h2b+`), GTP for Go (`D4`, `pass`).
    Move {
        #[serde(rename = "move")]
        mv: String,
    },
    Resign,
    /// A claim: the opponent's flag, or his illegal move (fesa-2017 9.4).
    Claim {
        claim: ClaimKind,
    },
    /// Shogi: the 27-point declaration (fesa-2017 5.3; ufs-2016 5.8.7).
    Declare,
    /// Shogi: propose to stop and count (ufs-2016 5.8.6; pl 5.4).
    ProposeImpasse,
    AcceptImpasse,
    /// Go, after the passes that end the main game: the stones proposed dead (rfg 7.2) and,
    /// where the count alone would not see them, stones alive in seki (rfg 8.1 commentary)
    /// and neutral points (rfg 8.3).
    MarkDead {
        stones: Vec<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        seki: Vec<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        neutral: Vec<String>,
    },
    /// Go: agree to the opponent's proposal; the position is counted.
    Agree,
    /// Go, in the finishing phase: dispute the life of stones and call the arbiter (rfg 7.2).
    Dispute,
    /// Go, arbiter: the ruling on a dispute — these stones are dead (these in seki, these
    /// points neutral, as in `mark_dead`), and the board is counted.
    RuleDead {
        stones: Vec<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        seki: Vec<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        neutral: Vec<String>,
    },
    /// The player has come to the board (a game with `arrival`: his first connection or act).
    Arrive,
    /// Arbiter: stop both clocks.
    Pause,
    /// Arbiter: start the clock again.
    Resume,
    /// Arbiter: a ruling (a result with its article, a penalty, a restored position…).
    Decide {
        decision: Decision,
    },
}

impl Action {
    /// Whether only an arbiter may take this action.
    pub fn is_arbiter_action(&self) -> bool {
        matches!(self, Action::Pause | Action::Resume | Action::Decide { .. } | Action::RuleDead { .. })
    }
    /// Go: a proposal of dead stones only, the usual one.
    pub fn mark_dead(stones: Vec<String>) -> Action {
        Action::MarkDead { stones, seki: Vec::new(), neutral: Vec::new() }
    }
    /// Go, arbiter: a ruling of dead stones only.
    pub fn rule_dead(stones: Vec<String>) -> Action {
        Action::RuleDead { stones, seki: Vec::new(), neutral: Vec::new() }
    }
}

/// Why an action could not become an event (the referee's own refusals are [`Answer`]s).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    #[error("`{0}` is not a move here")]
    BadMove(String),
    #[error("{action} is not an act of {game}")]
    WrongGame { action: &'static str, game: &'static str },
    #[error("a player acts for himself; {0} is the arbiter's")]
    ArbiterOnly(&'static str),
    #[error("the arbiter rules, he does not play")]
    NotAPlayer,
    #[error("a stored event does not read: {0}")]
    BadEvent(String),
}

/// A game played live: its setup and the referee of its game.
#[derive(Debug, Clone)]
pub struct LiveGame {
    setup: GameSetup,
    live: Live,
}

/// A referee of either game.
#[derive(Debug, Clone)]
pub(crate) enum Live {
    Shogi(Box<ShogiReferee>),
    Go(Box<GoReferee>),
}

/// An event as a host stores it: its instant, its JSON, and the referee's answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Logged {
    pub t: u64,
    pub event: String,
    pub answer: Answer,
    /// A move event's move as engines write it (USI, GTP), refused or not: what a follower
    /// replays, without reading the JSON.
    pub moved: Option<String>,
}

impl LiveGame {
    /// The game `setup` describes, not yet started, in `mode` (online play is enforced).
    pub fn new(setup: &GameSetup, mode: Mode) -> Result<LiveGame, SetupError> {
        setup.validate()?;
        let clock = setup.time.as_ref().map(|t| Clock::new([t.black, t.white]));
        let live = match &setup.board {
            BoardSetup::Shogi { .. } => {
                let rules = setup.shogi_rules()?;
                let game = setup.shogi_game()?;
                let r = Referee::new(rules, mode, game, clock, Players::default());
                Live::Shogi(Box::new(r.with_max_moves(setup.max_moves.unwrap_or(0))))
            }
            BoardSetup::Go { .. } => {
                let rules = setup.go_rules()?;
                let game = GoGame::new(setup.go_start()?);
                let r = Referee::new(rules, mode, game, clock, Players::default());
                Live::Go(Box::new(r.with_max_moves(setup.max_moves.unwrap_or(0))))
            }
        };
        Ok(LiveGame { setup: setup.clone(), live })
    }

    /// The game rebuilt from its stored events (JSON, in order).
    pub fn replay<'a>(
        setup: &GameSetup,
        mode: Mode,
        events: impl IntoIterator<Item = &'a str>,
    ) -> Result<LiveGame, ActionError> {
        let mut g = LiveGame::new(setup, mode).map_err(|e| ActionError::BadEvent(e.to_string()))?;
        for e in events {
            match &mut g.live {
                Live::Shogi(r) => {
                    r.submit(serde_json::from_str(e).map_err(|x| ActionError::BadEvent(x.to_string()))?);
                }
                Live::Go(r) => {
                    r.submit(serde_json::from_str(e).map_err(|x| ActionError::BadEvent(x.to_string()))?);
                }
            }
        }
        Ok(g)
    }

    pub fn setup(&self) -> &GameSetup {
        &self.setup
    }

    pub fn kind(&self) -> GameKind {
        match &self.live {
            Live::Shogi(_) => GameKind::Shogi,
            Live::Go(_) => GameKind::Go,
        }
    }

    /// The scheduled start: the first mover's clock starts at `t`.
    pub fn start(&mut self, t: u64) -> Logged {
        self.submit_event(t, Submit::Start)
    }

    /// Time passed with nothing else: a flag that fell before `t` falls (the host schedules this
    /// one millisecond after [`LiveGame::flag_at`]: a move at that instant is still in time).
    pub fn tick(&mut self, t: u64) -> Logged {
        self.submit_event(t, Submit::Tick)
    }

    /// Clocks stopped at `t` (the host stopping for a restart: nobody's time runs while it is
    /// down) and started again at `resume`.
    pub fn interrupt(&mut self, t: u64, resume: u64) -> Vec<Logged> {
        let paused = self.clock().is_some_and(|c| c.is_paused());
        if paused || self.outcome().is_some() || self.clock().and_then(Clock::turn).is_none() {
            return Vec::new();
        }
        vec![self.submit_event(t, Submit::Pause), self.submit_event(resume.max(t), Submit::Resume)]
    }

    /// `action` by `actor` at `t`: the referee's answer, and the event to store.
    pub fn act(&mut self, t: u64, actor: Actor, action: &Action) -> Result<Logged, ActionError> {
        let side = match actor {
            Actor::Player { side } => {
                if action.is_arbiter_action() {
                    return Err(ActionError::ArbiterOnly(action_name(action)));
                }
                Some(side)
            }
            Actor::Arbiter | Actor::Host if action.is_arbiter_action() => None,
            Actor::Arbiter | Actor::Host => return Err(ActionError::NotAPlayer),
        };
        let submit = match action {
            Action::Pause => Submit::Pause,
            Action::Resume => Submit::Resume,
            Action::Decide { decision } => Submit::Decision(decision.clone()),
            Action::Resign => Submit::Resign(side.expect("a player")),
            Action::Arrive => Submit::Arrive(side.expect("a player")),
            Action::Claim { claim } => Submit::Claim(side, *claim),
            // The arbiter's game acts belong to no side; the event names the side to move.
            _ => Submit::Game(side.unwrap_or_else(|| self.to_move()), action.clone()),
        };
        self.try_submit(t, submit)
    }

    /// When the running side's flag falls if nothing happens first.
    pub fn flag_at(&self) -> Option<u64> {
        if self.outcome().is_some() {
            return None;
        }
        self.clock().and_then(Clock::flag_at)
    }

    /// Whether `side` has arrived at the board.
    pub fn arrived(&self, side: Side) -> bool {
        match &self.live {
            Live::Shogi(r) => r.arrived(side).is_some(),
            Live::Go(r) => r.arrived(side).is_some(),
        }
    }

    /// In a game whose players must arrive (`GameSetup::arrival`): the instant a player who has
    /// not come is past the lateness the ruleset allows, and who; the host then rules the game
    /// lost ([`LiveGame::lateness_ruling`]).
    pub fn lateness_deadline(&self) -> Option<(Side, u64)> {
        if !self.setup.arrival {
            return None;
        }
        match &self.live {
            Live::Shogi(r) => r.lateness_deadline(),
            Live::Go(r) => r.lateness_deadline(),
        }
    }

    /// The ruling at the lateness deadline of `late`: his opponent wins (ufs-2016 6.11; rfg 11);
    /// with neither player come, no result, for the arbiter (rfg 11: both lose).
    pub fn lateness_ruling(&self, late: Side) -> Action {
        let article = match &self.live {
            Live::Shogi(r) => r.rules().lateness.article.clone(),
            Live::Go(r) => r.rules().lateness.article.clone(),
        };
        let result = if self.arrived(late.flip()) { GameResult::win(late.flip()) } else { GameResult::NoResult };
        arbiter_result(result, Reason::Lateness, article)
    }

    pub fn clock(&self) -> Option<&Clock> {
        match &self.live {
            Live::Shogi(r) => r.clock(),
            Live::Go(r) => r.clock(),
        }
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        match &self.live {
            Live::Shogi(r) => r.outcome(),
            Live::Go(r) => r.outcome(),
        }
    }

    pub fn to_move(&self) -> Side {
        match &self.live {
            Live::Shogi(r) => r.game().to_move(),
            Live::Go(r) => r.game().to_move(),
        }
    }

    /// Events submitted so far (refused ones included: the log is every event).
    pub fn log_len(&self) -> usize {
        match &self.live {
            Live::Shogi(r) => r.log().len(),
            Live::Go(r) => r.log().len(),
        }
    }

    /// The events of the log from number `from` on, as a host stores them.
    pub fn logged_from(&self, from: usize) -> Vec<Logged> {
        fn of<G: Game>(r: &Referee<G>, from: usize) -> Vec<Logged> {
            let log = r.log().get(from..).unwrap_or_default();
            log.iter()
                .map(|(e, a)| Logged {
                    t: e.t(),
                    event: serde_json::to_string(e).expect("events serialize"),
                    answer: a.clone(),
                    moved: moved(e),
                })
                .collect()
        }
        match &self.live {
            Live::Shogi(r) => of(r, from),
            Live::Go(r) => of(r, from),
        }
    }

    /// The instant of the last event, if any.
    pub fn last_t(&self) -> Option<u64> {
        match &self.live {
            Live::Shogi(r) => r.log().last().map(|(e, _)| e.t()),
            Live::Go(r) => r.log().last().map(|(e, _)| e.t()),
        }
    }

    fn try_submit(&mut self, t: u64, s: Submit) -> Result<Logged, ActionError> {
        // Build the event first: an action that is not an event of this game changes nothing.
        match &mut self.live {
            Live::Shogi(r) => {
                let e = shogi_event(t, s)?;
                Ok(log(r, e))
            }
            Live::Go(r) => {
                let e = go_event(t, s)?;
                Ok(log(r, e))
            }
        }
    }

    fn submit_event(&mut self, t: u64, s: Submit) -> Logged {
        self.try_submit(t, s).expect("start, tick and clock events exist in every game")
    }
}

/// An act before it becomes a game's event.
enum Submit {
    Start,
    Tick,
    Pause,
    Resume,
    Resign(Side),
    Arrive(Side),
    Claim(Option<Side>, ClaimKind),
    Decision(Decision),
    Game(Side, Action),
}

fn common<G: Game>(t: u64, s: &Submit) -> Option<Event<G>> {
    Some(match s {
        Submit::Start => Event::Start { t },
        Submit::Tick => Event::Tick { t },
        Submit::Pause => Event::Pause { t },
        Submit::Resume => Event::Resume { t },
        Submit::Resign(side) => Event::Resign { t, side: *side },
        Submit::Arrive(side) => Event::Arrive { t, side: *side },
        Submit::Claim(side, claim) => Event::Claim { t, side: *side, claim: *claim },
        Submit::Decision(d) => Event::Decision { t, decision: d.clone() },
        Submit::Game(..) => return None,
    })
}

fn shogi_event(t: u64, s: Submit) -> Result<Event<ShogiGame>, ActionError> {
    if let Some(e) = common(t, &s) {
        return Ok(e);
    }
    let Submit::Game(side, action) = s else { unreachable!("common covers the rest") };
    let action = match action {
        Action::Move { mv } => {
            let m = shogi::Move::from_usi(mv.trim()).ok_or(ActionError::BadMove(mv))?;
            return Ok(Event::Move { t, mv: ShogiMove(m), side: Some(side) });
        }
        Action::Declare => ShogiAction::Declare,
        Action::ProposeImpasse => ShogiAction::ProposeImpasse,
        Action::AcceptImpasse => ShogiAction::AcceptImpasse,
        other => return Err(ActionError::WrongGame { action: action_name(&other), game: "shogi" }),
    };
    Ok(Event::Game { t, side, action })
}

fn go_event(t: u64, s: Submit) -> Result<Event<GoGame>, ActionError> {
    if let Some(e) = common(t, &s) {
        return Ok(e);
    }
    let Submit::Game(side, action) = s else { unreachable!("common covers the rest") };
    let action = match action {
        Action::Move { mv } => {
            let m = GoMove::parse(&mv).map_err(|_| ActionError::BadMove(mv))?;
            return Ok(Event::Move { t, mv: m, side: Some(side) });
        }
        Action::MarkDead { stones, seki, neutral } => GoAction::MarkDead { stones, seki, neutral },
        Action::Agree => GoAction::Agree,
        Action::Dispute => GoAction::Dispute,
        Action::RuleDead { stones, seki, neutral } => GoAction::ArbiterCount { stones, seki, neutral },
        other => return Err(ActionError::WrongGame { action: action_name(&other), game: "Go" }),
    };
    Ok(Event::Game { t, side, action })
}

fn log<G: Game>(r: &mut Referee<G>, e: Event<G>) -> Logged {
    let t = e.t();
    let event = serde_json::to_string(&e).expect("events serialize");
    let moved = moved(&e);
    let answer = r.submit(e);
    Logged { t, event, answer, moved }
}

/// The move of a move event, in its JSON form (a USI or GTP string).
fn moved<G: Game>(e: &Event<G>) -> Option<String> {
    match e {
        Event::Move { mv, .. } => match serde_json::to_value(mv) {
            Ok(serde_json::Value::String(s)) => Some(s),
            _ => None,
        },
        _ => None,
    }
}

fn action_name(a: &Action) -> &'static str {
    match a {
        Action::Move { .. } => "move",
        Action::Resign => "resign",
        Action::Arrive => "arrive",
        Action::Claim { .. } => "claim",
        Action::Declare => "declare",
        Action::ProposeImpasse => "propose_impasse",
        Action::AcceptImpasse => "accept_impasse",
        Action::MarkDead { .. } => "mark_dead",
        Action::Agree => "agree",
        Action::Dispute => "dispute",
        Action::RuleDead { .. } => "rule_dead",
        Action::Pause => "pause",
        Action::Resume => "resume",
        Action::Decide { .. } => "decide",
    }
}

/// A result set by the arbiter, as a decision (used by hosts that annul or adjudicate).
pub fn arbiter_result(result: GameResult, reason: Reason, article: impl Into<String>) -> Action {
    Action::Decide { decision: Decision::Result { result, reason, article: article.into() } }
}

/// A time penalty or correction by the arbiter (fesa-2017 13.4; ufs-2016 12.9).
pub fn arbiter_time(side: Side, penalty: PenaltyKind, ms: u64) -> Action {
    Action::Decide { decision: Decision::Penalty { side, penalty, ms } }
}
