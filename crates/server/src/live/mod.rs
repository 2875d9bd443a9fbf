//! Live games: one task per game owns its referee (`arbiter::live::LiveGame`). Acts reach it in
//! order through a channel; each becomes an event that is appended to the store and committed
//! before it is acknowledged and sent to the watchers. The task schedules the running side's
//! flag at the instant the clock gives and ticks the referee then — no polling.
//!
//! Restart: every live game is rebuilt from its log. Nobody's clock runs while the server is
//! down: the clocks are stopped at the last stored event and started again when the game is
//! back (two events in its log, by no one), as an arbiter stops the clocks for an interruption
//! the players did not cause. A restart never costs a player time or the game.

use crate::follow::{Followed, Following};
use crate::protocol::ServerMsg;
use crate::store::{EventRow, GameId, GameRow, GameStatus, LiveLog, Store, StoreError, UserId};
use arbiter::live::{Action, ActionError, Actor, GameSetup, LiveGame, Logged, ViewDetail};
use arbiter::{Answer, Decision, GameResult, Mode, Reason, Side};

/// What a result for an absent opponent cites: the server's own rule, as no federation text
/// covers a lost connection (their nearest, lateness — ufs-2016 6.11, fesa-2017 8.6 — lets the
/// clock run, which the server does as well).
pub const ABSENCE_ARTICLE: &str = "shinpan: disconnection countdown (docs/protocol.md)";
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::{broadcast, mpsc, oneshot};
use tokio::time::{Duration, Instant};

/// Milliseconds since the Unix epoch: the time base of every game's events.
pub fn now_ms() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64)
}

/// Why an act was not taken.
#[derive(Debug, thiserror::Error)]
pub enum ActError {
    #[error(transparent)]
    Action(#[from] ActionError),
    #[error("the game is not live")]
    NotLive,
    /// A claim against an absent opponent before its time (or with the opponent present).
    #[error("{0}")]
    TooEarly(String),
    /// The event could not be stored: nothing is acknowledged, and the game stops until the
    /// server restarts it from its log.
    #[error("the act could not be stored: {0}")]
    Store(#[from] StoreError),
}

/// A game whose result was stored: at its end, or by an arbiter's amendment after it (which
/// any node of the server may store, whichever started the game).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ended {
    pub game: GameId,
    pub amended: bool,
}

/// An act taken: its event's number and the referee's answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Acked {
    pub seq: u64,
    pub answer: Answer,
}

/// A watcher's start: the events after the number asked for, the state, and the live stream.
pub struct Watching {
    pub backlog: Vec<Arc<ServerMsg>>,
    pub updates: broadcast::Receiver<Arc<ServerMsg>>,
}

enum Command {
    Act {
        actor: Actor,
        user: Option<UserId>,
        action: Action,
        reply: oneshot::Sender<Result<Acked, ActError>>,
    },
    Watch {
        after: Option<u64>,
        reply: oneshot::Sender<Watching>,
    },
    Follow {
        after: Option<u64>,
        reply: oneshot::Sender<Following>,
    },
    Read {
        reply: oneshot::Sender<LiveGame>,
    },
    /// A seated player's WebSocket watching the game opened (`+1`) or closed (`-1`).
    Presence {
        side: Side,
        delta: i32,
    },
    /// How many of a side's connections watch the game now.
    Present {
        side: Side,
        reply: oneshot::Sender<u32>,
    },
    /// `claimant` claims the game of an opponent absent past the countdown.
    ClaimAbsent {
        claimant: Side,
        user: UserId,
        reply: oneshot::Sender<Result<Acked, ActError>>,
    },
}

#[derive(Clone)]
struct Handle {
    tx: mpsc::Sender<Command>,
    seats: Seats,
}

/// Who sits at a live game and who arbitrates it: kept with the game so an act is authorised
/// without a database read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seats {
    pub black: Option<UserId>,
    pub white: Option<UserId>,
    pub arbiter: Option<UserId>,
}

impl Seats {
    pub fn of(row: &GameRow) -> Seats {
        Seats { black: row.black, white: row.white, arbiter: row.arbiter }
    }
}

