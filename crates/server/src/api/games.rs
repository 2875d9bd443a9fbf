//! Games over HTTP: challenges, accepting, the game as JSON and as a record, acts for bots.

use super::{ApiError, AppState, Body, Param, Params};
use crate::auth::{Member, Viewer};
use crate::live::{Seats, now_ms};
use crate::seat;
use crate::store::{GameId, GameRow, GameStatus, Role, User, UserId};
use arbiter::live::{Action, Actor, Draw, GameSetup, LiveGame, Names};
use arbiter::{GameKind, Mode, RecordFormat, Side};
use axum::Json;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::json;
use std::time::Duration;

/// Who moves first in a new game: the challenger's choice, or a draw (furigoma in shogi, nigiri
/// in Go) from a seed kept with the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ColorChoice {
    Black,
    White,
    Random,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    setup: GameSetup,
    /// The challenger's side (default: random).
    #[serde(default)]
    color: Option<ColorChoice>,
    /// A direct challenge to this user; otherwise open to anyone.
    #[serde(default)]
    opponent: Option<String>,
    /// The seed of the draw under `color: random` (default: one from the OS random source).
    #[serde(default)]
    seed: Option<u64>,
    /// Play this engine (`GET /api/engines`): the game starts at once with the engine seated.
    #[serde(default)]
    engine: Option<String>,
    /// Two engines to play each other while anyone watches; the challenger takes no seat.
    #[serde(default)]
    engines: Option<EngineGame>,
}

/// An engine against an engine.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngineGame {
    black: String,
    white: String,
    /// The least time an engine takes for a move, so that people can follow the game (default
    /// [`seat::EXHIBITION_PACE`]); it is on the engine's clock like any thinking time.
    #[serde(default)]
    pace_ms: Option<u64>,
}

/// Seeds stay below 2^53 so that a JSON reader in JavaScript gets them exactly.
const MAX_SEED: u64 = (1 << 53) - 1;

/// `POST /api/games`: a challenge.
pub async fn create(State(state): State<AppState>, m: Member, Body(g): Body<NewGame>) -> Result<Response, ApiError> {
    g.setup.validate().map_err(|e| ApiError::bad_request(e.to_string()))?;
    if let Some(e) = &g.engines {
        if g.engine.is_some() || g.opponent.is_some() || g.color.is_some() || g.seed.is_some() {
            return Err(ApiError::bad_request(
                "`engines` seats both sides: no `engine`, `opponent`, `color` or `seed`",
            ));
        }
        return create_engine_game(&state, &m.user, &g.setup, e).await;
    }
    let mut prepared = None;
    let engine = match &g.engine {
        Some(name) => {
            let (c, user) = state.engines.get(name).ok_or_else(|| ApiError::not_found("no such engine"))?;
            if c.game != g.setup.game() {
                return Err(ApiError::bad_request(format!("{name} plays {:?}", c.game)));
            }
            if g.opponent.is_some() {
                return Err(ApiError::bad_request("a game has one opponent: `engine` or `opponent`"));
            }
            // Started and ready before the clock starts.
            let p = crate::seat::Engines::prepare(c, &g.setup)
                .await
                .map_err(|e| ApiError::unavailable(format!("the engine did not start: {e}")))?;
            prepared = Some(p);
            Some(user)
        }
        None => None,
    };
    let opponent = match &g.opponent {
        _ if engine.is_some() => engine,
        Some(name) => {
            let (u, _) = state.store.user_by_name(name).await?.ok_or_else(|| ApiError::not_found("no such user"))?;
            if u.id == m.user.id {
                return Err(ApiError::bad_request("a challenge is to somebody else"));
            }
            Some(u.id)
        }
        None => None,
    };
    let color = g.color.unwrap_or(ColorChoice::Random);
    let draw = match (color, g.seed) {
        (ColorChoice::Random, seed) => {
            let seed = match seed {
                Some(s) if s > MAX_SEED => return Err(ApiError::bad_request(format!("a seed is at most {MAX_SEED}"))),
                Some(s) => s,
                None => {
                    let mut b = [0u8; 8];
                    getrandom::fill(&mut b).expect("the OS random source works");
                    u64::from_le_bytes(b) & MAX_SEED
                }
            };
            Some(match g.setup.game() {
                GameKind::Shogi => Draw::furigoma(seed),
                GameKind::Go => Draw::nigiri(seed),
            })
        }
        (_, Some(_)) => return Err(ApiError::bad_request("a seed is for `color: random`")),
        (_, None) => None,
    };
    // The challenger throws the pawns or holds the stones: the texts give the throw to the
    // higher-ranked player (ufs-2016 4.6; fesa-2017 7), whom an open challenge does not know yet.
    let side = match (color, &draw) {
        (ColorChoice::White, _) => Side::White,
        (_, Some(d)) if !d.drawer_moves_first() => Side::White,
        _ => Side::Black,
    };
    let seats = match side {
        Side::Black => [Some(m.user.id), opponent],
        Side::White => [opponent, Some(m.user.id)],
    };
    let setup = serde_json::to_string(&g.setup).expect("setups serialize");
    let draw_json = draw.as_ref().map(|d| serde_json::to_string(d).expect("draws serialize"));
    let id = state.store.create_game(&setup, m.user.id, seats, now_ms() as i64, draw_json.as_deref()).await?;
    if let Some(e) = engine {
        // Against an engine the game starts at once, the engine's task seated.
        let (black, white) = match side {
            Side::Black => (m.user.id, e),
            Side::White => (e, m.user.id),
        };
        state.hub.start_stored(id, black, white, None, &g.setup).await?;
        if let Some(p) = prepared {
            state.engines.seat(&state.hub, id, side.flip(), e, p, seat::SeatOptions::default());
        }
    }
    Ok((StatusCode::CREATED, Json(json!({ "id": id, "color": side, "draw": draw }))).into_response())
}

