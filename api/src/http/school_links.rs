//! The partner's side of a school link ([`super::schools`] has the school's): a school asks to
//! work with a partner, and the link holds only once the partner accepts it, because it opens the
//! school's students who chose "only my school's recruiters" to that partner's searches.
//! `GET /api/api/partner/school-links` lists the schools waiting for an answer,
//! `POST …/{id}/acceptance` accepts one, `DELETE …/{id}` refuses a request or ends a link.

use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa_axum::routes;

use super::routes::{Access, RouteTable};
use crate::app::AppState;
use crate::auth::{CurrentUser, Role};
use crate::error::{Error, Result};
use crate::extract::{Json, Path};

pub fn routes(table: &mut RouteTable) {
    // a waiting partner answers too: a school that invites a recruiter vouches for them
    let partner = Access::Only(Role::Partner);
    table.add(partner, routes!(list_school_link_requests));
    table.add(partner, routes!(accept_school_link));
    table.add(partner, routes!(end_school_link));
}

/// A school that asked to work with the partner.
#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct SchoolLinkRequest {
    /// The school's id.
    id: i64,
    /// The school's name.
    school: String,
    created_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SchoolLinkRequestList {
    requests: Vec<SchoolLinkRequest>,
}

#[utoipa::path(
    get, path = "/api/api/partner/school-links",
    responses((status = 200, body = SchoolLinkRequestList, description = "the requests waiting, oldest first"))
)]
pub async fn list_school_link_requests(
    State(state): State<AppState>,
    user: CurrentUser,
) -> Result<Json<SchoolLinkRequestList>> {
    let requests = sqlx::query_as(
        "select s.user_id as id, s.name as school, l.created_at
         from partner_schools l join schools s on s.user_id = l.school_id
         where l.partner_id = $1 and l.accepted_at is null order by l.created_at, s.user_id",
    )
    .bind(user.id)
    .fetch_all(&state.db)
    .await?;
    Ok(Json(SchoolLinkRequestList { requests }))
}

#[utoipa::path(
    post, path = "/api/api/partner/school-links/{id}/acceptance",
    params(("id" = i64, Path, description = "the school's id")),
    responses(
        (status = 204, description = "the link holds (accepting twice changes nothing)"),
        (status = 404, body = crate::error::ErrorBody, description = "this school asked nothing of the partner"),
    )
)]
pub async fn accept_school_link(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(school_id): Path<i64>,
) -> Result<StatusCode> {
    let mut transaction = state.db.begin().await?;
    let found = sqlx::query(
        "update partner_schools set accepted_at = coalesce(accepted_at, now()), updated_at = now()
         where partner_id = $1 and school_id = $2",
    )
    .bind(user.id)
    .bind(school_id)
    .execute(&mut *transaction)
    .await?;
    answer_invitation(&mut transaction, user.id, school_id, "accepted").await?;
    transaction.commit().await?;
    done_if_found(found)
}

#[utoipa::path(
    delete, path = "/api/api/partner/school-links/{id}",
    params(("id" = i64, Path, description = "the school's id")),
    responses(
        (status = 204, description = "refused or ended"),
        (status = 404, body = crate::error::ErrorBody, description = "no link or request with this school"),
    )
)]
pub async fn end_school_link(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(school_id): Path<i64>,
) -> Result<StatusCode> {
    let mut transaction = state.db.begin().await?;
    let found = sqlx::query("delete from partner_schools where partner_id = $1 and school_id = $2")
        .bind(user.id)
        .bind(school_id)
        .execute(&mut *transaction)
        .await?;
    answer_invitation(&mut transaction, user.id, school_id, "refused").await?;
    transaction.commit().await?;
    done_if_found(found)
}

/// Closes the school's open invitation to the partner's address, if it sent one
/// ([`super::schools`]' recruiter invitations): the school's list then stops showing it as
/// waiting.
async fn answer_invitation(
    connection: &mut sqlx::PgConnection,
    partner_id: i64,
    school_id: i64,
    answer: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "update recruiter_invitations set answer = $3::invitation_answer, answered_at = now(), updated_at = now()
         where school_id = $2 and answer is null
           and lower(email) = (select lower(email) from users where id = $1)",
    )
    .bind(partner_id)
    .bind(school_id)
    .bind(answer)
    .execute(connection)
    .await?;
    Ok(())
}

/// 204 when the statement touched the link, 404 when there was none.
fn done_if_found(result: sqlx::postgres::PgQueryResult) -> Result<StatusCode> {
    if result.rows_affected() == 0 { Err(Error::NotFound) } else { Ok(StatusCode::NO_CONTENT) }
}
