//! The web client (web/, docs/web.md), embedded in the binary: `shinpan serve` answers every
//! path that is not the API with a file of the client's build, or with its `index.html` for the
//! client's own routes (`/game/12`, `/watch`, …), which the client then draws. `build.rs` picks
//! `web/dist`, or a placeholder page when the client was not built.

use axum::http::{HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use include_dir::{Dir, File, include_dir};

static DIST: Dir<'static> = include_dir!("$SHINPAN_WEB_DIST");

/// `GET` of any path the API does not route: a file of the client, or `index.html` for a client
/// route. Paths under `/api/` that reach here are unknown endpoints: a JSON 404 as the API's.
pub async fn asset(method: Method, uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    if path == "api" || path.starts_with("api/") {
        return super::api::ApiError::not_found("no such endpoint").into_response();
    }
    if method != Method::GET && method != Method::HEAD {
        return StatusCode::METHOD_NOT_ALLOWED.into_response();
    }
    let found = if path.is_empty() { None } else { DIST.get_file(path) };
    if let Some(f) = found {
        return file(f, path.starts_with("assets/"));
    }
    // A missing file (a name with an extension) is a 404; anything else is a client route.
    let last = path.rsplit('/').next().unwrap_or("");
    if last.contains('.') {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    }
    match DIST.get_file("index.html") {
        Some(f) => file(f, false),
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

fn file(f: &'static File<'static>, immutable: bool) -> Response {
    let name = f.path().to_string_lossy();
    let cache = if immutable { "public, max-age=31536000, immutable" } else { "no-cache" };
    let mut r = f.contents().into_response();
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type(&name)));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    r
}

fn content_type(name: &str) -> &'static str {
    match name.rsplit('.').next().unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "wav" => "audio/wav",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn api_paths_are_not_the_client() {
        let r = asset(Method::GET, Uri::from_static("/api/nothing")).await;
        assert_eq!(r.status(), StatusCode::NOT_FOUND);
        assert_eq!(r.headers()[header::CONTENT_TYPE], "application/json");
    }

    #[tokio::test]
    async fn client_routes_get_the_index() {
        for p in ["/", "/game/12", "/watch"] {
            let r = asset(Method::GET, Uri::from_static(p)).await;
            assert_eq!(r.status(), StatusCode::OK, "{p}");
            assert_eq!(r.headers()[header::CONTENT_TYPE], "text/html; charset=utf-8", "{p}");
        }
        let r = asset(Method::GET, Uri::from_static("/assets/missing.js")).await;
        assert_eq!(r.status(), StatusCode::NOT_FOUND);
        let r = asset(Method::POST, Uri::from_static("/game/1")).await;
        assert_eq!(r.status(), StatusCode::METHOD_NOT_ALLOWED);
    }
}
