//! Accounts and who is asking: passwords hashed with argon2id; a login opens a session, a
//! random token in an HttpOnly cookie stored only as its SHA-256, with a CSRF token the client
//! sends back in `X-CSRF-Token` on every request that changes something; API tokens for bots
//! and engines (`Authorization: Bearer …`), also stored hashed, need no CSRF token.

use crate::api::{ApiError, AppState};
use crate::live::now_ms;
use crate::store::User;
use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderMap, Method};
use sha2::{Digest, Sha256};

pub const SESSION_COOKIE: &str = "shinpan_session";
pub const CSRF_HEADER: &str = "x-csrf-token";
/// Sessions last a week.
pub const SESSION_MS: u64 = 7 * 24 * 3600 * 1000;

/// A fresh random token: 32 bytes, hex.
pub fn token() -> String {
    let mut b = [0u8; 32];
    getrandom::fill(&mut b).expect("the OS random source works");
    hex::encode(b)
}

/// What is stored of a token: its SHA-256, hex.
pub fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

pub fn hash_password(password: &str) -> String {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).expect("the OS random source works");
    let salt = SaltString::encode_b64(&salt).expect("16 bytes make a salt");
    Argon2::default().hash_password(password.as_bytes(), &salt).expect("argon2 hashes any password").to_string()
}

pub fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|h| Argon2::default().verify_password(password.as_bytes(), &h).is_ok())
}

/// How a request proved who sent it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Credential {
    /// A session cookie, with the session's CSRF token.
    Session { token_hash: String, csrf: String },
    /// An API token.
    Bearer,
}

/// The user behind a request, if any (reading needs none).
#[derive(Debug, Clone)]
pub struct Viewer(pub Option<(User, Credential)>);

/// A logged-in user; for a request that changes something under a session, its CSRF token
/// checked.
#[derive(Debug, Clone)]
pub struct Member {
    pub user: User,
    pub credential: Credential,
}

fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers.get_all(axum::http::header::COOKIE).iter().filter_map(|v| v.to_str().ok()).find_map(|v| {
        v.split(';').map(str::trim).find_map(|kv| kv.strip_prefix(name).and_then(|rest| rest.strip_prefix('=')))
    })
}

/// The user of a request's credentials (bearer token first, then the session cookie).
pub async fn identify(state: &AppState, headers: &HeaderMap) -> Result<Option<(User, Credential)>, ApiError> {
    let bearer = headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    if let Some(t) = bearer {
        return match state.store.user_by_token(&token_hash(t.trim())).await? {
            Some(u) => Ok(Some((u, Credential::Bearer))),
            None => Err(ApiError::unauthorized("unknown API token")),
        };
    }
    let Some(t) = cookie(headers, SESSION_COOKIE) else { return Ok(None) };
    let hash = token_hash(t);
    Ok(state
        .store
        .session(&hash, now_ms() as i64)
        .await?
        .map(|(u, csrf)| (u, Credential::Session { token_hash: hash, csrf })))
}

impl FromRequestParts<AppState> for Viewer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Viewer, ApiError> {
        Ok(Viewer(identify(state, &parts.headers).await?))
    }
}

impl FromRequestParts<AppState> for Member {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Member, ApiError> {
        let (user, credential) =
            identify(state, &parts.headers).await?.ok_or_else(|| ApiError::unauthorized("log in first"))?;
        let safe = matches!(parts.method, Method::GET | Method::HEAD | Method::OPTIONS);
        if let (false, Credential::Session { csrf, .. }) = (safe, &credential) {
            let sent = parts.headers.get(CSRF_HEADER).and_then(|v| v.to_str().ok());
            if sent != Some(csrf.as_str()) {
                return Err(ApiError::forbidden("missing or wrong X-CSRF-Token"));
            }
        }
        state.accounts.message(user.id, matches!(credential, Credential::Bearer))?;
        Ok(Member { user, credential })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_and_tokens() {
        let h = hash_password("correct horse");
        assert!(h.starts_with("$argon2id$"), "{h}");
        assert!(verify_password("correct horse", &h));
        assert!(!verify_password("wrong", &h));
        assert!(!verify_password("x", "not a hash"));
        let (a, b) = (token(), token());
        assert_ne!(a, b);
        assert_eq!(a.len(), 64);
        assert_eq!(token_hash(&a), token_hash(&a));
        assert_ne!(token_hash(&a), a);
    }

    #[test]
    fn the_session_cookie_is_found_among_others() {
        let mut h = HeaderMap::new();
        h.insert(axum::http::header::COOKIE, "a=1; shinpan_session=abc; b=2".parse().unwrap());
        assert_eq!(cookie(&h, SESSION_COOKIE), Some("abc"));
        h.insert(axum::http::header::COOKIE, "shinpan_sessionx=1".parse().unwrap());
        assert_eq!(cookie(&h, SESSION_COOKIE), None);
    }
}