/// All live games of this server.
#[derive(Clone)]
pub struct Hub {
    store: Store,
    games: Arc<Mutex<HashMap<GameId, Handle>>>,
    /// How long a disconnected player has, on his turn, before the opponent may claim.
    grace_ms: u64,
    /// Results set after the end are stored one at a time (a finished game has no task to
    /// order its acts).
    amending: Arc<tokio::sync::Mutex<()>>,
    /// Games whose result was stored (an end, or an arbiter's amendment): what tournaments
    /// enter on their boards (crate::tournaments).
    ended: broadcast::Sender<Ended>,
    /// Games that took an event (a move, a clock's stop, a ruling): what a tournament's
    /// followers hear of its boards.
    acted: broadcast::Sender<GameId>,
}

impl Hub {
    pub fn new(store: Store, disconnect_grace: std::time::Duration) -> Hub {
        Hub {
            store,
            games: Arc::new(Mutex::new(HashMap::new())),
            grace_ms: disconnect_grace.as_millis() as u64,
            amending: Arc::new(tokio::sync::Mutex::new(())),
            ended: broadcast::channel(4096).0,
            acted: broadcast::channel(1024).0,
        }
    }

    /// Each game that takes an event from now on. A receiver that lags behind misses some
    /// (`RecvError::Lagged`).
    pub fn acted(&self) -> broadcast::Receiver<GameId> {
        self.acted.subscribe()
    }

    /// Each game whose result is stored from now on, as it is. A receiver that lags behind
    /// misses some (`RecvError::Lagged`) and must look at the store.
    pub fn ended(&self) -> broadcast::Receiver<Ended> {
        self.ended.subscribe()
    }

    /// Rebuilds every live game from its log (a restart), stopping the clocks over the time the
    /// server was down. All logs are read in one query, replayed on every core, and the
    /// interruption events of all games committed in one transaction before any game takes an
    /// act. Returns how many games are live.
    pub async fn restore(&self) -> Result<usize, StoreError> {
        let started = std::time::Instant::now();
        let games = self.store.games(GameStatus::Live, i64::MAX).await?;
        let mut logs: HashMap<GameId, LiveLog> = self.store.live_logs().await?.into_iter().collect();
        let read = started.elapsed();
        let now = now_ms();
        let work: Vec<(GameRow, LiveLog)> = games
            .into_iter()
            .map(|g| {
                let log = logs.remove(&g.id).unwrap_or_default();
                (g, log)
            })
            .collect();
        let restored = tokio::task::spawn_blocking(move || replay_all(work, now))
            .await
            .map_err(|e| StoreError::Corrupt(format!("replay: {e}")))?;
        let replayed = started.elapsed();
        let mut appended = Vec::new();
        let mut live = Vec::new();
        for r in restored {
            match r? {
                Restored::Ended { id, outcome } => {
                    // It ended, but the server stopped before its row said so.
                    self.store.set_status(id, GameStatus::Finished, Some(&outcome)).await?;
                }
                Restored::Live { id, seats, game, mut actors, logged } => {
                    for l in logged {
                        appended.push(row_of(id, actors.len() as u64, None, &l));
                        actors.push(None);
                    }
                    live.push((id, seats, *game, actors));
                }
            }
        }
        if !appended.is_empty() {
            self.store.appender().append(appended).await?;
        }
        let n = live.len();
        for (id, seats, game, actors) in live {
            self.spawn(id, seats, game, actors);
        }
        tracing::info!(games = n, ?read, ?replayed, total = ?started.elapsed(), "live games restored");
        Ok(n)
    }

    /// Starts a game whose seats are taken: the referee's `Start` event, stored, then the game
    /// is live.
    pub async fn start(&self, id: GameId, seats: Seats, setup: &GameSetup) -> Result<(), ActError> {
        let mut game = LiveGame::new(setup, Mode::Enforced).map_err(|e| ActionError::BadEvent(e.to_string()))?;
        let logged = game.start(now_ms());
        self.store.appender().append(vec![row_of(id, 0, None, &logged)]).await?;
        self.spawn(id, seats, game, vec![None]);
        Ok(())
    }

