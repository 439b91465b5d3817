//! A candidate's applications: `POST /api/api/offers/{id}/applications` (apply in one click, with
//! an optional note), `GET /api/api/candidates/applications` (mine, newest first, with where
//! each stands) and `POST /api/api/candidates/applications/{id}/withdrawal`.
//!
//! Applying shares the candidate's whole profile (not their phone) and their email address with
//! the offer's partner, whatever the candidate chose about being found, until they withdraw
//! (the profile read's rule, [`crate::http::candidates`]). The partner is emailed (type
//! `applications`) in the applying transaction. A withdrawn application may be made again.

use std::sync::LazyLock;

use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa_axum::routes;

use crate::app::AppState;
use crate::auth::{CurrentUser, Role};
use crate::error::{Error, ErrorCode, Result};
use crate::extract::{Json, Path};
use crate::http::candidate_profile::NamedItem;
use crate::http::routes::{Access, RouteTable};
use crate::job_offers::LIVE;
use crate::locale::Locale;
use crate::mail::{EmailKind, subscribed_notice};
use crate::validation::Checks;
use sqlx::AssertSqlSafe;

pub fn routes(table: &mut RouteTable) {
    let candidate = Access::Only(Role::Candidate);
    table.add(candidate, routes!(apply));
    table.add(candidate, routes!(list_my_applications));
    table.add(candidate, routes!(withdraw_application));
}

/// The longest note.
pub const MAX_NOTE_CHARS: usize = 2000;
/// The most applications one list returns.
const LIST_SIZE: i64 = 200;

/// The steps of an application: the partner moves it from `new` through `shortlisted` and
/// `interview` to `hired` or `declined`; the candidate may withdraw it before it ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, sqlx::Type, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
#[sqlx(type_name = "application_status", rename_all = "lowercase")]
pub enum ApplicationStatus {
    New,
    Shortlisted,
    Interview,
    Hired,
    Declined,
    Withdrawn,
}

impl ApplicationStatus {
    /// Whether the application still moves (neither ended nor withdrawn).
    pub fn is_open(self) -> bool {
        matches!(self, ApplicationStatus::New | ApplicationStatus::Shortlisted | ApplicationStatus::Interview)
    }
}

/// An application as its candidate reads it.
#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct ApplicationView {
    id: i64,
    offer_id: i64,
    offer_title: String,
    company: String,
    #[schema(value_type = NamedItem)]
    job_category: sqlx::types::Json<NamedItem>,
    /// The offer still takes applications.
    offer_live: bool,
    status: ApplicationStatus,
    note: String,
    created_at: DateTime<Utc>,
    status_changed_at: DateTime<Utc>,
}

/// The applications `a` as [`ApplicationView`]s, `$1` the language; the caller adds its `where`.
pub static APPLICATION_SELECT: LazyLock<String> = LazyLock::new(|| {
    format!(
        "select a.id, a.job_offer_id as offer_id, o.title as offer_title, co.name as company,
                jsonb_build_object('id', o.job_category_id, 'name', label($1, jc.label_fr, jc.label_en)) as job_category,
                {LIVE} as offer_live, a.status, a.note, a.created_at, a.status_changed_at
         from job_applications a
         join job_offers o on o.id = a.job_offer_id
         join companies co on co.id = o.company_id
         join job_categories jc on jc.id = o.job_category_id"
    )
});

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct ApplicationCreate {
    /// A few words to the recruiter, plain text, at most 2,000 characters.
    #[schema(max_length = 2000)]
    note: Option<String>,
}

async fn own_application(state: &AppState, locale: Locale, candidate_id: i64, id: i64) -> Result<ApplicationView> {
    let found: Option<ApplicationView> =
        sqlx::query_as(AssertSqlSafe(format!("{} where a.candidate_id = $2 and a.id = $3", *APPLICATION_SELECT)))
            .bind(locale.code())
            .bind(candidate_id)
            .bind(id)
            .fetch_optional(&state.db)
            .await?;
    found.ok_or(Error::NotFound)
}

fn conflict(code: ErrorCode, message: &str) -> Error {
    Error::Conflict { code, message: message.to_owned() }
}

