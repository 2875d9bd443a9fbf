//! The WebSocket endpoint `GET /api/ws` (docs/protocol.md): one connection watches any number
//! of games and acts in those where its user has a seat or is the arbiter.
//!
//! Each connection has a bounded send queue: a client too slow to read it is disconnected (it
//! reconnects and watches again from the last event number it saw). Messages are rate-limited
//! per connection (a token bucket) and size-limited.

use super::games::{actor_for, game_row, load, seated_side, seats};
use super::{ApiError, AppState};
use crate::auth::{Credential, Viewer};
use crate::live::now_ms;
use crate::protocol::{ClientMsg, ErrorCode, ServerMsg, VERSION};
use crate::store::{GameId, User};
use axum::extract::State;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::http::HeaderMap;
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};
use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::{Notify, broadcast, mpsc};
use tokio::task::JoinHandle;

pub async fn upgrade(
    State(state): State<AppState>,
    viewer: Viewer,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    // A browser sends the session cookie with a WebSocket from any page: only pages of this
    // host may use it (the CSRF check of WebSockets).
    if let Some((_, Credential::Session { .. })) = &viewer.0 {
        let host = headers.get("host").and_then(|h| h.to_str().ok()).unwrap_or("");
        let origin = headers.get("origin").and_then(|h| h.to_str().ok());
        if let Some(o) = origin
            && o.split_once("://").map(|(_, rest)| rest) != Some(host)
        {
            return Err(ApiError::forbidden("a session's WebSocket is opened from this site only"));
        }
    }
    let bot = matches!(viewer.0, Some((_, Credential::Bearer)));
    let user = viewer.0.map(|(u, _)| u);
    let max = state.limits.message_bytes;
    Ok(ws.max_message_size(max).max_frame_size(max).on_upgrade(move |socket| connection(state, user, bot, socket)))
}

/// A token bucket: `rate` messages a second, `burst` at once.
struct Bucket {
    tokens: f64,
    rate: f64,
    burst: f64,
    last: std::time::Instant,
}