    /// Starts a stored game that waits for its players (an accepted challenge, a game against
    /// an engine, a CSA game both agreed, a tournament's board): its row takes the seats and
    /// goes live, then [`Hub::start`]. `Ok(false)`, and nothing started, when the row was no
    /// longer waiting (accepted or cancelled meanwhile).
    pub async fn start_stored(
        &self,
        id: GameId,
        black: UserId,
        white: UserId,
        arbiter: Option<UserId>,
        setup: &GameSetup,
    ) -> Result<bool, ActError> {
        if !self.store.start_game(id, black, white).await? {
            return Ok(false);
        }
        self.start(id, Seats { black: Some(black), white: Some(white), arbiter }, setup).await?;
        Ok(true)
    }

    fn spawn(&self, id: GameId, seats: Seats, game: LiveGame, actors: Vec<Option<UserId>>) {
        let (tx, rx) = mpsc::channel(64);
        let (updates, _) = broadcast::channel(256);
        let (brief_updates, _) = broadcast::channel(256);
        self.games.lock().expect("hub lock").insert(id, Handle { tx, seats });
        let task = GameTask {
            id,
            game,
            actors,
            store: self.store.clone(),
            updates,
            brief_updates,
            hub: self.clone(),
            present: [0, 0],
            absent_since: [None, None],
        };
        tokio::spawn(task.run(rx));
    }

    fn handle(&self, id: GameId) -> Option<Handle> {
        self.games.lock().expect("hub lock").get(&id).cloned()
    }

    /// The seats of a live game.
    pub fn seats(&self, id: GameId) -> Option<Seats> {
        self.handle(id).map(|h| h.seats)
    }

    /// A new arbiter for a live game (the store says so first).
    pub fn set_arbiter(&self, id: GameId, arbiter: Option<UserId>) {
        if let Some(h) = self.games.lock().expect("hub lock").get_mut(&id) {
            h.seats.arbiter = arbiter;
        }
    }

    /// The live games where `user` sits, with his side (both sides for a game against himself).
    pub fn seated(&self, user: UserId) -> Vec<(GameId, Side)> {
        let games = self.games.lock().expect("hub lock");
        let mut seated = Vec::new();
        for (&id, h) in games.iter() {
            for (side, seat) in [(Side::Black, h.seats.black), (Side::White, h.seats.white)] {
                if seat == Some(user) {
                    seated.push((id, side));
                }
            }
        }
        seated.sort_unstable_by_key(|&(id, side)| (id, side.index()));
        seated
    }

    /// How many connections of `side`'s player watch live game `id` now ([`Hub::present`]).
    pub async fn presence(&self, id: GameId, side: Side) -> Option<u32> {
        self.ask(id, |reply| Command::Present { side, reply }).await
    }

    /// Asks live game `id`'s task: `None` when the game is not live, or ends before it answers.
    async fn ask<T>(&self, id: GameId, command: impl FnOnce(oneshot::Sender<T>) -> Command) -> Option<T> {
        let h = self.handle(id)?;
        let (reply, wait) = oneshot::channel();
        h.tx.send(command(reply)).await.ok()?;
        wait.await.ok()
    }

    pub fn is_live(&self, id: GameId) -> bool {
        self.handle(id).is_some()
    }

    pub fn live_count(&self) -> usize {
        self.games.lock().expect("hub lock").len()
    }

    /// `action` by `actor` (the user `user`) in game `id`, acknowledged once durable. A game
    /// that is over takes only the arbiter's result.
    pub async fn act(&self, id: GameId, actor: Actor, user: Option<UserId>, action: Action) -> Result<Acked, ActError> {
        let Some(h) = self.handle(id) else { return self.amend(id, actor, user, action).await };
        let (reply, wait) = oneshot::channel();
        h.tx.send(Command::Act { actor, user, action, reply }).await.map_err(|_| ActError::NotLive)?;
        wait.await.map_err(|_| ActError::NotLive)?
    }

    /// Starts watching a live game.
    pub async fn watch(&self, id: GameId, after: Option<u64>) -> Option<Watching> {
        self.ask(id, |reply| Command::Watch { after, reply }).await
    }

    /// As [`Hub::watch`], for a follower that replays the moves and needs no help to move (the
    /// CSA players and monitors, the engines' seats): one message an event, the state after it
    /// with its move, each a brief view, without the legal moves or the declaration's
    /// conditions, which cost most of a view to build.
    pub async fn follow(&self, id: GameId, after: Option<u64>) -> Option<Following> {
        self.ask(id, |reply| Command::Follow { after, reply }).await
    }

