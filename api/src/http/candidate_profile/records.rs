//! What the four kinds of record of a profile (experiences, educations, projects, hobbies) share,
//! written once: the list, create, edit and delete of `/api/api/candidate/{kind}` driven by the
//! [`Record`] trait, the ownership check, and the parts several kinds carry (a place, a CAR
//! method, soft skills, pictures) with their rules and their JSON.
//!
//! A write runs in one transaction: the shared parts, the record's own row, its soft skills and
//! pictures, then the profile's completion. The change-log triggers of migrations 0006/0007 fire
//! on each statement, so the candidate's search document is projected again in the same
//! transaction. Another candidate's record is a 404, like a record that does not exist.

use std::future::Future;

use axum::http::StatusCode;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use sqlx::types::Json as JsonColumn;
use sqlx::{AssertSqlSafe, PgConnection};

use super::super::locale::Locale;
use super::completion;
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::{Error, Result};
use crate::extract::Json;
use crate::job_criteria::ReferenceLists;
use crate::places::PLACE_JSON_SQL;
use crate::validation::Checks;

pub use super::record_parts::{
    CarMethod, CarMethodInput, PeriodInput, SOFT_SKILLS_PER_HOBBY, SOFT_SKILLS_PER_RECORD, SharedParts,
    check_car_method, check_period,
};

/// The kinds of record, with the tables they live in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordKind {
    Experience,
    Education,
    Project,
    Hobby,
}

impl RecordKind {
    pub fn table(self) -> &'static str {
        match self {
            RecordKind::Experience => "experiences",
            RecordKind::Education => "educations",
            RecordKind::Project => "projects",
            RecordKind::Hobby => "candidate_hobbies",
        }
    }

    /// The link table's prefix: `{prefix}_soft_skills`, `{prefix}_pictures`, keyed by `{prefix}_id`.
    fn prefix(self) -> &'static str {
        match self {
            RecordKind::Experience => "experience",
            RecordKind::Education => "education",
            RecordKind::Project => "project",
            RecordKind::Hobby => "candidate_hobby",
        }
    }

    fn has_localization(self) -> bool {
        self != RecordKind::Hobby
    }

    fn has_car_method(self) -> bool {
        matches!(self, RecordKind::Experience | RecordKind::Project)
    }

    fn has_period(self) -> bool {
        self != RecordKind::Hobby
    }

    fn has_pictures(self) -> bool {
        self != RecordKind::Experience
    }
}

/// A record's fields, checked: its own columns and the shared parts.
pub struct Checked<Own> {
    pub own: Own,
    pub shared: SharedParts,
}

/// The rows the shared parts were written to, for the record's own row to point to.
struct SharedRows {
    /// A new row, whenever the kind has a place.
    localization_id: Option<i64>,
    car_method_id: Option<i64>,
}

/// What a check may need besides the request, and the rules broken so far.
pub struct CheckContext<'a> {
    pub state: &'a AppState,
    pub reference: &'a ReferenceLists,
    pub candidate_id: i64,
    pub checks: Checks,
}

/// What a record's check gives: its fields, or `None` once a rule broke (recorded in the
/// context's checks).
pub type CheckOutcome<Own> = Result<Option<Checked<Own>>>;

/// The query writing a record's row, as [`upsert_sql`] words it.
pub type RowQuery<'q> = sqlx::query::QueryScalar<'q, sqlx::Postgres, i64, sqlx::postgres::PgArguments>;

/// A kind of record as the API speaks it: its kind, what a form sends, what a read answers and
/// what narrows a list. [`record_routes!`](super::record_routes::record_routes) writes it from the names its routes use.
pub trait RecordWire {
    const KIND: RecordKind;
    type Request: Send + Sync;
    type View: DeserializeOwned + Serialize + Send + Unpin + 'static;
    /// What the list may be narrowed to (projects: personal or academic).
    type Filter: Send + Sync;
}

