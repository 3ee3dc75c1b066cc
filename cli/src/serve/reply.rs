//! Answers as HTTP responses: a JSON body, or `{"error": why}` with the status that tells a
//! script what went wrong (400 not understood, 404 no such thing, 422 understood but no
//! game has it, 503 busy or over the time bound).

use std::fmt::Display;

use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::messages::json_string;

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

/// 200 with `body`, a JSON document.
pub fn ok(body: Vec<u8>) -> Reply {
    Reply {
        status: StatusCode::OK,
        body,
    }
}

/// `{"error": why}` with `status`.
pub fn error(status: StatusCode, why: impl Display) -> Reply {
    let mut body = b"{\"error\":".to_vec();
    json_string(&mut body, &why.to_string());
    body.push(b'}');
    Reply { status, body }
}

/// 400: the request is not one the API understands.
pub fn bad_request(why: impl Display) -> Reply {
    error(StatusCode::BAD_REQUEST, why)
}

/// 422: the request is understood, but what it names cannot be (a board no game reaches).
pub fn unprocessable(why: impl Display) -> Reply {
    error(StatusCode::UNPROCESSABLE_ENTITY, why)
}
