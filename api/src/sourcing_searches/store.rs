//! Saved sourcing searches in Postgres: writing, editing in place, renaming and deleting them,
//! and reading them back, for their owner only.

use std::collections::HashSet;
use std::sync::LazyLock;

use chrono::{DateTime, NaiveDate, Utc};
use sqlx::types::Json;
use sqlx::{AssertSqlSafe, PgConnection, PgPool};

use super::criteria::SearchCriteria;
use crate::alerts::AlertMode;
use crate::error::{Error, Result};
use crate::job_criteria::{JobCriteria, LanguageLevel};
use crate::places::{PLACE_JSON_SQL, Place};

/// Stores the criteria as a saved search of `partner_id` named `name` and returns its id.
pub async fn insert_search(
    connection: &mut PgConnection,
    partner_id: i64,
    criteria: &SearchCriteria,
    name: &str,
) -> Result<i64> {
    let localization_id = criteria.job.localization.insert(&mut *connection).await?;
    let search_id = write_row(
        connection,
        "insert into sourcing_searches (partner_id, job_category_id, duration, start_at, localization_id, radius,
                                        degree_level, duration_flexibility, keywords, name, saved)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, true) returning id",
        partner_id,
        criteria,
        localization_id,
        Some(name),
    )
    .await?;
    insert_lists(connection, search_id, criteria).await?;
    Ok(search_id)
}

/// Runs `sql`, an insert or an update of a search row whose parameters are `$1` (`key`: the
/// partner's id for an insert, the search's for an update), the criteria `$2` to `$9` and the
/// name `$10`, returning the row's id.
async fn write_row(
    connection: &mut PgConnection,
    sql: &str,
    key: i64,
    criteria: &SearchCriteria,
    localization_id: i64,
    name: Option<&str>,
) -> Result<i64> {
    Ok(sqlx::query_scalar(AssertSqlSafe(sql))
        .bind(key)
        .bind(criteria.job.job_category)
        .bind(criteria.job.duration)
        .bind(criteria.job.start_at)
        .bind(localization_id)
        .bind(criteria.job.radius)
        .bind(criteria.job.degree)
        .bind(criteria.duration_flexibility)
        .bind(&criteria.keywords)
        .bind(name)
        .fetch_one(connection)
        .await?)
}

/// The contracts, languages and soft-skill families of a search.
async fn insert_lists(connection: &mut PgConnection, search_id: i64, criteria: &SearchCriteria) -> Result<()> {
    sqlx::query(
        "insert into sourcing_search_contract_types (sourcing_search_id, contract_type_id) select $1, unnest($2::smallint[])",
    )
    .bind(search_id)
    .bind(&criteria.contracts)
    .execute(&mut *connection)
    .await?;
    criteria.job.insert_lists(connection, "sourcing_search", search_id).await?;
    Ok(())
}

/// Replaces the criteria (and the name, when one is given) of the partner's saved search
/// `search_id`, keeping its id, its date and its saved candidates; 404 when it is not theirs.
pub async fn update_search(
    connection: &mut PgConnection,
    partner_id: i64,
    search_id: i64,
    criteria: &SearchCriteria,
    name: Option<&str>,
) -> Result<()> {
    let previous_place: i64 = sqlx::query_scalar(
        "select localization_id from sourcing_searches where id = $1 and partner_id = $2 and saved for update",
    )
    .bind(search_id)
    .bind(partner_id)
    .fetch_optional(&mut *connection)
    .await?
    .ok_or(Error::NotFound)?;
    let localization_id = criteria.job.localization.insert(&mut *connection).await?;
    write_row(
        &mut *connection,
        "update sourcing_searches set job_category_id = $2, duration = $3, start_at = $4, localization_id = $5,
                radius = $6, degree_level = $7, duration_flexibility = $8, keywords = $9, name = coalesce($10, name)
         where id = $1 returning id",
        search_id,
        criteria,
        localization_id,
        name,
    )
    .await?;
    for list in ["contract_types", "languages", "soft_skill_categories"] {
        sqlx::query(AssertSqlSafe(format!("delete from sourcing_search_{list} where sourcing_search_id = $1")))
            .bind(search_id)
            .execute(&mut *connection)
            .await?;
    }
    insert_lists(connection, search_id, criteria).await?;
    // the search no longer points to it: the place belonged to it alone
    sqlx::query("delete from localizations where id = $1").bind(previous_place).execute(&mut *connection).await?;
    Ok(())
}