    /// A copy of a live game as it is now.
    pub async fn read(&self, id: GameId) -> Option<LiveGame> {
        self.ask(id, |reply| Command::Read { reply }).await
    }

    /// A seated player's connection watching game `id` opened or closed: the guard says it
    /// closed when dropped (a watch ended, a connection lost or aborted).
    pub fn present(&self, id: GameId, side: Side) -> Option<PresenceGuard> {
        let h = self.handle(id)?;
        h.tx.try_send(Command::Presence { side, delta: 1 }).ok()?;
        Some(PresenceGuard { tx: h.tx, side })
    }

    /// `claimant` (the user `user`) claims the game: his opponent has been away past the
    /// countdown on his own turn.
    pub async fn claim_absent(&self, id: GameId, claimant: Side, user: UserId) -> Result<Acked, ActError> {
        let h = self.handle(id).ok_or(ActError::NotLive)?;
        let (reply, wait) = oneshot::channel();
        h.tx.send(Command::ClaimAbsent { claimant, user, reply }).await.map_err(|_| ActError::NotLive)?;
        wait.await.map_err(|_| ActError::NotLive)?
    }

    /// The arbiter's result for a finished game: a correction, or an annulment (`no_result`),
    /// appended to its log with who and when, and the game's row updated.
    async fn amend(&self, id: GameId, actor: Actor, user: Option<UserId>, action: Action) -> Result<Acked, ActError> {
        let result = matches!(&action, Action::Decide { decision: Decision::Result { .. } });
        if actor != Actor::Arbiter || !result {
            return Err(ActError::NotLive);
        }
        let _one = self.amending.lock().await;
        let row = self.store.game(id).await?.ok_or(ActError::NotLive)?;
        if row.status != GameStatus::Finished {
            return Err(ActError::NotLive);
        }
        let corrupt = |e: String| StoreError::Corrupt(format!("game {id}: {e}"));
        let setup: GameSetup = serde_json::from_str(&row.setup).map_err(|e| corrupt(e.to_string()))?;
        let events = self.store.events(id).await?;
        let mut game = LiveGame::replay(&setup, Mode::Enforced, events.iter().map(|e| e.event.as_str()))
            .map_err(|e| corrupt(e.to_string()))?;
        let t = now_ms().max(game.last_t().unwrap_or(0));
        let logged = game.act(t, actor, &action)?;
        let seq = events.len() as u64;
        self.store.appender().append(vec![row_of(id, seq, user, &logged)]).await?;
        let outcome = serde_json::to_string(&game.outcome()).expect("outcomes serialize");
        self.store.set_status(id, GameStatus::Finished, Some(&outcome)).await?;
        let _ = self.ended.send(Ended { game: id, amended: true });
        Ok(Acked { seq, answer: logged.answer })
    }

    fn remove(&self, id: GameId) {
        self.games.lock().expect("hub lock").remove(&id);
    }
}

enum Restored {
    Ended { id: GameId, outcome: String },
    Live { id: GameId, seats: Seats, game: Box<LiveGame>, actors: Vec<Option<UserId>>, logged: Vec<Logged> },
}

/// Replays the logs on every core; each live game's clocks stopped at its last event and
/// started again at `now`.
fn replay_all(work: Vec<(GameRow, LiveLog)>, now: u64) -> Vec<Result<Restored, StoreError>> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = work.len().div_ceil(threads).max(1);
    std::thread::scope(|s| {
        let handles: Vec<_> = work
            .chunks(chunk)
            .map(|c| s.spawn(move || c.iter().map(|(g, l)| replay_one(g, l, now)).collect::<Vec<_>>()))
            .collect();
        handles.into_iter().flat_map(|h| h.join().expect("replay threads do not panic")).collect()
    })
}

fn replay_one(row: &GameRow, log: &LiveLog, now: u64) -> Result<Restored, StoreError> {
    let corrupt = |e: String| StoreError::Corrupt(format!("game {}: {e}", row.id));
    let setup: GameSetup = serde_json::from_str(&row.setup).map_err(|e| corrupt(e.to_string()))?;
    let mut game = LiveGame::replay(&setup, Mode::Enforced, log.iter().map(|(_, e)| e.as_str()))
        .map_err(|e| corrupt(e.to_string()))?;
    if game.outcome().is_some() {
        return Ok(Restored::Ended {
            id: row.id,
            outcome: serde_json::to_string(&game.outcome()).expect("outcomes serialize"),
        });
    }
    let logged = match game.last_t() {
        // Seated, but stopped before its start was stored: it starts now.
        None => vec![game.start(now)],
        Some(last) => game.interrupt(last, now.max(last)),
    };
    Ok(Restored::Live {
        id: row.id,
        seats: Seats::of(row),
        game: Box::new(game),
        actors: log.iter().map(|(a, _)| *a).collect(),
        logged,
    })
}

