//! Company membership: a partner who signs up naming a company that already has approved
//! recruiters waits for an operator, or for one of those colleagues, to accept them. This is the
//! colleagues' side: `GET /api/api/partner/colleague-requests` lists the recruiters of the
//! caller's company who wait, `POST …/{id}/acceptance` approves one (through
//! [`crate::account_standing`], so the audit log and the email are the same as an operator's).
//! Only approved partners see or accept anyone: a waiting one learns nothing of the company.

use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa_axum::routes;

use super::routes::{Access, RouteTable};
use crate::account_standing;
use crate::app::AppState;
use crate::auth::{AccountStanding, CurrentUser, Role};
use crate::error::{Error, Result};
use crate::extract::{Json, Path};
use sqlx::AssertSqlSafe;

pub fn routes(table: &mut RouteTable) {
    table.add(Access::Vetted(Role::Partner), routes!(list_colleague_requests));
    table.add(Access::Vetted(Role::Partner), routes!(accept_colleague));
}

/// A recruiter of the caller's company waiting for approval. The email is shown so that the
/// colleague can tell a real coworker's address from a stranger's.
#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct ColleagueRequest {
    id: i64,
    firstname: String,
    lastname: String,
    email: String,
    role: Option<String>,
    created_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ColleagueRequestList {
    requests: Vec<ColleagueRequest>,
}

/// The waiting recruiters of the company of partner `$1`.
const WAITING_COLLEAGUES_SQL: &str = "from partners p join users u on u.id = p.user_id
     where p.company_id = (select company_id from partners where user_id = $1)
       and p.user_id <> $1 and u.active and u.standing = 'pending'";

#[utoipa::path(
    get, path = "/api/api/partner/colleague-requests",
    responses((status = 200, body = ColleagueRequestList, description = "oldest first"))
)]
pub async fn list_colleague_requests(
    State(state): State<AppState>,
    user: CurrentUser,
) -> Result<Json<ColleagueRequestList>> {
    let requests = sqlx::query_as(AssertSqlSafe(format!(
        "select u.id, u.firstname, u.lastname, u.email, p.role, u.created_at {WAITING_COLLEAGUES_SQL}
         order by u.created_at, u.id limit 100"
    )))
    .bind(user.id)
    .fetch_all(&state.db)
    .await?;
    Ok(Json(ColleagueRequestList { requests }))
}

#[utoipa::path(
    post, path = "/api/api/partner/colleague-requests/{id}/acceptance",
    params(("id" = i64, Path, description = "the waiting colleague's user id")),
    responses(
        (status = 204, description = "approved; the colleague is told by email"),
        (status = 404, body = crate::error::ErrorBody, description = "no waiting colleague of the caller's company has this id"),
    )
)]
pub async fn accept_colleague(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<i64>,
) -> Result<StatusCode> {
    let waiting: bool =
        sqlx::query_scalar(AssertSqlSafe(format!("select exists (select 1 {WAITING_COLLEAGUES_SQL} and u.id = $2)")))
            .bind(user.id)
            .bind(id)
            .fetch_one(&state.db)
            .await?;
    if !waiting {
        return Err(Error::NotFound);
    }
    // the audit log names the colleague as the one who approved
    account_standing::change(&state, user.id, id, AccountStanding::Approved, None).await?;
    Ok(StatusCode::NO_CONTENT)
}
