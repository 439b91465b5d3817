//! The candidates of a campus: the school's list (filtered, paged, or as a CSV download), adding
//! one person, and detaching a candidate from the school (the person and their account stay).
//!
//! Adding an email that has no account creates a candidate account without a password and mails
//! its owner an invitation to choose one. An email that already is a candidate's is attached only
//! when the school confirms with `force` (the first answer is a 409 `candidate_exists`); an email
//! of a school or partner account is refused (409 `email_taken`).

use std::borrow::Cow;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};

use super::enrolment::{self, Enrolment};
use super::roster::{PageQuery, Paging, Roster};
use super::{ProgramView, own_campus};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::{Error, Result, RuleCode};
use crate::extract::{Json, Path, Query};
use crate::http::candidate_profile::NamedItem;
use crate::locale::Locale;
use crate::spreadsheet_cells::{csv_attachment, csv_file};
use crate::validation::Checks;
use sqlx::AssertSqlSafe;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct CampusCandidatesQuery {
    /// Smallest profile completion, in percent.
    completion: Option<i16>,
    /// Part of the first name, last name or email.
    name: Option<String>,
    /// A parcours id.
    parcours: Option<i16>,
    /// A program id.
    program: Option<i64>,
    /// Present (`?csv`): the whole filtered list as a CSV file instead of a page of JSON.
    csv: Option<String>,
    /// Page number, from 1.
    #[param(minimum = 1)]
    page: Option<i64>,
    /// Candidates per page, 1 to 100; 50 by default.
    #[param(minimum = 1, maximum = 100)]
    per_page: Option<i64>,
}

