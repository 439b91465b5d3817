//! `GET /api/api/experiences`: the caller's CV in one list, for the CV view and the dashboard's
//! timeline. The spec names the call without saying what it lists; what the candidate's pages need
//! that the per-kind lists do not give is everything dated in one order: experiences, educations
//! and projects together, current ones first, then by start date, latest first. Each entry says
//! its `type` (`experience`, `education`, `project`) and holds the record as its own list gives
//! it (`item`). Hobbies have no dates and are not in it.

use axum::extract::State;
use std::sync::LazyLock;

use serde::{Deserialize, Serialize};
use sqlx::types::Json as JsonColumn;

use super::super::locale::Locale;
use super::super::routes::{Access, RouteTable};
use super::educations::{Education, EducationView};
use super::experiences::{Experience, ExperienceView};
use super::projects::{Project, ProjectView};
use super::records::Record;
use crate::app::AppState;
use crate::auth::{CurrentUser, Role};
use crate::error::Result;
use crate::extract::Json;
use sqlx::AssertSqlSafe;

pub fn routes(table: &mut RouteTable) {
    table.add(Access::Only(Role::Candidate), utoipa_axum::routes!(list_cv_entries));
}

/// One dated record of the CV.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "type", content = "item", rename_all = "snake_case")]
pub enum CvEntry {
    Experience(ExperienceView),
    Education(EducationView),
    Project(ProjectView),
}

/// Every dated record of candidate `$1` as one JSON array of [`CvEntry`], names in `$2`.
static CV_SQL: LazyLock<String> = LazyLock::new(|| {
    format!(
        "select coalesce(jsonb_agg(jsonb_build_object('type', entry.type, 'item', entry.item)
                                   order by entry.is_current desc, entry.start_date desc, entry.type, entry.id desc), '[]')
         from (select 'experience' as type, {experience} as item, r.is_current, r.start_date, r.id
               from experiences r where r.candidate_id = $1
               union all
               select 'education', {education}, r.is_current, r.start_date, r.id
               from educations r where r.candidate_id = $1
               union all
               select 'project', {project}, r.is_current, r.start_date, r.id
               from projects r where r.candidate_id = $1) entry",
        experience = Experience::item_sql(),
        education = Education::item_sql(),
        project = Project::item_sql(),
    )
});

#[utoipa::path(
    get, path = "/api/api/experiences",
    responses((status = 200, body = Vec<CvEntry>, description = "`[{type, item}]`: current records first, then latest started"))
)]
pub async fn list_cv_entries(
    State(state): State<AppState>,
    user: CurrentUser,
    locale: Locale,
) -> Result<Json<Vec<CvEntry>>> {
    let JsonColumn(entries): JsonColumn<Vec<CvEntry>> = sqlx::query_scalar(AssertSqlSafe(CV_SQL.as_str()))
        .bind(user.id)
        .bind(locale.code())
        .fetch_one(&state.db)
        .await?;
    Ok(Json(entries))
}
