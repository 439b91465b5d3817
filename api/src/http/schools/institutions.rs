//! Institutions (the universities and groups schools belong to): `GET /api/api/school/institutions`
//! lists them, filtered by part of a name, for every picker that names one; and
//! `POST /api/api/school/institution/requests` asks for a missing one, kept for the people who
//! maintain the list (with whether the requester wants to be told when it is added).

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::Result;
use crate::extract::{Json, Query};
use crate::validation::Checks;

/// Institutions one answer lists at most.
const MAX_INSTITUTIONS: i64 = 500;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct InstitutionsQuery {
    /// Part of the name, without regard to case.
    name: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema, sqlx::FromRow)]
pub struct InstitutionView {
    id: i32,
    name: String,
    slug: String,
}

#[utoipa::path(
    get, path = "/api/api/school/institutions", params(InstitutionsQuery),
    responses((status = 200, body = Vec<InstitutionView>, description = "at most 50, by name"))
)]
pub async fn list_institutions(
    State(state): State<AppState>,
    Query(query): Query<InstitutionsQuery>,
) -> Result<Json<Vec<InstitutionView>>> {
    let pattern = crate::db::contains_pattern(query.name.as_deref());
    let institutions = sqlx::query_as(
        "select id, name, slug from institutions where $1::text is null or fold(name) like fold($1) order by name collate human_order limit $2",
    )
    .bind(pattern)
    .bind(MAX_INSTITUTIONS)
    .fetch_all(&state.db)
    .await?;
    Ok(Json(institutions))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct InstitutionRequest {
    /// The missing institution's name.
    #[schema(required = true, nullable = false, min_length = 1, max_length = 200)]
    name: Option<String>,
    /// Where to tell the requester.
    #[schema(required = true, nullable = false, format = Email, max_length = 254)]
    email: Option<String>,
    /// Whether the requester wants an email once the institution is added.
    #[serde(default)]
    notify: bool,
}

#[utoipa::path(
    post, path = "/api/api/school/institution/requests", request_body = InstitutionRequest,
    responses((status = 204, description = "recorded"))
)]
pub async fn request_institution(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(request): Json<InstitutionRequest>,
) -> Result<StatusCode> {
    let mut checks = Checks::new();
    let name = checks.text("name", request.name.as_deref(), 200);
    let email = checks.email("email", request.email.as_deref());
    checks.finish()?;
    sqlx::query("insert into institution_requests (name, email, notify, requested_by) values ($1, $2, $3, $4)")
        .bind(name)
        .bind(email)
        .bind(request.notify)
        .bind(user.id)
        .execute(&state.db)
        .await?;
    Ok(StatusCode::NO_CONTENT)
}
