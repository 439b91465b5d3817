//! A sourcing search as a partner sends it, checked against the rules of spec section 5 and
//! turned into the matcher's query; and the same criteria read back from a saved search.

use chrono::NaiveDate;
use matcher::{CountryCode, LanguageRequirement, QueryLocalization, SourcingQuery};
use serde::{Deserialize, Serialize};

use super::reference::{List, SourcingReference};
use crate::error::Result;
use crate::localization_input::{LocalizationInput, Place};
use crate::validation::Checks;

pub const DEFAULT_RADIUS_KM: i16 = 10;
pub const DEFAULT_DEGREE: i16 = 1;
pub const MAX_RADIUS_KM: i16 = 200;
pub const DEFAULT_LIMIT: usize = 20;
pub const MAX_LIMIT: usize = 100;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct LanguageInput {
    pub id: Option<i16>,
    /// 1 to 6, default 3.
    pub level: Option<i16>,
}

/// The body of `POST /api/api/sourcing/searchs`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct SearchCreateRequest {
    pub job_category: Option<i16>,
    pub contracts: Option<Vec<i16>>,
    /// Months.
    pub duration: Option<i16>,
    /// `YYYY-MM-DD`
    pub start_at: Option<String>,
    pub localization: Option<LocalizationInput>,
    /// Kilometres, default 10.
    pub radius: Option<i16>,
    /// Minimum degree level 0 to 8, default 1.
    pub degree: Option<i16>,
    #[serde(default)]
    pub languages: Vec<LanguageInput>,
    #[serde(default)]
    pub softskills_categories: Vec<i16>,
    /// Months, default 0.
    pub duration_flexibility: Option<i16>,
    pub keywords: Option<String>,
    pub limit: Option<usize>,
    pub offset: Option<usize>,
    pub sort: Option<SortOrder>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SortOrder {
    #[default]
    Score,
    Distance,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct LanguageLevel {
    pub id: i16,
    pub level: i16,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct StoredLocalization {
    pub value: String,
    #[serde(rename = "type")]
    pub place_type: String,
    pub lat: Option<f64>,
    pub lng: Option<f64>,
    pub id: Option<String>,
    pub country_code: String,
}

/// Checked criteria with the defaults applied: what is stored and echoed back.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SearchCriteria {
    pub job_category: i16,
    pub contracts: Vec<i16>,
    pub duration: i16,
    pub start_at: NaiveDate,
    pub localization: StoredLocalization,
    pub radius: i16,
    pub degree: i16,
    pub languages: Vec<LanguageLevel>,
    pub softskills_categories: Vec<i16>,
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
    pub fn checked(limit: Option<usize>, offset: Option<usize>, sort: Option<SortOrder>, checks: &mut Checks) -> Self {
        let limit = limit.unwrap_or(DEFAULT_LIMIT);
        if !(1..=MAX_LIMIT).contains(&limit) {
            checks.fail("limit", "out_of_range");
        }
        let offset = offset.unwrap_or(0);
        if offset > 100_000 {
            checks.fail("offset", "out_of_range");
        }
        Page { limit: limit.clamp(1, MAX_LIMIT), offset, sort: sort.unwrap_or_default() }
    }
}

fn in_range(checks: &mut Checks, field: &str, value: i16, range: std::ops::RangeInclusive<i16>) -> i16 {
    if !range.contains(&value) {
        checks.fail(field, "out_of_range");
    }
    value
}

impl SearchCreateRequest {
    /// Checks every rule and returns the criteria and the page, or every broken rule at once.
    pub fn check(self, reference: &SourcingReference) -> Result<(SearchCriteria, Page)> {
        let mut checks = Checks::new();
        let job_category = self.job_category.unwrap_or_else(|| {
            checks.fail("job_category", "required");
            0
        });
        let mut contracts = self.contracts.unwrap_or_default();
        contracts.sort_unstable();
        contracts.dedup();
        if contracts.is_empty() {
            checks.fail("contracts", "required");
        }
        let duration = match self.duration {
            Some(duration) => in_range(&mut checks, "duration", duration, 0..=120),
            None => {
                checks.fail("duration", "required");
                0
            }
        };
        let start_at = match self.start_at.as_deref().map(str::trim).filter(|text| !text.is_empty()) {
            None => {
                checks.fail("start_at", "required");
                NaiveDate::MIN
            }
            Some(text) => NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap_or_else(|_| {
                checks.fail("start_at", "invalid_date");
                NaiveDate::MIN
            }),
        };
        let place = LocalizationInput::resolve(self.localization.as_ref(), "localization", &mut checks);
        let radius = in_range(&mut checks, "radius", self.radius.unwrap_or(DEFAULT_RADIUS_KM), 1..=MAX_RADIUS_KM);
        let degree = in_range(&mut checks, "degree", self.degree.unwrap_or(DEFAULT_DEGREE), 0..=8);
        let duration_flexibility =
            in_range(&mut checks, "duration_flexibility", self.duration_flexibility.unwrap_or(0), 0..=120);
        let mut languages = Vec::new();
        for language in &self.languages {
            let Some(id) = language.id else {
                checks.fail("languages", "required");
                continue;
            };
            let level = in_range(&mut checks, "languages", language.level.unwrap_or(3), 1..=6);
            if !languages.iter().any(|known: &LanguageLevel| known.id == id) {
                languages.push(LanguageLevel { id, level });
            }
        }
        let mut softskills_categories = self.softskills_categories.clone();
        softskills_categories.dedup();
        if languages.is_empty() && softskills_categories.is_empty() {
            // spec section 5: at least one matching parameter
            checks.fail("languages", "matching_parameter_required");
            checks.fail("softskills_categories", "matching_parameter_required");
        }
        let keywords = checks.optional_text("keywords", self.keywords.as_deref(), 200);
        let page = Page::checked(self.limit, self.offset, self.sort, &mut checks);
        // an unknown id is a 422, not a 500 from a foreign key
        if !checks.has_failed("job_category") && !reference.knows_all(List::JobCategories, &[job_category]) {
            checks.fail("job_category", "unknown");
        }
        if !reference.knows_all(List::ContractTypes, &contracts) {
            checks.fail("contracts", "unknown");
        }
        let language_ids: Vec<i16> = languages.iter().map(|language| language.id).collect();
        if !reference.knows_all(List::Languages, &language_ids) {
            checks.fail("languages", "unknown");
        }
        if !reference.knows_all(List::SoftSkillCategories, &softskills_categories) {
            checks.fail("softskills_categories", "unknown");
        }
        checks.finish()?;
        let place = place.expect("checked above");
        let criteria = SearchCriteria {
            job_category,
            contracts,
            duration,
            start_at,
            localization: StoredLocalization::from_place(&place),
            radius,
            degree,
            languages,
            softskills_categories,
            duration_flexibility,
            keywords,
        };
        Ok((criteria, page))
    }
}

impl StoredLocalization {
    fn from_place(place: &Place) -> Self {
        Self {
            value: place.value.clone(),
            place_type: place.place_type.to_owned(),
            lat: place.lat,
            lng: place.lng,
            id: place.code.clone().or_else(|| (place.place_type == "country").then(|| place.country_code.clone())),
            country_code: place.country_code.clone(),
        }
    }

    pub fn to_place(&self) -> Place {
        let place_type = match self.place_type.as_str() {
            "city" => "city",
            "department" => "department",
            "region" => "region",
            _ => "country",
        };
        Place {
            value: self.value.clone(),
            place_type,
            lat: self.lat,
            lng: self.lng,
            code: if place_type == "country" { None } else { self.id.clone() },
            country_code: self.country_code.clone(),
        }
    }
}

impl SearchCriteria {
    /// The matcher's query for one page of these criteria.
    pub fn query(&self, limit: usize, offset: usize) -> SourcingQuery {
        let country = CountryCode::parse(&self.localization.country_code).unwrap_or(CountryCode::FRANCE);
        let localization = match (self.localization.place_type.as_str(), self.localization.lat, self.localization.lng) {
            ("country", _, _) | (_, None, _) | (_, _, None) => QueryLocalization::Country { country },
            (_, Some(lat), Some(lng)) => QueryLocalization::Point { lat, lng, country },
        };
        SourcingQuery {
            job_category: self.job_category as u16,
            contract_types: self.contracts.iter().map(|id| *id as u16).collect(),
            duration_months: self.duration as u16,
            start_date: self.start_at,
            localization,
            radius_km: f64::from(self.radius),
            minimum_degree: self.degree as u8,
            languages: self
                .languages
                .iter()
                .map(|language| LanguageRequirement { language: language.id as u16, level: language.level as u8 })
                .collect(),
            soft_skill_categories: self.softskills_categories.iter().map(|id| *id as u16).collect(),
            duration_flexibility_months: self.duration_flexibility as u16,
            keywords: self.keywords.clone(),
            limit,
            offset,
            sort: matcher::SortOrder::Score,
            restrict_to: None,
        }
    }
}
