//! Companies: `POST /api/api/companies` {name, logo}, `GET /api/api/companies` (optional part of
//! a `name`) and `GET /api/api/companies/{id}`, for every logged-in user: a partner names its
//! company, a candidate the company of an experience, a school the partners it works with.
//!
//! Names are unique without regard to case: creating a company whose name is known answers the
//! known one (200) rather than a second one (201), so that two people typing "Numéria conseil"
//! and "Numéria Conseil" end up on one company. A logo is an upload of the caller's.

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::routes::{Access, RouteTable};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::{Error, Result, RuleCode};
use crate::extract::{Json, Path, Query};
use crate::validation::Checks;
use sqlx::AssertSqlSafe;

/// Companies one answer lists at most.
const MAX_COMPANIES: i64 = 50;

pub fn routes(table: &mut RouteTable) {
    table.add(Access::Authenticated, utoipa_axum::routes!(create_company));
    table.add(Access::Authenticated, utoipa_axum::routes!(list_companies));
    table.add(Access::Authenticated, utoipa_axum::routes!(get_company));
}

#[derive(Debug, Serialize, utoipa::ToSchema, sqlx::FromRow)]
pub struct CompanyView {
    id: i64,
    name: String,
    /// Where to fetch the logo: `/api/uploads/{id}`.
    logo: Option<String>,
}

const COMPANY_SQL: &str = "select c.id, c.name, '/api/uploads/' || c.logo_id::text as logo from companies c";

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CompanyRequest {
    #[schema(required = true, nullable = false, min_length = 1, max_length = 200)]
    name: Option<String>,
    /// An upload id of the caller's picture.
    logo: Option<Uuid>,
}

#[utoipa::path(
    post, path = "/api/api/companies", request_body = CompanyRequest,
    responses(
        (status = 201, body = CompanyView, description = "created"),
        (status = 200, body = CompanyView, description = "a company of that name exists: it is answered"),
        (status = 422, body = crate::error::ErrorBody, description = "name: required, too_long; logo: unknown"),
    )
)]
pub async fn create_company(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(request): Json<CompanyRequest>,
) -> Result<(StatusCode, Json<CompanyView>)> {
    let mut checks = Checks::new();
    let name = checks.text("name", request.name.as_deref(), 200);
    if let Some(logo) = request.logo {
        let owned: bool = sqlx::query_scalar(
            "select exists (select 1 from uploads where id = $1 and owner_user_id = $2 and content_type like 'image/%')",
        )
        .bind(logo)
        .bind(user.id)
        .fetch_one(&state.db)
        .await?;
        if !owned {
            checks.fail("logo", RuleCode::Unknown);
        }
    }
    checks.finish()?;
    let created: Option<i64> = sqlx::query_scalar(
        "insert into companies (name, logo_id, created_by) values ($1, $2, $3) on conflict do nothing returning id",
    )
    .bind(&name)
    .bind(request.logo)
    .bind(user.id)
    .fetch_optional(&state.db)
    .await?;
    let status = if created.is_some() { StatusCode::CREATED } else { StatusCode::OK };
    let company = sqlx::query_as(AssertSqlSafe(format!("{COMPANY_SQL} where lower(c.name) = lower($1)")))
        .bind(&name)
        .fetch_one(&state.db)
        .await?;
    Ok((status, Json(company)))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct CompaniesQuery {
    /// Part of the name, without regard to case.
    name: Option<String>,
}

#[utoipa::path(
    get, path = "/api/api/companies", params(CompaniesQuery),
    responses((status = 200, body = Vec<CompanyView>, description = "at most 50, by name"))
)]
pub async fn list_companies(
    State(state): State<AppState>,
    Query(query): Query<CompaniesQuery>,
) -> Result<Json<Vec<CompanyView>>> {
    let pattern = crate::db::contains_pattern(query.name.as_deref());
    let companies = sqlx::query_as(AssertSqlSafe(format!(
        "{COMPANY_SQL} where $1::text is null or fold(c.name) like fold($1) order by c.name collate human_order limit $2"
    )))
    .bind(pattern)
    .bind(MAX_COMPANIES)
    .fetch_all(&state.db)
    .await?;
    Ok(Json(companies))
}

#[utoipa::path(
    get, path = "/api/api/companies/{id}", params(("id" = i64, Path, description = "the company's id")),
    responses((status = 200, body = CompanyView))
)]
pub async fn get_company(State(state): State<AppState>, Path(id): Path<i64>) -> Result<Json<CompanyView>> {
    let company = sqlx::query_as(AssertSqlSafe(format!("{COMPANY_SQL} where c.id = $1")))
        .bind(id)
        .fetch_optional(&state.db)
        .await?
        .ok_or(Error::NotFound)?;
    Ok(Json(company))
}
