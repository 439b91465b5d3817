//! `GET /api/api/candidates/profile-views`: which companies opened the candidate's full profile
//! or saved them, by day, over the last [`SHOWN_DAYS`] days ([`crate::profile_views`]). The
//! company only: never which recruiter, nor which search.

use axum::extract::State;
use chrono::NaiveDate;
use serde::Serialize;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::Result;
use crate::extract::Json;
use crate::profile_views::{ProfileViewKind, SHOWN_DAYS};

#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct ProfileView {
    company: String,
    kind: ProfileViewKind,
    day: NaiveDate,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ProfileViewList {
    /// Newest first.
    views: Vec<ProfileView>,
}

#[utoipa::path(
    get, path = "/api/api/candidates/profile-views",
    responses((status = 200, body = ProfileViewList, description = "the last 90 days, newest first"))
)]
pub async fn list_profile_views(State(state): State<AppState>, user: CurrentUser) -> Result<Json<ProfileViewList>> {
    let views = sqlx::query_as(
        "select c.name as company, v.kind, v.day
         from profile_views v join companies c on c.id = v.company_id
         where v.candidate_id = $1 and v.day >= current_date - $2
         order by v.day desc, c.name collate human_order, v.kind limit 500",
    )
    .bind(user.id)
    .bind(SHOWN_DAYS)
    .fetch_all(&state.db)
    .await?;
    Ok(Json(ProfileViewList { views }))
}
