//! `GET /api/api/candidates` (spec section 7, "query params"): who lists candidates, and how.
//!
//! A school lists the candidates it manages ([`Roster`]: attached to the school, or to one of
//! its campuses), active accounts only, filtered by name, campus, program and minimum completion,
//! a page at a time. Nobody else lists anyone: a candidate reads their own profile, a partner
//! meets candidates through sourcing searches, a visitor through a shared link; for them this
//! route is a 403 (the route table's role check), so that no listing of accounts exists
//! outside a school's own.

use axum::extract::State;
use serde::{Deserialize, Serialize};

use super::roster::{PageQuery, Paging, Roster};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::Result;
use crate::extract::{Json, Query};
use sqlx::AssertSqlSafe;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct CandidateListQuery {
    /// Part of the first name, last name or email; case and accents aside.
    name: Option<String>,
    /// Only the candidates of this campus (one of the school's).
    campus: Option<i64>,
    /// Only the candidates of this program.
    program: Option<i64>,
    /// Only profiles at least this complete (0 to 100).
    #[param(minimum = 0, maximum = 100)]
    completion: Option<i16>,
    /// Page number, from 1.
    #[param(minimum = 1)]
    page: Option<i64>,
    /// Candidates per page, 1 to 100; 50 by default.
    #[param(minimum = 1, maximum = 100)]
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
    let roster = Roster {
        school_id: user.id,
        campus_id: query.campus,
        program_id: query.program,
        min_completion: query.completion,
        name: query.name,
        ..Roster::default()
    };
    let paging = Paging::of(PageQuery { page: query.page, per_page: query.per_page });
    let total = roster.count(&state.db).await?;
    let items: Vec<CandidateListItem> = roster
        .bind(sqlx::query_as(AssertSqlSafe(format!(
            "select c.user_id as id, c.slug, u.firstname, u.lastname, c.completion, c.is_public, c.campus_id, c.program_id
             {} {} limit $7 offset $8",
            Roster::from_where(),
            Roster::ORDER_SQL
        ))))
        .bind(paging.per_page)
        .bind(paging.offset())
        .fetch_all(&state.db)
        .await?;
    let (page, per_page) = (paging.page, paging.per_page);
    Ok(Json(CandidateListResponse { total, page, per_page, items }))
}
