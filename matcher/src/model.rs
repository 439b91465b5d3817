//! The documents the matcher indexes, the sourcing query it answers and the result it returns.
//!
//! These types are the contract with the indexer (which projects candidates into [`CandidateDoc`]s)
//! and with the HTTP API (which deserializes [`SourcingQuery`] and serializes [`SearchResult`]).

use std::collections::BTreeSet;
use std::fmt;

use chrono::NaiveDate;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::relaxation::RelaxCounts;

/// An ISO 3166-1 alpha-2 country code such as `FR`, stored as two upper-case ASCII bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CountryCode([u8; 2]);

impl CountryCode {
    /// France, the country of every commune in the shipped geodata.
    pub const FRANCE: CountryCode = CountryCode(*b"FR");

    /// Parses a two-letter code, case-insensitively. Returns `None` for anything else.
    pub fn parse(code: &str) -> Option<CountryCode> {
        let bytes = code.as_bytes();
        if bytes.len() == 2 && bytes.iter().all(u8::is_ascii_alphabetic) {
            Some(CountryCode([bytes[0].to_ascii_uppercase(), bytes[1].to_ascii_uppercase()]))
        } else {
            None
        }
    }

    /// The code as a string slice, e.g. `"FR"`.
    pub fn as_str(&self) -> &str {
        // Both bytes are ASCII letters by construction.
        std::str::from_utf8(&self.0).unwrap_or("??")
    }
}

impl fmt::Debug for CountryCode {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "{}", self.as_str())
    }
}

impl fmt::Display for CountryCode {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.as_str())
    }
}

impl Serialize for CountryCode {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for CountryCode {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        CountryCode::parse(&text).ok_or_else(|| serde::de::Error::custom(format!("invalid country code {text:?}")))
    }
}

/// One place where a candidate is willing to work.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum JobLocalization {
    /// A place (a commune) given by its id and its coordinates in degrees (WGS 84).
    Place { place_id: u32, lat: f64, lng: f64, country: CountryCode },
    /// Anywhere in a whole country.
    Country { country: CountryCode },
}

impl JobLocalization {
    /// The country the localization lies in.
    pub fn country(&self) -> CountryCode {
        match self {
            JobLocalization::Place { country, .. } | JobLocalization::Country { country } => *country,
        }
    }
}

/// A language a candidate speaks, with a level from 1 (beginner) to 6 (native or mastery).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LanguageSkill {
    pub language: u16,
    pub level: u8,
}

/// The share (0–100) of one soft-skill category in a candidate's soft-skill profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SoftSkillShare {
    pub category: u16,
    pub percent: u8,
}

/// The projection of one candidate that the matcher searches.
///
/// The matcher keeps every field so that [`crate::Matcher::document`] gives back exactly the document
/// it was given (the indexer compares the two to detect drift).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CandidateDoc {
    pub candidate_id: i64,
    pub localizations: Vec<JobLocalization>,
    pub job_categories: Vec<u16>,
    pub contract_types: Vec<u16>,
    /// The shortest contract the candidate accepts, in months.
    pub minimum_duration_months: u16,
    /// The first day the candidate can start.
    pub available_from: NaiveDate,
    /// 0 = no degree, 1 = Bac+1 ... 8 = Bac+8.
    pub degree_level: u8,
    pub languages: Vec<LanguageSkill>,
    pub soft_skills: Vec<SoftSkillShare>,
    /// Candidates who hid their profile stay stored but never match.
    pub searchable: bool,
    /// Who the candidate lets find them (a candidate who lets nobody is not searchable).
    #[serde(default)]
    pub findable_by: FindableBy,
    /// The school the candidate belongs to (with their consent), if any.
    #[serde(default)]
    pub school_id: Option<i64>,
    /// Experience, project and education titles and descriptions, in French or English.
    pub text: String,
}

