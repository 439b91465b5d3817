//! `POST /api/api/candidates/{id}/desactivate` (spec section 7, its spelling): the candidate
//! deactivates their own account. Until they log in again with their password (which
//! reactivates it, `sessions::login`), the account is as good as gone to everyone else: the
//! profile and its parts answer 404 even when shared, the candidate leaves the sourcing index
//! (the `users` change-log trigger turns the search document unsearchable and the indexer drops
//! it), and every session of the account ends. Nothing is deleted: erasing is
//! `POST /api/api/candidates/{id}/erase`.

use axum::extract::State;
use axum::response::Response;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::Result;
use crate::extract::Path;
use crate::http::sessions::sessions_ended;

#[utoipa::path(
    post, path = "/api/api/candidates/{id_or_slug}/desactivate",
    params(("id_or_slug" = String, Path, description = "the caller's own id")),
    responses(
        (status = 204, description = "deactivated; the session cookie is cleared"),
        (status = 404, body = crate::error::ErrorBody, description = "not the caller's own id"),
    )
)]
pub async fn deactivate_candidate(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id_or_slug): Path<String>,
) -> Result<Response> {
    user.require_own_id(&id_or_slug)?;
    sqlx::query(
        "update users set active = false, self_deactivated_at = now(), session_version = session_version + 1
         where id = $1",
    )
    .bind(user.id)
    .execute(&state.db)
    .await?;
    Ok(sessions_ended(&state, user.id))
}