/// `POST /api/games` with `engines`: an engine against an engine, started at once.
async fn create_engine_game(
    state: &AppState,
    by: &User,
    setup: &GameSetup,
    e: &EngineGame,
) -> Result<Response, ApiError> {
    let pace = Duration::from_millis(e.pace_ms.unwrap_or(seat::EXHIBITION_PACE.as_millis() as u64));
    if pace > seat::MAX_PACE {
        return Err(ApiError::bad_request(format!("pace_ms is at most {}", seat::MAX_PACE.as_millis())));
    }
    let mut seated = Vec::with_capacity(2);
    for name in [&e.black, &e.white] {
        let (c, user) =
            state.engines.get(name).ok_or_else(|| ApiError::not_found(format!("no such engine: {name}")))?;
        if c.game != setup.game() {
            return Err(ApiError::bad_request(format!("{name} plays {:?}", c.game)));
        }
        seated.push((c.clone(), user));
    }
    // Engines cost the machine: a few such games per account at a time.
    let slot = state.engines.reserve(by.id).ok_or_else(|| {
        ApiError::rate_limited(format!("at most {} engine games of yours at a time", seat::EXHIBITIONS_PER_ACCOUNT))
    })?;
    let (b, w) = tokio::join!(seat::Engines::prepare(&seated[0].0, setup), seat::Engines::prepare(&seated[1].0, setup));
    let unavailable = |e: engines::EngineError| ApiError::unavailable(format!("the engine did not start: {e}"));
    let (b, w) = (b.map_err(unavailable)?, w.map_err(unavailable)?);
    let (black, white) = (seated[0].1, seated[1].1);
    let text = serde_json::to_string(setup).expect("setups serialize");
    let id = state.store.create_game(&text, by.id, [Some(black), Some(white)], now_ms() as i64, None).await?;
    state.hub.start_stored(id, black, white, None, setup).await?;
    let how = seat::SeatOptions { pace, slot: Some(slot) };
    state.engines.seat(&state.hub, id, Side::Black, black, b, how.clone());
    state.engines.seat(&state.hub, id, Side::White, white, w, how);
    Ok((StatusCode::CREATED, Json(json!({ "id": id, "color": null, "draw": null }))).into_response())
}

#[derive(Deserialize)]
pub struct ListQuery {
    #[serde(default)]
    status: Option<GameStatus>,
}

/// `GET /api/games?status=open|live|finished` (default: open challenges).
pub async fn list(
    State(state): State<AppState>,
    Params(q): Params<ListQuery>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let rows = state.store.games(q.status.unwrap_or(GameStatus::Open), 100).await?;
    let mut out = Vec::with_capacity(rows.len());
    for row in &rows {
        let setup = setup_of(row)?;
        out.push(json!({
            "id": row.id,
            "status": row.status,
            "game": setup.game(),
            "ruleset": setup.ruleset,
            "time": setup.time,
            "rated": setup.rated,
            "players": players(&state, row).await?,
            "created_ms": row.created_ms,
        }));
    }
    Ok(Json(json!({ "games": out })))
}

