//! One error type for every handler, rendered as the JSON body the web app understands:
//! `{ "code": "...", "message": "...", "errors": { field: [codes] } }`.
//!
//! `code` is stable and translatable; `message` is an English sentence for people reading
//! logs or raw responses. Internal errors are logged with their cause and answered with a
//! generic 500 so that no detail of the database or the code leaks to a client.

use std::collections::BTreeMap;

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

pub use crate::codes::{ErrorCode, RuleCode};

/// Field name to the list of rule codes that field broke (`"email": ["required"]`).
pub type FieldErrors = BTreeMap<String, Vec<RuleCode>>;

/// Result of a handler: an error renders itself as a response.
pub type Result<T, E = Error> = std::result::Result<T, E>;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// No session, or an expired or revoked one.
    #[error("authentication required")]
    Unauthorized,
    /// A session, but the wrong role or someone else's resource.
    #[error("forbidden")]
    Forbidden,
    #[error("not found")]
    NotFound,
    /// A state conflict a user can act on (an email already taken...).
    #[error("{message}")]
    Conflict { code: ErrorCode, message: String },
    /// The request broke validation rules; `errors` says which field broke which rule.
    #[error("validation failed")]
    Validation(FieldErrors),
    /// A request refused with its own status and code: a malformed body, a bad token, wrong
    /// credentials...
    #[error("{message}")]
    Rejected { status: StatusCode, code: ErrorCode, message: String },
    #[error("too many requests")]
    TooManyRequests { retry_after_seconds: u64 },
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    #[error("internal error: {0}")]
    Internal(#[from] anyhow::Error),
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// Stable machine-readable code, also the translation key of the message.
    pub code: ErrorCode,
    /// English description, for logs and raw API users.
    pub message: String,
    /// Per-field rule codes for validation errors; empty otherwise.
    pub errors: FieldErrors,
}

impl Error {
    /// A validation error on one field.
    pub fn invalid(field: &str, rule: RuleCode) -> Self {
        let mut errors = FieldErrors::new();
        errors.insert(field.to_owned(), vec![rule]);
        Error::Validation(errors)
    }

    fn status(&self) -> StatusCode {
        match self {
            Error::Unauthorized => StatusCode::UNAUTHORIZED,
            Error::Forbidden => StatusCode::FORBIDDEN,
            Error::NotFound => StatusCode::NOT_FOUND,
            Error::Conflict { .. } => StatusCode::CONFLICT,
            Error::Validation(_) => StatusCode::UNPROCESSABLE_ENTITY,
            Error::Rejected { status, .. } => *status,
            Error::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            Error::Database(_) | Error::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn code(&self) -> ErrorCode {
        match self {
            Error::Unauthorized => ErrorCode::Unauthorized,
            Error::Forbidden => ErrorCode::Forbidden,
            Error::NotFound => ErrorCode::NotFound,
            Error::Conflict { code, .. } | Error::Rejected { code, .. } => *code,
            Error::Validation(_) => ErrorCode::ValidationFailed,
            Error::TooManyRequests { .. } => ErrorCode::TooManyRequests,
            Error::Database(_) | Error::Internal(_) => ErrorCode::InternalError,
        }
    }
}

impl IntoResponse for Error {
    fn into_response(self) -> Response {
        let status = self.status();
        let message = match &self {
            Error::Database(cause) => {
                tracing::error!(error = %cause, "database error");
                "an internal error occurred".to_owned()
            }
            Error::Internal(cause) => {
                tracing::error!(error = ?cause, "internal error");
                "an internal error occurred".to_owned()
            }
            other => other.to_string(),
        };
        let errors = match &self {
            Error::Validation(errors) => errors.clone(),
            _ => FieldErrors::new(),
        };
        let retry_after = match &self {
            Error::TooManyRequests { retry_after_seconds } => Some(*retry_after_seconds),
            _ => None,
        };
        let body = ErrorBody { code: self.code(), message, errors };
        let mut response = (status, axum::Json(body)).into_response();
        if let Some(seconds) = retry_after {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

/// axum's own rejections (malformed JSON, wrong content type, bad path or query) become our
/// error body too, so that every 4xx a client sees has the same shape. Their texts name Rust
/// types ("expected i16"), which tell an attacker about the code and a user nothing: the answer
/// keeps their status and says in plain words what kind of input was wrong. The detail is
/// logged at debug level for developers.
macro_rules! rejections_as_errors {
    ($($rejection:ty => $code:expr, $describe:expr);* $(;)?) => {$(
        impl From<$rejection> for Error {
            fn from(rejection: $rejection) -> Self {
                tracing::debug!(detail = %rejection.body_text(), "request rejected");
                let status = rejection.status();
                let code = if status == StatusCode::PAYLOAD_TOO_LARGE { ErrorCode::PayloadTooLarge } else { $code };
                let describe: fn(&$rejection) -> &'static str = $describe;
                Error::Rejected { status, code, message: describe(&rejection).to_owned() }
            }
        }
    )*};
}
rejections_as_errors! {
    axum::extract::rejection::JsonRejection => ErrorCode::InvalidBody, |rejection| {
        use axum::extract::rejection::JsonRejection;
        match rejection {
            JsonRejection::JsonDataError(_) => "the body's fields do not have the names or types this route accepts",
            JsonRejection::JsonSyntaxError(_) => "the body is not valid JSON",
            JsonRejection::MissingJsonContentType(_) => "the body must be JSON, sent with Content-Type: application/json",
            _ if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => "the body is too large",
            _ => "the body cannot be read",
        }
    };
    axum::extract::rejection::QueryRejection => ErrorCode::InvalidQuery,
        |_| "a query parameter is missing or does not have the type this route accepts";
    axum::extract::rejection::PathRejection => ErrorCode::InvalidPath, |rejection| {
        use axum::extract::rejection::PathRejection;
        match rejection {
            PathRejection::FailedToDeserializePathParams(_) => "a path parameter does not have the type this route accepts",
            _ => "a path parameter is missing",
        }
    };
}