/// Holds a seated player present in a live game while it lives.
pub struct PresenceGuard {
    tx: mpsc::Sender<Command>,
    side: Side,
}

impl Drop for PresenceGuard {
    fn drop(&mut self) {
        if let Err(mpsc::error::TrySendError::Full(_)) =
            self.tx.try_send(Command::Presence { side: self.side, delta: -1 })
        {
            // A full queue: say it from a task (the game must not think him present). A closed
            // one is a game over.
            let (tx, side) = (self.tx.clone(), self.side);
            tokio::spawn(async move { tx.send(Command::Presence { side, delta: -1 }).await });
        }
    }
}

/// A countdown running against an absent player: on his turn, from when he was last seen (or
/// his turn began, if later); the opponent may claim the game at `claimable_at`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct Countdown {
    pub side: Side,
    pub absent_since: u64,
    pub claimable_at: u64,
}

fn row_of(game: GameId, seq: u64, actor: Option<UserId>, l: &Logged) -> EventRow {
    EventRow {
        game,
        seq: seq as i64,
        t_ms: l.t as i64,
        actor,
        event: l.event.clone(),
        answer: serde_json::to_string(&l.answer).expect("answers serialize"),
    }
}

struct GameTask {
    id: GameId,
    game: LiveGame,
    /// Who caused each event of the log.
    actors: Vec<Option<UserId>>,
    store: Store,
    /// The events with the full views after them, and the brief views with their moves
    /// ([`ViewDetail`]): each built only while someone watches so.
    updates: broadcast::Sender<Arc<ServerMsg>>,
    brief_updates: broadcast::Sender<Arc<Followed>>,
    hub: Hub,
    /// Each side's WebSocket watches of the game open now, and since when he has had none
    /// (only once he had one: a player who acts over HTTP alone is never counted absent).
    present: [u32; 2],
    absent_since: [Option<u64>; 2],
}

impl GameTask {
    fn countdown(&self) -> Option<Countdown> {
        if self.game.outcome().is_some() {
            return None;
        }
        let side = self.game.to_move();
        let since = self.absent_since[side.index()]?;
        let from = since.max(self.game.last_t().unwrap_or(0));
        Some(Countdown { side, absent_since: since, claimable_at: from + self.hub.grace_ms })
    }

