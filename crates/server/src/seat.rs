//! Engines seated in games of the server: an admin registers them on the command line
//! (`shinpan serve --engine NAME=COMMAND`), a player challenges one (`POST /api/games` with
//! `engine`), and a task plays for it like any player: it watches the game, and on its turn asks
//! the engine (USI for shogi, GTP for Go, crates/engines) for a move within its time on the
//! referee's clock, and acts. The engine's flag falls like anyone's.

use crate::follow::{Followed, Following};
use crate::live::{Hub, now_ms};
use crate::store::{GameId, GameRow, GameStatus, Role, Store, StoreError, UserId};
use arbiter::live::{Action, Actor, GameSetup, GameView, PositionView};
use arbiter::{Answer, GameKind, Side};
use engines::{EngineError, Gtp, Player, Reply, Usi};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// An engine the server may seat.
#[derive(Debug, Clone)]
pub struct EngineConfig {
    /// Its name, which is also its account's.
    pub name: String,
    /// The command that starts it (through `sh -c`).
    pub cmd: String,
    /// The game it plays: USI for shogi, GTP for Go.
    pub game: GameKind,
    /// Milliseconds less than it has that it is told (for engines that overrun).
    pub margin_ms: u64,
}

#[derive(Debug, Clone, Serialize)]
pub struct EngineInfo {
    pub name: String,
    pub game: GameKind,
    pub protocol: &'static str,
}

/// The least time an engine takes for a move in an engine-against-engine game, unless its
/// creator asks for another: people watch these games, and the small engines answer at once.
pub const EXHIBITION_PACE: Duration = Duration::from_secs(1);
/// The most an engine may be asked to wait before it moves.
pub const MAX_PACE: Duration = Duration::from_secs(10);
/// Live engine-against-engine games one account may have started at a time.
pub const EXHIBITIONS_PER_ACCOUNT: usize = 2;

/// The registered engines, with their accounts.
#[derive(Clone, Default)]
pub struct Engines {
    by_name: Arc<HashMap<String, (EngineConfig, UserId)>>,
    /// Live engine-against-engine games by the account that started them.
    exhibitions: Arc<Mutex<HashMap<UserId, usize>>>,
}

/// One of an account's engine-against-engine games, given back when both seats are done.
pub struct Slot {
    exhibitions: Arc<Mutex<HashMap<UserId, usize>>>,
    by: UserId,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut m = self.exhibitions.lock().expect("the count is never poisoned");
        if let Some(n) = m.get_mut(&self.by) {
            *n -= 1;
            if *n == 0 {
                m.remove(&self.by);
            }
        }
    }
}

/// How an engine plays in its seat.
#[derive(Clone, Default)]
pub struct SeatOptions {
    /// The least time it takes for a move (0: as fast as it answers).
    pub pace: Duration,
    /// The game's place in its creator's allowance, held until the engine leaves the game.
    pub slot: Option<Arc<Slot>>,
}

impl Engines {
    /// Registers `configs`, creating an account for each that has none (with a password nobody
    /// knows: the engine acts only through its seat).
    pub async fn register(store: &Store, configs: Vec<EngineConfig>) -> Result<Engines, StoreError> {
        let mut by_name = HashMap::new();
        for c in configs {
            let user = match store.user_by_name(&c.name).await? {
                Some((u, _)) => u,
                None => {
                    let secret = crate::auth::token();
                    let hash = tokio::task::spawn_blocking(move || crate::auth::hash_password(&secret))
                        .await
                        .map_err(|e| StoreError::Corrupt(e.to_string()))?;
                    store.create_user(&c.name, &hash, Role::Player, now_ms() as i64).await?
                }
            };
            tracing::info!(engine = %c.name, game = ?c.game, "engine registered");
            by_name.insert(c.name.clone(), (c, user.id));
        }
        Ok(Engines { by_name: Arc::new(by_name), exhibitions: Arc::default() })
    }