/// One kind of record: its rules, its row and its JSON.
pub trait Record: RecordWire {
    /// The record's own columns, checked.
    type Own: Send + Sync;

    /// The own columns of its row, in the order [`Record::bind_own`] binds them (`name::type`
    /// casts the value). The place, the CAR method and the period follow, where the kind has them.
    const COLUMNS: &'static [&'static str];

    /// Checks every field, recording each broken rule in `context.checks`.
    fn check(
        request: &Self::Request,
        context: &mut CheckContext<'_>,
    ) -> impl Future<Output = CheckOutcome<Self::Own>> + Send;

    /// Binds the own columns, in the order of [`Record::COLUMNS`].
    fn bind_own<'q>(query: RowQuery<'q>, own: &'q Self::Own) -> RowQuery<'q>;

    /// The keys and values of record `r`'s own fields in its JSON view (`'name', r.name, …`),
    /// names in language `$2`. Its id and its shared parts are added to them.
    fn own_json_sql() -> String;

    /// One record `r` as a JSON object of its view, names in language `$2`.
    fn item_sql() -> String {
        format!("jsonb_build_object('id', r.id, {}, {})", Self::own_json_sql(), shared_parts_json(Self::KIND))
    }

    /// How the list is ordered.
    const ORDER_SQL: &'static str = super::RECORD_ORDER_SQL;

    /// What narrows the list when `$4` is given.
    const FILTER_SQL: &'static str = "true";

    /// The value bound as `$4`.
    fn filter_value(_filter: &Self::Filter) -> Option<String> {
        None
    }

    /// The query listing the candidate's records as one JSON array: `$1` the candidate, `$2`
    /// the language, `$3` one record's id or null, `$4` the filter or null.
    fn list_sql() -> String {
        format!(
            "select coalesce(jsonb_agg({item} order by {order}), '[]')
             from {table} r
             where r.candidate_id = $1 and ($3::bigint is null or r.id = $3) and ({filter} or $4::text is null)",
            item = Self::item_sql(),
            order = Self::ORDER_SQL,
            filter = Self::FILTER_SQL,
            table = Self::KIND.table()
        )
    }
}

/// A record as a write answers it, with the profile's completion after the write.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SavedRecord<T> {
    pub item: T,
    /// How complete the profile is now, 0 to 100.
    pub completion: i16,
}

/// What a delete answers.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CompletionResponse {
    /// How complete the profile is now, 0 to 100.
    pub completion: i16,
}

/// The candidate's records of kind `R`, or one of them (`id`).
pub async fn read<R: Record>(
    state: &AppState,
    candidate_id: i64,
    locale: Locale,
    id: Option<i64>,
    filter: Option<String>,
) -> Result<Vec<R::View>> {
    let JsonColumn(items): JsonColumn<Vec<R::View>> = sqlx::query_scalar(AssertSqlSafe(&*R::list_sql()))
        .bind(candidate_id)
        .bind(locale.code())
        .bind(id)
        .bind(filter)
        .fetch_one(&state.db)
        .await?;
    Ok(items)
}

pub async fn list<R: Record>(
    state: &AppState,
    user: CurrentUser,
    locale: Locale,
    filter: &R::Filter,
) -> Result<Json<Vec<R::View>>> {
    Ok(Json(read::<R>(state, user.id, locale, None, R::filter_value(filter)).await?))
}

/// The rows a record points to, read while locking it for the write.
#[derive(sqlx::FromRow)]
struct OwnedRow {
    localization_id: Option<i64>,
    car_method_id: Option<i64>,
}

/// Locks record `id` of kind `kind` if it is the candidate's; 404 otherwise.
async fn lock_owned(connection: &mut PgConnection, kind: RecordKind, candidate_id: i64, id: i64) -> Result<OwnedRow> {
    let localization = if kind.has_localization() { "localization_id" } else { "null::bigint" };
    let car_method = if kind.has_car_method() { "car_method_id" } else { "null::bigint" };
    sqlx::query_as(AssertSqlSafe(format!(
        "select {localization} as localization_id, {car_method} as car_method_id
         from {table} where id = $1 and candidate_id = $2 for update",
        table = kind.table()
    )))
    .bind(id)
    .bind(candidate_id)
    .fetch_optional(&mut *connection)
    .await?
    .ok_or(Error::NotFound)
}

