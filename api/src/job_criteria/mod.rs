//! Job criteria: what a job is about (its category), how long and from when, where (a place and
//! a radius), for whom (a minimum degree, languages with a level, soft-skill families). A
//! partner's sourcing search, a job offer and, next, a candidate's own search all say these
//! things, so they are checked here once, against the in-memory [`ReferenceLists`], with one
//! copy of the defaults of spec section 9.
//!
//! A list of ids comes back sorted and without repeats whatever the client sent, so that what is
//! stored (one row per id) and what is echoed agree.

pub mod reference;

use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};
use sqlx::{AssertSqlSafe, PgConnection};

pub use reference::{List, ReferenceLists};

use matcher::relaxation;

use crate::error::RuleCode;
use crate::places::{LocalizationInput, Place};
use crate::validation::Checks;

/// Spec section 9: a search's radius, in kilometres, when none is given (the matcher's).
pub const DEFAULT_RADIUS_KM: i16 = relaxation::DEFAULT_RADIUS_KM as i16;
/// Spec section 9: the minimum degree level when none is given.
pub const DEFAULT_DEGREE: i16 = 1;
/// Spec section 9: a language's level when none is given.
pub const DEFAULT_LANGUAGE_LEVEL: i16 = 3;
/// The matcher's radius range, in the columns' type.
pub const RADIUS_KM: std::ops::RangeInclusive<i16> =
    (*relaxation::RADIUS_KM.start() as i16)..=(*relaxation::RADIUS_KM.end() as i16);
pub const DEGREE_LEVELS: std::ops::RangeInclusive<i16> = 0..=8;
pub const LANGUAGE_LEVELS: std::ops::RangeInclusive<i16> = 1..=6;
/// Durations and flexibilities, in months (the matcher's flexibility range).
pub const MONTHS: std::ops::RangeInclusive<i16> =
    (*relaxation::DURATION_FLEXIBILITY_MONTHS.start() as i16)..=(*relaxation::DURATION_FLEXIBILITY_MONTHS.end() as i16);

/// A language and the level asked for it.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
pub struct LanguageInput {
    pub id: Option<i16>,
    /// 1 to 6, default 3.
    #[schema(minimum = 1, maximum = 6)]
    pub level: Option<i16>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct LanguageLevel {
    pub id: i16,
    #[schema(minimum = 1, maximum = 6)]
    pub level: i16,
}

/// The criteria searches and offers share, as a form sends them.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
pub struct JobCriteriaInput {
    pub job_category: Option<i16>,
    /// Months. Required, except for a job on permanent contracts only (`permanent` in
    /// `/api/api/contract/types`: the CDI), which has no end: absent or null there.
    #[schema(minimum = 0, maximum = 120)]
    pub duration: Option<i16>,
    /// `YYYY-MM-DD`
    pub start_at: Option<String>,
    pub localization: Option<LocalizationInput>,
    /// Kilometres, default 10.
    #[schema(minimum = 1, maximum = 200)]
    pub radius: Option<i16>,
    /// Minimum degree level 0 to 8, default 1.
    #[schema(minimum = 0, maximum = 8)]
    pub degree: Option<i16>,
    #[serde(default)]
    pub languages: Vec<LanguageInput>,
    #[serde(default)]
    pub softskills_categories: Vec<i16>,
}

/// Checked criteria with the defaults applied: what is stored and echoed back.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct JobCriteria {
    pub job_category: i16,
    /// Months; null for a job on permanent contracts given none: it has no end.
    #[schema(required = true)]
    pub duration: Option<i16>,
    pub start_at: NaiveDate,
    pub localization: Place,
    /// Kilometres.
    pub radius: i16,
    pub degree: i16,
    /// Sorted by language id, one entry per language.
    pub languages: Vec<LanguageLevel>,
    /// Sorted, without repeats.
    pub softskills_categories: Vec<i16>,
}

impl JobCriteriaInput {
    /// Checks every field for a job on `contracts` (the duration is optional when they are all
    /// permanent), recording each broken rule in `checks`; `None` when one broke.
    pub fn check(&self, reference: &ReferenceLists, contracts: &[i16], checks: &mut Checks) -> Option<JobCriteria> {
        let before = checks.count();
        let job_category = required(checks, "job_category", self.job_category);
        if let Some(id) = job_category {
            known_ids(checks, reference, List::JobCategories, "job_category", &[id]);
        }
        let duration = match self.duration {
            Some(months) => Some(Some(in_range(checks, "duration", months, MONTHS))),
            None if reference.all_permanent(contracts) => Some(None),
            None => required(checks, "duration", None),
        };
        let start_at = required_date(checks, "start_at", self.start_at.as_deref());
        let localization = Place::resolve(self.localization.as_ref(), "localization", checks);
        let radius = in_range(checks, "radius", self.radius.unwrap_or(DEFAULT_RADIUS_KM), RADIUS_KM);
        let degree = in_range(checks, "degree", self.degree.unwrap_or(DEFAULT_DEGREE), DEGREE_LEVELS);
        let languages = check_languages(checks, reference, &self.languages);
        let softskills_categories = known_ids(
            checks,
            reference,
            List::SoftSkillCategories,
            "softskills_categories",
            &self.softskills_categories,
        );
        if checks.count() > before {
            return None;
        }
        Some(JobCriteria {
            job_category: job_category?,
            duration: duration?,
            start_at: start_at?,
            localization: localization?,
            radius,
            degree,
            languages,
            softskills_categories,
        })
    }
}

