//! The school's own profile: `GET` and `POST /api/api/school/profile`, read and written by the
//! school alone: its name, type, description, web site and institution. The specification lists
//! no call for it (only the sign-up, `POST /api/api/schools`); these paths follow the area's.

use axum::extract::State;
use serde::{Deserialize, Serialize};

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::{Result, RuleCode};
use crate::extract::Json;
use crate::http::candidate_profile::NamedItem;
use crate::validation::Checks;

#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema, sqlx::FromRow)]
pub struct SchoolProfile {
    name: String,
    /// A school type's id (`/api/api/school/types`).
    school_type: Option<i16>,
    description: Option<String>,
    /// The school's web site.
    link: Option<String>,
    #[sqlx(json(nullable))]
    institution: Option<NamedItem>,
}

async fn read_profile(state: &AppState, school_id: i64) -> Result<SchoolProfile> {
    Ok(sqlx::query_as(
        "select s.name, s.school_type_id as school_type, s.description, s.link,
                (select jsonb_build_object('id', i.id, 'name', i.name) from institutions i where i.id = s.institution_id)
                    as institution
         from schools s where s.user_id = $1",
    )
    .bind(school_id)
    .fetch_one(&state.db)
    .await?)
}

#[utoipa::path(
    get, path = "/api/api/school/profile",
    responses((status = 200, body = SchoolProfile))
)]
pub async fn get_school_profile(State(state): State<AppState>, user: CurrentUser) -> Result<Json<SchoolProfile>> {
    Ok(Json(read_profile(&state, user.id).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct SchoolProfileRequest {
    #[schema(required = true, nullable = false, min_length = 1, max_length = 200)]
    name: Option<String>,
    school_type: Option<i16>,
    #[schema(max_length = 5000)]
    description: Option<String>,
    /// The school's web site (`https://` is added to an address without a scheme).
    #[schema(max_length = 500)]
    link: Option<String>,
    /// An institution's id (`/api/api/school/institutions`), or none.
    institution: Option<i32>,
}

#[utoipa::path(
    post, path = "/api/api/school/profile", request_body = SchoolProfileRequest,
    responses((status = 200, body = SchoolProfile))
)]
pub async fn update_school_profile(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(request): Json<SchoolProfileRequest>,
) -> Result<Json<SchoolProfile>> {
    let mut checks = Checks::new();
    let name = checks.text("name", request.name.as_deref(), 200);
    let description = checks.optional_text("description", request.description.as_deref(), 5000);
    let link = checks.optional_text("link", request.link.as_deref(), 500);
    if link.as_deref().is_some_and(|link| !(link.starts_with("http://") || link.starts_with("https://"))) {
        checks.fail("link", RuleCode::HttpUrlExpected);
    }
    checks.known_row(&state.db, "school_type", "school_types", request.school_type).await?;
    checks.known_row(&state.db, "institution", "institutions", request.institution).await?;
    checks.finish()?;
    sqlx::query(
        "update schools set name = $2, school_type_id = $3, description = $4, link = $5, institution_id = $6,
                updated_at = now()
         where user_id = $1",
    )
    .bind(user.id)
    .bind(&name)
    .bind(request.school_type)
    .bind(description)
    .bind(link)
    .bind(request.institution)
    .execute(&state.db)
    .await?;
    Ok(Json(read_profile(&state, user.id).await?))
}
