//! `POST /api/api/candidates/import/checking` and `/import`: a school's candidate file for one
//! campus (multipart `campus` and `file`).
//!
//! Both read the file the same way ([`crate::candidate_import`]) and report every problem by
//! line and field, with the counts of who gets an invitation, who is already the school's and
//! who is left unchanged. `checking` writes nothing. `import` writes the valid rows in one
//! transaction: the school's own students are placed on the campus with their program and
//! parcours, everyone else is invited ([`enrolment::invite`]: nobody joins or gets an account
//! without their consent), and rows already matching are left as they are. The report says
//! nothing about whether an address has an account: only "invited" or "already your student"
//! (and the format problems). Both count against the school's import limit.

use std::collections::HashMap;

use axum::extract::{Multipart, State};
use axum::http::StatusCode;
use serde::Serialize;
use sqlx::PgConnection;

use super::enrolment::{self, Enrolment};
use super::own_campus;
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::candidate_import::{
    self, FileFormat, FileRefusal, ImportFile, ImportProblem, MAX_FILE_BYTES, ParcoursNames,
};
use crate::error::{Error, ErrorCode, FieldErrors, Result, RuleCode};
use crate::extract::Json;

/// The file and the multipart envelope around it.
pub const MAX_BODY_BYTES: usize = MAX_FILE_BYTES + 64 * 1024;

/// The multipart form of an import (documentation only: the handler reads the stream).
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct ImportForm {
    /// The campus's id.
    campus: i64,
    /// A CSV file of at most 5 MB and 20,000 rows.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

/// What an import did, or would do for `checking`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ImportReport {
    /// Whether rows were written (`import`) or only checked (`checking`).
    pub imported: bool,
    /// Rows read, blank ones left out.
    pub rows: usize,
    /// Rows without a problem.
    pub valid: usize,
    /// Rows that get an invitation: they join the campus once they accept it.
    pub invited: usize,
    /// Rows of the school's own students, placed on the campus with the row's program and parcours.
    pub already_your_students: usize,
    /// The school's students already on the campus with that program and parcours.
    pub unchanged: usize,
    pub problems: Vec<ImportProblem>,
    pub encoding: String,
    pub separator: String,
}

fn multipart_error(error: axum::extract::multipart::MultipartError) -> Error {
    let status = error.status();
    let code =
        if status == StatusCode::PAYLOAD_TOO_LARGE { ErrorCode::PayloadTooLarge } else { ErrorCode::InvalidBody };
    Error::Rejected { status, code, message: error.body_text() }
}

