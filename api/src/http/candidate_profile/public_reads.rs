//! The parts of a candidate's profile by id or slug, for the public profile `/candidat/{slug}`,
//! a school or a partner: `GET /api/api/candidates/{slug}/experiences`, `/educations`,
//! `/projects`, `/hobbies` and `/softskill/percentages`. Who may read them is the rule of the
//! profile itself (`candidates::authorize_read`): the same 403 and 404, never a second copy of it.
//! The records have the shapes of the candidate's own lists (`/api/api/candidate/...`): nothing
//! in them is private.

use axum::extract::State;
use sqlx::types::Json as JsonColumn;

use super::super::candidates::{SOFT_SKILL_SHARES_SQL, SoftSkillShareView, authorize_read};
use super::super::locale::Locale;
use super::super::routes::{Access, RouteTable};
use super::educations::{Education, EducationView};
use super::experiences::{Experience, ExperienceView};
use super::hobbies::{Hobby, HobbyView};
use super::projects::{Project, ProjectView};
use super::records::{self, Record};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::Result;
use crate::extract::{Json, Path};
use sqlx::AssertSqlSafe;

pub fn routes(table: &mut RouteTable) {
    table.add(Access::PublicWithSession, utoipa_axum::routes!(get_candidate_experiences));
    table.add(Access::PublicWithSession, utoipa_axum::routes!(get_candidate_educations));
    table.add(Access::PublicWithSession, utoipa_axum::routes!(get_candidate_projects));
    table.add(Access::PublicWithSession, utoipa_axum::routes!(get_candidate_hobbies));
    table.add(Access::PublicWithSession, utoipa_axum::routes!(get_candidate_soft_skill_percentages));
}

/// Every record of kind `R` of the candidate `id_or_slug`, if the caller may read the profile.
async fn read_records<R: Record>(
    state: &AppState,
    caller: Option<CurrentUser>,
    locale: Locale,
    id_or_slug: &str,
) -> Result<Json<Vec<R::View>>> {
    let (candidate_id, _) = authorize_read(&state.db, caller, id_or_slug).await?;
    Ok(Json(records::read::<R>(state, candidate_id, locale, None, None).await?))
}

/// One documented route per kind of record, each a call to [`read_records`].
macro_rules! public_record_list {
    ($handler:ident, $path:literal, $record:ty, $view:ty) => {
        #[utoipa::path(
            get, path = $path,
            params(("id_or_slug" = String, Path, description = "the candidate's id or slug")),
            responses(
                (status = 200, body = Vec<$view>),
                (status = 403, body = crate::error::ErrorBody, description = "logged in, but not allowed to read this profile"),
                (status = 404, body = crate::error::ErrorBody, description = "no such candidate, or a profile not shared (anonymous callers)"),
            )
        )]
        pub async fn $handler(
            State(state): State<AppState>,
            caller: Option<CurrentUser>,
            locale: Locale,
            Path(id_or_slug): Path<String>,
        ) -> Result<Json<Vec<$view>>> {
            read_records::<$record>(&state, caller, locale, &id_or_slug).await
        }
    };
}

public_record_list!(
    get_candidate_experiences,
    "/api/api/candidates/{id_or_slug}/experiences",
    Experience,
    ExperienceView
);
public_record_list!(get_candidate_educations, "/api/api/candidates/{id_or_slug}/educations", Education, EducationView);
public_record_list!(get_candidate_projects, "/api/api/candidates/{id_or_slug}/projects", Project, ProjectView);
public_record_list!(get_candidate_hobbies, "/api/api/candidates/{id_or_slug}/hobbies", Hobby, HobbyView);

/// Each soft-skill family's share of the soft skills the candidate chose, every family listed.
#[utoipa::path(
    get, path = "/api/api/candidates/{id_or_slug}/softskill/percentages",
    params(("id_or_slug" = String, Path, description = "the candidate's id or slug")),
    responses(
        (status = 200, body = Vec<SoftSkillShareView>),
        (status = 403, body = crate::error::ErrorBody, description = "logged in, but not allowed to read this profile"),
        (status = 404, body = crate::error::ErrorBody, description = "no such candidate, or a profile not shared (anonymous callers)"),
    )
)]
pub async fn get_candidate_soft_skill_percentages(
    State(state): State<AppState>,
    caller: Option<CurrentUser>,
    locale: Locale,
    Path(id_or_slug): Path<String>,
) -> Result<Json<Vec<SoftSkillShareView>>> {
    let (candidate_id, _) = authorize_read(&state.db, caller, &id_or_slug).await?;
    let JsonColumn(shares): JsonColumn<Vec<SoftSkillShareView>> = sqlx::query_scalar(AssertSqlSafe(format!(
        "select {SOFT_SKILL_SHARES_SQL} from candidates c where c.user_id = $1"
    )))
    .bind(candidate_id)
    .bind(locale.code())
    .fetch_one(&state.db)
    .await?;
    Ok(Json(shares))
}
