//! `/api/api/school/campuses`: a school's campuses and their programs.
//!
//! Spec section 5: a campus is valid when it has a name, a place and no two programs share a
//! name (compared without case or surrounding spaces). An edit sends the whole list of programs:
//! those with an `id` are renamed, those without are added, and those left out are removed (their
//! candidates stay on the campus, without a program).

use std::collections::HashMap;

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use sqlx::{AssertSqlSafe, PgConnection};

use super::{ProgramView, own_campus};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::{Result, RuleCode};
use crate::extract::{Json, Path};
use crate::places::{LocalizationInput, PLACE_JSON_SQL, Place};
use crate::validation::Checks;

/// Programs one campus may hold.
const MAX_PROGRAMS: usize = 100;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ProgramInput {
    /// The program's id when it exists; absent for a new one.
    id: Option<i64>,
    #[schema(required = true, nullable = false, min_length = 1, max_length = 200)]
    name: Option<String>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CampusRequest {
    #[schema(required = true, nullable = false, min_length = 1, max_length = 200)]
    name: Option<String>,
    #[schema(required = true, nullable = false)]
    localization: Option<LocalizationInput>,
    /// Every program of the campus, in display order.
    #[serde(default)]
    programs: Vec<ProgramInput>,
}

#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct CampusView {
    id: i64,
    name: String,
    localization: Place,
    /// Candidates attached to the campus.
    candidates_count: i64,
    programs: Vec<ProgramView>,
}

const CAMPUS_JSON_SQL: &str = "select jsonb_build_object(
        'id', c.id, 'name', c.name, 'localization', {place},
        'candidates_count', (select count(*) from candidates k where k.campus_id = c.id),
        'programs', coalesce((select jsonb_agg(jsonb_build_object('id', p.id, 'name', p.name) order by p.id)
                              from programs p where p.campus_id = c.id), '[]'::jsonb))
     from campuses c join localizations l on l.id = c.localization_id";

async fn read_campuses(
    connection: &mut PgConnection,
    school_id: i64,
    campus_id: Option<i64>,
) -> Result<Vec<CampusView>> {
    let sql = format!(
        "{} where c.school_id = $1 and ($2::bigint is null or c.id = $2) order by c.name collate human_order, c.id",
        CAMPUS_JSON_SQL.replace("{place}", PLACE_JSON_SQL)
    );
    let rows: Vec<sqlx::types::Json<serde_json::Value>> =
        sqlx::query_scalar(AssertSqlSafe(&*sql)).bind(school_id).bind(campus_id).fetch_all(connection).await?;
    rows.into_iter()
        .map(|row| serde_json::from_value(row.0).map_err(|error| crate::error::Error::Internal(error.into())))
        .collect()
}

/// A checked campus, ready to write.
struct CheckedCampus {
    name: String,
    place: Place,
    /// (existing id, name) in the order sent.
    programs: Vec<(Option<i64>, String)>,
}

fn check_campus(request: &CampusRequest) -> Result<CheckedCampus> {
    let mut checks = Checks::new();
    let name = checks.text("name", request.name.as_deref(), 200);
    let place = Place::resolve(request.localization.as_ref(), "localization", &mut checks);
    if request.programs.len() > MAX_PROGRAMS {
        checks.fail("programs", RuleCode::TooMany);
    }
    let mut first_index_of_name: HashMap<String, usize> = HashMap::new();
    let mut programs = Vec::with_capacity(request.programs.len());
    for (index, program) in request.programs.iter().enumerate() {
        let field = format!("programs[{index}].name");
        let program_name = checks.text(&field, program.name.as_deref(), 200);
        if program_name.is_empty() {
            continue;
        }
        // the second of two programs with one name is the one named in the error
        if first_index_of_name.insert(program_name.to_lowercase(), index).is_some() {
            checks.fail(&field, RuleCode::Duplicate);
        }
        programs.push((program.id, program_name));
    }
    checks.finish()?;
    Ok(CheckedCampus { name, place: place.expect("checked"), programs })
}