/// Creates (`id` is `None`) or edits a record of the caller's and answers it.
pub async fn save<R: Record>(
    state: &AppState,
    user: CurrentUser,
    locale: Locale,
    id: Option<i64>,
    request: &R::Request,
) -> Result<(StatusCode, Json<SavedRecord<R::View>>)> {
    if let Some(id) = id {
        // another's record is a 404 whatever the body, as a missing one is
        let owned: bool = sqlx::query_scalar(AssertSqlSafe(format!(
            "select exists (select 1 from {} where id = $1 and candidate_id = $2)",
            R::KIND.table()
        )))
        .bind(id)
        .bind(user.id)
        .fetch_one(&state.db)
        .await?;
        if !owned {
            return Err(Error::NotFound);
        }
    }
    let reference = state.reference_lists().await?;
    let mut context = CheckContext { state, reference, candidate_id: user.id, checks: Checks::new() };
    let checked = R::check(request, &mut context).await?;
    context.checks.finish()?;
    let Checked { own, shared } = checked.expect("a check that gives nothing records the rule it broke");

    let editing = id.is_some();
    let mut transaction = state.db.begin().await?;
    let previous = match id {
        Some(id) => Some(lock_owned(&mut transaction, R::KIND, user.id, id).await?),
        None => None,
    };
    let localization_id = match &shared.localization {
        Some(place) => Some(place.insert(&mut transaction).await?),
        None => None,
    };
    let previous_car = previous.as_ref().and_then(|row| row.car_method_id);
    let car_method_id = save_car_method(&mut transaction, previous_car, shared.car_method.as_ref()).await?;
    let rows = SharedRows { localization_id, car_method_id };
    let id = write_row::<R>(&mut transaction, user.id, id, &own, &shared, &rows).await?;
    replace_links(&mut transaction, R::KIND, "soft_skills", "soft_skill_id", id, &shared.softskills).await?;
    if R::KIND.has_pictures() {
        replace_links(&mut transaction, R::KIND, "pictures", "upload_id", id, &shared.pictures).await?;
    }
    if let Some(previous) = previous {
        // the record no longer points to them: they belonged to it alone
        delete_rows(&mut transaction, "localizations", previous.localization_id).await?;
        if car_method_id.is_none() {
            delete_rows(&mut transaction, "car_methods", previous.car_method_id).await?;
        }
    }
    let completion = completion::refresh(&mut transaction, user.id).await?;
    transaction.commit().await?;

    let item = read::<R>(state, user.id, locale, Some(id), None).await?.pop().ok_or(Error::NotFound)?;
    let status = if editing { StatusCode::OK } else { StatusCode::CREATED };
    Ok((status, Json(SavedRecord { item, completion })))
}

/// Deletes a record of the caller's with the rows it owns (its place, its CAR method).
pub async fn delete<R: Record>(state: &AppState, user: CurrentUser, id: i64) -> Result<Json<CompletionResponse>> {
    let mut transaction = state.db.begin().await?;
    let owned = lock_owned(&mut transaction, R::KIND, user.id, id).await?;
    sqlx::query(AssertSqlSafe(format!("delete from {} where id = $1", R::KIND.table())))
        .bind(id)
        .execute(&mut *transaction)
        .await?;
    delete_rows(&mut transaction, "localizations", owned.localization_id).await?;
    delete_rows(&mut transaction, "car_methods", owned.car_method_id).await?;
    let completion = completion::refresh(&mut transaction, user.id).await?;
    transaction.commit().await?;
    Ok(Json(CompletionResponse { completion }))
}

