//! One game between two players under the referee: the referee keeps the clock and judges
//! every act; a player only answers with its move.

use crate::process::EngineError;
use arbiter::live::{Action, Actor, GameSetup, GameView, LiveGame, Names, PositionView};
use arbiter::{Answer, Decision, GameResult, Mode, Outcome, Reason, Refusal, Side};
use std::time::{Duration, Instant};

/// An engine's answer on its turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// A move: USI for shogi, GTP (`D4`, `pass`) for Go.
    Move(String),
    Resign,
    /// Shogi: the 27-point declaration (USI `bestmove win`).
    Declare,
}

/// A player at the board.
pub trait Player: Send {
    fn name(&self) -> &str;
    /// A new game: `view` is its start.
    fn new_game(&mut self, setup: &GameSetup, view: &GameView) -> Result<(), EngineError>;
    /// The move of the side to move; `game` holds the moves and the clocks. The answer must
    /// come by `deadline`, the instant the player's flag falls (`None`: untimed).
    fn think(&mut self, game: &LiveGame, view: &GameView, deadline: Option<Instant>) -> Result<Reply, EngineError>;
    /// The opponent played `mv`.
    fn observe(&mut self, side: Side, mv: &str) -> Result<(), EngineError>;
    /// Go, after the passes: the stones this player thinks dead.
    fn dead_stones(&mut self) -> Result<Vec<String>, EngineError>;
}

/// What a played game gives: the referee's outcome, the game itself (for its record), and who
/// lost by a fault the match counts.
pub struct Played {
    pub game: LiveGame,
    pub outcome: Outcome,
    pub illegal: Option<Side>,
    pub time_loss: Option<Side>,
    /// A player that failed (crashed, or broke its protocol), with why.
    pub failure: Option<(Side, String)>,
}

/// What the host cites for a match's own rulings.
pub const ILLEGAL_ARTICLE: &str = "shinpan match: an illegal move loses at once";
pub const FAILURE_ARTICLE: &str = "shinpan match: the engine stopped playing";
/// How long a player's answer may come after its flag before the clock is told it fell (the
/// referee still judges by the instant the answer came).
const FLAG_GRACE: Duration = Duration::from_millis(1500);

