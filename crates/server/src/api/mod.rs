//! The HTTP API and the WebSocket endpoint (docs/protocol.md): thin handlers over the store and
//! the live games, with typed extractors and one error type mapped to responses here.

mod accounts;
mod accounts_limit;
mod games;
mod tournaments;
mod ws;

use crate::live::{ActError, Hub};
use crate::protocol::ErrorCode;
use crate::store::{Store, StoreError};
pub use accounts_limit::AccountLimits;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post, put};
use axum::{Json, Router};
use serde::Serialize;
use std::sync::Arc;

/// Limits on what a client may send.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Largest HTTP request body.
    pub body_bytes: usize,
    /// Largest WebSocket message.
    pub message_bytes: usize,
    /// WebSocket messages a browser connection (a session) may send per second, on average…
    pub messages_per_second: u32,
    /// …and in a burst.
    pub burst: u32,
    /// The same for a connection with an API token: a bot or an engine playing many boards.
    pub bot_messages_per_second: u32,
    pub bot_burst: u32,
    /// Messages and requests of one account over all its connections, per second and in a
    /// burst: logged in with a session…
    pub account_messages_per_second: u32,
    pub account_burst: u32,
    /// …and with API tokens.
    pub bot_account_messages_per_second: u32,
    pub bot_account_burst: u32,
    /// Login attempts per account name a minute (each costs an argon2 hash).
    pub logins_per_minute: u32,
    /// Messages queued for a slow client before it is disconnected.
    pub send_queue: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            body_bytes: 64 * 1024,
            message_bytes: 16 * 1024,
            messages_per_second: 20,
            burst: 60,
            bot_messages_per_second: 2_000,
            bot_burst: 4_000,
            account_messages_per_second: 50,
            account_burst: 150,
            bot_account_messages_per_second: 20_000,
            bot_account_burst: 40_000,
            logins_per_minute: 10,
            send_queue: 1024,
        }
    }
}

#[derive(Clone)]
pub struct AppState {
    pub store: Store,
    pub hub: Hub,
    pub limits: Arc<Limits>,
    pub accounts: Arc<AccountLimits>,
    pub engines: crate::seat::Engines,
    pub tournaments: crate::tournaments::Tournaments,
}

pub fn router(state: AppState) -> Router {
    let body = state.limits.body_bytes;
    Router::new()
        .route("/health", get(health))
        .route("/api/accounts", post(accounts::register))
        .route("/api/session", post(accounts::login).delete(accounts::logout))
        .route("/api/me", get(accounts::me))
        .route("/api/tokens", post(accounts::create_token))
        .route("/api/users/{name}/role", put(accounts::set_role))
        .route("/api/engines", get(engines))
        .route("/api/games", get(games::list).post(games::create))
        .route("/api/games/{id}", get(games::show))
        .route("/api/games/{id}/accept", post(games::accept))
        .route("/api/games/{id}/cancel", post(games::cancel))
        .route("/api/games/{id}/arbiter", put(games::set_arbiter))
        .route("/api/games/{id}/actions", post(games::act))
        .route("/api/games/{id}/claim-absent", post(games::claim_absent))
        .route("/api/tournaments", get(tournaments::list).post(tournaments::create))
        .route("/api/tournaments/{id}", get(tournaments::show))
        .route("/api/tournaments/{id}/events", get(tournaments::events))
        .route("/api/tournaments/{id}/arbiters", post(tournaments::add_arbiter))
        .route("/api/tournaments/{id}/players", post(tournaments::register))
        .route("/api/tournaments/{id}/players/{n}/withdraw", post(tournaments::withdraw))
        .route("/api/tournaments/{id}/players/{n}", put(tournaments::edit_player))
        .route("/api/tournaments/{id}/players/{n}/bye", post(tournaments::announce_bye))
        .route("/api/tournaments/{id}/forbidden", post(tournaments::forbid))
        .route("/api/tournaments/{id}/rounds", post(tournaments::pair))
        .route("/api/tournaments/{id}/rounds/{r}/pairing", put(tournaments::replace_round))
        .route("/api/tournaments/{id}/rounds/{r}/publish", post(tournaments::publish))
        .route("/api/tournaments/{id}/rounds/{r}/draft", delete(tournaments::discard_draft))
        .route("/api/tournaments/{id}/rounds/{r}/games", post(tournaments::start_games))
        .route("/api/tournaments/{id}/rounds/{r}/boards/{b}", put(tournaments::enter_result))
        .route("/api/tournaments/{id}/rounds/{r}/boards/{b}/report", post(tournaments::report_result))
        .route("/api/tournaments/{id}/standings", get(tournaments::standings))
        .route("/api/tournaments/{id}/trf", get(tournaments::trf))
        .route("/api/tournaments/{id}/audit", get(tournaments::audit))
        .route("/api/tournaments/{id}/fesa", get(tournaments::fesa_files))
        .route("/api/tournaments/{id}/rate", post(tournaments::rate))
        .route("/api/ratings/fesa", get(tournaments::rating_list))
        .route("/api/ws", get(ws::upgrade))
        // Everything else is the web client (crate::web): its files, or its index for its routes.
        .fallback(crate::web::asset)
        .layer(tower_http::limit::RequestBodyLimitLayer::new(body))
        .with_state(state)
}

