//! `POST /api/api/candidate/project/academic/categories` (and `.../personal/categories`): a
//! candidate or a school adds a project category missing from the list. The new category is
//! labelled with the name as typed, in both languages, until someone translates it; adding a
//! name that exists (whatever its case) returns the existing category instead of a twin.

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa_axum::routes;

use super::AppState;
use super::routes::{Access, RouteTable};
use crate::auth::{CurrentUser, Role};
use crate::error::Result;
use crate::extract::Json;
use crate::validation::Checks;

/// Candidates describe their projects and schools their programs' projects; partners do not.
const AUTHORS: Access = Access::OneOf(&[Role::Candidate, Role::School]);

pub fn routes(table: &mut RouteTable) {
    table.add(AUTHORS, routes!(create_academic_category));
    table.add(AUTHORS, routes!(create_personal_category));
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ProjectCategoryCreateRequest {
    name: Option<String>,
    /// An icon name or an image address (optional).
    picture: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ProjectCategoryCreateResponse {
    id: i32,
    name: String,
    picture: Option<String>,
}

#[utoipa::path(
    post, path = "/api/api/candidate/project/academic/categories", request_body = ProjectCategoryCreateRequest,
    responses(
        (status = 201, body = ProjectCategoryCreateResponse, description = "created, or the existing category of that name"),
        (status = 403, body = crate::error::ErrorBody, description = "partners do not add project categories"),
        (status = 422, body = crate::error::ErrorBody),
    )
)]
pub async fn create_academic_category(
    state: State<AppState>,
    user: CurrentUser,
    request: Json<ProjectCategoryCreateRequest>,
) -> Result<(StatusCode, Json<ProjectCategoryCreateResponse>)> {
    create_category(state, user, request, "academic").await
}

#[utoipa::path(
    post, path = "/api/api/candidate/project/personal/categories", request_body = ProjectCategoryCreateRequest,
    responses(
        (status = 201, body = ProjectCategoryCreateResponse, description = "created, or the existing category of that name"),
        (status = 403, body = crate::error::ErrorBody, description = "partners do not add project categories"),
        (status = 422, body = crate::error::ErrorBody),
    )
)]
pub async fn create_personal_category(
    state: State<AppState>,
    user: CurrentUser,
    request: Json<ProjectCategoryCreateRequest>,
) -> Result<(StatusCode, Json<ProjectCategoryCreateResponse>)> {
    create_category(state, user, request, "personal").await
}

async fn create_category(
    State(state): State<AppState>,
    _author: CurrentUser,
    Json(request): Json<ProjectCategoryCreateRequest>,
    kind: &str,
) -> Result<(StatusCode, Json<ProjectCategoryCreateResponse>)> {
    let mut checks = Checks::new();
    let name = checks.text("name", request.name.as_deref(), 100);
    let picture = checks.optional_text("picture", request.picture.as_deref(), 300);
    checks.finish()?;
    let (id, name, picture): (i32, String, Option<String>) = sqlx::query_as(
        "insert into project_categories (kind, label_fr, label_en, picture) values ($1::project_kind, $2, $2, $3)
         on conflict (kind, lower(label_fr)) do update set label_fr = project_categories.label_fr
         returning id, label_fr, picture",
    )
    .bind(kind)
    .bind(&name)
    .bind(&picture)
    .fetch_one(&state.db)
    .await?;
    Ok((StatusCode::CREATED, Json(ProjectCategoryCreateResponse { id, name, picture })))
}
