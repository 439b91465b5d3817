//! Who can find me: `GET` and `PUT /api/api/candidates/findability`. A candidate lets every
//! recruiter find them in sourcing searches, only the recruiters their school works with (the
//! partners linked to their school), or nobody. The choice reaches the matcher through the search
//! document in the transaction that writes it (migration 0025), so the next search, its totals and
//! the alerts already follow it.
//!
//! The same resource carries blind first (`blind_first`, migration 0035): the candidate hides
//! their name and picture from partners until they accept that partner's contact request or apply
//! to one of their offers ([`crate::blind_first`]). It is a choice about the same people, so the
//! settings page shows both together.

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

#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct Findability {
    findable_by: FindableBy,
    /// Partners see the candidate's initials and no picture until the candidate accepts their
    /// contact request or applies to one of their offers.
    blind_first: bool,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct FindabilityUpdate {
    findable_by: FindableBy,
    /// Absent: unchanged.
    blind_first: Option<bool>,
}

#[utoipa::path(get, path = "/api/api/candidates/findability", responses((status = 200, body = Findability)))]
pub async fn get_findability(State(state): State<AppState>, user: CurrentUser) -> Result<Json<Findability>> {
    let findability = sqlx::query_as("select findable_by, blind_first from candidates where user_id = $1")
        .bind(user.id)
        .fetch_one(&state.db)
        .await?;
    Ok(Json(findability))
}

#[utoipa::path(
    put, path = "/api/api/candidates/findability", request_body = FindabilityUpdate,
    responses((status = 200, body = Findability, description = "the choices, in force for the next search and read"))
)]
pub async fn set_findability(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(request): Json<FindabilityUpdate>,
) -> Result<Json<Findability>> {
    let findability = sqlx::query_as(
        "update candidates set findable_by = $2, blind_first = coalesce($3, blind_first) where user_id = $1
         returning findable_by, blind_first",
    )
    .bind(user.id)
    .bind(request.findable_by)
    .bind(request.blind_first)
    .fetch_one(&state.db)
    .await?;
    Ok(Json(findability))
}