    /// A place for one more engine-against-engine game of `by`, if he has one left.
    pub fn reserve(&self, by: UserId) -> Option<Arc<Slot>> {
        let mut m = self.exhibitions.lock().expect("the count is never poisoned");
        let n = m.entry(by).or_insert(0);
        if *n >= EXHIBITIONS_PER_ACCOUNT {
            return None;
        }
        *n += 1;
        Some(Arc::new(Slot { exhibitions: self.exhibitions.clone(), by }))
    }

    pub fn list(&self) -> Vec<EngineInfo> {
        let mut v: Vec<EngineInfo> = self
            .by_name
            .values()
            .map(|(c, _)| EngineInfo {
                name: c.name.clone(),
                game: c.game,
                protocol: if c.game == GameKind::Shogi { "usi" } else { "gtp" },
            })
            .collect();
        v.sort_by(|a, b| a.name.cmp(&b.name));
        v
    }

    pub fn get(&self, name: &str) -> Option<(&EngineConfig, UserId)> {
        self.by_name.get(name).map(|(c, u)| (c, *u))
    }

    /// Whether `user` is an engine's account.
    pub fn plays(&self, user: UserId) -> bool {
        self.by_user(user).is_some()
    }

    fn by_user(&self, user: UserId) -> Option<&EngineConfig> {
        self.by_name.values().find(|(_, u)| *u == user).map(|(c, _)| c)
    }

    /// Seats the engines of the live games (after a restart).
    pub async fn resume(&self, store: &Store, hub: &Hub) -> Result<(), StoreError> {
        for row in store.games(GameStatus::Live, i64::MAX).await? {
            self.seat_row(hub, &row);
        }
        Ok(())
    }

    /// Starts the engine tasks of game `row`, for each seat an engine holds. A game between
    /// two engines goes on at [`EXHIBITION_PACE`] (its creator's pace is not stored).
    pub fn seat_row(&self, hub: &Hub, row: &GameRow) {
        let both = [row.black, row.white].iter().all(|u| u.is_some_and(|u| self.plays(u)));
        let how = SeatOptions { pace: if both { EXHIBITION_PACE } else { Duration::ZERO }, slot: None };
        for (side, user) in [(Side::Black, row.black), (Side::White, row.white)] {
            if let Some(c) = user.and_then(|u| self.by_user(u)) {
                let Ok(setup) = serde_json::from_str::<GameSetup>(&row.setup) else { continue };
                let (hub, id, user, c, how) = (hub.clone(), row.id, user.expect("seated"), c.clone(), how.clone());
                tokio::spawn(async move {
                    match Engines::prepare(&c, &setup).await {
                        Ok(p) => play(hub, id, side, user, p, how).await,
                        Err(e) => tracing::warn!(game = id, engine = %c.name, error = %e, "engine did not start"),
                    }
                });
            }
        }
    }
}

/// An engine started and ready for a game (`usi`/`isready` or GTP's setup done), before the
/// game's clock starts.
pub struct Prepared {
    name: String,
    ask: std::sync::mpsc::Sender<Ask>,
    answers: tokio::sync::mpsc::Receiver<Result<Answered, EngineError>>,
}

impl Engines {
    /// Starts engine `c` for a game of `setup` and waits until it is ready.
    pub async fn prepare(c: &EngineConfig, setup: &GameSetup) -> Result<Prepared, EngineError> {
        let start = arbiter::live::LiveGame::new(setup, arbiter::Mode::Enforced)
            .map_err(|e| EngineError::Protocol { name: c.name.clone(), detail: e.to_string() })?
            .view(0);
        let (ask, asked) = std::sync::mpsc::channel::<Ask>();
        let (answer, mut answers) = tokio::sync::mpsc::channel::<Result<Answered, EngineError>>(1);
        let (cc, setup) = (c.clone(), setup.clone());
        std::thread::spawn(move || engine_thread(cc, setup, start, asked, answer));
        match answers.recv().await {
            Some(Ok(Answered::Ready)) => Ok(Prepared { name: c.name.clone(), ask, answers }),
            Some(Ok(_)) => {
                Err(EngineError::Protocol { name: c.name.clone(), detail: "answered before it was ready".into() })
            }
            Some(Err(e)) => Err(e),
            None => Err(EngineError::Closed { name: c.name.clone() }),
        }
    }