/// `GET /api/engines`: the engines a player may challenge (`engine` in `POST /api/games`).
async fn engines(axum::extract::State(state): axum::extract::State<AppState>) -> Json<serde_json::Value> {
    Json(serde_json::json!({ "engines": state.engines.list() }))
}

async fn health(axum::extract::State(state): axum::extract::State<AppState>) -> Json<serde_json::Value> {
    Json(serde_json::json!({"status": "ok", "live_games": state.hub.live_count()}))
}

/// A JSON body whose rejections are [`ApiError`]s (a bad body is a `bad_request`, a body over
/// the limit `too_large`), so every error has the same form.
pub struct Body<T>(pub T);

impl<T: serde::de::DeserializeOwned, S: Send + Sync> axum::extract::FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: axum::extract::Request, state: &S) -> Result<Body<T>, ApiError> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(v)) => Ok(Body(v)),
            Err(r) if r.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                Err(ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, ErrorCode::TooLarge, r.body_text()))
            }
            Err(r) => Err(ApiError::bad_request(r.body_text())),
        }
    }
}

/// A path parameter whose rejection is an [`ApiError`] (`not_found`).
pub struct Param<T>(pub T);

impl<T: serde::de::DeserializeOwned + Send, S: Send + Sync> axum::extract::FromRequestParts<S> for Param<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, state: &S) -> Result<Param<T>, ApiError> {
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(v)) => Ok(Param(v)),
            Err(r) => Err(ApiError::not_found(r.body_text())),
        }
    }
}

/// A query string whose rejection is an [`ApiError`] (`bad_request`), so a bad one gets the
/// same JSON error as a bad body.
pub struct Params<T>(pub T);

impl<T: serde::de::DeserializeOwned + Send, S: Send + Sync> axum::extract::FromRequestParts<S> for Params<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, state: &S) -> Result<Params<T>, ApiError> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(v)) => Ok(Params(v)),
            Err(r) => Err(ApiError::bad_request(r.body_text())),
        }
    }
}

/// An error as every response gives it: `{"error": {"code": …, "message": …}}`.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: ErrorCode,
    pub message: String,
}

impl ApiError {
    pub fn new(status: StatusCode, code: ErrorCode, message: impl Into<String>) -> ApiError {
        ApiError { status, code, message: message.into() }
    }
    pub fn bad_request(m: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, ErrorCode::BadRequest, m)
    }
    pub fn unauthorized(m: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNAUTHORIZED, ErrorCode::Unauthorized, m)
    }
    pub fn forbidden(m: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, ErrorCode::Forbidden, m)
    }
    pub fn not_found(m: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, ErrorCode::NotFound, m)
    }
    pub fn conflict(m: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, ErrorCode::Conflict, m)
    }
    pub fn unavailable(m: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, ErrorCode::Unavailable, m)
    }
    pub fn rate_limited(m: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::TOO_MANY_REQUESTS, ErrorCode::RateLimited, m)
    }
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    error: ErrorDetail<'a>,
}

#[derive(Serialize)]
struct ErrorDetail<'a> {
    code: ErrorCode,
    message: &'a str,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody { error: ErrorDetail { code: self.code, message: &self.message } };
        (self.status, Json(body)).into_response()
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        match e {
            StoreError::Taken(what) => ApiError::conflict(format!("{what} is already taken")),
            StoreError::WriterGone => {
                ApiError::new(StatusCode::SERVICE_UNAVAILABLE, ErrorCode::Unavailable, e.to_string())
            }
            e => {
                tracing::error!(error = %e, "store");
                ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, ErrorCode::Internal, "storage error")
            }
        }
    }
}

impl From<ActError> for ApiError {
    fn from(e: ActError) -> ApiError {
        match e {
            ActError::Action(a) => ApiError::bad_request(a.to_string()),
            ActError::NotLive => ApiError::conflict("the game is not live"),
            ActError::TooEarly(m) => ApiError::conflict(m),
            ActError::Store(s) => {
                tracing::error!(error = %s, "act not stored");
                ApiError::new(StatusCode::SERVICE_UNAVAILABLE, ErrorCode::Unavailable, "the act could not be stored")
            }
        }
    }
}
