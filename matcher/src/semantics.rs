//! The definitions shared by the engine and the brute-force oracle: distance, credits, scores and order.
//!
//! Both sides call these same functions on the same inputs, so their floating-point results agree to
//! the bit and the property tests can compare scores with `==`. Anything the engine computes in
//! another way (filters, geo pruning, de-duplication, counting, top-k) the oracle computes on its own.

use std::cmp::Ordering;

use chrono::{Datelike, NaiveDate};

use crate::model::{
    Breakdown, CandidateDoc, Hit, JobLocalization, KeywordCredit, LanguageCredit, LanguageRequirement, LanguageSkill,
    ProximityDetail, SoftSkillCredit, SoftSkillShare, SourcingQuery,
};
#[cfg(doc)]
use crate::text::keyword_terms;
use crate::text::{KeywordTerm, TextTokens, text_word_count};

/// Mean Earth radius (IUGG), in kilometres.
pub const EARTH_RADIUS_KM: f64 = 6371.0088;

/// The proximity credit of a place on the edge of the query's circle: every place inside the
/// circle earns at least this much.
pub const EDGE_PROXIMITY: f64 = 0.5;

/// The proximity credit of a match through a whole-country localization or a country query:
/// below every place inside a circle, so that people who want to work *there* come before people
/// who would work anywhere in the country, all else equal.
pub const COUNTRY_WIDE_PROXIMITY: f64 = 0.25;

/// The point on the unit sphere for a latitude and longitude in degrees.
pub fn unit_vector(lat: f64, lng: f64) -> [f64; 3] {
    let (lat, lng) = (lat.to_radians(), lng.to_radians());
    [lat.cos() * lng.cos(), lat.cos() * lng.sin(), lat.sin()]
}

/// Great-circle distance in kilometres between two points given by their [`unit_vector`]s.
///
/// Computed from the chord, which is as accurate as the haversine formula at short range.
pub fn great_circle_km(a: [f64; 3], b: [f64; 3]) -> f64 {
    let (dx, dy, dz) = (a[0] - b[0], a[1] - b[1], a[2] - b[2]);
    let chord = (dx * dx + dy * dy + dz * dz).sqrt();
    2.0 * EARTH_RADIUS_KM * (chord / 2.0).min(1.0).asin()
}

/// The chord length on the unit sphere of a great-circle distance (saturating at the antipode).
pub fn chord_of_km(km: f64) -> f64 {
    let angle = (km.max(0.0) / EARTH_RADIUS_KM).min(std::f64::consts::PI);
    2.0 * (angle / 2.0).sin()
}

/// Days since the common era, the matcher's internal date representation.
pub fn day_number(date: NaiveDate) -> i32 {
    date.num_days_from_ce()
}

/// The date back from [`day_number`].
pub fn date_of_day_number(day: i32) -> NaiveDate {
    NaiveDate::from_num_days_from_ce_opt(day).unwrap_or(NaiveDate::MIN)
}

/// The candidate's level in a language: the highest level listed for it.
pub fn candidate_language_level(skills: &[LanguageSkill], language: u16) -> Option<u8> {
    skills.iter().filter(|skill| skill.language == language).map(|skill| skill.level).max()
}

/// The candidate's share of a soft-skill category: the highest listed for it, 0 when absent.
pub fn candidate_soft_skill_percent(shares: &[SoftSkillShare], category: u16) -> u8 {
    shares.iter().filter(|share| share.category == category).map(|share| share.percent).max().unwrap_or(0)
}

/// 1 when the level is met, level/required when lower, 0 when the language is absent.
pub fn language_credit(required_level: u8, actual_level: Option<u8>) -> f64 {
    match actual_level {
        None => 0.0,
        Some(actual) if actual >= required_level => 1.0,
        Some(actual) => f64::from(actual) / f64::from(required_level),
    }
}

/// The average language credit, `None` when no language is requested.
pub fn language_score(skills: &[LanguageSkill], requirements: &[LanguageRequirement]) -> Option<f64> {
    language_score_by(requirements, |language| candidate_language_level(skills, language))
}

/// [`language_score`] given a way to find the candidate's level in a language.
#[inline]
pub fn language_score_by(requirements: &[LanguageRequirement], level_of: impl Fn(u16) -> Option<u8>) -> Option<f64> {
    if requirements.is_empty() {
        return None;
    }
    let sum: f64 =
        requirements.iter().map(|requirement| language_credit(requirement.level, level_of(requirement.language))).sum();
    Some(sum / requirements.len() as f64)
}

/// The average share (as a fraction) of the requested categories, `None` when none is requested.
pub fn soft_skill_score(shares: &[SoftSkillShare], categories: &[u16]) -> Option<f64> {
    soft_skill_score_by(categories, |category| candidate_soft_skill_percent(shares, category))
}

