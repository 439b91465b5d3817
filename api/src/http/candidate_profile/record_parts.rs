//! The parts several kinds of record share, as forms send them, and their rules: a CAR method
//! (whole, or absent where the spec allows), a period, soft skills, pictures, reference ids.
//! Each check records every broken rule in [`Checks`] and returns what it could read.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::records::CheckContext;
use crate::error::{Result, RuleCode};
use crate::job_criteria::{List, known_ids, required_date};
use crate::places::Place;
use crate::validation::Checks;

/// Spec section 9: soft skills per education, experience and project.
pub const SOFT_SKILLS_PER_RECORD: std::ops::RangeInclusive<usize> = 1..=4;
/// Hobbies may have none (the spec asks for none), and at most as many as other records.
pub const SOFT_SKILLS_PER_HOBBY: std::ops::RangeInclusive<usize> = 0..=4;
/// Longest text of a CAR method part (the database's limit).
const CAR_PART_MAX_CHARS: usize = 5000;

/// A CAR method as a form sends it.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
pub struct CarMethodInput {
    pub context: Option<String>,
    pub actions: Option<String>,
    pub results: Option<String>,
}

/// A whole CAR method: every part non-blank (the spec calls it empty when one part is empty).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct CarMethod {
    pub context: String,
    pub actions: String,
    pub results: String,
}

/// A record's period as a form sends it.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
pub struct PeriodInput {
    /// `YYYY-MM-DD`
    pub start_date: Option<String>,
    /// `YYYY-MM-DD`; required unless `is_current`, ignored when it is.
    pub end_date: Option<String>,
    #[serde(default)]
    pub is_current: bool,
}

/// A checked period: an end on or after the start, or none for a current record.
#[derive(Debug, Clone, Copy)]
pub struct Period {
    pub start_date: NaiveDate,
    pub end_date: Option<NaiveDate>,
    pub is_current: bool,
}

/// What several kinds of record carry besides their own columns, checked.
#[derive(Debug, Default)]
pub struct SharedParts {
    /// Every kind but hobbies has one.
    pub localization: Option<Place>,
    pub car_method: Option<CarMethod>,
    /// Every kind but hobbies has one.
    pub period: Option<Period>,
    /// Sorted, without repeats.
    pub softskills: Vec<i16>,
    /// In the order given.
    pub pictures: Vec<Uuid>,
}

impl CheckContext<'_> {
    /// A required reference id, recording `required` or `unknown`.
    pub fn reference_id(&mut self, list: List, field: &str, id: Option<i16>) -> Option<i16> {
        let Some(id) = id else {
            self.checks.fail(field, RuleCode::Required);
            return None;
        };
        known_ids(&mut self.checks, self.reference, list, field, &[id]);
        Some(id)
    }

    /// Soft skills: known ids, as many as `allowed`.
    pub fn softskills(&mut self, ids: &[i16], allowed: std::ops::RangeInclusive<usize>) -> Vec<i16> {
        let ids = known_ids(&mut self.checks, self.reference, List::SoftSkills, "softskills", ids);
        count_within(&mut self.checks, "softskills", ids.len(), allowed);
        ids
    }

    /// Pictures: uploads of the candidate's that are pictures, as many as `allowed`.
    pub async fn pictures(&mut self, ids: &[Uuid], allowed: std::ops::RangeInclusive<usize>) -> Result<Vec<Uuid>> {
        let mut unique: Vec<Uuid> = Vec::with_capacity(ids.len());
        for id in ids {
            if !unique.contains(id) {
                unique.push(*id);
            }
        }
        count_within(&mut self.checks, "pictures", unique.len(), allowed);
        let owned: i64 = sqlx::query_scalar(
            "select count(*) from uploads where id = any($1) and owner_user_id = $2 and content_type like 'image/%'",
        )
        .bind(&unique)
        .bind(self.candidate_id)
        .fetch_one(&self.state.db)
        .await?;
        if owned as usize != unique.len() {
            self.checks.fail("pictures", RuleCode::Unknown);
        }
        Ok(unique)
    }
}

fn count_within(checks: &mut Checks, field: &str, count: usize, allowed: std::ops::RangeInclusive<usize>) {
    if count < *allowed.start() {
        checks.fail(field, if count == 0 { RuleCode::Required } else { RuleCode::TooFew });
    } else if count > *allowed.end() {
        checks.fail(field, RuleCode::TooMany);
    }
}

/// A CAR method: every part given when `required`; otherwise none or every part (a part given
/// alone is an unfinished method, each missing part `required`).
pub fn check_car_method(checks: &mut Checks, input: Option<&CarMethodInput>, required: bool) -> Option<CarMethod> {
    let input = input.cloned().unwrap_or_default();
    let parts = [("context", &input.context), ("actions", &input.actions), ("results", &input.results)];
    let blank = |text: &Option<String>| text.as_deref().is_none_or(|text| text.trim().is_empty());
    if !required && parts.iter().all(|(_, text)| blank(text)) {
        return None;
    }
    let before = checks.count();
    let [context, actions, results] =
        parts.map(|(part, text)| checks.text(&format!("car_method.{part}"), text.as_deref(), CAR_PART_MAX_CHARS));
    (checks.count() == before).then_some(CarMethod { context, actions, results })
}

/// A period: a start, and an end on or after it unless the record is current.
pub fn check_period(checks: &mut Checks, input: &PeriodInput) -> Option<Period> {
    let start_date = required_date(checks, "start_date", input.start_date.as_deref());
    let end_date = if input.is_current { None } else { required_date(checks, "end_date", input.end_date.as_deref()) };
    if let (Some(start), Some(end)) = (start_date, end_date)
        && end < start
    {
        checks.fail("end_date", RuleCode::EndBeforeStart);
        return None;
    }
    let start_date = start_date?;
    if !input.is_current && end_date.is_none() {
        return None;
    }
    Some(Period { start_date, end_date, is_current: input.is_current })
}