    /// Seats a prepared engine at `side` of live game `id`.
    pub fn seat(&self, hub: &Hub, id: GameId, side: Side, user: UserId, prepared: Prepared, how: SeatOptions) {
        tokio::spawn(play(hub.clone(), id, side, user, prepared, how));
    }
}

enum Ask {
    Think(Box<arbiter::live::LiveGame>, Box<GameView>, Option<Instant>),
    Observe(Side, String),
    Dead,
}

/// The engine's side of game `id`, until the game ends.
async fn play(hub: Hub, id: GameId, side: Side, user: UserId, prepared: Prepared, how: SeatOptions) {
    let Prepared { name, ask, mut answers } = prepared;
    let mut asked_when = tokio::time::Instant::now();
    let Some(Following { now, mut updates, .. }) = hub.follow(id, None).await else { return };
    let _present = hub.present(id, side);
    let mut asked_at: Option<usize> = None;
    // The state now first, its last move told to the engine whoever made it; then the states
    // to come, the opponent's moves told.
    let mut last: Option<Box<GameView>> = Some(follow(&now, &ask, None));
    let mut messages: Vec<std::sync::Arc<Followed>> = Vec::new();
    loop {
        for m in messages.drain(..) {
            last = Some(follow(&m, &ask, Some(side)));
        }
        if let Some(view) = last.take() {
            if view.outcome.is_some() {
                return;
            }
            if let PositionView::Go { main_game_ended: true, dead_proposal, disputed_by, .. } = &view.position {
                // The finishing phase: Black proposes; White agrees when it sees the same.
                let mine_to_propose = side == Side::Black && dead_proposal.is_none();
                let to_answer = matches!(dead_proposal, Some((s, _)) if *s != side) && disputed_by.is_none();
                if (mine_to_propose || to_answer) && asked_at != Some(usize::MAX) {
                    asked_at = Some(usize::MAX);
                    let _ = ask.send(Ask::Dead);
                }
            } else if view.to_move == side && asked_at != Some(view.ply) {
                let Some(game) = hub.read(id).await else { return };
                let deadline = view.clock.as_ref().and_then(|c| c.flag_at).map(|f| {
                    Instant::now() + Duration::from_millis(f.saturating_sub(now_ms())) + Duration::from_millis(500)
                });
                asked_at = Some(view.ply);
                asked_when = tokio::time::Instant::now();
                let _ = ask.send(Ask::Think(Box::new(game), view, deadline));
            }
        }
        tokio::select! {
            m = updates.recv() => match m {
                Ok(m) => messages.push(m),
                Err(_) => return,
            },
            a = answers.recv() => {
                let Some(a) = a else { return };
                let action = match a {
                    // Said once, before the game (`Engines::prepare`).
                    Ok(Answered::Ready) => continue,
                    Ok(Answered::Reply(Reply::Move(mv))) => Action::Move { mv },
                    Ok(Answered::Reply(Reply::Resign)) => Action::Resign,
                    Ok(Answered::Reply(Reply::Declare)) => Action::Declare,
                    Ok(Answered::Dead(stones)) => {
                        let view = hub.read(id).await.map(|g| g.view(now_ms()));
                        match view.map(|v| v.position) {
                            Some(PositionView::Go { dead_proposal: Some((s, proposed)), .. }) if s != side => {
                                if engines::same_stones(&proposed, &stones) { Action::Agree } else { Action::Dispute }
                            }
                            _ => Action::mark_dead(stones),
                        }
                    }
                    // Out of time or out of order: the referee's clock and the disconnection
                    // rules decide; the engine stops acting.
                    Err(e) => {
                        tracing::warn!(game = id, engine = %name, error = %e, "engine stopped");
                        return;
                    }
                };
                let is_move = matches!(action, Action::Move { .. });
                if is_move || matches!(action, Action::Resign | Action::Declare) {
                    tokio::time::sleep_until(asked_when + how.pace).await;
                }
                match hub.act(id, Actor::Player { side }, Some(user), action).await {
                    Ok(a) => match a.answer {
                        Answer::Refused { reason } if is_move && against_the_rules(&reason) => {
                            // An engine repeats a refused move forever: it resigns instead.
                            tracing::warn!(game = id, engine = %name, %reason, "engine move refused; it resigns");
                            let _ = hub.act(id, Actor::Player { side }, Some(user), Action::Resign).await;
                        }
                        Answer::Refused { reason } => {
                            // Not now (the game paused, say): asked again when the game's next
                            // state says it is the engine's turn.
                            tracing::info!(game = id, engine = %name, %reason, "engine act refused; it waits");
                            asked_at = None;
                        }
                        Answer::Accepted => {}
                    },
                    Err(_) => return,
                }
            }
        }
    }
}