impl CandidateDoc {
    /// The document as its candidate looks at job offers: whom they let find them is a choice
    /// about partners searching, not about what they may read, so every offer may match it.
    pub fn looking_at_offers(&self) -> CandidateDoc {
        CandidateDoc { searchable: true, findable_by: FindableBy::Everyone, ..self.clone() }
    }
}

/// A document with a value in every field, for the crate's unit tests.
#[cfg(test)]
pub(crate) fn sample_document() -> CandidateDoc {
    CandidateDoc {
        candidate_id: 1_234_567,
        localizations: vec![
            JobLocalization::Place { place_id: 69123, lat: 45.758, lng: 4.835, country: CountryCode::FRANCE },
            JobLocalization::Country { country: CountryCode::parse("be").unwrap() },
        ],
        job_categories: vec![3, 17],
        contract_types: vec![1, 4, 6],
        minimum_duration_months: 6,
        available_from: NaiveDate::from_ymd_opt(2027, 2, 1).unwrap(),
        degree_level: 5,
        languages: vec![LanguageSkill { language: 1, level: 6 }, LanguageSkill { language: 2, level: 4 }],
        soft_skills: vec![SoftSkillShare { category: 2, percent: 40 }, SoftSkillShare { category: 7, percent: 60 }],
        searchable: true,
        findable_by: FindableBy::Everyone,
        school_id: None,
        text: "Soudeuse TIG".to_owned(),
    }
}

/// Who a candidate lets find them, their choice in their settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FindableBy {
    /// Every partner whose audience admits everyone (see [`Audience`]).
    #[default]
    Everyone,
    /// Only the partners of their own school.
    SchoolPartners,
}

/// Whose candidates a partner may find: the searching partner's scope, which the API computes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Audience {
    /// The partner may find every candidate findable by everyone (approved for platform-wide
    /// sourcing).
    pub everyone: bool,
    /// The schools that work with the partner (a link the partner accepted): their candidates
    /// findable by everyone or by their school's partners. Sorted, without repeats.
    pub schools: Vec<i64>,
}

impl Default for Audience {
    /// Everyone findable by everyone: the audience of queries stored before audiences existed.
    fn default() -> Self {
        Audience { everyone: true, schools: Vec::new() }
    }
}

impl Audience {
    /// Whether a candidate who chose `findable_by`, of school `school_id`, is in the audience.
    pub fn admits(&self, findable_by: FindableBy, school_id: Option<i64>) -> bool {
        (self.everyone && findable_by == FindableBy::Everyone)
            || school_id.is_some_and(|school_id| self.schools.binary_search(&school_id).is_ok())
    }
}

/// A change fed by the indexer; see [`crate::Matcher::apply`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Change {
    /// Insert the document, or replace the one with the same candidate id.
    Upsert(CandidateDoc),
    /// Forget the candidate (a no-op when unknown).
    Remove(i64),
}

/// Where a sourcing search looks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum QueryLocalization {
    /// Around a point (usually a commune); `country` is the country the point lies in, used to match
    /// candidates who accept the whole country.
    Point { lat: f64, lng: f64, country: CountryCode },
    /// Anywhere in a country.
    Country { country: CountryCode },
}

/// A language the recruiter asks for, with the level wanted (1–6).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LanguageRequirement {
    pub language: u16,
    pub level: u8,
}

fn default_radius_km() -> f64 {
    10.0
}

fn default_minimum_degree() -> u8 {
    1
}

fn default_limit() -> usize {
    20
}

/// The order of a search's hits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum SortOrder {
    /// Highest score first, then lowest candidate id.
    #[default]
    Score,
    /// Nearest first, by the distance of the credited localization (the hit's
    /// `breakdown.proximity.distance_km`); matches without a distance (whole-country ones, every
    /// match of a country query) after every match with one; ties by score, then candidate id.
    Distance,
}