/// `POST /api/games/{id}/accept`: the free seat taken, the game starts.
pub async fn accept(
    State(state): State<AppState>,
    m: Member,
    Param(id): Param<GameId>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let row = game_row(&state, id).await?;
    if row.status != GameStatus::Open {
        return Err(ApiError::conflict("the challenge is no longer open"));
    }
    if row.created_by == m.user.id {
        return Err(ApiError::bad_request("one does not accept one's own challenge"));
    }
    let (black, white) = match (row.black, row.white) {
        (Some(b), Some(w)) if b == m.user.id || w == m.user.id => (b, w),
        (Some(_), Some(_)) => return Err(ApiError::forbidden("the challenge is to somebody else")),
        (Some(b), None) => (b, m.user.id),
        (None, Some(w)) => (m.user.id, w),
        (None, None) => return Err(ApiError::conflict("the challenge has no challenger")),
    };
    if !state.hub.start_stored(id, black, white, row.arbiter, &setup_of(&row)?).await? {
        return Err(ApiError::conflict("the challenge is no longer open"));
    }
    Ok(Json(json!({ "id": id, "status": GameStatus::Live })))
}

/// `POST /api/games/{id}/cancel`: the challenger withdraws an open challenge.
pub async fn cancel(
    State(state): State<AppState>,
    m: Member,
    Param(id): Param<GameId>,
) -> Result<StatusCode, ApiError> {
    let row = game_row(&state, id).await?;
    if row.created_by != m.user.id && m.user.role != Role::Admin {
        return Err(ApiError::forbidden("only the challenger withdraws a challenge"));
    }
    if row.status != GameStatus::Open {
        return Err(ApiError::conflict("only an open challenge is withdrawn"));
    }
    state.store.set_status(id, GameStatus::Cancelled, None).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArbiterRequest {
    /// The arbiter's user name; `null` to remove him.
    name: Option<String>,
}

/// `PUT /api/games/{id}/arbiter {name}`: admins appoint a game's arbiter (a user with the arbiter
/// or admin role).
pub async fn set_arbiter(
    State(state): State<AppState>,
    m: Member,
    Param(id): Param<GameId>,
    Body(r): Body<ArbiterRequest>,
) -> Result<StatusCode, ApiError> {
    if m.user.role != Role::Admin {
        return Err(ApiError::forbidden("only an admin appoints arbiters"));
    }
    game_row(&state, id).await?;
    let arbiter = match r.name {
        Some(name) => {
            let (u, _) = state.store.user_by_name(&name).await?.ok_or_else(|| ApiError::not_found("no such user"))?;
            if u.role == Role::Player {
                return Err(ApiError::bad_request(format!("{name} is not an arbiter")));
            }
            Some(u.id)
        }
        None => None,
    };
    state.store.set_arbiter(id, arbiter).await?;
    state.hub.set_arbiter(id, arbiter);
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActRequest {
    action: Action,
}

/// `POST /api/games/{id}/actions {action}`: an act, answered once its event is durable.
pub async fn act(
    State(state): State<AppState>,
    m: Member,
    Param(id): Param<GameId>,
    Body(r): Body<ActRequest>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let actor = match actor_for(&seats(&state, id).await?, &m.user, &r.action) {
        // Every arbiter of a tournament arbitrates its games.
        Err(_) if r.action.is_arbiter_action() && super::tournaments::arbitrates_game(&state, id, &m.user).await => {
            Actor::Arbiter
        }
        a => a?,
    };
    let acked = state.hub.act(id, actor, Some(m.user.id), r.action).await?;
    Ok(Json(json!({ "seq": acked.seq, "answer": acked.answer })))
}

/// `POST /api/games/{id}/claim-absent`: the game claimed from an opponent who has had no
/// connection watching it for the whole countdown on his turn.
pub async fn claim_absent(
    State(state): State<AppState>,
    m: Member,
    Param(id): Param<GameId>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let side = seated_side(&seats(&state, id).await?, &m.user)?;
    let acked = state.hub.claim_absent(id, side, m.user.id).await?;
    Ok(Json(json!({ "seq": acked.seq, "answer": acked.answer })))
}

/// The side `user` sits on.
pub fn seated_side(seats: &Seats, user: &User) -> Result<Side, ApiError> {
    match (seats.black == Some(user.id), seats.white == Some(user.id)) {
        (true, _) => Ok(Side::Black),
        (_, true) => Ok(Side::White),
        _ => Err(ApiError::forbidden("you have no seat in this game")),
    }
}

/// Who `user` is in the game for `action`: the player of his seat, or its arbiter (the one
/// appointed, or an admin). Spectators act in no game.
pub fn actor_for(row: &Seats, user: &User, action: &Action) -> Result<Actor, ApiError> {
    if action.is_arbiter_action() {
        return if row.arbiter == Some(user.id) || user.role == Role::Admin {
            Ok(Actor::Arbiter)
        } else {
            Err(ApiError::forbidden("only the game's arbiter does that"))
        };
    }
    seated_side(row, user).map(|side| Actor::Player { side })
}

/// `GET /api/games/{id}` (JSON) or `/api/games/{id}.kif|.ki2|.csa|.usi|.sfen|.western|.sgf`
/// (the record with its times).
pub async fn show(State(state): State<AppState>, _v: Viewer, Param(id): Param<String>) -> Result<Response, ApiError> {
    let (id, format) = match id.split_once('.') {
        Some((id, ext)) => (id, Some(ext.parse::<RecordFormat>().map_err(|e| ApiError::not_found(e.to_string()))?)),
        None => (id.as_str(), None),
    };
    let id: GameId = id.parse().map_err(|_| ApiError::not_found("no such game"))?;
    let row = game_row(&state, id).await?;
    let game = load(&state, &row).await?;
    let names = players(&state, &row).await?;
    if let Some(f) = format {
        let names = Names { black: names.black.clone(), white: names.white.clone() };
        let text = game.record(f, &names).map_err(|e| ApiError::not_found(e.to_string()))?;
        return Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response());
    }
    let setup = game.setup();
    let outcome = game.outcome().cloned();
    Ok(Json(json!({
        "id": row.id,
        "status": row.status,
        "game": setup.game(),
        "ruleset": setup.ruleset,
        "setup": setup,
        "time": setup.time,
        "rated": setup.rated,
        "draw": row.draw.as_deref().and_then(|d| serde_json::from_str::<serde_json::Value>(d).ok()),
        "players": names,
        "arbiter": match row.arbiter { Some(a) => state.store.user(a).await?.map(|u| u.name), None => None },
        "moves": game.moves(),
        "view": game.view(now_ms()),
        "outcome": outcome,
        "created_ms": row.created_ms,
    }))
    .into_response())
}

#[derive(serde::Serialize)]
pub struct Players {
    black: Option<String>,
    white: Option<String>,
}

async fn players(state: &AppState, row: &GameRow) -> Result<Players, ApiError> {
    let name = |id: Option<UserId>| async move {
        match id {
            Some(id) => Ok::<_, ApiError>(state.store.user(id).await?.map(|u| u.name)),
            None => Ok(None),
        }
    };
    Ok(Players { black: name(row.black).await?, white: name(row.white).await? })
}

/// The seats of a game: from the hub while it is live (no database read), else from its row.
pub async fn seats(state: &AppState, id: GameId) -> Result<Seats, ApiError> {
    match state.hub.seats(id) {
        Some(s) => Ok(s),
        None => Ok(Seats::of(&game_row(state, id).await?)),
    }
}

pub async fn game_row(state: &AppState, id: GameId) -> Result<GameRow, ApiError> {
    state.store.game(id).await?.ok_or_else(|| ApiError::not_found("no such game"))
}

pub fn setup_of(row: &GameRow) -> Result<GameSetup, ApiError> {
    serde_json::from_str(&row.setup).map_err(|e| {
        tracing::error!(game = row.id, error = %e, "stored setup does not read");
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, crate::protocol::ErrorCode::Internal, "stored game is damaged")
    })
}

/// The game as it is: live from its task, else rebuilt from its log.
pub async fn load(state: &AppState, row: &GameRow) -> Result<LiveGame, ApiError> {
    if let Some(g) = state.hub.read(row.id).await {
        return Ok(g);
    }
    let setup = setup_of(row)?;
    let events = state.store.events(row.id).await?;
    LiveGame::replay(&setup, Mode::Enforced, events.iter().map(|e| e.event.as_str())).map_err(|e| {
        tracing::error!(game = row.id, error = %e, "stored log does not replay");
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, crate::protocol::ErrorCode::Internal, "stored game is damaged")
    })
}