impl Bucket {
    fn take(&mut self) -> bool {
        let now = std::time::Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.last).as_secs_f64() * self.rate).min(self.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// A connection's send queue, and how its watchers end it when the queue is full.
#[derive(Clone)]
struct Out {
    tx: mpsc::Sender<Arc<ServerMsg>>,
    overflow: Arc<Notify>,
}

async fn connection(state: AppState, user: Option<User>, bot: bool, socket: WebSocket) {
    let (mut sink, mut stream) = socket.split();
    let (tx, mut queue) = mpsc::channel::<Arc<ServerMsg>>(state.limits.send_queue);
    let out = Out { tx, overflow: Arc::new(Notify::new()) };
    let writer = tokio::spawn(async move {
        while let Some(m) = queue.recv().await {
            let text = serde_json::to_string(&*m).expect("server messages serialize");
            if sink.send(Message::Text(text.into())).await.is_err() {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let mut watches: HashMap<GameId, JoinHandle<()>> = HashMap::new();
    let l = &state.limits;
    let (rate, burst) = if bot { (l.bot_messages_per_second, l.bot_burst) } else { (l.messages_per_second, l.burst) };
    let mut bucket =
        Bucket { tokens: burst as f64, rate: rate as f64, burst: burst as f64, last: std::time::Instant::now() };
    let hello = ServerMsg::Hello { version: VERSION, user: user.as_ref().map(|u| u.name.clone()) };
    if send(&out, hello).is_err() {
        return;
    }
    loop {
        let msg = tokio::select! {
            m = stream.next() => m,
            _ = out.overflow.notified() => break,
        };
        let Some(Ok(msg)) = msg else { break };
        let text = match msg {
            Message::Text(t) => t.to_string(),
            Message::Binary(_) => {
                let _ = send(&out, error(None, ErrorCode::BadRequest, "messages are JSON text"));
                continue;
            }
            Message::Close(_) => break,
            Message::Ping(_) | Message::Pong(_) => continue,
        };
        if !bucket.take() {
            let _ = send(&out, error(None, ErrorCode::RateLimited, "too many messages; slow down"));
            continue;
        }
        if let Some(Err(e)) = user.as_ref().map(|u| state.accounts.message(u.id, bot)) {
            let _ = send(&out, error(None, e.code, &e.message));
            continue;
        }
        let reply = match serde_json::from_str::<ClientMsg>(&text) {
            Err(e) => Some(error(None, ErrorCode::BadRequest, &e.to_string())),
            Ok(ClientMsg::Hello { .. }) => None,
            Ok(ClientMsg::Watch { game, after }) => {
                if let Some(old) = watches.remove(&game) {
                    old.abort();
                }
                // A seated player watching his game is present in it.
                let side = match (&user, state.hub.seats(game)) {
                    (Some(u), Some(seats)) => seated_side(&seats, u).ok(),
                    _ => None,
                };
                match watch(&state, game, after, side, out.clone()).await {
                    Ok(task) => {
                        watches.insert(game, task);
                        None
                    }
                    Err(e) => Some(error(None, e.code, &e.message)),
                }
            }
            Ok(ClientMsg::Unwatch { game }) => {
                if let Some(old) = watches.remove(&game) {
                    old.abort();
                }
                None
            }
            Ok(ClientMsg::ClaimAbsent { game, id }) => {
                let (state, user) = (state.clone(), user.clone());
                answer_later(&out, id, game, async move { claim_absent(&state, user.as_ref(), game).await });
                None
            }
            Ok(ClientMsg::Act { game, id, action }) => {
                let (state, user) = (state.clone(), user.clone());
                answer_later(&out, id, game, async move { act(&state, user.as_ref(), game, action).await });
                None
            }
        };
        if let Some(r) = reply
            && send(&out, r).is_err()
        {
            break;
        }
    }
    for (_, w) in watches {
        w.abort();
    }
    drop(out);
    let _ = writer.await;
}

/// Answers an act once it is stored, from a task of its own: a client may have acts in flight in
/// many games at once (one connection for many boards).
fn answer_later(
    out: &Out,
    id: u64,
    game: GameId,
    acting: impl std::future::Future<Output = Result<(u64, arbiter::Answer), ApiError>> + Send + 'static,
) {
    let out = out.clone();
    tokio::spawn(async move {
        let reply = match acting.await {
            Ok((seq, answer)) => ServerMsg::Ack { id, game, seq, answer },
            Err(e) => error(Some(id), e.code, &e.message),
        };
        let _ = send(&out, reply);
    });
}

/// Queues a message; a full queue (a client that does not read) ends the connection.
fn send(out: &Out, m: ServerMsg) -> Result<(), ()> {
    push(out, Arc::new(m))
}

fn push(out: &Out, m: Arc<ServerMsg>) -> Result<(), ()> {
    out.tx.try_send(m).map_err(|_| {
        tracing::info!("a client's send queue is full: disconnected");
        out.overflow.notify_one();
    })
}

fn error(id: Option<u64>, code: ErrorCode, message: &str) -> ServerMsg {
    ServerMsg::Error { id, code, message: message.to_string() }
}

async fn act(
    state: &AppState,
    user: Option<&User>,
    game: GameId,
    action: arbiter::live::Action,
) -> Result<(u64, arbiter::Answer), ApiError> {
    let user = user.ok_or_else(|| ApiError::unauthorized("log in to act"))?;
    let actor = actor_for(&seats(state, game).await?, user, &action)?;
    let acked = state.hub.act(game, actor, Some(user.id), action).await?;
    Ok((acked.seq, acked.answer))
}

async fn claim_absent(state: &AppState, user: Option<&User>, game: GameId) -> Result<(u64, arbiter::Answer), ApiError> {
    let user = user.ok_or_else(|| ApiError::unauthorized("log in to claim"))?;
    let side = seated_side(&seats(state, game).await?, user)?;
    let acked = state.hub.claim_absent(game, side, user.id).await?;
    Ok((acked.seq, acked.answer))
}

/// Sends the game's events after `after` and its state, then (for a live game) every new event
/// as it comes; a watcher that falls behind the game's broadcast picks up again from the last
/// event it forwarded.
async fn watch(
    state: &AppState,
    game: GameId,
    after: Option<u64>,
    seated: Option<arbiter::Side>,
    out: Out,
) -> Result<JoinHandle<()>, ApiError> {
    let Some(w) = state.hub.watch(game, after).await else {
        // Not live: its log from the store, and its state.
        let row = game_row(state, game).await?;
        let g = load(state, &row).await?;
        let from = after.map_or(0, |a| a.saturating_add(1)) as usize;
        let mut seq = after.unwrap_or(0);
        for (i, l) in g.logged_from(from).into_iter().enumerate() {
            seq = (from + i) as u64;
            let event = serde_json::from_str(&l.event).expect("events serialize");
            let m = ServerMsg::Event { game, seq, t: l.t, actor: None, event, answer: l.answer };
            send(&out, m).map_err(|_| ApiError::conflict("connection closed"))?;
        }
        let state_msg = ServerMsg::State { game, seq, view: Box::new(g.view(now_ms())), countdown: None };
        send(&out, state_msg).map_err(|_| ApiError::conflict("connection closed"))?;
        return Ok(tokio::spawn(async {}));
    };
    let hub = state.hub.clone();
    let presence = seated.and_then(|side| hub.present(game, side));
    Ok(tokio::spawn(async move {
        // Present while this watch lives: dropped with the task when it ends or is aborted.
        let _presence = presence;
        let mut last: Option<u64> = after;
        let mut w = w;
        loop {
            for m in w.backlog.drain(..) {
                if forward(&out, m, &mut last).is_err() {
                    return;
                }
            }
            loop {
                match w.updates.recv().await {
                    Ok(m) => {
                        if forward(&out, m, &mut last).is_err() {
                            return;
                        }
                    }
                    Err(broadcast::error::RecvError::Lagged(_)) => break,
                    Err(broadcast::error::RecvError::Closed) => return,
                }
            }
            match hub.watch(game, last).await {
                Some(again) => w = again,
                None => return,
            }
        }
    }))
}

/// Forwards a message, skipping events already forwarded (after a catch-up).
fn forward(out: &Out, m: Arc<ServerMsg>, last: &mut Option<u64>) -> Result<(), ()> {
    if let ServerMsg::Event { seq, .. } = &*m {
        if last.is_some_and(|l| *seq <= l) {
            return Ok(());
        }
        *last = Some(*seq);
    }
    push(out, m)
}
