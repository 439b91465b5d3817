//! The institutions schools asked for (`POST /api/api/school/institution/requests`), as
//! operators resolve them: `GET /api/api/admin/institution-requests` lists the open ones, oldest
//! first; accepting one creates the institution (or finds the one of that name), refusing closes
//! it. Either is written to the audit log; a request is resolved once.

use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::app::AppState;
use crate::audit::{AuditAction, AuditEvent};
use crate::auth::CurrentUser;
use crate::error::{Error, ErrorCode, Result, RuleCode};
use crate::extract::{Json, Path};
use crate::slug::slugify;
use crate::validation::Checks;

#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct InstitutionRequestView {
    id: i64,
    name: String,
    /// Where the requester wants to be told.
    email: String,
    /// The requesting school's name.
    requested_by: Option<String>,
    created_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct InstitutionRequestList {
    requests: Vec<InstitutionRequestView>,
}

#[utoipa::path(
    get, path = "/api/api/admin/institution-requests",
    responses((status = 200, body = InstitutionRequestList, description = "the open requests, oldest first"))
)]
pub async fn list_institution_requests(State(state): State<AppState>) -> Result<Json<InstitutionRequestList>> {
    let requests = sqlx::query_as(
        "select r.id, r.name, r.email, s.name as requested_by, r.created_at
         from institution_requests r left join schools s on s.user_id = r.requested_by
         where r.resolved_at is null order by r.created_at, r.id limit 500",
    )
    .fetch_all(&state.db)
    .await?;
    Ok(Json(InstitutionRequestList { requests }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct InstitutionAcceptance {
    /// The institution's name, to correct the request's spelling; the requested name by default.
    #[schema(max_length = 200)]
    name: Option<String>,
}

#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct AcceptedInstitution {
    id: i32,
    name: String,
    slug: String,
}

/// The open request `id` (locked until the transaction ends): its name and requester.
async fn open_request(connection: &mut sqlx::PgConnection, id: i64) -> Result<(String, Option<i64>)> {
    let request: Option<(String, Option<i64>, Option<DateTime<Utc>>)> =
        sqlx::query_as("select name, requested_by, resolved_at from institution_requests where id = $1 for update")
            .bind(id)
            .fetch_optional(&mut *connection)
            .await?;
    match request {
        None => Err(Error::NotFound),
        Some((_, _, Some(_))) => Err(Error::Conflict {
            code: ErrorCode::RequestResolved,
            message: "the request was already accepted or refused".to_owned(),
        }),
        Some((name, requested_by, None)) => Ok((name, requested_by)),
    }
}

#[utoipa::path(
    post, path = "/api/api/admin/institution-requests/{id}/acceptance", request_body = InstitutionAcceptance,
    params(("id" = i64, Path, description = "the request's id")),
    responses(
        (status = 201, body = AcceptedInstitution, description = "the institution, created or already of that name"),
        (status = 409, body = crate::error::ErrorBody, description = "request_resolved"),
        (status = 422, body = crate::error::ErrorBody, description = "name: required, too_long, invalid (no letter or digit)"),
    )
)]
pub async fn accept_institution_request(
    State(state): State<AppState>,
    operator: CurrentUser,
    Path(id): Path<i64>,
    Json(acceptance): Json<InstitutionAcceptance>,
) -> Result<(StatusCode, Json<AcceptedInstitution>)> {
    let mut transaction = state.db.begin().await?;
    let (requested_name, requested_by) = open_request(&mut transaction, id).await?;
    let mut checks = Checks::new();
    let name = checks.text("name", Some(acceptance.name.as_deref().unwrap_or(&requested_name)), 200);
    let slug = slugify(&name);
    if slug.is_empty() && !checks.has_failed("name") {
        checks.fail("name", RuleCode::Invalid);
    }
    checks.finish()?;
    // an institution of that name (or of that slug: "Ecole X" for "École X") is the one asked for
    let institution: AcceptedInstitution = sqlx::query_as(
        "with existing as (
             select id, name, slug from institutions where lower(name) = lower($1) or slug = $2 limit 1
         ), created as (
             insert into institutions (name, slug) select $1, $2 where not exists (select 1 from existing)
             returning id, name, slug
         )
         select * from existing union all select * from created",
    )
    .bind(&name)
    .bind(&slug)
    .fetch_one(&mut *transaction)
    .await?;
    sqlx::query("update institution_requests set resolved_at = now(), institution_id = $2 where id = $1")
        .bind(id)
        .bind(institution.id)
        .execute(&mut *transaction)
        .await?;
    let event = AuditEvent {
        actor: Some(operator.id),
        action: AuditAction::InstitutionCreated,
        subject: requested_by,
        detail: Some(&institution.name),
    };
    event.record(&mut *transaction).await?;
    transaction.commit().await?;
    Ok((StatusCode::CREATED, Json(institution)))
}

#[utoipa::path(
    delete, path = "/api/api/admin/institution-requests/{id}",
    params(("id" = i64, Path, description = "the request's id")),
    responses(
        (status = 204, description = "refused"),
        (status = 409, body = crate::error::ErrorBody, description = "request_resolved"),
    )
)]
pub async fn refuse_institution_request(
    State(state): State<AppState>,
    operator: CurrentUser,
    Path(id): Path<i64>,
) -> Result<StatusCode> {
    let mut transaction = state.db.begin().await?;
    let (name, requested_by) = open_request(&mut transaction, id).await?;
    sqlx::query("update institution_requests set resolved_at = now() where id = $1")
        .bind(id)
        .execute(&mut *transaction)
        .await?;
    let event = AuditEvent {
        actor: Some(operator.id),
        action: AuditAction::InstitutionRequestRefused,
        subject: requested_by,
        detail: Some(&name),
    };
    event.record(&mut *transaction).await?;
    transaction.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}