/// [`soft_skill_score`] given a way to find the candidate's share of a category.
#[inline]
pub fn soft_skill_score_by(categories: &[u16], percent_of: impl Fn(u16) -> u8) -> Option<f64> {
    if categories.is_empty() {
        return None;
    }
    let sum: f64 = categories.iter().map(|&category| f64::from(percent_of(category)) / 100.0).sum();
    Some(sum / categories.len() as f64)
}

/// 1 at the query point, [`EDGE_PROXIMITY`] on the radius, falling with the square of the
/// distance: nearby people keep nearly the whole credit (0.98 at a tenth of the radius, 0.82 at
/// six tenths), and the edge of the circle still ranks above country-wide mobility.
pub fn point_proximity(distance_km: f64, radius_km: f64) -> f64 {
    if radius_km > 0.0 {
        let share = distance_km / radius_km;
        1.0 - (1.0 - EDGE_PROXIMITY) * share * share
    } else {
        1.0
    }
}

/// BM25's term-frequency saturation: a second occurrence adds less than the first.
const BM25_K1: f64 = 1.2;
/// BM25's length normalization: how much a long text dilutes its occurrences.
const BM25_B: f64 = 0.75;
/// The text length (in words) at which BM25's normalization is neutral: a fixed reference rather
/// than the corpus average, so that a candidate's relevance depends on their own text alone and is
/// the same in every run of the engine, in the oracle and in percolation.
pub const REFERENCE_TEXT_WORDS: f64 = 150.0;
/// The share of the total score that keyword relevance takes when the query has keywords.
pub const KEYWORD_WEIGHT: f64 = 0.35;

/// How well a text matches the keywords, 0–1: BM25's saturated, length-normalized term frequency
/// of each keyword term (`occurrences`, one count per term, see [`crate::text::TextTokens`]),
/// divided by its maximum `k1 + 1` and averaged over the terms. No inverse document frequency:
/// every match contains every term, so weighing terms by rarity would only rescale what they add.
pub fn keyword_relevance(occurrences: &[u32], words: u32) -> f64 {
    if occurrences.is_empty() {
        return 0.0;
    }
    let length = 1.0 - BM25_B + BM25_B * f64::from(words) / REFERENCE_TEXT_WORDS;
    let sum: f64 = occurrences
        .iter()
        .map(|&count| {
            let count = f64::from(count);
            count / (count + BM25_K1 * length)
        })
        .sum();
    sum / occurrences.len() as f64
}

/// The total score, 0–100: 0.4 languages + 0.4 soft skills + 0.2 proximity when both kinds of
/// matching parameters are requested, 0.8 + 0.2 when one is, proximity alone when none is; with
/// keywords, that criteria score takes `1 - KEYWORD_WEIGHT` and the keyword relevance the rest.
pub fn total_score(language: Option<f64>, soft_skills: Option<f64>, proximity: f64, keywords: Option<f64>) -> f64 {
    let criteria = match (language, soft_skills) {
        (Some(language), Some(soft_skills)) => 0.4 * language + 0.4 * soft_skills + 0.2 * proximity,
        (Some(one), None) | (None, Some(one)) => 0.8 * one + 0.2 * proximity,
        (None, None) => proximity,
    };
    match keywords {
        Some(relevance) => 100.0 * ((1.0 - KEYWORD_WEIGHT) * criteria + KEYWORD_WEIGHT * relevance),
        None => 100.0 * criteria,
    }
}

/// The keyword part of an explanation: the query's terms with how often each occurs in the
/// candidate's text (`occurrences`, in the terms' order), and their relevance for a text of `words`
/// words; nothing and `None` without keywords.
pub fn keyword_explanation(
    terms: &[KeywordTerm],
    occurrences: &[u32],
    words: u32,
) -> (Vec<KeywordCredit>, Option<f64>) {
    if terms.is_empty() {
        return (Vec::new(), None);
    }
    let credits = terms
        .iter()
        .zip(occurrences)
        .map(|(term, &occurrences)| KeywordCredit { word: term.word.clone(), occurrences })
        .collect();
    (credits, Some(keyword_relevance(occurrences, words)))
}

/// [`keyword_explanation`] from the text itself, analyzed here (the oracle and percolation, which
/// hold the documents; the engine reads the occurrences from its postings instead).
pub fn keyword_explanation_of_text(terms: &[KeywordTerm], text: &str) -> (Vec<KeywordCredit>, Option<f64>) {
    if terms.is_empty() {
        return (Vec::new(), None);
    }
    let tokens = TextTokens::of(text);
    let occurrences: Vec<u32> = terms.iter().map(|term| tokens.occurrences(term)).collect();
    keyword_explanation(terms, &occurrences, text_word_count(text))
}

/// The localization credited for proximity.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ProximityChoice {
    pub localization_index: usize,
    pub distance_km: Option<f64>,
    pub country_wide: bool,
    pub score: f64,
}

