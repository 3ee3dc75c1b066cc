//! Which handler answers which path, and what every response carries.
//!
//! The layers, outermost first: the security headers (on every answer, errors too);
//! the `Host` and `Origin` checks ([`guard`]); every error made JSON
//! ([`error::json_errors`]); the body's size limit and read timeout (tower-http). The POST
//! routes also require a JSON body ([`guard::json_body`]).

use axum::Router;
use axum::extract::{DefaultBodyLimit, Request};
use axum::http::{HeaderValue, header};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::{get, post};

use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::RequestBodyTimeoutLayer;

use super::error::{self, ApiError};
use super::guard::{self, Hosts};
use super::limits::{BODY_TIMEOUT, MAX_BODY};
use super::state::{Limits, Shared};
use super::{assets, footholds, games, stream, tictactoe};

/// The whole application: the page, its assets, the API and its OpenAPI document, for
/// requests naming `hosts`.
pub fn router(limits: &Limits, hosts: Hosts) -> Router {
    let shared = Shared::new(limits);
    Router::new()
        .route("/", get(assets::index))
        .route("/assets/{name}", get(assets::asset))
        .route("/api/openapi.json", get(assets::openapi))
        .route("/api/games", get(games::list))
        .route("/api/families", get(games::families))
        .route("/api/games/{game}", get(games::game))
        .route("/api/games/{game}/pick", get(games::pick))
        .route("/api/games/{game}/position", get(games::position))
        .route("/api/games/{game}/stream", get(stream::stream))
        .route("/api/tictactoe/game", get(tictactoe::game))
        .route("/api/tictactoe/{board}", get(tictactoe::board))
        .route("/api/tictactoe/{board}/validity", get(tictactoe::validity))
        .route("/api/tictactoe/{board}/pick", get(tictactoe::pick))
        .route(
            "/api/footholds",
            post(footholds::solve).route_layer(middleware::from_fn(guard::json_body)),
        )
        .route(
            "/api/footholds/position",
            post(footholds::position).route_layer(middleware::from_fn(guard::json_body)),
        )
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(RequestBodyTimeoutLayer::new(BODY_TIMEOUT))
        .layer(RequestBodyLimitLayer::new(MAX_BODY))
        .layer(middleware::from_fn(error::json_errors))
        .layer(middleware::from_fn_with_state(
            hosts,
            guard::host_and_origin,
        ))
        .layer(middleware::from_fn(headers))
        .with_state(shared)
}

/// Any path the server does not have.
async fn not_found(request: Request) -> ApiError {
    let path = String::from_utf8_lossy(request.uri().path().as_bytes()).into_owned();
    ApiError::NotFound(format!(
        "no such page or API: {path} (the API is described at /api/openapi.json)"
    ))
}

/// A known path asked with a method it does not answer.
async fn method_not_allowed(request: Request) -> ApiError {
    ApiError::MethodNotAllowed(format!(
        "{} does not answer {} (the API is described at /api/openapi.json)",
        request.uri().path(),
        request.method()
    ))
}

/// Headers every response carries: nothing is fetched from elsewhere, nothing is sniffed.
pub async fn headers(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'",
        ),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}
