//! `PATCH /api/api/candidates`: spec section 7 puts two things on this one call, told apart by
//! the query: with `?password` it changes the password (the account's business, see
//! `accounts::passwords`); without it, it sets where and when the candidate studies (entry year,
//! campus, program of that campus).
//!
//! A PATCH changes only what it names: an absent field keeps its value, `null` clears it. A
//! campus ties the candidate to its school, which may then read the profile (the candidate chose
//! it); a program must belong to the campus the candidate ends up with.

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::super::accounts::{PasswordChangeQuery, PasswordChangeRequest, change_password};
use super::super::candidates::{CandidateProfileResponse, read_profile};
use super::super::locale::Locale;
use super::completion;
use super::profile::present;
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::{Result, RuleCode};
use crate::extract::{Json, Query};
use crate::validation::Checks;

/// The years an entry year may take.
const ENTRY_YEARS: std::ops::RangeInclusive<i16> = 1950..=2100;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CandidatePatchRequest {
    /// With `?password`: the password change.
    #[serde(flatten)]
    password_change: PasswordChangeRequest,
    /// The year the candidate entered their school (absent: unchanged; null: none).
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<i16>, minimum = 1950, maximum = 2100)]
    entry_year: Option<Option<i16>>,
    /// A campus id (absent: unchanged; null: none, which clears the program too).
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<i64>)]
    campus: Option<Option<i64>>,
    /// A program of the candidate's campus (absent: unchanged; null: none).
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<i64>)]
    program: Option<Option<i64>>,
}

#[utoipa::path(
    patch, path = "/api/api/candidates", params(PasswordChangeQuery), request_body = CandidatePatchRequest,
    responses(
        (status = 200, body = CandidateProfileResponse, description = "studies changed: the profile after the update"),
        (status = 204, description = "`?password`: password changed; other sessions revoked, this one renewed"),
        (status = 422, body = crate::error::ErrorBody,
         description = "wrong_password, password_policy, password_too_weak; out_of_range, unknown; query_parameter_expected for password fields without `?password`"),
    )
)]
pub async fn patch_candidate(
    State(state): State<AppState>,
    user: CurrentUser,
    locale: Locale,
    Query(query): Query<PasswordChangeQuery>,
    Json(request): Json<CandidatePatchRequest>,
) -> Result<Response> {
    if query.password.is_some() {
        return change_password(&state, user, &request.password_change).await;
    }
    let mut checks = Checks::new();
    if request.password_change.names_a_password() {
        checks.fail("password", RuleCode::QueryParameterExpected);
    }
    let studies = check_studies(&state, user.id, &request, &mut checks).await?;
    checks.finish()?;

    let mut transaction = state.db.begin().await?;
    sqlx::query(
        "update candidates set entry_year = $2, campus_id = $3, program_id = $4,
                               school_id = coalesce((select school_id from campuses where id = $3), school_id)
         where user_id = $1",
    )
    .bind(user.id)
    .bind(studies.entry_year)
    .bind(studies.campus)
    .bind(studies.program)
    .execute(&mut *transaction)
    .await?;
    completion::refresh(&mut transaction, user.id).await?;
    transaction.commit().await?;
    let profile: Json<CandidateProfileResponse> =
        read_profile(&state, Some(user), locale, &user.id.to_string()).await?;
    Ok(profile.into_response())
}

/// The studies once the request is applied to what is stored.
struct Studies {
    entry_year: Option<i16>,
    campus: Option<i64>,
    program: Option<i64>,
}

async fn check_studies(
    state: &AppState,
    candidate_id: i64,
    request: &CandidatePatchRequest,
    checks: &mut Checks,
) -> Result<Studies> {
    let (entry_year, campus, program): (Option<i16>, Option<i64>, Option<i64>) =
        sqlx::query_as("select entry_year, campus_id, program_id from candidates where user_id = $1")
            .bind(candidate_id)
            .fetch_one(&state.db)
            .await?;
    let entry_year = request.entry_year.unwrap_or(entry_year);
    if entry_year.is_some_and(|year| !ENTRY_YEARS.contains(&year)) {
        checks.fail("entry_year", RuleCode::OutOfRange);
    }
    let campus_changes = request.campus.is_some_and(|requested| requested != campus);
    let campus = request.campus.unwrap_or(campus);
    // a new campus leaves the old campus's program behind unless one is named
    let program = request.program.unwrap_or(if campus_changes { None } else { program });
    checks.known_row(&state.db, "campus", "campuses", campus).await?;
    if let Some(program) = program {
        let of_campus: bool =
            sqlx::query_scalar("select exists (select 1 from programs where id = $1 and campus_id = $2)")
                .bind(program)
                .bind(campus)
                .fetch_one(&state.db)
                .await?;
        if !of_campus {
            checks.fail("program", RuleCode::Unknown);
        }
    }
    Ok(Studies { entry_year, campus, program })
}
