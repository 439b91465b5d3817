//! The candidate's data, theirs to take or erase (GDPR): `GET /api/api/candidates/{id}/export`
//! downloads one JSON document of everything held on them (`candidate_data::export`), pictures
//! included as base64; `POST /api/api/candidates/{id}/erase` deletes the account and all of it
//! in one transaction (`candidate_data::erasure`), after the candidate confirms with their
//! password. `{id}` is the caller's own id; any other is a 404.

use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::candidate_data::{erasure, export};
use crate::error::{Error, Result, RuleCode};
use crate::extract::{Json, Path};
use crate::http::sessions::sessions_ended;

#[utoipa::path(
    get, path = "/api/api/candidates/{id_or_slug}/export",
    params(("id_or_slug" = String, Path, description = "the caller's own id")),
    responses(
        (status = 200, content_type = "application/json",
         description = "`{format, exported_at, tables: {table: [rows]}}`, as a file to save"),
        (status = 404, body = crate::error::ErrorBody, description = "not the caller's own id"),
    )
)]
pub async fn export_candidate_data(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id_or_slug): Path<String>,
) -> Result<Response> {
    user.require_own_id(&id_or_slug)?;
    let document = export::export_candidate(&state.db, user.id).await?;
    let disposition = format!("attachment; filename=\"vivier-data-{}.json\"", user.id);
    let disposition = HeaderValue::from_str(&disposition).map_err(|error| Error::Internal(error.into()))?;
    Ok(([(header::CONTENT_DISPOSITION, disposition)], Json(document)).into_response())
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct EraseRequest {
    /// The account's password, to confirm.
    password: Option<String>,
}

#[utoipa::path(
    post, path = "/api/api/candidates/{id_or_slug}/erase", request_body = EraseRequest,
    params(("id_or_slug" = String, Path, description = "the caller's own id")),
    responses(
        (status = 204, description = "the account and everything about the candidate are deleted; the cookie is cleared"),
        (status = 404, body = crate::error::ErrorBody, description = "not the caller's own id"),
        (status = 422, body = crate::error::ErrorBody, description = "wrong_password"),
    )
)]
pub async fn erase_candidate_account(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id_or_slug): Path<String>,
    Json(request): Json<EraseRequest>,
) -> Result<Response> {
    user.require_own_id(&id_or_slug)?;
    let stored_hash: Option<String> =
        sqlx::query_scalar("select password_hash from users where id = $1").bind(user.id).fetch_one(&state.db).await?;
    let password = request.password.unwrap_or_default();
    if password.is_empty() || !crate::password::verify_off_runtime(password, stored_hash).await? {
        return Err(Error::invalid("password", RuleCode::WrongPassword));
    }
    let mut transaction = state.db.begin().await?;
    erasure::erase_candidate(&mut transaction, user.id).await?;
    transaction.commit().await?;
    Ok(sessions_ended(&state, user.id))
}