/// Whether a refused move breaks the rules (the engine would play it again) rather than comes
/// at the wrong moment.
fn against_the_rules(r: &arbiter::Refusal) -> bool {
    use arbiter::Refusal::*;
    matches!(r, IllegalMove { .. } | ImpossibleMove { .. } | BadPoint { .. } | OffBoard { .. } | SekiPoint { .. })
}

/// Follows one state of the game: its move is told to the engine (whoever made it while `me`
/// is `None`, the opponent's after); returns the state's view.
fn follow(f: &Followed, ask: &std::sync::mpsc::Sender<Ask>, me: Option<Side>) -> Box<GameView> {
    if let Some(mv) = &f.moved {
        let mover = f.view.to_move.flip();
        if me != Some(mover) {
            let _ = ask.send(Ask::Observe(mover, mv.clone()));
        }
    }
    Box::new(f.view.clone())
}

enum Answered {
    /// Started and set up for the game.
    Ready,
    Reply(Reply),
    Dead(Vec<String>),
}

/// The engine process and its protocol, on a thread of its own (the drivers block).
fn engine_thread(
    c: EngineConfig,
    setup: GameSetup,
    start: GameView,
    asked: std::sync::mpsc::Receiver<Ask>,
    answer: tokio::sync::mpsc::Sender<Result<Answered, EngineError>>,
) {
    let started: Result<Box<dyn Player>, EngineError> = match c.game {
        GameKind::Shogi => Usi::start(&c.name, &c.cmd, &[], c.margin_ms).map(|u| Box::new(u) as Box<dyn Player>),
        GameKind::Go => Gtp::start(&c.name, &c.cmd, c.margin_ms).map(|g| Box::new(g) as Box<dyn Player>),
    };
    let mut p = match started.and_then(|mut p| p.new_game(&setup, &start).map(|()| p)) {
        Ok(p) => p,
        Err(e) => {
            let _ = answer.blocking_send(Err(e));
            return;
        }
    };
    // Ready: said before the game's clock starts.
    if answer.blocking_send(Ok(Answered::Ready)).is_err() {
        return;
    }
    while let Ok(a) = asked.recv() {
        let r = match a {
            Ask::Think(game, view, deadline) => p.think(&game, &view, deadline).map(Answered::Reply),
            Ask::Observe(side, mv) => match p.observe(side, &mv) {
                Ok(()) => continue,
                Err(e) => Err(e),
            },
            Ask::Dead => p.dead_stones().map(Answered::Dead),
        };
        if answer.blocking_send(r).is_err() {
            return;
        }
    }
}
