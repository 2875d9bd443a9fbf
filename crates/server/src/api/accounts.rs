//! Registration, login, logout, API tokens, roles.

use super::{ApiError, AppState, Body, Param};
use crate::auth::{self, Credential, Member, SESSION_COOKIE, SESSION_MS, Viewer};
use crate::live::now_ms;
use crate::store::{Role, User};
use axum::Json;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{AppendHeaders, IntoResponse};
use serde::Deserialize;
use serde_json::json;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    name: String,
    password: String,
}

fn check_name(name: &str) -> Result<(), ApiError> {
    let ok = (1..=32).contains(&name.len()) && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if ok { Ok(()) } else { Err(ApiError::bad_request("a name is 1 to 32 letters, digits, `_` or `-`")) }
}

/// `POST /api/accounts {name, password}`. The first account registered on a new server (while
/// it has no admin; the engines' accounts do not count) is its admin.
pub async fn register(
    State(state): State<AppState>,
    Body(c): Body<Credentials>,
) -> Result<impl IntoResponse, ApiError> {
    check_name(&c.name)?;
    if c.password.chars().count() < 8 || c.password.len() > 256 {
        return Err(ApiError::bad_request("a password is 8 to 256 characters"));
    }
    let role = if state.store.role_count(Role::Admin).await? == 0 { Role::Admin } else { Role::Player };
    // Hashing takes tens of milliseconds: off the async workers.
    let password = c.password;
    let hash = tokio::task::spawn_blocking(move || auth::hash_password(&password))
        .await
        .map_err(|_| ApiError::bad_request("could not hash the password"))?;
    let user = state.store.create_user(&c.name, &hash, role, now_ms() as i64).await?;
    Ok((StatusCode::CREATED, Json(json!({ "user": user }))))
}

/// `POST /api/session {name, password}`: a session cookie, and the CSRF token to send back.
pub async fn login(State(state): State<AppState>, Body(c): Body<Credentials>) -> Result<impl IntoResponse, ApiError> {
    state.accounts.login(&c.name)?;
    let found = state.store.user_by_name(&c.name).await?;
    let (user, hash) = match found {
        Some(f) => f,
        None => return Err(ApiError::unauthorized("wrong name or password")),
    };
    let password = c.password;
    let ok = tokio::task::spawn_blocking(move || auth::verify_password(&password, &hash)).await.unwrap_or(false);
    if !ok {
        return Err(ApiError::unauthorized("wrong name or password"));
    }
    let (token, csrf) = (auth::token(), auth::token());
    let expires = now_ms() + SESSION_MS;
    state.store.create_session(&auth::token_hash(&token), user.id, &csrf, expires as i64).await?;
    let cookie = format!("{SESSION_COOKIE}={token}; HttpOnly; SameSite=Lax; Path=/; Max-Age={}", SESSION_MS / 1000);
    Ok((AppendHeaders([(header::SET_COOKIE, cookie)]), Json(json!({ "user": user, "csrf": csrf }))))
}

/// `DELETE /api/session`.
pub async fn logout(State(state): State<AppState>, m: Member) -> Result<impl IntoResponse, ApiError> {
    if let Credential::Session { token_hash, .. } = &m.credential {
        state.store.delete_session(token_hash).await?;
    }
    let cookie = format!("{SESSION_COOKIE}=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0");
    Ok((AppendHeaders([(header::SET_COOKIE, cookie)]), StatusCode::NO_CONTENT))
}

/// `GET /api/me`.
pub async fn me(v: Viewer) -> Result<Json<serde_json::Value>, ApiError> {
    let (user, credential) = v.0.ok_or_else(|| ApiError::unauthorized("not logged in"))?;
    let csrf = match credential {
        Credential::Session { csrf, .. } => Some(csrf),
        Credential::Bearer => None,
    };
    Ok(Json(json!({ "user": user, "csrf": csrf })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TokenRequest {
    name: String,
}

/// `POST /api/tokens {name}`: an API token for a bot or an engine, shown once.
pub async fn create_token(
    State(state): State<AppState>,
    m: Member,
    Body(r): Body<TokenRequest>,
) -> Result<impl IntoResponse, ApiError> {
    if r.name.is_empty() || r.name.len() > 64 {
        return Err(ApiError::bad_request("a token's name is 1 to 64 bytes"));
    }
    let token = auth::token();
    state.store.create_token(&auth::token_hash(&token), m.user.id, &r.name, now_ms() as i64).await?;
    Ok((StatusCode::CREATED, Json(json!({ "token": token, "name": r.name }))))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoleRequest {
    role: Role,
}

/// `PUT /api/users/{name}/role {role}`: admins only.
pub async fn set_role(
    State(state): State<AppState>,
    m: Member,
    Param(name): Param<String>,
    Body(r): Body<RoleRequest>,
) -> Result<Json<User>, ApiError> {
    if m.user.role != Role::Admin {
        return Err(ApiError::forbidden("only an admin gives roles"));
    }
    let (mut user, _) = state.store.user_by_name(&name).await?.ok_or_else(|| ApiError::not_found("no such user"))?;
    state.store.set_role(user.id, r.role).await?;
    user.role = r.role;
    Ok(Json(user))
}
