//! The job search ("ma-recherche" screen, `from: "job_search"` of `POST /api/api/candidates/{id}`):
//! what a partner's sourcing search is matched against. Job categories, the places the candidate
//! would work in (a commune, a department, a region or a whole country), contract types, hourly
//! schemes, company types, the shortest contract accepted, the availability and whether the
//! candidate is looking at all (`in_research`).
//!
//! The screen sends its whole form and each list replaces the stored one. `in_research`, when
//! absent, keeps its value: only an explicit `false` takes a candidate out of searches. The
//! places are checked against the shipped geodata like a search's centre (`Place::resolve`).

use chrono::NaiveDate;
use serde::Deserialize;
use sqlx::{AssertSqlSafe, PgConnection};

use crate::error::{Result, RuleCode};
use crate::job_criteria::{List, MONTHS, ReferenceLists, in_range, known_ids};
use crate::places::{LocalizationInput, Place};
use crate::validation::Checks;

/// Places one candidate may look in: enough for a few regions and communes.
pub const MAX_JOB_LOCALIZATIONS: usize = 20;

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct JobSearchInput {
    /// Job category ids.
    pub job_categories: Option<Vec<i16>>,
    /// Where the candidate would work, in the candidate's order.
    pub job_localizations: Option<Vec<LocalizationInput>>,
    /// Contract type ids.
    pub contract_types: Option<Vec<i16>>,
    /// Hourly scheme ids.
    pub contract_hourly_schemes: Option<Vec<i16>>,
    /// Company type ids.
    pub company_types: Option<Vec<i16>>,
    /// Shortest contract accepted, in months (0 to 120; default 0: any).
    #[schema(minimum = 0, maximum = 120)]
    pub contract_min_duration: Option<i16>,
    /// `YYYY-MM-DD`: from when the candidate can start (none: now).
    pub availability: Option<String>,
    /// Whether the candidate is looking for a job (absent: unchanged).
    pub in_research: Option<bool>,
}

/// A checked job search.
pub struct JobSearch {
    job_categories: Vec<i16>,
    job_localizations: Vec<Place>,
    contract_types: Vec<i16>,
    contract_hourly_schemes: Vec<i16>,
    company_types: Vec<i16>,
    contract_min_duration: i16,
    availability: Option<NaiveDate>,
    in_research: Option<bool>,
}

impl JobSearchInput {
    pub fn check(&self, reference: &ReferenceLists, checks: &mut Checks) -> JobSearch {
        let ids = |checks: &mut Checks, list: List, field: &str, values: &Option<Vec<i16>>| {
            known_ids(checks, reference, list, field, values.as_deref().unwrap_or_default())
        };
        let job_categories = ids(checks, List::JobCategories, "job_categories", &self.job_categories);
        let contract_types = ids(checks, List::ContractTypes, "contract_types", &self.contract_types);
        let contract_hourly_schemes =
            ids(checks, List::ContractHourlySchemes, "contract_hourly_schemes", &self.contract_hourly_schemes);
        let company_types = ids(checks, List::CompanyTypes, "company_types", &self.company_types);
        let inputs = self.job_localizations.as_deref().unwrap_or_default();
        if inputs.len() > MAX_JOB_LOCALIZATIONS {
            checks.fail("job_localizations", RuleCode::TooMany);
        }
        let mut job_localizations: Vec<Place> = Vec::with_capacity(inputs.len());
        for input in inputs {
            let place = Place::resolve(Some(input), "job_localizations", checks);
            if let Some(place) = place.filter(|place| !job_localizations.contains(place)) {
                job_localizations.push(place);
            }
        }
        let contract_min_duration =
            in_range(checks, "contract_min_duration", self.contract_min_duration.unwrap_or(0), MONTHS);
        let availability =
            self.availability.as_deref().map(str::trim).filter(|text| !text.is_empty()).and_then(|text| {
                let date = NaiveDate::parse_from_str(text, "%Y-%m-%d").ok();
                if date.is_none() {
                    checks.fail("availability", RuleCode::InvalidDate);
                }
                date
            });
        JobSearch {
            job_categories,
            job_localizations,
            contract_types,
            contract_hourly_schemes,
            company_types,
            contract_min_duration,
            availability,
            in_research: self.in_research,
        }
    }
}

impl JobSearch {
    /// Replaces the candidate's job search; the old places go with their links.
    pub async fn store(&self, connection: &mut PgConnection, candidate_id: i64) -> Result<()> {
        sqlx::query(
            "update candidates set contract_min_duration = $2, availability = $3,
                                   in_research = coalesce($4, in_research), updated_at = now()
             where user_id = $1",
        )
        .bind(candidate_id)
        .bind(self.contract_min_duration)
        .bind(self.availability)
        .bind(self.in_research)
        .execute(&mut *connection)
        .await?;
        let lists: [(&str, &str, &[i16]); 4] = [
            ("candidate_job_categories", "job_category_id", &self.job_categories),
            ("candidate_contract_types", "contract_type_id", &self.contract_types),
            ("candidate_hourly_schemes", "contract_hourly_scheme_id", &self.contract_hourly_schemes),
            ("candidate_company_types", "company_type_id", &self.company_types),
        ];
        for (table, column, ids) in lists {
            // only what changed is written, so that an unchanged list costs no projection
            sqlx::query(AssertSqlSafe(format!(
                "delete from {table} where candidate_id = $1 and not ({column} = any($2))"
            )))
            .bind(candidate_id)
            .bind(ids)
            .execute(&mut *connection)
            .await?;
            sqlx::query(AssertSqlSafe(format!(
                "insert into {table} (candidate_id, {column}) select $1, unnest($2::smallint[]) on conflict do nothing"
            )))
            .bind(candidate_id)
            .bind(ids)
            .execute(&mut *connection)
            .await?;
        }
        let old_places: Vec<i64> = sqlx::query_scalar(
            "delete from candidate_job_localizations where candidate_id = $1 returning localization_id",
        )
        .bind(candidate_id)
        .fetch_all(&mut *connection)
        .await?;
        sqlx::query("delete from localizations where id = any($1)").bind(&old_places).execute(&mut *connection).await?;
        for (position, place) in self.job_localizations.iter().enumerate() {
            let localization_id = place.insert(&mut *connection).await?;
            sqlx::query(
                "insert into candidate_job_localizations (candidate_id, localization_id, position) values ($1, $2, $3)",
            )
            .bind(candidate_id)
            .bind(localization_id)
            .bind(position as i16)
            .execute(&mut *connection)
            .await?;
        }
        Ok(())
    }
}
