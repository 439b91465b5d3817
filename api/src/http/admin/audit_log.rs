//! `GET /api/api/admin/audit-events`: the audit log ([`crate::audit`]), newest first, a page at a
//! time, for operators.

use axum::extract::State;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::app::AppState;
use crate::audit::AuditAction;
use crate::error::Result;
use crate::extract::{Json, Query};
use crate::http::paging::{PageQuery, Paging};

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct AuditQuery {
    /// Page number, from 1.
    #[param(minimum = 1)]
    page: Option<i64>,
    /// Events per page, 1 to 100; 50 by default.
    #[param(minimum = 1, maximum = 100)]
    per_page: Option<i64>,
}

#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[schema(as = AuditEvent)]
pub struct AuditEventView {
    id: i64,
    at: DateTime<Utc>,
    /// Who did it: an operator or an approving colleague; none for the command line.
    actor: Option<String>,
    action: AuditAction,
    subject_id: Option<i64>,
    /// The account's name when it happened.
    subject: Option<String>,
    /// The reason given, or the institution created.
    detail: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AuditEventList {
    total: i64,
    events: Vec<AuditEventView>,
}

#[utoipa::path(
    get, path = "/api/api/admin/audit-events", params(AuditQuery),
    responses((status = 200, body = AuditEventList, description = "newest first"))
)]
pub async fn list_audit_events(
    State(state): State<AppState>,
    Query(query): Query<AuditQuery>,
) -> Result<Json<AuditEventList>> {
    let paging = Paging::of(PageQuery { page: query.page, per_page: query.per_page });
    let total: i64 = sqlx::query_scalar("select count(*) from audit_events").fetch_one(&state.db).await?;
    let events = sqlx::query_as(
        "select e.id, e.created_at as at, actor.firstname || ' ' || actor.lastname as actor, e.action,
                e.subject_id, e.subject_name as subject, e.detail
         from audit_events e left join users actor on actor.id = e.actor_id
         order by e.created_at desc, e.id desc limit $1 offset $2",
    )
    .bind(paging.per_page)
    .bind(paging.offset())
    .fetch_all(&state.db)
    .await?;
    Ok(Json(AuditEventList { total, events }))
}