/// Chooses between the nearest matching point (smallest distance, then lowest index) and the first
/// whole-country localization of the query country: the higher credit wins, the lower index on a tie.
pub fn choose_proximity(
    nearest_point: Option<(f64, usize)>,
    country_wide_index: Option<usize>,
    radius_km: f64,
) -> Option<ProximityChoice> {
    let point = nearest_point.map(|(distance_km, localization_index)| ProximityChoice {
        localization_index,
        distance_km: Some(distance_km),
        country_wide: false,
        score: point_proximity(distance_km, radius_km),
    });
    let country = country_wide_index.map(|localization_index| ProximityChoice {
        localization_index,
        distance_km: None,
        country_wide: true,
        score: COUNTRY_WIDE_PROXIMITY,
    });
    match (point, country) {
        (Some(point), Some(country)) => {
            let country_wins = country.score > point.score
                || (country.score == point.score && country.localization_index < point.localization_index);
            Some(if country_wins { country } else { point })
        }
        (point, country) => point.or(country),
    }
}

/// Result order: higher score first, then lower candidate id.
pub fn rank_order(a: (f64, i64), b: (f64, i64)) -> Ordering {
    b.0.total_cmp(&a.0).then(a.1.cmp(&b.1))
}

/// The score of a matching document credited through `choice`, as its hit's breakdown totals it;
/// `terms` are the query's keyword terms ([`crate::text::keyword_terms`] of its keywords,
/// analyzed once per query by the caller).
pub fn score(doc: &CandidateDoc, query: &SourcingQuery, terms: &[KeywordTerm], choice: &ProximityChoice) -> f64 {
    let keywords =
        (!terms.is_empty()).then(|| text_relevance(&TextTokens::of(&doc.text), text_word_count(&doc.text), terms));
    score_with(doc, &query.languages, &query.soft_skill_categories, choice, keywords)
}

/// [`score`] given the query's languages and soft-skill categories and the document's keyword
/// relevance (`None` without keywords), without building the explanation: what percolation
/// computes for each of the thousands of searches a document may start to match.
pub fn score_with(
    doc: &CandidateDoc,
    languages: &[LanguageRequirement],
    soft_skill_categories: &[u16],
    choice: &ProximityChoice,
    keywords: Option<f64>,
) -> f64 {
    total_score(
        language_score(&doc.languages, languages),
        soft_skill_score(&doc.soft_skills, soft_skill_categories),
        choice.score,
        keywords,
    )
}

/// The keyword relevance, for at least one keyword term, of a text analyzed as `tokens` and
/// `words` words long ([`text_word_count`]).
pub fn text_relevance(tokens: &TextTokens, words: u32, terms: &[KeywordTerm]) -> f64 {
    let occurrences: Vec<u32> = terms.iter().map(|term| tokens.occurrences(term)).collect();
    keyword_relevance(&occurrences, words)
}

/// The localization `choice` credits, as a hit's breakdown tells it.
pub fn proximity_detail(doc: &CandidateDoc, choice: &ProximityChoice) -> ProximityDetail {
    let place_id = match doc.localizations[choice.localization_index] {
        JobLocalization::Place { place_id, .. } => Some(place_id),
        JobLocalization::Country { .. } => None,
    };
    ProximityDetail {
        localization_index: choice.localization_index,
        place_id,
        distance_km: choice.distance_km,
        country_wide: choice.country_wide,
    }
}

/// The explanation of a match from the candidate's languages and soft-skill shares, the keyword
/// part of its explanation ([`keyword_explanation`]), its proximity and that proximity's score
/// (shared by the engine, the oracle and percolation).
pub fn breakdown_of(
    skills: &[LanguageSkill],
    shares: &[SoftSkillShare],
    (keywords, keyword_score): (Vec<KeywordCredit>, Option<f64>),
    query: &SourcingQuery,
    proximity: ProximityDetail,
    proximity_score: f64,
) -> Breakdown {
    Breakdown {
        keyword_score,
        keywords,
        proximity,
        languages: query
            .languages
            .iter()
            .map(|requirement| {
                let actual_level = candidate_language_level(skills, requirement.language);
                LanguageCredit {
                    language: requirement.language,
                    required_level: requirement.level,
                    actual_level,
                    credit: language_credit(requirement.level, actual_level),
                }
            })
            .collect(),
        soft_skills: query
            .soft_skill_categories
            .iter()
            .map(|&category| SoftSkillCredit { category, percent: candidate_soft_skill_percent(shares, category) })
            .collect(),
        language_score: language_score(skills, &query.languages),
        soft_skill_score: soft_skill_score(shares, &query.soft_skill_categories),
        proximity_score,
    }
}

/// The hit of a matching document, credited through `choice`: its score and the breakdown that
/// explains it (shared by the oracle and percolation, which both evaluate one document at a time).
pub fn hit(doc: &CandidateDoc, query: &SourcingQuery, terms: &[KeywordTerm], choice: &ProximityChoice) -> Hit {
    let breakdown = breakdown_of(
        &doc.languages,
        &doc.soft_skills,
        keyword_explanation_of_text(terms, &doc.text),
        query,
        proximity_detail(doc, choice),
        choice.score,
    );
    Hit { candidate_id: doc.candidate_id, score: breakdown.total_score(), breakdown }
}
