//! The one error type of the API, [`ApiError`], and the layer that gives every error
//! response, whichever layer made it, the same JSON shape.
//!
//! Every error is `{"error": why}` ([`ErrorBody`], the OpenAPI document's `Error` schema;
//! a size answered from a table file alone adds which, as `needs_table`) with
//! `Content-Type: application/json` and `Cache-Control: no-store`; a 503 also carries
//! `Retry-After`. Handlers return `Result<Reply, ApiError>`; errors made by axum's extractors
//! or by tower-http's layers (a 413 in plain text, a 405 with no body) are rewritten by
//! [`json_errors`] into the same shape, so a client parses one thing.

use std::error::Error as _;
use std::fmt::Display;

use axum::extract::Request;
use axum::extract::rejection::{BytesRejection, PathRejection};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::wire::NeedsTable;
use crate::wire::api::ErrorBody;
use perfect_play::footholds::FootholdsError;

use super::limits::RETRY_AFTER;

/// Why a request has no answer: its status and the words of `{"error": ..}`.
#[derive(Debug)]
pub enum ApiError {
    /// 400: the request cannot be read (not a board, not JSON, an unknown parameter...).
    BadRequest(String),
    /// 403: a page of another site asked (its `Origin` is not this server).
    Forbidden(String),
    /// 404: no such path, game or asset.
    NotFound(String),
    /// 404: a size answered from a table file alone, which the server was not given.
    NeedsTable(String, Box<NeedsTable>),
    /// 405: the path does not answer this method.
    MethodNotAllowed(String),
    /// 408: the request's body did not arrive in time.
    Timeout(String),
    /// 413: the request's body is over the size limit.
    TooLarge(String),
    /// 415: a body that is not `application/json`.
    UnsupportedMediaType(String),
    /// 421: the request names a host this server does not serve (DNS rebinding).
    MisdirectedRequest(String),
    /// 422: the request is understood, but what it names no game has.
    Unprocessable(String),
    /// 503 with `Retry-After`: the server is at one of its limits; asking again later works.
    Busy(String),
    /// 503 with `Retry-After`: a search or a footholds solve ran over the server's time
    /// bound (a search asked again goes on from what it proved; a footholds solve does
    /// not).
    OverBudget(String),
    /// 500: a failure of the server itself (a solver thread that did not finish).
    Internal(String),
    /// Any other status made by a layer, with its canonical reason as the words.
    Other(StatusCode),
}

impl ApiError {
    /// 400 with `why`.
    pub fn bad_request(why: impl Display) -> ApiError {
        ApiError::BadRequest(why.to_string())
    }

    /// 422 with `why`.
    pub fn unprocessable(why: impl Display) -> ApiError {
        ApiError::Unprocessable(why.to_string())
    }

    /// The status of the response.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) | ApiError::NeedsTable(..) => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Timeout(_) => StatusCode::REQUEST_TIMEOUT,
            ApiError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::MisdirectedRequest(_) => StatusCode::MISDIRECTED_REQUEST,
            ApiError::Unprocessable(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::Busy(_) | ApiError::OverBudget(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            ApiError::Other(status) => *status,
        }
    }

    /// The words of the `error` field.
    pub fn words(&self) -> String {
        match self {
            ApiError::BadRequest(why)
            | ApiError::Forbidden(why)
            | ApiError::NotFound(why)
            | ApiError::NeedsTable(why, _)
            | ApiError::MethodNotAllowed(why)
            | ApiError::Timeout(why)
            | ApiError::TooLarge(why)
            | ApiError::UnsupportedMediaType(why)
            | ApiError::MisdirectedRequest(why)
            | ApiError::Unprocessable(why)
            | ApiError::Busy(why)
            | ApiError::OverBudget(why)
            | ApiError::Internal(why) => why.clone(),
            ApiError::Other(status) => status
                .canonical_reason()
                .unwrap_or("the request has no answer")
                .to_lowercase(),
        }
    }

    /// The body of the response.
    pub fn body(self) -> ErrorBody {
        let error = self.words();
        let needs_table = match self {
            ApiError::NeedsTable(_, size) => Some(*size),
            _ => None,
        };
        ErrorBody { error, needs_table }
    }

    /// The error a layer's response of `status` stands for, in words a person can act on.
    fn from_status(status: StatusCode) -> ApiError {
        match status {
            StatusCode::PAYLOAD_TOO_LARGE => ApiError::TooLarge(too_large()),
            StatusCode::REQUEST_TIMEOUT => ApiError::Timeout(timed_out()),
            StatusCode::METHOD_NOT_ALLOWED => ApiError::MethodNotAllowed(
                "the path does not answer this method (the API is described at /api/openapi.json)"
                    .to_owned(),
            ),
            status => ApiError::Other(status),
        }
    }
}

/// The words of a 413.
fn too_large() -> String {
    format!(
        "the request body is over {} bytes, the most the server reads",
        super::limits::MAX_BODY
    )
}

/// The words of a 408.
fn timed_out() -> String {
    format!(
        "the request body did not arrive within {} s",
        super::limits::BODY_TIMEOUT.as_secs()
    )
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        let body = serde_json::to_vec(&self.body()).unwrap_or_default();
        let mut response = (
            status,
            [
                (header::CONTENT_TYPE, "application/json"),
                (header::CACHE_CONTROL, "no-store"),
            ],
            body,
        )
            .into_response();
        if status == StatusCode::SERVICE_UNAVAILABLE {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(RETRY_AFTER));
        }
        response
    }
}

impl From<PathRejection> for ApiError {
    fn from(why: PathRejection) -> ApiError {
        ApiError::BadRequest(format!("bad path: {why}"))
    }
}

impl From<BytesRejection> for ApiError {
    /// 413 over the size limit, 408 for a body that stopped arriving (tower-http's body
    /// timeout), 400 for the rest.
    fn from(why: BytesRejection) -> ApiError {
        if why.status() == StatusCode::PAYLOAD_TOO_LARGE {
            return ApiError::TooLarge(too_large());
        }
        let mut cause: Option<&(dyn std::error::Error + 'static)> = why.source();
        while let Some(error) = cause {
            if error.is::<tower_http::timeout::TimeoutError>() {
                return ApiError::Timeout(timed_out());
            }
            cause = error.source();
        }
        ApiError::BadRequest(format!("the request body cannot be read: {why}"))
    }
}

impl From<FootholdsError> for ApiError {
    /// 503 for a solve over the time bound, 422 for the rest (a start off the grid or on no
    /// tile, a position no game has).
    fn from(why: FootholdsError) -> ApiError {
        match why {
            FootholdsError::OutOfBudget { .. } => {
                ApiError::OverBudget(format!("{why} (the server's time bound for one solve)"))
            }
            why => ApiError::unprocessable(why),
        }
    }
}

/// Middleware: an error response that is not JSON (made by an extractor or a layer below)
/// becomes `{"error": ..}` of the same status, keeping `Allow` and `Retry-After`.
pub async fn json_errors(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|value| value.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let mut json = ApiError::from_status(status).into_response();
    for name in [header::ALLOW, header::RETRY_AFTER] {
        if let Some(value) = response.headers().get(&name) {
            json.headers_mut().insert(name, value.clone());
        }
    }
    json
}