/// Ok when `search_id` is a saved search of the partner's, 404 otherwise: checked before a
/// body is, so that another's search answers the same whatever is sent.
pub async fn ensure_owned(db: &PgPool, partner_id: i64, search_id: i64) -> Result<()> {
    let owned: bool = sqlx::query_scalar(
        "select exists (select 1 from sourcing_searches where id = $1 and partner_id = $2 and saved)",
    )
    .bind(search_id)
    .bind(partner_id)
    .fetch_one(db)
    .await?;
    if owned { Ok(()) } else { Err(Error::NotFound) }
}

/// Renames the partner's saved search; 404 when it is not theirs.
pub async fn rename_search(db: &PgPool, partner_id: i64, search_id: i64, name: &str) -> Result<()> {
    let renamed = sqlx::query("update sourcing_searches set name = $3 where id = $1 and partner_id = $2 and saved")
        .bind(search_id)
        .bind(partner_id)
        .bind(name)
        .execute(db)
        .await?;
    if renamed.rows_affected() == 0 { Err(Error::NotFound) } else { Ok(()) }
}

/// Sets the alerts of the partner's saved search; 404 when it is not theirs.
pub async fn set_alerts(db: &PgPool, partner_id: i64, search_id: i64, alerts: AlertMode) -> Result<()> {
    let changed = sqlx::query("update sourcing_searches set alerts = $3 where id = $1 and partner_id = $2 and saved")
        .bind(search_id)
        .bind(partner_id)
        .bind(alerts.as_str())
        .execute(db)
        .await?;
    if changed.rows_affected() == 0 { Err(Error::NotFound) } else { Ok(()) }
}

/// Records a visit to the search's results (a visit lasts [`VISIT_MINUTES`] from its first
/// page) and returns the candidates who started to match it since the previous visit.
pub async fn visit(db: &PgPool, search_id: i64) -> Result<HashSet<i64>> {
    let ids: Vec<i64> = sqlx::query_scalar(
        "with visit as (
             insert into sourcing_search_visits as v (sourcing_search_id, visit_started_at) values ($1, now())
             on conflict (sourcing_search_id) do update set
                 previous_visit_at = case when v.visit_started_at > now() - make_interval(mins => $2)
                                          then v.previous_visit_at else v.visit_started_at end,
                 visit_started_at = case when v.visit_started_at > now() - make_interval(mins => $2)
                                         then v.visit_started_at else now() end
             returning previous_visit_at)
         select m.candidate_id from sourcing_search_matches m, visit
         where m.sourcing_search_id = $1 and m.created_at > coalesce(visit.previous_visit_at, '-infinity')",
    )
    .bind(search_id)
    .bind(VISIT_MINUTES)
    .fetch_all(db)
    .await?;
    Ok(ids.into_iter().collect())
}

/// How long a visit to a saved search's results lasts: hits new at its start stay marked for as
/// long, across pages and tabs.
const VISIT_MINUTES: i32 = 30;

/// Deletes the partner's saved search with its lists and saved candidates (the candidates stay);
/// 404 when it is not theirs.
pub async fn delete_search(db: &PgPool, partner_id: i64, search_id: i64) -> Result<()> {
    let place: Option<i64> = sqlx::query_scalar(
        "with gone as (delete from sourcing_searches where id = $1 and partner_id = $2 and saved returning localization_id)
         delete from localizations where id = (select localization_id from gone) returning id",
    )
    .bind(search_id)
    .bind(partner_id)
    .fetch_optional(db)
    .await?;
    place.map(|_| ()).ok_or(Error::NotFound)
}

#[derive(sqlx::FromRow)]
struct SearchRow {
    id: i64,
    partner_id: i64,
    job_category_id: i16,
    duration: Option<i16>,
    start_at: NaiveDate,
    radius: i16,
    degree_level: i16,
    duration_flexibility: i16,
    keywords: Option<String>,
    name: Option<String>,
    created_at: DateTime<Utc>,
    localization: Json<Place>,
    contracts: Vec<i16>,
    language_ids: Vec<i16>,
    language_levels: Vec<i16>,
    soft_skill_categories: Vec<i16>,
    saved_candidates: i64,
    alerts: String,
}