    async fn run(mut self, mut rx: mpsc::Receiver<Command>) {
        loop {
            // A move at the flag's instant is still in time; the flag is down one millisecond later.
            let flag =
                self.game.flag_at().map(|at| Instant::now() + Duration::from_millis((at + 1).saturating_sub(now_ms())));
            // A player who must come to the board and has not: the ruling at the end of the
            // lateness the ruleset allows.
            let lateness = self
                .game
                .lateness_deadline()
                .map(|(_, at)| Instant::now() + Duration::from_millis(at.saturating_sub(now_ms())));
            let cmd = tokio::select! {
                cmd = rx.recv() => cmd,
                _ = sleep_until(lateness) => {
                    let (late, at) = self.game.lateness_deadline().expect("a lateness deadline was scheduled");
                    let t = at.max(self.game.last_t().unwrap_or(0));
                    let ruling = self.game.lateness_ruling(late);
                    let done = match self.game.act(t, Actor::Host, &ruling) {
                        Ok(logged) => self.commit(None, logged).await.map_err(ActError::from),
                        Err(e) => Err(e.into()),
                    };
                    if let Err(e) = done {
                        tracing::error!(game = self.id, error = %e, "lateness ruling not stored; the game stops");
                        break;
                    }
                    if self.game.outcome().is_some() {
                        break;
                    }
                    continue;
                }
                _ = sleep_until(flag) => {
                    let at = self.game.flag_at().expect("a flag was scheduled");
                    // The flag is down just after the clock's instant, whenever the timer woke.
                    let t = (at + 1).max(self.game.last_t().unwrap_or(0));
                    let logged = self.game.tick(t);
                    if let Err(e) = self.commit(None, logged).await {
                        tracing::error!(game = self.id, error = %e, "flag tick not stored; the game stops");
                        break;
                    }
                    continue;
                }
            };
            let Some(cmd) = cmd else { break };
            match cmd {
                Command::Act { actor, user, action, reply } => {
                    if let Actor::Player { side } = actor
                        && let Err(e) = self.arrive(side, user).await
                    {
                        let _ = reply.send(Err(e.into()));
                        break;
                    }
                    let t = now_ms().max(self.game.last_t().unwrap_or(0));
                    let done = match self.game.act(t, actor, &action) {
                        Ok(logged) => self.commit(user, logged).await.map_err(ActError::from),
                        Err(e) => Err(e.into()),
                    };
                    if answered(self.id, reply, done) {
                        break;
                    }
                }
                Command::Watch { after, reply } => {
                    let _ = reply.send(self.watching(after));
                }
                Command::Follow { after, reply } => {
                    let _ = reply.send(self.following(after));
                }
                Command::Read { reply } => {
                    let _ = reply.send(self.game.clone());
                }
                Command::Presence { side, delta } => {
                    if delta > 0
                        && let Err(e) = self.arrive(side, None).await
                    {
                        tracing::error!(game = self.id, error = %e, "an arrival not stored; the game stops");
                        break;
                    }
                    let i = side.index();
                    self.present[i] = self.present[i].saturating_add_signed(delta);
                    let before = self.absent_since[i];
                    self.absent_since[i] = match (self.present[i], before) {
                        (0, None) if delta < 0 => Some(now_ms()),
                        (0, b) => b,
                        _ => None,
                    };
                    if before != self.absent_since[i] {
                        let seq = self.actors.len().saturating_sub(1) as u64;
                        self.publish(seq, None, None);
                    }
                }
                Command::Present { side, reply } => {
                    let _ = reply.send(self.present[side.index()]);
                }
                Command::ClaimAbsent { claimant, user, reply } => {
                    let now = now_ms();
                    let done = match self.countdown() {
                        Some(c) if c.side != claimant && now >= c.claimable_at => {
                            let t = now.max(self.game.last_t().unwrap_or(0));
                            let result = match claimant {
                                Side::Black => GameResult::BlackWin,
                                Side::White => GameResult::WhiteWin,
                            };
                            let decision = Decision::Result {
                                result,
                                reason: Reason::ArbiterDecision,
                                article: ABSENCE_ARTICLE.to_string(),
                            };
                            match self.game.act(t, Actor::Host, &Action::Decide { decision }) {
                                Ok(logged) => self.commit(Some(user), logged).await.map_err(ActError::from),
                                Err(e) => Err(e.into()),
                            }
                        }
                        Some(c) if c.side != claimant => Err(ActError::TooEarly(format!(
                            "the opponent's countdown runs until {} ({} ms from now)",
                            c.claimable_at,
                            c.claimable_at - now
                        ))),
                        _ => Err(ActError::TooEarly(
                            "no countdown runs against the opponent (he is connected, or it is not his turn)".into(),
                        )),
                    };
                    if answered(self.id, reply, done) {
                        break;
                    }
                }
            }
            if self.game.outcome().is_some() {
                break;
            }
        }
        self.hub.remove(self.id);
    }

    /// In a game whose players must come to the board, `side`'s first connection or act is his
    /// arrival (the referee judges its lateness).
    async fn arrive(&mut self, side: Side, user: Option<UserId>) -> Result<(), StoreError> {
        if !self.game.setup().arrival || self.game.arrived(side) || self.game.outcome().is_some() {
            return Ok(());
        }
        let t = now_ms().max(self.game.last_t().unwrap_or(0));
        match self.game.act(t, Actor::Player { side }, &Action::Arrive) {
            Ok(logged) => self.commit(user, logged).await.map(|_| ()),
            Err(e) => {
                tracing::error!(game = self.id, error = %e, "an arrival was not taken");
                Ok(())
            }
        }
    }