/// Inserts the record's row (`id` is `None`) or updates it, and returns its id.
async fn write_row<R: Record>(
    connection: &mut PgConnection,
    candidate_id: i64,
    id: Option<i64>,
    own: &R::Own,
    shared: &SharedParts,
    rows: &SharedRows,
) -> sqlx::Result<i64> {
    let kind = R::KIND;
    let mut columns = R::COLUMNS.to_vec();
    if kind.has_localization() {
        columns.push("localization_id");
    }
    if kind.has_car_method() {
        columns.push("car_method_id");
    }
    if kind.has_period() {
        columns.extend(["start_date", "end_date", "is_current"]);
    }
    let sql = upsert_sql(kind.table(), &columns);
    let mut query = R::bind_own(sqlx::query_scalar(AssertSqlSafe(&*sql)).bind(id).bind(candidate_id), own);
    if kind.has_localization() {
        query = query.bind(rows.localization_id);
    }
    if kind.has_car_method() {
        query = query.bind(rows.car_method_id);
    }
    if kind.has_period() {
        let period = shared.period.expect("a kind with a period has it checked");
        query = query.bind(period.start_date).bind(period.end_date).bind(period.is_current);
    }
    query.fetch_one(connection).await
}

/// `insert … on conflict (id) do update` of a row of `table`: `$1` its id (null for a new
/// one), `$2` the candidate, then `columns` in order; a column written `name::type` casts its value.
fn upsert_sql(table: &str, columns: &[&str]) -> String {
    let mut names = Vec::with_capacity(columns.len());
    let mut values = Vec::with_capacity(columns.len());
    for (index, column) in columns.iter().enumerate() {
        let (name, cast) = column.split_once("::").map_or((*column, None), |(name, kind)| (name, Some(kind)));
        names.push(name);
        values.push(match cast {
            Some(kind) => format!("${}::{kind}", index + 3),
            None => format!("${}", index + 3),
        });
    }
    let updates: Vec<String> = names.iter().map(|name| format!("{name} = excluded.{name}")).collect();
    format!(
        "insert into {table} (id, candidate_id, {names})
         values (coalesce($1, nextval(pg_get_serial_sequence('{table}', 'id'))), $2, {values})
         on conflict (id) do update set {updates}, updated_at = now()
         returning id",
        names = names.join(", "),
        values = values.join(", "),
        updates = updates.join(", "),
    )
}

async fn delete_rows(connection: &mut PgConnection, table: &str, id: Option<i64>) -> sqlx::Result<()> {
    if let Some(id) = id {
        sqlx::query(AssertSqlSafe(format!("delete from {table} where id = $1"))).bind(id).execute(connection).await?;
    }
    Ok(())
}

/// Updates the record's CAR method in place, inserts one, or leaves none (the caller deletes the
/// previous one once the record no longer points to it).
async fn save_car_method(
    connection: &mut PgConnection,
    previous: Option<i64>,
    car_method: Option<&CarMethod>,
) -> sqlx::Result<Option<i64>> {
    let Some(car) = car_method else { return Ok(None) };
    let id = sqlx::query_scalar(
        "insert into car_methods (id, context, actions, results)
         values (coalesce($1, nextval(pg_get_serial_sequence('car_methods', 'id'))), $2, $3, $4)
         on conflict (id) do update set context = excluded.context, actions = excluded.actions,
                                        results = excluded.results, updated_at = now()
         returning id",
    )
    .bind(previous)
    .bind(&car.context)
    .bind(&car.actions)
    .bind(&car.results)
    .fetch_one(connection)
    .await?;
    Ok(Some(id))
}