impl JobCriteria {
    /// The duration the matcher compares candidates' minimum durations with. A job with no
    /// duration (a permanent contract) has no end: it lasts as long as any candidate asks, so it
    /// is matched as the longest duration a candidate may ask for (the end of [`MONTHS`]), which
    /// filters nobody out on duration. Duration is a filter only, never scored, so this changes
    /// no ranking; a job with a duration is matched on it as before.
    pub fn matched_duration_months(&self) -> u16 {
        self.duration.unwrap_or(*MONTHS.end()) as u16
    }

    /// Stores the languages and soft-skill families of the search or offer `owner_id` as rows
    /// of `{owner}_languages` and `{owner}_soft_skill_categories`, keyed by `{owner}_id`
    /// (`owner` is `sourcing_search` or `job_offer`).
    pub async fn insert_lists(&self, connection: &mut PgConnection, owner: &str, owner_id: i64) -> sqlx::Result<()> {
        let (language_ids, levels): (Vec<i16>, Vec<i16>) =
            self.languages.iter().map(|language| (language.id, language.level)).unzip();
        sqlx::query(AssertSqlSafe(format!(
            "insert into {owner}_languages ({owner}_id, language_id, level)
             select $1, unnest($2::smallint[]), unnest($3::smallint[])"
        )))
        .bind(owner_id)
        .bind(language_ids)
        .bind(levels)
        .execute(&mut *connection)
        .await?;
        sqlx::query(AssertSqlSafe(format!(
            "insert into {owner}_soft_skill_categories ({owner}_id, soft_skill_category_id)
             select $1, unnest($2::smallint[])"
        )))
        .bind(owner_id)
        .bind(&self.softskills_categories)
        .execute(&mut *connection)
        .await?;
        Ok(())
    }
}

fn required<T>(checks: &mut Checks, field: &str, value: Option<T>) -> Option<T> {
    if value.is_none() {
        checks.fail(field, RuleCode::Required);
    }
    value
}

/// The years a date of the product may fall in: a career's dates, a job's start. Beyond them a
/// date is a typing mistake, and a date near chrono's limits would overflow once a search is
/// relaxed by some months.
pub const DATE_YEARS: std::ops::RangeInclusive<i32> = 1900..=2100;

/// A `YYYY-MM-DD` date that must be given, within [`DATE_YEARS`].
pub fn required_date(checks: &mut Checks, field: &str, text: Option<&str>) -> Option<NaiveDate> {
    let Some(text) = text.map(str::trim).filter(|text| !text.is_empty()) else {
        checks.fail(field, RuleCode::Required);
        return None;
    };
    let Ok(date) = NaiveDate::parse_from_str(text, "%Y-%m-%d") else {
        checks.fail(field, RuleCode::InvalidDate);
        return None;
    };
    if !DATE_YEARS.contains(&date.year()) {
        checks.fail(field, RuleCode::OutOfRange);
        return None;
    }
    Some(date)
}

/// `value`, recording `out_of_range` when it is outside `range`.
pub fn in_range(checks: &mut Checks, field: &str, value: i16, range: std::ops::RangeInclusive<i16>) -> i16 {
    if !range.contains(&value) {
        checks.fail(field, RuleCode::OutOfRange);
    }
    value
}

/// The ids sorted and without repeats, recording `unknown` when one is not in `list`.
pub fn known_ids(checks: &mut Checks, reference: &ReferenceLists, list: List, field: &str, ids: &[i16]) -> Vec<i16> {
    let mut ids = ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    if !reference.knows_all(list, &ids) {
        checks.fail(field, RuleCode::Unknown);
    }
    ids
}

/// One entry per language, sorted by id, levels defaulted and checked; a language given twice
/// keeps its first level.
pub fn check_languages(
    checks: &mut Checks,
    reference: &ReferenceLists,
    inputs: &[LanguageInput],
) -> Vec<LanguageLevel> {
    let mut languages: Vec<LanguageLevel> = Vec::with_capacity(inputs.len());
    for input in inputs {
        let Some(id) = input.id else {
            checks.fail("languages", RuleCode::Required);
            continue;
        };
        let level = in_range(checks, "languages", input.level.unwrap_or(DEFAULT_LANGUAGE_LEVEL), LANGUAGE_LEVELS);
        if !languages.iter().any(|known| known.id == id) {
            languages.push(LanguageLevel { id, level });
        }
    }
    languages.sort_unstable_by_key(|language| language.id);
    let ids: Vec<i16> = languages.iter().map(|language| language.id).collect();
    if !reference.knows_all(List::Languages, &ids) {
        checks.fail("languages", RuleCode::Unknown);
    }
    languages
}
