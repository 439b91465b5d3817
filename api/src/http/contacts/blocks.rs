//! Companies a candidate blocked: `GET /api/api/candidates/blocked-companies`, `PUT …/{id}` and
//! `DELETE …/{id}` (the company's id). A blocked company's recruiters can no longer ask to get in
//! touch (their request is a 404, as for a candidate they cannot find); blocking declines the
//! company's waiting requests and closes its conversations, without telling it why.

use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde::Serialize;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::{Error, Result};
use crate::extract::{Json, Path};

#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct BlockedCompany {
    id: i64,
    name: String,
    created_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct BlockedCompanyList {
    companies: Vec<BlockedCompany>,
}

#[utoipa::path(
    get, path = "/api/api/candidates/blocked-companies",
    responses((status = 200, body = BlockedCompanyList, description = "by name"))
)]
pub async fn list_blocked_companies(
    State(state): State<AppState>,
    user: CurrentUser,
) -> Result<Json<BlockedCompanyList>> {
    let companies = sqlx::query_as(
        "select c.id, c.name, b.created_at from company_blocks b join companies c on c.id = b.company_id
         where b.candidate_id = $1 order by c.name collate human_order, c.id",
    )
    .bind(user.id)
    .fetch_all(&state.db)
    .await?;
    Ok(Json(BlockedCompanyList { companies }))
}

#[utoipa::path(
    put, path = "/api/api/candidates/blocked-companies/{id}",
    params(("id" = i64, Path, description = "the company's id")),
    responses(
        (status = 204, description = "blocked (blocking twice changes nothing)"),
        (status = 404, body = crate::error::ErrorBody, description = "no such company"),
    )
)]
pub async fn block_company(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(company_id): Path<i64>,
) -> Result<StatusCode> {
    let mut transaction = state.db.begin().await?;
    let blocked = sqlx::query(
        "insert into company_blocks (candidate_id, company_id) select $1, id from companies where id = $2
         on conflict do nothing",
    )
    .bind(user.id)
    .bind(company_id)
    .execute(&mut *transaction)
    .await?;
    if blocked.rows_affected() == 0 {
        let known: bool = sqlx::query_scalar("select exists (select 1 from companies where id = $1)")
            .bind(company_id)
            .fetch_one(&mut *transaction)
            .await?;
        return if known { Ok(StatusCode::NO_CONTENT) } else { Err(Error::NotFound) };
    }
    sqlx::query(
        "update contact_requests r
         set state = case when r.state = 'pending' then 'declined'::contact_request_state else r.state end,
             answered_at = case when r.state = 'pending' then now() else r.answered_at end,
             closed_at = case when r.state = 'accepted' then coalesce(r.closed_at, now()) else r.closed_at end
         from partners p
         where p.user_id = r.partner_id and p.company_id = $2 and r.candidate_id = $1 and r.state in ('pending', 'accepted')",
    )
    .bind(user.id)
    .bind(company_id)
    .execute(&mut *transaction)
    .await?;
    transaction.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(
    delete, path = "/api/api/candidates/blocked-companies/{id}",
    params(("id" = i64, Path, description = "the company's id")),
    responses(
        (status = 204, description = "unblocked: its recruiters may ask again (closed conversations stay closed)"),
        (status = 404, body = crate::error::ErrorBody, description = "the company is not blocked"),
    )
)]
pub async fn unblock_company(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(company_id): Path<i64>,
) -> Result<StatusCode> {
    let unblocked = sqlx::query("delete from company_blocks where candidate_id = $1 and company_id = $2")
        .bind(user.id)
        .bind(company_id)
        .execute(&state.db)
        .await?;
    if unblocked.rows_affected() == 0 { Err(Error::NotFound) } else { Ok(StatusCode::NO_CONTENT) }
}
