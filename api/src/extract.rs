//! Request extractors that reject with our JSON error body instead of axum's plain text.

use axum::extract::FromRequest;
use axum::extract::FromRequestParts;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

use crate::error::Error;

/// A JSON body; a malformed one is answered with `invalid_body`.
#[derive(Debug, Clone, Copy, Default, FromRequest)]
#[from_request(via(axum::Json), rejection(Error))]
pub struct Json<T>(pub T);

/// Most answers fit here; a page of sourcing hits (about 20 KB) grows it two or three times
/// instead of the eight of axum's 128-byte start.
const RESPONSE_BUFFER_BYTES: usize = 4096;

impl<T: serde::Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        let mut body = Vec::with_capacity(RESPONSE_BUFFER_BYTES);
        match serde_json::to_writer(&mut body, &self.0) {
            Ok(()) => ([(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], body).into_response(),
            Err(error) => Error::Internal(error.into()).into_response(),
        }
    }
}

/// Query parameters; malformed ones are answered with `invalid_query`.
#[derive(Debug, Clone, Copy, Default, FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(Error))]
pub struct Query<T>(pub T);

/// Path parameters; malformed ones are answered with `invalid_path`.
#[derive(Debug, Clone, Copy, Default, FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(Error))]
pub struct Path<T>(pub T);
