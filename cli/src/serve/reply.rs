//! Answers as HTTP responses: a JSON body with 200. Errors are [`ApiError`]s, `{"error":
//! why}` with the status that tells a script what went wrong (400 not understood, 404 no
//! such thing, 422 understood but no game has it, 503 busy or over the time bound).

use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use super::error::ApiError;

/// What a handler answers: a JSON document, or why there is none.
pub type Answer = Result<Reply, ApiError>;

/// A JSON response.
#[derive(Debug)]
pub struct Reply {
    status: StatusCode,
    body: Vec<u8>,
}

impl IntoResponse for Reply {
    fn into_response(self) -> Response {
        (
            self.status,
            [
                (header::CONTENT_TYPE, "application/json"),
                (header::CACHE_CONTROL, "no-store"),
            ],
            self.body,
        )
            .into_response()
    }
}

/// 200 with `shape` serialized: one of the structs of [`crate::wire`].
pub fn ok(shape: &impl Serialize) -> Answer {
    let body = serde_json::to_vec(shape)
        .map_err(|why| ApiError::Internal(format!("the answer cannot be written: {why}")))?;
    Ok(Reply {
        status: StatusCode::OK,
        body,
    })
}
