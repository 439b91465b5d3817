//! `GET /api/api/candidates` (spec section 7, "query params"): who lists candidates, and how.
//!
//! A school lists the candidates it manages (attached to the school, or to one of its
//! campuses), active accounts only, filtered by name, campus, program and minimum completion,
//! a page at a time. Nobody else lists anyone: a candidate reads their own profile, a partner
//! meets candidates through sourcing searches, a visitor through a shared link; for them this
//! route is a 403 (the route table's role check), so that no listing of accounts exists
//! outside a school's own.

use axum::extract::State;
use serde::{Deserialize, Serialize};

use crate::auth::CurrentUser;
use crate::error::Result;
use crate::extract::{Json, Query};
use crate::http::AppState;

const DEFAULT_PAGE_SIZE: i64 = 20;
const MAX_PAGE_SIZE: i64 = 100;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct CandidateListQuery {
    /// Part of the first or last name, any case.
    name: Option<String>,
    /// Only the candidates of this campus (one of the school's).
    campus: Option<i64>,
    /// Only the candidates of this program.
    program: Option<i64>,
    /// Only profiles at least this complete (0 to 100).
    completion: Option<i16>,
    /// 1 for the first page.
    page: Option<i64>,
    /// At most 100; 20 by default.
    per_page: Option<i64>,
}

#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct CandidateListItem {
    id: i64,
    slug: String,
    firstname: String,
    lastname: String,
    completion: i16,
    is_public: bool,
    campus_id: Option<i64>,
    program_id: Option<i64>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CandidateListResponse {
    /// How many candidates match, over every page.
    total: i64,
    page: i64,
    per_page: i64,
    items: Vec<CandidateListItem>,
}

#[utoipa::path(
    get, path = "/api/api/candidates", params(CandidateListQuery),
    responses(
        (status = 200, body = CandidateListResponse, description = "the school's own candidates"),
        (status = 403, body = crate::error::ErrorBody, description = "not a school: nobody else lists candidates"),
    )
)]
pub async fn list_candidates(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(query): Query<CandidateListQuery>,
) -> Result<Json<CandidateListResponse>> {
    let per_page = query.per_page.unwrap_or(DEFAULT_PAGE_SIZE).clamp(1, MAX_PAGE_SIZE);
    let page = query.page.unwrap_or(1).max(1);
    let name = query.name.map(|name| name.trim().to_lowercase()).filter(|name| !name.is_empty());
    let filter = "from candidates c
         join users u on u.id = c.user_id and u.active
         left join campuses m on m.id = c.campus_id
         where (c.school_id = $1 or m.school_id = $1)
           and ($2::text is null or strpos(lower(u.firstname || ' ' || u.lastname), $2) > 0)
           and ($3::bigint is null or c.campus_id = $3)
           and ($4::bigint is null or c.program_id = $4)
           and ($5::smallint is null or c.completion >= $5)";
    let total: i64 = sqlx::query_scalar(&format!("select count(*) {filter}"))
        .bind(user.id)
        .bind(&name)
        .bind(query.campus)
        .bind(query.program)
        .bind(query.completion)
        .fetch_one(&state.db)
        .await?;
    let items: Vec<CandidateListItem> = sqlx::query_as(&format!(
        "select c.user_id as id, c.slug, u.firstname, u.lastname, c.completion, c.is_public, c.campus_id, c.program_id
         {filter} order by lower(u.lastname), lower(u.firstname), c.user_id limit $6 offset $7"
    ))
    .bind(user.id)
    .bind(&name)
    .bind(query.campus)
    .bind(query.program)
    .bind(query.completion)
    .bind(per_page)
    .bind((page - 1).saturating_mul(per_page))
    .fetch_all(&state.db)
    .await?;
    Ok(Json(CandidateListResponse { total, page, per_page, items }))
}
