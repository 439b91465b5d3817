//! The partner's side of applications: `GET /api/api/job/offers/{id}/applications` (the
//! applicants of one of their offers, each with how they match its criteria now),
//! `PUT /api/api/job/applications/{id}/status` (move an applicant to the next step; the candidate
//! is emailed at each step, kindly when declined) and `GET …/offers/{id}/applications.csv`.
//!
//! The partner reads an applicant's name, headline, email and note because the candidate
//! applied to them; a withdrawn application is gone from these lists. Another partner's offer or
//! application is a 404.

use std::borrow::Cow;

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use utoipa_axum::routes;

use super::applications::ApplicationStatus;
use crate::app::AppState;
use crate::auth::{CurrentUser, Role};
use crate::error::{Error, ErrorCode, Result, RuleCode};
use crate::extract::{Json, Path};
use crate::http::routes::{Access, RouteTable};
use crate::http::sourcing::results::{Explanation, explain_without_keywords, rounded_score};
use crate::job_offers::{fit_to, offer_query_of};
use crate::locale::Locale;
use crate::mail::{EmailKind, subscribed_notice};
use crate::spreadsheet_cells::{csv_attachment, csv_file};

pub fn routes(table: &mut RouteTable) {
    let partner = Access::Vetted(Role::Partner);
    table.add(partner, routes!(list_applicants));
    table.add(partner, routes!(move_applicant));
    table.add(partner, routes!(export_applicants));
}

/// The most applicants one list returns.
const LIST_SIZE: i64 = 500;

/// An applicant as the partner reads them.
#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct Applicant {
    id: i64,
    candidate_id: i64,
    firstname: String,
    lastname: String,
    email: String,
    headline: Option<String>,
    /// Only while the candidate shares the public profile.
    slug: Option<String>,
    note: String,
    status: ApplicationStatus,
    created_at: DateTime<Utc>,
    status_changed_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ApplicantView<'a> {
    #[serde(flatten)]
    applicant: Applicant,
    /// How the candidate matches the offer's criteria now, 0 to 100; null when they do not (or
    /// no longer look for a job).
    score: Option<f64>,
    breakdown: Option<Explanation<'a>>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ApplicantList<'a> {
    applicants: Vec<ApplicantView<'a>>,
}

/// The applicants of the partner's offer `offer_id`, oldest first (404 for anyone else's offer).
async fn applicants(state: &AppState, partner_id: i64, offer_id: i64) -> Result<Vec<Applicant>> {
    let own: bool = sqlx::query_scalar("select exists (select 1 from job_offers where id = $1 and partner_id = $2)")
        .bind(offer_id)
        .bind(partner_id)
        .fetch_one(&state.db)
        .await?;
    if !own {
        return Err(Error::NotFound);
    }
    Ok(sqlx::query_as(
        "select a.id, a.candidate_id, u.firstname, u.lastname, u.email, c.headline,
                case when c.is_public then c.slug end as slug, a.note, a.status, a.created_at, a.status_changed_at
         from job_applications a
         join candidates c on c.user_id = a.candidate_id
         join users u on u.id = a.candidate_id and u.active
         where a.job_offer_id = $1 and a.status <> 'withdrawn'
         order by a.created_at, a.id limit $2",
    )
    .bind(offer_id)
    .bind(LIST_SIZE)
    .fetch_all(&state.db)
    .await?)
}

#[utoipa::path(
    get, path = "/api/api/job/offers/{id}/applications", params(("id" = i64, Path)),
    responses(
        (status = 200, body = ApplicantList, description = "the offer's applicants, oldest first, withdrawn ones aside"),
        (status = 404, body = crate::error::ErrorBody, description = "not one of the partner's offers"),
    )
)]
pub async fn list_applicants(
    State(state): State<AppState>,
    user: CurrentUser,
    locale: Locale,
    Path(offer_id): Path<i64>,
) -> Result<Response> {
    let rows = applicants(&state, user.id, offer_id).await?;
    let reference = state.reference_lists().await?;
    let query = offer_query_of(&state.db, offer_id).await?;
    let mut views = Vec::with_capacity(rows.len());
    for row in rows {
        let hit = match &query {
            Some(query) => fit_to(&state.db, &state.engine, row.candidate_id, query).await?,
            None => None,
        };
        views.push(ApplicantView {
            applicant: row,
            score: hit.as_ref().map(|hit| rounded_score(hit.score)),
            breakdown: hit.as_ref().map(|hit| explain_without_keywords(reference, locale, &hit.breakdown)),
        });
    }
    Ok(Json(ApplicantList { applicants: views }).into_response())
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ApplicantMove {
    /// `new`, `shortlisted`, `interview`, `hired` or `declined`.
    status: Option<ApplicationStatus>,
}

/// The words of the step an application reached, in the candidate's language.
fn step_words(status: ApplicationStatus, locale: Locale) -> &'static str {
    match (status, locale) {
        (ApplicationStatus::Shortlisted, Locale::Fr) => "Votre profil est présélectionné.",
        (ApplicationStatus::Shortlisted, Locale::En) => "Your profile is on the shortlist.",
        (ApplicationStatus::Interview, Locale::Fr) => "Le recruteur souhaite vous rencontrer en entretien.",
        (ApplicationStatus::Interview, Locale::En) => "The recruiter would like to meet you for an interview.",
        (ApplicationStatus::Hired, Locale::Fr) => "Le recruteur a retenu votre candidature. Félicitations !",
        (ApplicationStatus::Hired, Locale::En) => "The recruiter chose you. Congratulations!",
        _ => "",
    }
}