#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema, sqlx::FromRow)]
pub struct CampusCandidate {
    id: i64,
    firstname: String,
    lastname: String,
    email: String,
    slug: String,
    #[sqlx(json(nullable))]
    program: Option<ProgramView>,
    #[sqlx(json(nullable))]
    parcours: Option<NamedItem>,
    /// Profile completion, in percent.
    completion: i16,
    /// Looking for a job.
    in_research: bool,
    /// Whether the person chose a password (an invited account has none until then).
    activated: bool,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CampusCandidatesPage {
    items: Vec<CampusCandidate>,
    total: i64,
    page: i64,
    per_page: i64,
}

/// The campus's candidates the query keeps: one page, or all of them (`paging` none: the CSV).
async fn query_candidates(
    state: &AppState,
    roster: &Roster,
    locale: Locale,
    paging: Option<Paging>,
) -> Result<Vec<CampusCandidate>> {
    let label = if locale == Locale::En { "label_en" } else { "label_fr" };
    let (limit, offset) = paging.map_or((None, 0), |paging| (Some(paging.per_page), paging.offset()));
    let items = roster
        .bind(sqlx::query_as(AssertSqlSafe(format!(
            "select c.user_id as id, u.firstname, u.lastname, u.email, c.slug, c.completion, c.in_research,
                    u.password_hash is not null as activated,
                    (select jsonb_build_object('id', p.id, 'name', p.name) from programs p where p.id = c.program_id) as program,
                    (select jsonb_build_object('id', k.id, 'name', k.{label}) from parcours k where k.id = c.parcours_id) as parcours
             {} {} limit $7 offset $8",
            Roster::from_where(),
            Roster::ORDER_SQL
        ))))
        .bind(limit)
        .bind(offset)
        .fetch_all(&state.db)
        .await?;
    Ok(items)
}

/// The list as a spreadsheet: the import's own columns first (so that an export can be edited
/// and imported again), then what the school reads, in the school's language ([`csv_file`]).
fn candidates_csv(items: &[CampusCandidate], locale: Locale) -> Result<Vec<u8>> {
    let (headers, yes, no) = match locale {
        Locale::Fr => (
            ["Prénom", "Nom", "Courriel", "Programme", "Parcours", "Complétion (%)", "En recherche", "Compte activé"],
            "oui",
            "non",
        ),
        Locale::En => (
            [
                "First name",
                "Last name",
                "Email",
                "Program",
                "Parcours",
                "Completion (%)",
                "Looking for a job",
                "Account activated",
            ],
            "yes",
            "no",
        ),
    };
    let rows = items.iter().map(|item| {
        vec![
            Cow::from(item.firstname.as_str()),
            Cow::from(item.lastname.as_str()),
            Cow::from(item.email.as_str()),
            Cow::from(item.program.as_ref().map_or("", |program| program.name.as_str())),
            Cow::from(item.parcours.as_ref().map_or("", |parcours| parcours.name.as_str())),
            Cow::from(item.completion.to_string()),
            Cow::from(if item.in_research { yes } else { no }),
            Cow::from(if item.activated { yes } else { no }),
        ]
    });
    csv_file(locale, &headers, rows).map_err(Error::Internal)
}

#[utoipa::path(
    get, path = "/api/api/school/campuses/{id}/candidates", params(("id" = i64, Path), CampusCandidatesQuery),
    responses(
        (status = 200, body = CampusCandidatesPage, description = "a page of candidates; with `csv`, a text/csv file"),
        (status = 404, body = crate::error::ErrorBody, description = "not a campus of the caller's"),
    )
)]
pub async fn list_campus_candidates(
    State(state): State<AppState>,
    user: CurrentUser,
    locale: Locale,
    Path(campus_id): Path<i64>,
    Query(query): Query<CampusCandidatesQuery>,
) -> Result<Response> {
    own_campus(&state.db, user.id, campus_id).await?;
    if query.completion.is_some_and(|completion| !(0..=100).contains(&completion)) {
        return Err(Error::invalid("completion", RuleCode::OutOfRange));
    }
    let roster = Roster {
        school_id: user.id,
        campus_id: Some(campus_id),
        program_id: query.program,
        parcours_id: query.parcours,
        min_completion: query.completion,
        name: query.name,
    };
    if query.csv.is_some() {
        let items = query_candidates(&state, &roster, locale, None).await?;
        let file = candidates_csv(&items, locale)?;
        return Ok(csv_attachment(&format!("candidates-campus-{campus_id}.csv"), file));
    }
    let paging = Paging::of(PageQuery { page: query.page, per_page: query.per_page });
    let total = roster.count(&state.db).await?;
    let items = query_candidates(&state, &roster, locale, Some(paging)).await?;
    Ok(Json(CampusCandidatesPage { items, total, page: paging.page, per_page: paging.per_page }).into_response())
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CampusCandidateRequest {
    firstname: Option<String>,
    lastname: Option<String>,
    email: Option<String>,
    /// A program id of the campus.
    program: Option<i64>,
    /// A parcours id (`/api/api/school/parcours`), or none.
    parcours: Option<i16>,
}

/// What adding someone did. The school learns nothing else about the address: "invited" is said
/// alike for an address without an account, a candidate of another school or of none, and an
/// account that cannot be a student.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum EnrolmentOutcome {
    /// An invitation was sent (or renewed): they join the campus once they accept it.
    Invited,
    /// Already one of the school's students: placed on the campus with the program and parcours.
    AlreadyYourStudent,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CampusCandidateOutcome {
    outcome: EnrolmentOutcome,
}

#[utoipa::path(
    post, path = "/api/api/school/campuses/{id}/candidates", request_body = CampusCandidateRequest,
    params(("id" = i64, Path, description = "the campus's id")),
    responses(
        (status = 201, body = CampusCandidateOutcome, description = "invited: they join once they accept"),
        (status = 200, body = CampusCandidateOutcome, description = "already the school's student: placed on the campus"),
        (status = 404, body = crate::error::ErrorBody, description = "not a campus of the caller's"),
        (status = 429, body = crate::error::ErrorBody, description = "too many additions by this school for now"),
    )
)]
pub async fn add_campus_candidate(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(campus_id): Path<i64>,
    Json(request): Json<CampusCandidateRequest>,
) -> Result<(StatusCode, Json<CampusCandidateOutcome>)> {
    own_campus(&state.db, user.id, campus_id).await?;
    let mut checks = Checks::new();
    let firstname = checks.text("firstname", request.firstname.as_deref(), 100);
    let lastname = checks.text("lastname", request.lastname.as_deref(), 100);
    let email = checks.email("email", request.email.as_deref());
    let program_known: bool =
        sqlx::query_scalar("select exists (select 1 from programs where id = $1 and campus_id = $2)")
            .bind(request.program)
            .bind(campus_id)
            .fetch_one(&state.db)
            .await?;
    match request.program {
        None => checks.fail("program", RuleCode::Required),
        Some(_) if !program_known => checks.fail("program", RuleCode::Unknown),
        Some(_) => {}
    }
    checks.known_row(&state.db, "parcours", "parcours", request.parcours).await?;
    checks.finish()?;
    state.limits.enrolments_per_school.hit(&state.db, &user.id.to_string()).await?;
    let person = Enrolment {
        email: email.clone(),
        firstname,
        lastname,
        program_id: request.program,
        parcours_id: request.parcours,
    };
    let mut transaction = state.db.begin().await?;
    let students = enrolment::own_students(&mut transaction, user.id, std::slice::from_ref(&email)).await?;
    let (status, outcome) = match students.get(&email) {
        Some(student) => {
            enrolment::place(&mut transaction, user.id, campus_id, &[(student.user_id, &person)]).await?;
            (StatusCode::OK, EnrolmentOutcome::AlreadyYourStudent)
        }
        None => {
            enrolment::invite(&state, &mut transaction, user.id, campus_id, &[&person]).await?;
            (StatusCode::CREATED, EnrolmentOutcome::Invited)
        }
    };
    transaction.commit().await?;
    Ok((status, Json(CampusCandidateOutcome { outcome })))
}

#[utoipa::path(
    delete, path = "/api/api/school/campuses/candidates/{id}",
    params(("id" = i64, Path, description = "the candidate's id")),
    responses(
        (status = 204, description = "detached from the school; the account stays"),
        (status = 404, body = crate::error::ErrorBody, description = "not a candidate of the caller's"),
    )
)]
pub async fn detach_candidate(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(candidate_id): Path<i64>,
) -> Result<StatusCode> {
    let detached = sqlx::query(
        "update candidates c set school_id = null, campus_id = null, program_id = null, parcours_id = null,
                updated_at = now()
         where c.user_id = $1
           and (c.school_id = $2 or c.campus_id in (select id from campuses where school_id = $2))",
    )
    .bind(candidate_id)
    .bind(user.id)
    .execute(&state.db)
    .await?;
    if detached.rows_affected() == 0 {
        return Err(Error::NotFound);
    }
    Ok(StatusCode::NO_CONTENT)
}