/// Replaces the rows of `{prefix}_{links}` of record `id` by one per value, in order.
async fn replace_links<T>(
    connection: &mut PgConnection,
    kind: RecordKind,
    links: &str,
    value_column: &str,
    id: i64,
    values: &[T],
) -> sqlx::Result<()>
where
    T: for<'q> sqlx::Encode<'q, sqlx::Postgres> + sqlx::Type<sqlx::Postgres> + sqlx::postgres::PgHasArrayType + Sync,
{
    let prefix = kind.prefix();
    sqlx::query(AssertSqlSafe(format!("delete from {prefix}_{links} where {prefix}_id = $1")))
        .bind(id)
        .execute(&mut *connection)
        .await?;
    let position = if links == "pictures" { ", position" } else { "" };
    let position_value = if links == "pictures" { ", (value.position - 1)::smallint" } else { "" };
    sqlx::query(AssertSqlSafe(format!(
        "insert into {prefix}_{links} ({prefix}_id, {value_column}{position})
         select $1, value.value{position_value} from unnest($2) with ordinality value(value, position)"
    )))
    .bind(id)
    .bind(values)
    .execute(connection)
    .await?;
    Ok(())
}

/// SQL of a JSON item `{id, name}` of reference table `table`, row `id_sql`, named in `$2`.
pub fn named_json(table: &str, id_sql: &str) -> String {
    format!(
        "(select jsonb_build_object('id', t.id, 'name', label($2, t.label_fr, t.label_en)) from {table} t where t.id = {id_sql})"
    )
}

/// SQL of a record's (`r`) place.
pub const PLACE_OF_RECORD_SQL: &str = "(select {PLACE} from localizations l where l.id = r.localization_id)";

/// SQL of a record's (`r`) place, period, CAR method, soft skills and pictures, as the keys of a
/// JSON object (`'localization', ..., 'softskills', ...`), for the parts `kind` has.
fn shared_parts_json(kind: RecordKind) -> String {
    let prefix = kind.prefix();
    let mut parts = Vec::new();
    if kind.has_period() {
        parts.push("'start_date', r.start_date, 'end_date', r.end_date, 'is_current', r.is_current".to_owned());
    }
    if kind.has_localization() {
        parts.push(format!("'localization', {}", PLACE_OF_RECORD_SQL.replace("{PLACE}", PLACE_JSON_SQL)));
    }
    if kind.has_car_method() {
        parts.push(
            "'car_method', (select jsonb_build_object('context', m.context, 'actions', m.actions, 'results', m.results)
                            from car_methods m where m.id = r.car_method_id)"
                .to_owned(),
        );
    }
    parts.push(format!(
        "'softskills', coalesce((select jsonb_agg(jsonb_build_object('id', k.id, 'name', label($2, k.label_fr, k.label_en),
                                                                    'category', k.soft_skill_category_id) order by k.id)
                                 from {prefix}_soft_skills s join soft_skills k on k.id = s.soft_skill_id
                                 where s.{prefix}_id = r.id), '[]')"
    ));
    if kind.has_pictures() {
        parts.push(format!(
            "'pictures', coalesce((select jsonb_agg({picture} order by p.position, p.upload_id)
                                   from {prefix}_pictures p join uploads u on u.id = p.upload_id
                                   where p.{prefix}_id = r.id), '[]')",
            picture = super::pictures::PICTURE_JSON_SQL,
        ));
    }
    parts.join(",\n")
}

/// No narrowing of a list.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
pub struct NoFilter {}

#[cfg(test)]
mod tests {
    use super::upsert_sql;

    #[test]
    fn the_upsert_numbers_the_columns_after_the_id_and_the_candidate_and_casts_where_asked() {
        let sql = upsert_sql("projects", &["kind::project_kind", "name"]);
        let words: Vec<&str> = sql.split_whitespace().collect();
        assert_eq!(
            words.join(" "),
            "insert into projects (id, candidate_id, kind, name) \
             values (coalesce($1, nextval(pg_get_serial_sequence('projects', 'id'))), $2, $3::project_kind, $4) \
             on conflict (id) do update set kind = excluded.kind, name = excluded.name, updated_at = now() \
             returning id"
        );
    }
}