/// A sourcing search (product spec §3 "Sourcing search").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SourcingQuery {
    pub job_category: u16,
    /// The contract types offered; a candidate must accept at least one.
    pub contract_types: Vec<u16>,
    pub duration_months: u16,
    pub start_date: NaiveDate,
    pub localization: QueryLocalization,
    #[serde(default = "default_radius_km")]
    pub radius_km: f64,
    #[serde(default = "default_minimum_degree")]
    pub minimum_degree: u8,
    #[serde(default)]
    pub languages: Vec<LanguageRequirement>,
    #[serde(default)]
    pub soft_skill_categories: Vec<u16>,
    #[serde(default)]
    pub duration_flexibility_months: u16,
    #[serde(default)]
    pub keywords: Option<String>,
    #[serde(default = "default_limit")]
    pub limit: usize,
    #[serde(default)]
    pub offset: usize,
    #[serde(default)]
    pub sort: SortOrder,
    /// Only these candidates can match; the total and the relax counts are counted among them.
    #[serde(default)]
    pub restrict_to: Option<BTreeSet<i64>>,
    /// Whose candidates the searching partner may find; never relaxed.
    #[serde(default)]
    pub audience: Audience,
}

/// The answer to a sourcing search.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchResult {
    /// How many candidates match in all.
    pub total: usize,
    /// How many of them match only through a country-wide localization (none within the
    /// radius): they have no point to show on a map.
    #[serde(default)]
    pub country_wide_total: usize,
    /// The page of matches, in the query's [`SortOrder`].
    pub hits: Vec<Hit>,
    /// How many more candidates one relaxed criterion would bring.
    pub relax: RelaxCounts,
}

/// One matching candidate with its score and the reasons for it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Hit {
    pub candidate_id: i64,
    /// 0–100.
    pub score: f64,
    pub breakdown: Breakdown,
}

/// Why a candidate scored what it scored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Breakdown {
    pub proximity: ProximityDetail,
    /// One entry per requested language, in the order of the query.
    pub languages: Vec<LanguageCredit>,
    /// One entry per requested soft-skill category, in the order of the query.
    pub soft_skills: Vec<SoftSkillCredit>,
    /// 0–1, absent when the query asks for no language.
    pub language_score: Option<f64>,
    /// 0–1, absent when the query asks for no soft-skill category.
    pub soft_skill_score: Option<f64>,
    /// 0–1.
    pub proximity_score: f64,
    /// One entry per keyword term, in the order of the query (empty without keywords).
    pub keywords: Vec<KeywordCredit>,
    /// 0–1, absent when the query has no keyword (see [`crate::semantics::keyword_relevance`]).
    pub keyword_score: Option<f64>,
}

impl Breakdown {
    /// The hit's total score, 0–100 (see [`crate::semantics::total_score`]).
    pub fn total_score(&self) -> f64 {
        crate::semantics::total_score(
            self.language_score,
            self.soft_skill_score,
            self.proximity_score,
            self.keyword_score,
        )
    }
}

/// A keyword term of the query and how often the candidate's text holds it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KeywordCredit {
    /// The word as typed, lower-cased.
    pub word: String,
    pub occurrences: u32,
}

/// The localization that placed the candidate in the search area.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProximityDetail {
    /// Index into the candidate's `localizations`.
    pub localization_index: usize,
    /// The place id when the localization is a place.
    pub place_id: Option<u32>,
    /// Great-circle distance to the query point; absent for country-wide matches and country queries.
    pub distance_km: Option<f64>,
    /// The match comes from a whole-country localization or a country query.
    pub country_wide: bool,
}

/// How a candidate meets one requested language.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct LanguageCredit {
    pub language: u16,
    pub required_level: u8,
    /// The candidate's level, absent when the candidate does not speak the language.
    pub actual_level: Option<u8>,
    /// 1 when the level is met, level/required when lower, 0 when absent.
    pub credit: f64,
}

/// The candidate's share of one requested soft-skill category.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SoftSkillCredit {
    pub category: u16,
    pub percent: u8,
}
