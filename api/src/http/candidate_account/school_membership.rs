//! The candidate's school is the candidate's choice: the invitations schools sent to their
//! address (`GET /api/api/candidates/school-invitations`), accepting one (they join that school's
//! campus and program, leaving any other school) or refusing it, and leaving their school
//! (`DELETE /api/api/candidates/school`: the school is told by email and loses access at once).

use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde::Serialize;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::{Error, ErrorCode, Result};
use crate::extract::{Json, Path};
use crate::mail::{EmailKind, account_notice};
use sqlx::AssertSqlSafe;

/// An open invitation of a school, as the candidate sees it.
#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct SchoolInvitationView {
    id: i64,
    /// The school's name.
    school: String,
    campus: String,
    program: Option<String>,
    created_at: DateTime<Utc>,
    expires_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SchoolInvitationList {
    invitations: Vec<SchoolInvitationView>,
}

/// The open invitations sent to the address of candidate `$1`.
const OPEN_INVITATIONS_SQL: &str = "from school_invitations i
     join schools s on s.user_id = i.school_id
     join campuses m on m.id = i.campus_id
     left join programs p on p.id = i.program_id
     where lower(i.email) = (select lower(email) from users where id = $1)
       and i.answer is null and i.expires_at > now()";

#[utoipa::path(
    get, path = "/api/api/candidates/school-invitations",
    responses((status = 200, body = SchoolInvitationList, description = "open invitations, oldest first"))
)]
pub async fn list_school_invitations(
    State(state): State<AppState>,
    user: CurrentUser,
) -> Result<Json<SchoolInvitationList>> {
    let invitations = sqlx::query_as(AssertSqlSafe(format!(
        "select i.id, s.name as school, m.name as campus, p.name as program, i.created_at, i.expires_at
         {OPEN_INVITATIONS_SQL} order by i.created_at, i.id"
    )))
    .bind(user.id)
    .fetch_all(&state.db)
    .await?;
    Ok(Json(SchoolInvitationList { invitations }))
}

/// Where an invitation puts the candidate, and whether it can still be answered.
#[derive(sqlx::FromRow)]
struct Placement {
    school_id: i64,
    campus_id: i64,
    program_id: Option<i64>,
    parcours_id: Option<i16>,
    open: bool,
}

/// Records the candidate's answer to invitation `id`, sent to their address; where it puts them.
async fn answer(connection: &mut sqlx::PgConnection, user_id: i64, id: i64, accepted: bool) -> Result<Placement> {
    let placement: Placement = sqlx::query_as(
        "select school_id, campus_id, program_id, parcours_id, answer is null and expires_at > now() as open
         from school_invitations
         where id = $1 and lower(email) = (select lower(email) from users where id = $2) for update",
    )
    .bind(id)
    .bind(user_id)
    .fetch_optional(&mut *connection)
    .await?
    .ok_or(Error::NotFound)?;
    if !placement.open {
        return Err(Error::Conflict {
            code: ErrorCode::InvitationClosed,
            message: "the invitation was already answered or has expired".to_owned(),
        });
    }
    sqlx::query(
        "update school_invitations set answer = $2::invitation_answer, answered_at = now(), updated_at = now()
         where id = $1",
    )
    .bind(id)
    .bind(if accepted { "accepted" } else { "refused" })
    .execute(&mut *connection)
    .await?;
    Ok(placement)
}

#[utoipa::path(
    post, path = "/api/api/candidates/school-invitations/{id}/acceptance",
    params(("id" = i64, Path, description = "the invitation's id")),
    responses(
        (status = 204, description = "the candidate joined the school's campus"),
        (status = 409, body = crate::error::ErrorBody, description = "invitation_closed: answered or expired"),
    )
)]
pub async fn accept_school_invitation(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<i64>,
) -> Result<StatusCode> {
    let mut transaction = state.db.begin().await?;
    let placement = answer(&mut transaction, user.id, id, true).await?;
    sqlx::query(
        "update candidates set school_id = $2, campus_id = $3, program_id = $4, parcours_id = $5, updated_at = now()
         where user_id = $1",
    )
    .bind(user.id)
    .bind(placement.school_id)
    .bind(placement.campus_id)
    .bind(placement.program_id)
    .bind(placement.parcours_id)
    .execute(&mut *transaction)
    .await?;
    transaction.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(
    post, path = "/api/api/candidates/school-invitations/{id}/refusal",
    params(("id" = i64, Path, description = "the invitation's id")),
    responses(
        (status = 204, description = "refused; the school is not told more than that the invitation is closed"),
        (status = 409, body = crate::error::ErrorBody, description = "invitation_closed: answered or expired"),
    )
)]
pub async fn refuse_school_invitation(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<i64>,
) -> Result<StatusCode> {
    let mut transaction = state.db.begin().await?;
    answer(&mut transaction, user.id, id, false).await?;
    transaction.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(
    delete, path = "/api/api/candidates/school",
    responses(
        (status = 204, description = "left; the school is told and no longer reads the profile"),
        (status = 409, body = crate::error::ErrorBody, description = "not_in_a_school"),
    )
)]
pub async fn leave_school(State(state): State<AppState>, user: CurrentUser) -> Result<StatusCode> {
    let mut transaction = state.db.begin().await?;
    let school_id: Option<i64> = sqlx::query_scalar(
        "select coalesce(c.school_id, m.school_id) from candidates c left join campuses m on m.id = c.campus_id
         where c.user_id = $1 for update of c",
    )
    .bind(user.id)
    .fetch_optional(&mut *transaction)
    .await?
    .flatten();
    let school_id = school_id.ok_or_else(|| Error::Conflict {
        code: ErrorCode::NotInASchool,
        message: "the candidate belongs to no school".to_owned(),
    })?;
    sqlx::query(
        "update candidates set school_id = null, campus_id = null, program_id = null, parcours_id = null,
                updated_at = now()
         where user_id = $1",
    )
    .bind(user.id)
    .execute(&mut *transaction)
    .await?;
    let student: String = sqlx::query_scalar("select firstname || ' ' || lastname from users where id = $1")
        .bind(user.id)
        .fetch_one(&mut *transaction)
        .await?;
    let email =
        account_notice(&mut transaction, &state.settings, EmailKind::StudentLeft, school_id, Some(student)).await?;
    state.mailer.enqueue(&mut *transaction, email).await.map_err(Error::Internal)?;
    transaction.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}
