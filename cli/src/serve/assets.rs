//! The page and its assets, compiled into the binary from `src/cli/serve/web/`.
//!
//! A fixed table of names: a request for anything else (`../`, an encoded slash, a name
//! not in the table) is a 404, so no path can reach outside it.

use axum::extract::Path;
use axum::extract::rejection::PathRejection;
use axum::http::header;
use axum::response::{IntoResponse, Response};

use super::error::ApiError;

/// One embedded file.
struct Asset {
    name: &'static str,
    content_type: &'static str,
    body: &'static str,
}

/// Declares the embedded files: name, then content type.
macro_rules! assets {
    ($($name:literal $content_type:literal,)*) => {
        &[$(Asset {
            name: $name,
            content_type: $content_type,
            body: include_str!(concat!("web/", $name)),
        }),*]
    };
}

/// Every file under `/assets/`.
const ASSETS: &[Asset] = assets! {
    "style.css" "text/css; charset=utf-8",
    "app.js" "text/javascript; charset=utf-8",
    "api.js" "text/javascript; charset=utf-8",
    "answers.js" "text/javascript; charset=utf-8",
    "board.js" "text/javascript; charset=utf-8",
    "chart.js" "text/javascript; charset=utf-8",
    "state.js" "text/javascript; charset=utf-8",
    "view.js" "text/javascript; charset=utf-8",
    "boards.js" "text/javascript; charset=utf-8",
    "geometry.js" "text/javascript; charset=utf-8",
    "families.js" "text/javascript; charset=utf-8",
    "validity.js" "text/javascript; charset=utf-8",
    "footholds.js" "text/javascript; charset=utf-8",
    "favicon.svg" "image/svg+xml",
};

/// The page itself.
const INDEX: &str = include_str!("web/index.html");

/// The OpenAPI document describing the JSON API.
const OPENAPI: &str = include_str!("web/openapi.json");

/// `GET /`: the page.
pub async fn index() -> Response {
    file("text/html; charset=utf-8", INDEX)
}

/// `GET /api/openapi.json`: the API's description.
pub async fn openapi() -> Response {
    file("application/json", OPENAPI)
}

/// `GET /assets/{name}`: one embedded file, or 404.
pub async fn asset(name: Result<Path<String>, PathRejection>) -> Response {
    let name = match name {
        Ok(Path(name)) => name,
        Err(why) => return ApiError::from(why).into_response(),
    };
    match ASSETS.iter().find(|asset| asset.name == name) {
        Some(asset) => file(asset.content_type, asset.body),
        None => ApiError::NotFound(format!("no such asset: {name:?}")).into_response(),
    }
}

/// A file's response. `no-cache`: the browser asks again each time, so a rebuilt binary's
/// page is never mixed with an old one's scripts.
fn file(content_type: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}