/// Writes the campus's programs: renames those with an id, adds the others, removes the rest.
/// An id that is not a program of this campus is refused.
async fn write_programs(
    connection: &mut PgConnection,
    campus_id: i64,
    programs: &[(Option<i64>, String)],
) -> Result<()> {
    let existing: Vec<i64> = sqlx::query_scalar("select id from programs where campus_id = $1")
        .bind(campus_id)
        .fetch_all(&mut *connection)
        .await?;
    let mut checks = Checks::new();
    for (index, (id, _)) in programs.iter().enumerate() {
        if id.is_some_and(|id| !existing.contains(&id)) {
            checks.fail(&format!("programs[{index}].id"), RuleCode::Unknown);
        }
    }
    checks.finish()?;
    let kept: Vec<i64> = programs.iter().filter_map(|(id, _)| *id).collect();
    sqlx::query("delete from programs where campus_id = $1 and id <> all($2)")
        .bind(campus_id)
        .bind(&kept)
        .execute(&mut *connection)
        .await?;
    // renames go through a temporary name first, so that swapping two names breaks no unique index
    sqlx::query("update programs set name = '~' || id::text where id = any($1)")
        .bind(&kept)
        .execute(&mut *connection)
        .await?;
    for (id, name) in programs {
        match id {
            Some(id) => {
                sqlx::query("update programs set name = $2, updated_at = now() where id = $1")
                    .bind(id)
                    .bind(name)
                    .execute(&mut *connection)
                    .await?;
            }
            None => {
                sqlx::query("insert into programs (campus_id, name) values ($1, $2)")
                    .bind(campus_id)
                    .bind(name)
                    .execute(&mut *connection)
                    .await?;
            }
        }
    }
    Ok(())
}

#[utoipa::path(
    get, path = "/api/api/school/campuses",
    responses((status = 200, body = Vec<CampusView>))
)]
pub async fn list_campuses(State(state): State<AppState>, user: CurrentUser) -> Result<Json<Vec<CampusView>>> {
    let mut connection = state.db.acquire().await?;
    Ok(Json(read_campuses(&mut connection, user.id, None).await?))
}

#[utoipa::path(
    post, path = "/api/api/school/campuses", request_body = CampusRequest,
    responses(
        (status = 201, body = CampusView),
        (status = 422, body = crate::error::ErrorBody, description = "name, localization, programs[i].name: required, duplicate"),
    )
)]
pub async fn create_campus(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(request): Json<CampusRequest>,
) -> Result<(StatusCode, Json<CampusView>)> {
    let campus = check_campus(&request)?;
    let mut transaction = state.db.begin().await?;
    let localization_id = campus.place.insert(&mut transaction).await?;
    let campus_id: i64 =
        sqlx::query_scalar("insert into campuses (school_id, name, localization_id) values ($1, $2, $3) returning id")
            .bind(user.id)
            .bind(&campus.name)
            .bind(localization_id)
            .fetch_one(&mut *transaction)
            .await?;
    write_programs(&mut transaction, campus_id, &campus.programs).await?;
    let view = read_campuses(&mut transaction, user.id, Some(campus_id)).await?.pop().expect("just written");
    transaction.commit().await?;
    Ok((StatusCode::CREATED, Json(view)))
}

#[utoipa::path(
    post, path = "/api/api/school/campuses/{id}", request_body = CampusRequest,
    params(("id" = i64, Path, description = "the campus's id")),
    responses(
        (status = 200, body = CampusView),
        (status = 404, body = crate::error::ErrorBody, description = "not a campus of the caller's"),
        (status = 422, body = crate::error::ErrorBody, description = "name, localization, programs[i].name: required, duplicate; programs[i].id: unknown"),
    )
)]
pub async fn edit_campus(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(campus_id): Path<i64>,
    Json(request): Json<CampusRequest>,
) -> Result<Json<CampusView>> {
    own_campus(&state.db, user.id, campus_id).await?;
    let campus = check_campus(&request)?;
    let mut transaction = state.db.begin().await?;
    // the campus owns its place row: the new place replaces it
    let old_localization: i64 = sqlx::query_scalar("select localization_id from campuses where id = $1 for update")
        .bind(campus_id)
        .fetch_one(&mut *transaction)
        .await?;
    let localization_id = campus.place.insert(&mut transaction).await?;
    sqlx::query("update campuses set name = $2, localization_id = $3, updated_at = now() where id = $1")
        .bind(campus_id)
        .bind(&campus.name)
        .bind(localization_id)
        .execute(&mut *transaction)
        .await?;
    sqlx::query("delete from localizations where id = $1").bind(old_localization).execute(&mut *transaction).await?;
    write_programs(&mut transaction, campus_id, &campus.programs).await?;
    let view = read_campuses(&mut transaction, user.id, Some(campus_id)).await?.pop().expect("just written");
    transaction.commit().await?;
    Ok(Json(view))
}

#[utoipa::path(
    get, path = "/api/api/school/campuses/{id}/programs",
    params(("id" = i64, Path, description = "the campus's id")),
    responses(
        (status = 200, body = Vec<ProgramView>),
        (status = 404, body = crate::error::ErrorBody, description = "not a campus of the caller's"),
    )
)]
pub async fn list_programs(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(campus_id): Path<i64>,
) -> Result<Json<Vec<ProgramView>>> {
    own_campus(&state.db, user.id, campus_id).await?;
    let programs = sqlx::query_as("select id, name from programs where campus_id = $1 order by id")
        .bind(campus_id)
        .fetch_all(&state.db)
        .await?;
    Ok(Json(programs))
}
