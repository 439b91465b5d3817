//! Who can find me: `GET` and `PUT /api/api/candidates/findability`. A candidate lets every
//! recruiter find them in sourcing searches, only the recruiters their school works with (the
//! partners linked to their school), or nobody. The choice reaches the matcher through the search
//! document in the transaction that writes it (migration 0025), so the next search, its totals and
//! the alerts already follow it.

use axum::extract::State;
use serde::{Deserialize, Serialize};

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::Result;
use crate::extract::Json;

/// Who may find the candidate in sourcing searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, sqlx::Type, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[sqlx(type_name = "findable_by", rename_all = "snake_case")]
pub enum FindableBy {
    /// Every recruiter of the platform.
    Everyone,
    /// Only the recruiters the candidate's school works with.
    SchoolPartners,
    /// Nobody: the candidate appears in no search.
    Nobody,
}

#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Findability {
    findable_by: FindableBy,
}

#[utoipa::path(get, path = "/api/api/candidates/findability", responses((status = 200, body = Findability)))]
pub async fn get_findability(State(state): State<AppState>, user: CurrentUser) -> Result<Json<Findability>> {
    let findable_by = sqlx::query_scalar("select findable_by from candidates where user_id = $1")
        .bind(user.id)
        .fetch_one(&state.db)
        .await?;
    Ok(Json(Findability { findable_by }))
}

#[utoipa::path(
    put, path = "/api/api/candidates/findability", request_body = Findability,
    responses((status = 200, body = Findability, description = "the choice, in force for the next search"))
)]
pub async fn set_findability(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(request): Json<Findability>,
) -> Result<Json<Findability>> {
    let findable_by =
        sqlx::query_scalar("update candidates set findable_by = $2 where user_id = $1 returning findable_by")
            .bind(user.id)
            .bind(request.findable_by)
            .fetch_one(&state.db)
            .await?;
    Ok(Json(Findability { findable_by }))
}