#[utoipa::path(
    post, path = "/api/api/offers/{id}/applications", params(("id" = i64, Path)),
    request_body = ApplicationCreate,
    responses(
        (status = 201, body = ApplicationView, description = "applied: the partner reads the profile and is told"),
        (status = 404, body = crate::error::ErrorBody, description = "no published offer has this id"),
        (status = 409, body = crate::error::ErrorBody, description = "offer_not_live: closed or past its closing date; already_applied"),
    )
)]
pub async fn apply(
    State(state): State<AppState>,
    user: CurrentUser,
    locale: Locale,
    Path(offer_id): Path<i64>,
    Json(request): Json<ApplicationCreate>,
) -> Result<(StatusCode, Json<ApplicationView>)> {
    let mut checks = Checks::new();
    let note = checks.optional_text("note", request.note.as_deref(), MAX_NOTE_CHARS).unwrap_or_default();
    checks.finish()?;
    let mut transaction = state.db.begin().await?;
    // a draft is its partner's alone: to anyone else it does not exist
    let offer: Option<(bool, i64, String)> = sqlx::query_as(AssertSqlSafe(format!(
        "select {LIVE}, o.partner_id, o.title from job_offers o where o.id = $1 and o.status <> 'draft' for share"
    )))
    .bind(offer_id)
    .fetch_optional(&mut *transaction)
    .await?;
    let (live, partner_id, title) = offer.ok_or(Error::NotFound)?;
    if !live {
        return Err(conflict(ErrorCode::OfferNotLive, "the offer no longer takes applications"));
    }
    let id: Option<i64> = sqlx::query_scalar(
        "insert into job_applications (job_offer_id, candidate_id, note) values ($1, $2, $3)
         on conflict (job_offer_id, candidate_id) do update
             set status = 'new', note = excluded.note, created_at = now(), status_changed_at = now(),
                 interview_at = null, hired_at = null
             where job_applications.status = 'withdrawn'
         returning id",
    )
    .bind(offer_id)
    .bind(user.id)
    .bind(&note)
    .fetch_optional(&mut *transaction)
    .await?;
    let id = id.ok_or_else(|| conflict(ErrorCode::AlreadyApplied, "you already applied to this offer"))?;
    let action_url = format!("{}/dashboard/partenaire/offres/{offer_id}", state.settings.public_url);
    let email = subscribed_notice(
        &mut transaction,
        &state.settings,
        EmailKind::ApplicationReceived,
        partner_id,
        "applications",
        action_url,
        title,
    )
    .await?;
    if let Some(email) = email {
        state.mailer.enqueue(&mut *transaction, email).await.map_err(Error::Internal)?;
    }
    transaction.commit().await?;
    Ok((StatusCode::CREATED, Json(own_application(&state, locale, user.id, id).await?)))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ApplicationList {
    applications: Vec<ApplicationView>,
}

#[utoipa::path(
    get, path = "/api/api/candidates/applications",
    responses((status = 200, body = ApplicationList, description = "the candidate's applications, newest first (at most 200)"))
)]
pub async fn list_my_applications(
    State(state): State<AppState>,
    user: CurrentUser,
    locale: Locale,
) -> Result<Json<ApplicationList>> {
    let applications = sqlx::query_as(AssertSqlSafe(format!(
        "{} where a.candidate_id = $2 order by a.created_at desc, a.id desc limit $3",
        *APPLICATION_SELECT
    )))
    .bind(locale.code())
    .bind(user.id)
    .bind(LIST_SIZE)
    .fetch_all(&state.db)
    .await?;
    Ok(Json(ApplicationList { applications }))
}

#[utoipa::path(
    post, path = "/api/api/candidates/applications/{id}/withdrawal", params(("id" = i64, Path)),
    responses(
        (status = 200, body = ApplicationView, description = "withdrawn: the partner no longer reads the profile through it"),
        (status = 404, body = crate::error::ErrorBody, description = "not one of the candidate's applications"),
        (status = 409, body = crate::error::ErrorBody, description = "application_closed: already withdrawn, hired or declined"),
    )
)]
pub async fn withdraw_application(
    State(state): State<AppState>,
    user: CurrentUser,
    locale: Locale,
    Path(id): Path<i64>,
) -> Result<Json<ApplicationView>> {
    let current = own_application(&state, locale, user.id, id).await?;
    if !current.status.is_open() {
        return Err(conflict(ErrorCode::ApplicationClosed, "this application is over"));
    }
    let changed = sqlx::query(
        "update job_applications set status = 'withdrawn', status_changed_at = now()
         where id = $1 and candidate_id = $2 and status in ('new', 'shortlisted', 'interview')",
    )
    .bind(id)
    .bind(user.id)
    .execute(&state.db)
    .await?;
    if changed.rows_affected() == 0 {
        return Err(conflict(ErrorCode::ApplicationClosed, "this application is over"));
    }
    Ok(Json(own_application(&state, locale, user.id, id).await?))
}