/// Plays `setup` between `black` and `white` (drawn at the setup's `max_moves`, by the referee).
pub fn play_game(
    setup: &GameSetup,
    black: &mut dyn Player,
    white: &mut dyn Player,
) -> Result<Played, arbiter::live::SetupError> {
    let mut game = LiveGame::new(setup, Mode::Enforced)?;
    let t0 = Instant::now();
    let now = move || t0.elapsed().as_millis() as u64;
    let mut players: [&mut dyn Player; 2] = [black, white];
    let start = game.view(0);
    let mut failure = None;
    for (i, p) in players.iter_mut().enumerate() {
        if let Err(e) = p.new_game(setup, &start) {
            failure = Some((side_of(i), e.to_string()));
        }
    }
    game.start(now());
    let mut illegal = None;
    let host = |game: &mut LiveGame, t: u64, result: GameResult, reason: Reason, article: &str| {
        let decision = Decision::Result { result, reason, article: article.to_string() };
        let _ = game.act(t, Actor::Host, &Action::Decide { decision });
    };
    if let Some((side, _)) = &failure {
        host(&mut game, now(), GameResult::win(side.flip()), Reason::ArbiterDecision, FAILURE_ARTICLE);
    }
    while game.outcome().is_none() {
        let view = game.view(now());
        if let PositionView::Go { main_game_ended: true, .. } = view.position {
            finish_go(&mut game, &mut players, now());
            continue;
        }
        let side = view.to_move;
        let deadline = game.flag_at().map(|f| t0 + Duration::from_millis(f) + FLAG_GRACE);
        let reply = players[side.index()].think(&game, &view, deadline);
        let t = now();
        let action = match reply {
            Ok(Reply::Move(mv)) => Action::Move { mv },
            Ok(Reply::Resign) => Action::Resign,
            Ok(Reply::Declare) => Action::Declare,
            Err(crate::EngineError::Timeout { .. }) if deadline.is_some() => {
                // The flag fell while it thought: the referee says so.
                game.tick(t);
                if game.outcome().is_none() {
                    host(&mut game, t, GameResult::win(side.flip()), Reason::TimeUp, FAILURE_ARTICLE);
                }
                continue;
            }
            Err(e) => {
                failure = Some((side, e.to_string()));
                host(&mut game, t, GameResult::win(side.flip()), Reason::ArbiterDecision, FAILURE_ARTICLE);
                continue;
            }
        };
        let logged = game.act(t, Actor::Player { side }, &action);
        match logged.map(|l| l.answer) {
            Ok(Answer::Accepted) => {
                if let Action::Move { mv } = &action
                    && let Err(e) = players[side.flip().index()].observe(side, mv)
                {
                    failure = Some((side.flip(), e.to_string()));
                    host(&mut game, now(), GameResult::win(side), Reason::ArbiterDecision, FAILURE_ARTICLE);
                }
            }
            Ok(Answer::Refused { reason: Refusal::FlagFell { .. } | Refusal::GameOver }) => {}
            Ok(Answer::Refused { reason }) => {
                illegal = Some(side);
                let reason_kind =
                    if matches!(action, Action::Declare) { Reason::Declaration } else { Reason::IllegalMove };
                let article = format!("{ILLEGAL_ARTICLE} ({reason})");
                host(&mut game, t, GameResult::win(side.flip()), reason_kind, &article);
            }
            Err(e) => {
                illegal = Some(side);
                let article = format!("{ILLEGAL_ARTICLE} ({e})");
                host(&mut game, t, GameResult::win(side.flip()), Reason::IllegalMove, &article);
            }
        }
    }
    let outcome = game.outcome().cloned().expect("the loop ends with an outcome");
    let time_loss = match outcome.reason {
        Reason::TimeUp => outcome.result.winner().map(Side::flip),
        _ => None,
    };
    Ok(Played { game, outcome, illegal, time_loss, failure })
}

/// Go's finishing phase between engines: Black proposes the stones it thinks dead; White
/// agrees when it sees the same, else the host rules the stones both call dead (rfg 7.2 leaves
/// a dispute to the arbiter; an engine match has none).
fn finish_go(game: &mut LiveGame, players: &mut [&mut dyn Player; 2], t: u64) {
    let black = players[0].dead_stones().unwrap_or_default();
    let white = players[1].dead_stones().unwrap_or_default();
    let _ = game.act(t, Actor::Player { side: Side::Black }, &Action::mark_dead(black.clone()));
    if same_stones(&black, &white) {
        let _ = game.act(t, Actor::Player { side: Side::White }, &Action::Agree);
    } else {
        let both: Vec<String> = black.iter().filter(|s| white.contains(s)).cloned().collect();
        let _ = game.act(t, Actor::Player { side: Side::White }, &Action::Dispute);
        let _ = game.act(t, Actor::Host, &Action::rule_dead(both));
    }
    if game.outcome().is_none() {
        // Nothing took: count as the position stands.
        let _ = game.act(t, Actor::Host, &Action::rule_dead(Vec::new()));
    }
}

/// Whether two lists of stones name the same stones, in any order.
pub fn same_stones(a: &[String], b: &[String]) -> bool {
    let sorted = |v: &[String]| {
        let mut v = v.to_vec();
        v.sort();
        v
    };
    sorted(a) == sorted(b)
}

fn side_of(i: usize) -> Side {
    if i == 0 { Side::Black } else { Side::White }
}

/// The record's names.
pub fn names(black: &str, white: &str) -> Names {
    Names { black: Some(black.to_string()), white: Some(white.to_string()) }
}