/// A saved search as its owner sees it.
pub struct StoredSearch {
    pub id: i64,
    pub partner_id: i64,
    /// Null for searches saved before searches had names.
    pub name: Option<String>,
    pub criteria: SearchCriteria,
    pub created_at: DateTime<Utc>,
    pub saved_candidates: i64,
    pub alerts: AlertMode,
}

static SEARCH_SELECT: LazyLock<String> = LazyLock::new(|| {
    format!(
        "select s.id, s.partner_id, s.job_category_id, s.duration, s.start_at, s.radius, s.degree_level, s.duration_flexibility,
                s.keywords, s.name, s.created_at, s.alerts, {PLACE_JSON_SQL} as localization,
                array(select contract_type_id from sourcing_search_contract_types c where c.sourcing_search_id = s.id
                      order by contract_type_id) as contracts,
                array(select language_id from sourcing_search_languages g where g.sourcing_search_id = s.id
                      order by language_id) as language_ids,
                array(select level from sourcing_search_languages g where g.sourcing_search_id = s.id
                      order by language_id) as language_levels,
                array(select soft_skill_category_id from sourcing_search_soft_skill_categories k
                      where k.sourcing_search_id = s.id order by soft_skill_category_id) as soft_skill_categories,
                -- as the saved-candidates page shows them: the ones still looking for a job
                (select count(*) from sourcing_saved_candidates v
                 join candidates c on c.user_id = v.candidate_id join users u on u.id = v.candidate_id
                 where v.sourcing_search_id = s.id and c.in_research and u.active) as saved_candidates
         from sourcing_searches s join localizations l on l.id = s.localization_id"
    )
});

impl From<SearchRow> for StoredSearch {
    fn from(row: SearchRow) -> Self {
        StoredSearch {
            id: row.id,
            partner_id: row.partner_id,
            name: row.name,
            created_at: row.created_at,
            saved_candidates: row.saved_candidates,
            alerts: AlertMode::parse(&row.alerts),
            criteria: SearchCriteria {
                job: JobCriteria {
                    job_category: row.job_category_id,
                    duration: row.duration,
                    start_at: row.start_at,
                    localization: row.localization.0,
                    radius: row.radius,
                    degree: row.degree_level,
                    languages: row
                        .language_ids
                        .into_iter()
                        .zip(row.language_levels)
                        .map(|(id, level)| LanguageLevel { id, level })
                        .collect(),
                    softskills_categories: row.soft_skill_categories,
                },
                contracts: row.contracts,
                duration_flexibility: row.duration_flexibility,
                keywords: row.keywords,
            },
        }
    }
}

/// The saved search `search_id` of `partner_id`; another partner's search is "not found", so
/// that ids reveal nothing.
pub async fn owned_search(db: &PgPool, partner_id: i64, search_id: i64) -> Result<StoredSearch> {
    let row: Option<SearchRow> =
        sqlx::query_as(AssertSqlSafe(format!("{} where s.id = $1 and s.partner_id = $2", *SEARCH_SELECT)))
            .bind(search_id)
            .bind(partner_id)
            .fetch_optional(db)
            .await?;
    row.map(StoredSearch::from).ok_or(Error::NotFound)
}

/// Every saved search of the partner, newest first.
pub async fn partner_searches(db: &PgPool, partner_id: i64) -> Result<Vec<StoredSearch>> {
    let rows: Vec<SearchRow> = sqlx::query_as(AssertSqlSafe(format!(
        "{} where s.partner_id = $1 and s.saved order by s.created_at desc, s.id desc",
        *SEARCH_SELECT
    )))
    .bind(partner_id)
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(StoredSearch::from).collect())
}

/// Every saved search with alerts on, of every partner.
pub async fn alert_searches(db: &PgPool) -> Result<Vec<StoredSearch>> {
    let rows: Vec<SearchRow> =
        sqlx::query_as(AssertSqlSafe(format!("{} where s.saved and s.alerts <> 'off' order by s.id", *SEARCH_SELECT)))
            .fetch_all(db)
            .await?;
    Ok(rows.into_iter().map(StoredSearch::from).collect())
}

/// The candidates saved in a search, oldest saved first.
pub async fn saved_candidate_ids(db: &PgPool, search_id: i64) -> Result<Vec<i64>> {
    Ok(sqlx::query_scalar(
        "select candidate_id from sourcing_saved_candidates where sourcing_search_id = $1 order by created_at, candidate_id",
    )
    .bind(search_id)
    .fetch_all(db)
    .await?)
}