/// Reads the `campus` and `file` fields.
async fn read_form(
    multipart: std::result::Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> Result<(i64, Vec<u8>)> {
    let mut multipart = multipart.map_err(|rejection| Error::Rejected {
        status: rejection.status(),
        code: ErrorCode::InvalidBody,
        message: rejection.body_text(),
    })?;
    let (mut campus, mut file) = (None, None);
    while let Some(field) = multipart.next_field().await.map_err(multipart_error)? {
        match field.name() {
            Some("campus") => campus = Some(field.text().await.map_err(multipart_error)?),
            Some("file") => file = Some(field.bytes().await.map_err(multipart_error)?.to_vec()),
            _ => {}
        }
    }
    let mut errors = FieldErrors::new();
    let campus = match campus.as_deref().map(str::trim) {
        None | Some("") => {
            errors.insert("campus".into(), vec![RuleCode::Required]);
            None
        }
        Some(text) => {
            let parsed = text.parse::<i64>().ok();
            if parsed.is_none() {
                errors.insert("campus".into(), vec![RuleCode::Invalid]);
            }
            parsed
        }
    };
    if file.as_ref().is_none_or(Vec::is_empty) {
        errors.insert("file".into(), vec![RuleCode::Required]);
    }
    if !errors.is_empty() {
        return Err(Error::Validation(errors));
    }
    Ok((campus.expect("checked"), file.expect("checked")))
}

/// Reads the file off the async threads: a large one takes a few tens of milliseconds.
async fn read_file(bytes: Vec<u8>) -> Result<ImportFile> {
    tokio::task::spawn_blocking(move || candidate_import::read_file(&bytes))
        .await
        .map_err(|error| Error::Internal(error.into()))?
        .map_err(refused)
}

fn refused(refusal: FileRefusal) -> Error {
    match refusal {
        FileRefusal::TooLarge => Error::Rejected {
            status: StatusCode::PAYLOAD_TOO_LARGE,
            code: ErrorCode::PayloadTooLarge,
            message: format!("an import file may weigh at most {MAX_FILE_BYTES} bytes"),
        },
        FileRefusal::TooManyRows => Error::invalid("file", RuleCode::TooManyRows),
        FileRefusal::Unreadable => Error::invalid("file", RuleCode::UnreadableFile),
        FileRefusal::MissingColumns(columns) => {
            let mut errors = FieldErrors::new();
            errors.insert("file".into(), vec![RuleCode::MissingColumn]);
            for column in columns {
                errors.insert(column.field().into(), vec![RuleCode::MissingColumn]);
            }
            Error::Validation(errors)
        }
    }
}

/// Checks the file against the campus and the school's students, and writes the valid rows
/// when `write`.
async fn run_import(
    state: &AppState,
    connection: &mut PgConnection,
    school_id: i64,
    campus_id: i64,
    file: ImportFile,
    write: bool,
) -> Result<ImportReport> {
    let FileFormat { encoding, separator } = file.format;
    let rows = file.rows.len();
    let programs: Vec<(i64, String)> = sqlx::query_as("select id, name from programs where campus_id = $1")
        .bind(campus_id)
        .fetch_all(&mut *connection)
        .await?;
    let programs: HashMap<String, i64> =
        programs.into_iter().map(|(id, name)| (crate::folding::fold(&name), id)).collect();
    let parcours: Vec<(i16, String, String, String)> =
        sqlx::query_as("select id, code, label_fr, label_en from parcours").fetch_all(&mut *connection).await?;
    let parcours: Vec<ParcoursNames> = parcours
        .into_iter()
        .map(|(id, code, label_fr, label_en)| ParcoursNames { id, code, label_fr, label_en })
        .collect();
    let checked = candidate_import::check_rows(file.rows, &programs, &parcours);
    if write {
        // two imports of one school run one after the other: the second sees the first's rows
        sqlx::query("select pg_advisory_xact_lock(hashtext('candidate-import'), $1::int)")
            .bind(i32::try_from(school_id % i64::from(i32::MAX)).expect("in range"))
            .execute(&mut *connection)
            .await?;
    }
    let emails: Vec<String> = checked.valid.iter().map(|row| row.email.clone()).collect();
    let students = enrolment::own_students(connection, school_id, &emails).await?;
    let people: Vec<Enrolment> = checked
        .valid
        .into_iter()
        .map(|row| Enrolment {
            email: row.email,
            firstname: row.firstname,
            lastname: row.lastname,
            program_id: Some(row.program_id),
            parcours_id: row.parcours_id,
        })
        .collect();
    let (mut to_invite, mut to_place, mut unchanged) = (Vec::new(), Vec::new(), 0);
    for person in &people {
        match students.get(&person.email) {
            None => to_invite.push(person),
            Some(student) if student.is_enrolled_as(campus_id, person) => unchanged += 1,
            Some(student) => to_place.push((student.user_id, person)),
        }
    }
    if write {
        enrolment::invite(state, connection, school_id, campus_id, &to_invite).await?;
        enrolment::place(connection, school_id, campus_id, &to_place).await?;
    }
    Ok(ImportReport {
        imported: write,
        rows,
        valid: people.len(),
        invited: to_invite.len(),
        already_your_students: to_place.len(),
        unchanged,
        problems: checked.problems,
        encoding,
        separator,
    })
}

/// The form's campus, which must be the caller's (404 otherwise, before the file is read), and
/// its file, read.
async fn campus_and_file(
    state: &AppState,
    user: CurrentUser,
    multipart: std::result::Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> Result<(i64, ImportFile)> {
    let (campus_id, bytes) = read_form(multipart).await?;
    own_campus(&state.db, user.id, campus_id).await?;
    state.limits.imports_per_school.hit(&state.db, &user.id.to_string()).await?;
    Ok((campus_id, read_file(bytes).await?))
}

#[utoipa::path(
    post, path = "/api/api/candidates/import/checking",
    request_body(content = ImportForm, content_type = "multipart/form-data"),
    responses(
        (status = 200, body = ImportReport, description = "nothing written"),
        (status = 404, body = crate::error::ErrorBody, description = "not a campus of the caller's"),
        (status = 413, body = crate::error::ErrorBody, description = "payload_too_large: over 5 MB"),
        (status = 422, body = crate::error::ErrorBody, description = "campus, file: required; file: too_many_rows, unreadable_file, missing_column"),
        (status = 429, body = crate::error::ErrorBody, description = "too many imports by this school for now"),
    )
)]
pub async fn check_import(
    State(state): State<AppState>,
    user: CurrentUser,
    multipart: std::result::Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> Result<Json<ImportReport>> {
    let (campus_id, file) = campus_and_file(&state, user, multipart).await?;
    let mut connection = state.db.acquire().await?;
    let report = run_import(&state, &mut connection, user.id, campus_id, file, false).await?;
    Ok(Json(report))
}

#[utoipa::path(
    post, path = "/api/api/candidates/import",
    request_body(content = ImportForm, content_type = "multipart/form-data"),
    responses(
        (status = 200, body = ImportReport, description = "valid rows written in one transaction"),
        (status = 404, body = crate::error::ErrorBody, description = "not a campus of the caller's"),
        (status = 413, body = crate::error::ErrorBody, description = "payload_too_large: over 5 MB"),
        (status = 422, body = crate::error::ErrorBody, description = "campus, file: required; file: too_many_rows, unreadable_file, missing_column"),
        (status = 429, body = crate::error::ErrorBody, description = "too many imports by this school for now"),
    )
)]
pub async fn import_candidates(
    State(state): State<AppState>,
    user: CurrentUser,
    multipart: std::result::Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> Result<Json<ImportReport>> {
    let (campus_id, file) = campus_and_file(&state, user, multipart).await?;
    let mut transaction = state.db.begin().await?;
    let report = run_import(&state, &mut transaction, user.id, campus_id, file, true).await?;
    transaction.commit().await?;
    tracing::info!(school_id = user.id, campus_id, rows = report.rows, invited = report.invited, "candidates imported");
    Ok(Json(report))
}