/// The email telling the candidate their application moved to `status` (none for `new`, or
/// when they turned application emails off).
async fn step_email(
    state: &AppState,
    connection: &mut PgConnection,
    candidate_id: i64,
    offer: &str,
    status: ApplicationStatus,
) -> Result<Option<crate::mail::Email>> {
    let locale: String = sqlx::query_scalar("select locale from users where id = $1")
        .bind(candidate_id)
        .fetch_one(&mut *connection)
        .await?;
    let locale = Locale::from_code(&locale);
    let (kind, detail) = match status {
        ApplicationStatus::New | ApplicationStatus::Withdrawn => return Ok(None),
        ApplicationStatus::Declined => (EmailKind::ApplicationDeclined, offer.to_owned()),
        step => (EmailKind::ApplicationProgress, format!("{offer}{} {}", colon(locale), step_words(step, locale))),
    };
    let action_url = format!("{}/dashboard/candidate/candidatures", state.settings.public_url);
    subscribed_notice(connection, &state.settings, kind, candidate_id, "applications", action_url, detail).await
}

fn colon(locale: Locale) -> &'static str {
    match locale {
        Locale::Fr => " :",
        Locale::En => ":",
    }
}

#[utoipa::path(
    put, path = "/api/api/job/applications/{id}/status", params(("id" = i64, Path)),
    request_body = ApplicantMove,
    responses(
        (status = 204, description = "moved (or already there); the candidate is emailed about a new step"),
        (status = 404, body = crate::error::ErrorBody, description = "not an application to one of the partner's offers"),
        (status = 409, body = crate::error::ErrorBody, description = "application_closed: withdrawn, hired or declined"),
    )
)]
pub async fn move_applicant(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<i64>,
    Json(request): Json<ApplicantMove>,
) -> Result<axum::http::StatusCode> {
    let mut transaction = state.db.begin().await?;
    let current: Option<(ApplicationStatus, i64, String, String)> = sqlx::query_as(
        "select a.status, a.candidate_id, o.title, co.name from job_applications a
         join job_offers o on o.id = a.job_offer_id join companies co on co.id = o.company_id
         where a.id = $1 and o.partner_id = $2 for update of a",
    )
    .bind(id)
    .bind(user.id)
    .fetch_optional(&mut *transaction)
    .await?;
    let (current, candidate_id, title, company) = current.ok_or(Error::NotFound)?;
    let status = match request.status {
        None => return Err(Error::invalid("status", RuleCode::Required)),
        Some(ApplicationStatus::Withdrawn) => return Err(Error::invalid("status", RuleCode::Invalid)),
        Some(status) => status,
    };
    if current == status {
        return Ok(axum::http::StatusCode::NO_CONTENT);
    }
    if !current.is_open() {
        return Err(Error::Conflict { code: ErrorCode::ApplicationClosed, message: "this application is over".into() });
    }
    sqlx::query(
        "update job_applications set status = $2, status_changed_at = now(),
                interview_at = case when $2 = 'interview' then coalesce(interview_at, now()) else interview_at end,
                hired_at = case when $2 = 'hired' then now() else hired_at end
         where id = $1",
    )
    .bind(id)
    .bind(status)
    .execute(&mut *transaction)
    .await?;
    if let Some(email) =
        step_email(&state, &mut transaction, candidate_id, &format!("« {title} » ({company})"), status).await?
    {
        state.mailer.enqueue(&mut *transaction, email).await.map_err(Error::Internal)?;
    }
    transaction.commit().await?;
    Ok(axum::http::StatusCode::NO_CONTENT)
}

#[utoipa::path(
    get, path = "/api/api/job/offers/{id}/applications.csv", params(("id" = i64, Path)),
    responses(
        (status = 200, content_type = "text/csv", body = String, description = "the applicants as a spreadsheet, in the partner's language"),
        (status = 404, body = crate::error::ErrorBody, description = "not one of the partner's offers"),
    )
)]
pub async fn export_applicants(
    State(state): State<AppState>,
    user: CurrentUser,
    locale: Locale,
    Path(offer_id): Path<i64>,
) -> Result<Response> {
    let rows = applicants(&state, user.id, offer_id).await?;
    let headers = match locale {
        Locale::Fr => ["Prénom", "Nom", "E-mail", "Titre", "Étape", "Candidature le", "Mot du candidat"],
        Locale::En => ["First name", "Last name", "Email", "Headline", "Step", "Applied on", "Candidate's note"],
    };
    let rows = rows.into_iter().map(|row| {
        vec![
            Cow::from(row.firstname),
            Cow::from(row.lastname),
            Cow::from(row.email),
            Cow::from(row.headline.unwrap_or_default()),
            Cow::from(step_name(row.status, locale)),
            Cow::from(row.created_at.date_naive().to_string()),
            Cow::from(row.note),
        ]
    });
    let file = csv_file(locale, &headers, rows).map_err(Error::Internal)?;
    Ok(csv_attachment(&format!("applications-offer-{offer_id}.csv"), file))
}

/// The name of a step, in `locale`.
fn step_name(status: ApplicationStatus, locale: Locale) -> &'static str {
    let [fr, en] = match status {
        ApplicationStatus::New => ["Nouvelle", "New"],
        ApplicationStatus::Shortlisted => ["Présélection", "Shortlisted"],
        ApplicationStatus::Interview => ["Entretien", "Interview"],
        ApplicationStatus::Hired => ["Recrutement", "Hired"],
        ApplicationStatus::Declined => ["Non retenue", "Declined"],
        ApplicationStatus::Withdrawn => ["Retirée", "Withdrawn"],
    };
    match locale {
        Locale::Fr => fr,
        Locale::En => en,
    }
}