    /// Stores the event just submitted, then tells the watchers.
    async fn commit(&mut self, user: Option<UserId>, logged: Logged) -> Result<Acked, StoreError> {
        let seq = self.actors.len() as u64;
        self.store.appender().append(vec![row_of(self.id, seq, user, &logged)]).await?;
        self.actors.push(user);
        let _ = self.hub.acted.send(self.id);
        if self.game.outcome().is_some() {
            // Before anyone hears of the end, the game's row says it (a restart that finds it
            // still live only marks it finished again).
            self.finish().await;
        }
        let event = (self.updates.receiver_count() > 0).then(|| ServerMsg::Event {
            game: self.id,
            seq,
            t: logged.t,
            actor: user,
            event: serde_json::from_str(&logged.event).expect("stored events are JSON"),
            answer: logged.answer.clone(),
        });
        self.publish(seq, event, logged.moved);
        Ok(Acked { seq, answer: logged.answer })
    }

    /// Sends event `seq` (if given) and the state after it to whoever watches, and the state
    /// with `moved` to whoever follows, each view built only for those who watch so (a watcher
    /// gets the state when he comes).
    fn publish(&self, seq: u64, event: Option<ServerMsg>, moved: Option<String>) {
        if self.updates.receiver_count() > 0 {
            // Both messages are built before either is sent: a watcher woken by the event then
            // finds the state already there, instead of being woken again for it.
            let state = Arc::new(self.state(seq));
            if let Some(e) = event {
                let _ = self.updates.send(Arc::new(e));
            }
            let _ = self.updates.send(state);
        }
        if self.brief_updates.receiver_count() > 0 {
            let _ = self.brief_updates.send(Arc::new(self.followed(moved)));
        }
    }

    fn state(&self, seq: u64) -> ServerMsg {
        let view = Box::new(self.game.view_of(now_ms(), ViewDetail::Full));
        ServerMsg::State { game: self.id, seq, view, countdown: self.countdown() }
    }

    fn followed(&self, moved: Option<String>) -> Followed {
        Followed { moved, view: self.game.view_of(now_ms(), ViewDetail::Brief), countdown: self.countdown() }
    }

    fn following(&self, after: Option<u64>) -> Following {
        let from = first_after(after);
        let logged = self.game.logged_from(from);
        let moved = logged.iter().rev().find_map(|l| l.moved.clone());
        Following {
            events: logged.into_iter().map(|l| l.event).collect(),
            now: Arc::new(self.followed(moved)),
            updates: self.brief_updates.subscribe(),
        }
    }

    fn watching(&self, after: Option<u64>) -> Watching {
        let from = first_after(after);
        let mut backlog: Vec<Arc<ServerMsg>> = self
            .game
            .logged_from(from)
            .into_iter()
            .enumerate()
            .map(|(i, l)| {
                let seq = from + i;
                Arc::new(ServerMsg::Event {
                    game: self.id,
                    seq: seq as u64,
                    t: l.t,
                    actor: self.actors.get(seq).copied().flatten(),
                    event: serde_json::from_str(&l.event).expect("events serialize"),
                    answer: l.answer,
                })
            })
            .collect();
        let last = self.actors.len().saturating_sub(1) as u64;
        backlog.push(Arc::new(self.state(last)));
        Watching { backlog, updates: self.updates.subscribe() }
    }

    /// The game is over: its row says so.
    async fn finish(&mut self) {
        let outcome = serde_json::to_string(&self.game.outcome()).expect("outcomes serialize");
        match self.store.set_status(self.id, GameStatus::Finished, Some(&outcome)).await {
            Ok(()) => {
                let _ = self.hub.ended.send(Ended { game: self.id, amended: false });
            }
            Err(e) => tracing::error!(game = self.id, error = %e, "could not mark the game finished"),
        }
    }
}

/// Sends an act's answer; `true` when its event could not be stored, and the game stops until
/// a restart rebuilds it from its log.
fn answered(id: GameId, reply: oneshot::Sender<Result<Acked, ActError>>, done: Result<Acked, ActError>) -> bool {
    let broken = matches!(done, Err(ActError::Store(_)));
    let _ = reply.send(done);
    if broken {
        tracing::error!(game = id, "event not stored; the game stops until a restart");
    }
    broken
}

/// The number of the first event after `after` (all of them without it).
fn first_after(after: Option<u64>) -> usize {
    after.map_or(0, |a| a.saturating_add(1)) as usize
}

async fn sleep_until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}
