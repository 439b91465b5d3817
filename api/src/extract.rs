//! Request extractors that reject with our JSON error body instead of axum's plain text.

use axum::body::Bytes;
use axum::extract::rejection::{JsonRejection, MissingJsonContentType};
use axum::extract::{FromRequest, FromRequestParts, OptionalFromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;

use crate::error::{Error, ErrorCode};

/// A JSON body; a malformed one is answered with `invalid_body`, and so is one whose strings
/// hold the NUL character, which no text column can store (it would otherwise reach the
/// database and fail there).
#[derive(Debug, Clone, Copy, Default)]
pub struct Json<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Json<T> {
    type Rejection = Error;

    async fn from_request(request: Request, state: &S) -> Result<Self, Error> {
        if !has_json_content_type(request.headers()) {
            return Err(JsonRejection::from(MissingJsonContentType::default()).into());
        }
        let bytes = Bytes::from_request(request, state).await.map_err(JsonRejection::from)?;
        if escapes_nul(&bytes) {
            return Err(Error::Rejected {
                status: StatusCode::BAD_REQUEST,
                code: ErrorCode::InvalidBody,
                message: "the body's texts may not contain the NUL character".to_owned(),
            });
        }
        let axum::Json(value) = axum::Json::from_bytes(&bytes)?;
        Ok(Json(value))
    }
}

/// `application/json`, or a `+json` type, as axum's own extractor accepts.
fn has_json_content_type(headers: &HeaderMap) -> bool {
    let Some(value) = headers.get(header::CONTENT_TYPE).and_then(|value| value.to_str().ok()) else {
        return false;
    };
    let essence = value.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    essence == "application/json" || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// Whether a JSON text writes the NUL character (`\u0000`) in one of its strings: a raw NUL
/// byte is not valid JSON, so the escape is the only way to send one. A backslash that is
/// itself escaped (`\\u0000`, the six characters) does not count.
fn escapes_nul(json: &[u8]) -> bool {
    json.windows(6).enumerate().any(|(start, window)| {
        window.eq_ignore_ascii_case(b"\\u0000")
            && json[..start].iter().rev().take_while(|&&byte| byte == b'\\').count() % 2 == 0
    })
}

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

/// Query parameters; malformed ones are answered with `invalid_query`, and so are those that
/// hold the NUL character (`%00`), as for a JSON body.
#[derive(Debug, Clone, Copy, Default)]
pub struct Query<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for Query<T> {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Error> {
        if parts.uri.query().is_some_and(|query| query.contains("%00")) {
            return Err(Error::Rejected {
                status: StatusCode::BAD_REQUEST,
                code: ErrorCode::InvalidQuery,
                message: "query parameters may not contain the NUL character".to_owned(),
            });
        }
        let axum::extract::Query(value) = axum::extract::Query::from_request_parts(parts, state).await?;
        Ok(Query(value))
    }
}

/// Path parameters; malformed ones are answered with `invalid_path`.
#[derive(Debug, Clone, Copy, Default, FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(Error))]
pub struct Path<T>(pub T);

/// `Option<Path<T>>`: one handler serves a route and its twin with an `{id}` (`None` on the
/// route without it); a malformed id is still `invalid_path`.
impl<T, S> OptionalFromRequestParts<S> for Path<T>
where
    T: DeserializeOwned + Send + 'static,
    S: Send + Sync,
{
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Option<Self>, Error> {
        let path = <axum::extract::Path<T> as OptionalFromRequestParts<S>>::from_request_parts(parts, state).await?;
        Ok(path.map(|axum::extract::Path(value)| Path(value)))
    }
}

#[cfg(test)]
mod tests {
    use super::escapes_nul;

    #[test]
    fn a_nul_escape_is_found_but_an_escaped_backslash_before_u0000_is_text() {
        assert!(escapes_nul(br#"{"message": "a\u0000b"}"#));
        assert!(escapes_nul(br#"{"message": "\\\u0000"}"#), "an escaped backslash, then the escape");
        assert!(!escapes_nul(br#"{"message": "\\u0000"}"#), "a backslash followed by the text u0000");
        assert!(!escapes_nul(br#"{"message": "\u00e9t\u00e9"}"#));
    }
}
