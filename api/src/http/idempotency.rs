//! Replays a resent POST or PATCH by its `Idempotency-Key` header (the IETF draft
//! "The Idempotency-Key HTTP Header Field"), so that a client may resend a request whose answer it
//! never got (a timeout, a 502) without creating an offer, an account or an import twice.
//!
//! The first request with a key claims it (a row of `idempotent_requests`, per user, or per
//! address for a visitor) before its handler runs; its answer is kept a day, and a resend with the
//! same key and the same method, path and body gets that answer again, marked
//! `Idempotency-Replayed: true`. A resend while the first still runs is a 409
//! `request_in_progress` (retry after a second); the same key for another request is a 422
//! `idempotency_key_reused`. The rows live in [`crate::idempotent_requests`]. Answers that are not kept, so that a resend runs again: server
//! errors (their transaction rolled back), answers that set a cookie (a session is never stored),
//! and answers larger than [`MAX_KEPT_ANSWER_BYTES`]. A claim left by a request that never
//! finished (the client went away) lapses after a minute.
//!
//! A request without the header, or with a malformed one (not 1 to 255 visible ASCII
//! characters), runs as always: the header is an optional extension of every POST and PATCH.

use axum::body::{Body, Bytes};
use axum::extract::{FromRequestParts, Request};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::codes::ErrorCode;
use crate::error::Error;
use crate::http::ClientIp;
use crate::idempotent_requests::{self, Claim};

const HEADER: &str = "idempotency-key";
const REPLAYED: &str = "idempotency-replayed";
/// The largest body a keyed request may have: the largest upload, with its envelope.
const MAX_KEYED_BODY_BYTES: usize = 6 * 1024 * 1024;
/// Larger answers are not kept (no POST or PATCH answers that much today).
pub const MAX_KEPT_ANSWER_BYTES: usize = 256 * 1024;

/// The middleware: runs a keyed request once and replays its answer to resends.
pub async fn replay_or_run(request: Request, next: Next) -> Response {
    if !matches!(*request.method(), Method::POST | Method::PATCH) {
        return next.run(request).await;
    }
    let Some(key) = request.headers().get(HEADER).and_then(well_formed_key) else {
        return next.run(request).await;
    };
    match keyed(request, key, next).await {
        Ok(response) => response,
        Err(error) => error.into_response(),
    }
}

async fn keyed(request: Request, key: String, next: Next) -> Result<Response, Error> {
    let state = request.extensions().get::<AppState>().cloned().expect("the API router carries its state");
    let (mut parts, body) = request.into_parts();
    let scope = match parts.extensions.get::<CurrentUser>() {
        Some(user) => format!("user:{}", user.id),
        None => format!("address:{}", ClientIp::from_request_parts(&mut parts, &state).await?.0),
    };
    let body = axum::body::to_bytes(body, MAX_KEYED_BODY_BYTES).await.map_err(|_| Error::Rejected {
        status: StatusCode::PAYLOAD_TOO_LARGE,
        code: ErrorCode::PayloadTooLarge,
        message: "the body is too large".to_owned(),
    })?;
    let fingerprint = fingerprint(&parts.method, parts.uri.to_string().as_bytes(), &body);
    match idempotent_requests::claim(&state.db, &scope, &key, &fingerprint).await? {
        Claim::Claimed => {}
        Claim::InProgress => return Ok(in_progress()),
        Claim::Reused => {
            return Err(Error::Rejected {
                status: StatusCode::UNPROCESSABLE_ENTITY,
                code: ErrorCode::IdempotencyKeyReused,
                message: "this Idempotency-Key was sent with another request".to_owned(),
            });
        }
        Claim::Answered { status, content_type, body } => {
            let status = StatusCode::from_u16(status).unwrap_or(StatusCode::OK);
            return Ok(replayed(status, content_type, body));
        }
    }
    let response = next.run(Request::from_parts(parts, Body::from(body))).await;
    keep_answer(&state, &scope, &key, response).await
}

/// The key when it is 1 to 255 visible ASCII characters.
fn well_formed_key(value: &HeaderValue) -> Option<String> {
    let key = value.to_str().ok()?;
    let visible = key.bytes().all(|byte| byte.is_ascii_graphic());
    (visible && (1..=255).contains(&key.len())).then(|| key.to_owned())
}

fn fingerprint(method: &Method, uri: &[u8], body: &[u8]) -> Vec<u8> {
    let mut hash = Sha256::new();
    hash.update(method.as_str().as_bytes());
    hash.update([0]);
    hash.update(uri);
    hash.update([0]);
    hash.update(body);
    hash.finalize().to_vec()
}

/// Keeps the answer for resends when it may be kept, else frees the key; answers it either way.
async fn keep_answer(state: &AppState, scope: &str, key: &str, response: Response) -> Result<Response, Error> {
    let small = axum::body::HttpBody::size_hint(response.body())
        .upper()
        .is_some_and(|size| size <= MAX_KEPT_ANSWER_BYTES as u64);
    let keepable =
        small && !response.status().is_server_error() && !response.headers().contains_key(header::SET_COOKIE);
    if !keepable {
        idempotent_requests::release(&state.db, scope, key).await?;
        return Ok(response);
    }
    let (parts, body) = response.into_parts();
    let body: Bytes = axum::body::to_bytes(body, MAX_KEPT_ANSWER_BYTES)
        .await
        .map_err(|error| Error::Internal(anyhow::anyhow!("reading an answer to keep: {error}")))?;
    let content_type = parts.headers.get(header::CONTENT_TYPE).and_then(|value| value.to_str().ok());
    idempotent_requests::keep(&state.db, scope, key, parts.status.as_u16(), content_type, &body).await?;
    Ok(Response::from_parts(parts, Body::from(body)))
}

fn in_progress() -> Response {
    let mut response = Error::Rejected {
        status: StatusCode::CONFLICT,
        code: ErrorCode::RequestInProgress,
        message: "a request with this Idempotency-Key is still running".to_owned(),
    }
    .into_response();
    response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    response
}

fn replayed(status: StatusCode, content_type: Option<String>, body: Vec<u8>) -> Response {
    let mut response = (status, body).into_response();
    if let Some(content_type) = content_type.and_then(|value| HeaderValue::from_str(&value).ok()) {
        response.headers_mut().insert(header::CONTENT_TYPE, content_type);
    }
    response.headers_mut().insert(REPLAYED, HeaderValue::from_static("true"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_visible_ascii_of_1_to_255_characters() {
        let key = |text: &str| well_formed_key(&HeaderValue::from_str(text).unwrap());
        assert_eq!(
            key("5f0c2b9e-8a4f-4d1e-9c3a-2b7d6e1f0a94").as_deref(),
            Some("5f0c2b9e-8a4f-4d1e-9c3a-2b7d6e1f0a94")
        );
        assert_eq!(key(""), None);
        assert_eq!(key("two words"), None);
        assert_eq!(key(&"k".repeat(256)), None);
    }

    #[test]
    fn the_fingerprint_tells_requests_apart() {
        let offer = fingerprint(&Method::POST, b"/api/api/job/offers", b"{\"title\":\"a\"}");
        assert_eq!(offer, fingerprint(&Method::POST, b"/api/api/job/offers", b"{\"title\":\"a\"}"));
        assert_ne!(offer, fingerprint(&Method::POST, b"/api/api/job/offers", b"{\"title\":\"b\"}"));
        assert_ne!(offer, fingerprint(&Method::PATCH, b"/api/api/job/offers", b"{\"title\":\"a\"}"));
    }
}
