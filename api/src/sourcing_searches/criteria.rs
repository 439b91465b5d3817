//! A sourcing search as a partner sends it, checked against the rules of spec section 5 (the
//! shared job criteria, plus the contracts, flexibility and keywords only a search has) and
//! turned into the matcher's query.

pub use matcher::SortOrder;
use matcher::{Audience, LanguageRequirement, SourcingQuery};
use serde::{Deserialize, Serialize};

use crate::error::{Result, RuleCode};
use crate::job_criteria::{JobCriteria, JobCriteriaInput, List, MONTHS, ReferenceLists, in_range, known_ids};
use crate::validation::Checks;

pub const DEFAULT_LIMIT: usize = 20;
pub const MAX_LIMIT: usize = 100;

/// The body of `POST /api/api/sourcing/searchs`: the shared job criteria, the contracts sought
/// and what only a search has.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct SearchCreateRequest {
    #[serde(flatten)]
    pub job: JobCriteriaInput,
    pub contracts: Option<Vec<i16>>,
    /// Months, default 0.
    #[schema(minimum = 0, maximum = 120)]
    pub duration_flexibility: Option<i16>,
    pub keywords: Option<String>,
    /// The saved search's name, at most 100 characters (with `save=true`, or when a saved search
    /// is edited); absent or blank: its job category and place.
    pub name: Option<String>,
    #[schema(minimum = 1, maximum = 100)]
    pub limit: Option<usize>,
    #[schema(minimum = 0, maximum = 100000)]
    pub offset: Option<usize>,
    pub sort: Option<SortOrder>,
}

/// The longest name of a saved search.
pub const MAX_NAME_CHARS: usize = 100;

/// Checked criteria with the defaults applied: what is stored and echoed back.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SearchCriteria {
    #[serde(flatten)]
    pub job: JobCriteria,
    /// Sorted, without repeats.
    pub contracts: Vec<i16>,
    pub duration_flexibility: i16,
    pub keywords: Option<String>,
}

/// Which page of results, in which order.
#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
pub struct Page {
    pub limit: usize,
    pub offset: usize,
    pub sort: SortOrder,
}

impl Page {
    /// No hit, only the counts (a total or a relaxation).
    pub const COUNTS_ONLY: Page = Page { limit: 0, offset: 0, sort: SortOrder::Score };

    pub fn checked(limit: Option<usize>, offset: Option<usize>, sort: Option<SortOrder>, checks: &mut Checks) -> Self {
        let limit = limit.unwrap_or(DEFAULT_LIMIT);
        if !(1..=MAX_LIMIT).contains(&limit) {
            checks.fail("limit", RuleCode::OutOfRange);
        }
        let offset = offset.unwrap_or(0);
        if offset > 100_000 {
            checks.fail("offset", RuleCode::OutOfRange);
        }
        Page { limit: limit.clamp(1, MAX_LIMIT), offset, sort: sort.unwrap_or_default() }
    }
}

impl SearchCreateRequest {
    /// Checks every rule and returns the criteria and the page, or every broken rule at once.
    /// The criteria, the page asked for and the name given, checked together.
    pub fn check(self, reference: &ReferenceLists) -> Result<(SearchCriteria, Page, Option<String>)> {
        let mut checks = Checks::new();
        let contracts = self.contracts.unwrap_or_default();
        let job = self.job.check(reference, &contracts, &mut checks);
        if contracts.is_empty() {
            checks.fail("contracts", RuleCode::Required);
        }
        let contracts = known_ids(&mut checks, reference, List::ContractTypes, "contracts", &contracts);
        if self.job.languages.is_empty() && self.job.softskills_categories.is_empty() {
            // spec section 5: at least one matching parameter
            checks.fail("languages", RuleCode::MatchingParameterRequired);
            checks.fail("softskills_categories", RuleCode::MatchingParameterRequired);
        }
        let duration_flexibility =
            in_range(&mut checks, "duration_flexibility", self.duration_flexibility.unwrap_or(0), MONTHS);
        let keywords = checks.optional_text("keywords", self.keywords.as_deref(), 200);
        let name = checks.optional_text("name", self.name.as_deref(), MAX_NAME_CHARS);
        let page = Page::checked(self.limit, self.offset, self.sort, &mut checks);
        checks.finish()?;
        let job = job.expect("checked above");
        Ok((SearchCriteria { job, contracts, duration_flexibility, keywords }, page, name))
    }
}

impl SearchCriteria {
    /// The matcher's query for one page of these criteria, as a partner of `audience` runs it.
    pub fn query(&self, page: Page, audience: Audience) -> SourcingQuery {
        let job = &self.job;
        SourcingQuery {
            job_category: job.job_category as u16,
            contract_types: self.contracts.iter().map(|id| *id as u16).collect(),
            duration_months: job.matched_duration_months(),
            start_date: job.start_at,
            localization: job.localization.search_centre(),
            radius_km: f64::from(job.radius),
            minimum_degree: job.degree as u8,
            languages: job
                .languages
                .iter()
                .map(|language| LanguageRequirement { language: language.id as u16, level: language.level as u8 })
                .collect(),
            soft_skill_categories: job.softskills_categories.iter().map(|id| *id as u16).collect(),
            duration_flexibility_months: self.duration_flexibility as u16,
            keywords: self.keywords.clone(),
            limit: page.limit,
            offset: page.offset,
            sort: page.sort,
            restrict_to: None,
            audience,
        }
    }
}
