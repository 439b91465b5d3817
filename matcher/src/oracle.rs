//! The brute-force reference: the semantics of the crate docs applied to every document in turn.
//!
//! It shares with the engine only the definitions of [`crate::semantics`] (distance, credits,
//! score formula, order) and the keyword analyzers; everything else (which candidates match, the
//! relax counts, the ordering and paging) it computes on its own, slowly and plainly.

use std::cmp::Ordering;

use crate::model::{CandidateDoc, JobLocalization, QueryLocalization, SearchResult, SortOrder, SourcingQuery};
use crate::relaxation::{RelaxCounts, Relaxation};
use crate::semantics::{ProximityChoice, choose_proximity, great_circle_km, hit, rank_order, score, unit_vector};
use crate::text::{KeywordTerm, TextTokens, keyword_terms};

/// Whether the document matches, and through which localization.
pub fn matches(doc: &CandidateDoc, query: &SourcingQuery) -> Option<ProximityChoice> {
    matches_with(doc, query, false)
}

/// [`matches`], optionally without the contract criterion ("any contract").
fn matches_with(doc: &CandidateDoc, query: &SourcingQuery, any_contract: bool) -> Option<ProximityChoice> {
    // every field named (see "Adding a criterion" in the crate docs): the ones that rank or page
    // are read by `score` and `search`, keywords below
    let SourcingQuery {
        job_category,
        contract_types,
        duration_months,
        start_date,
        localization: _,
        radius_km: _,
        minimum_degree,
        languages: _,
        soft_skill_categories: _,
        duration_flexibility_months,
        keywords: _,
        limit: _,
        offset: _,
        sort: _,
        restrict_to,
        audience,
    } = query;
    let duration_limit = u32::from(*duration_months) + u32::from(*duration_flexibility_months);
    let filters_hold = doc.searchable
        && audience.admits(doc.findable_by, doc.school_id)
        && restrict_to.as_ref().is_none_or(|allowed| allowed.contains(&doc.candidate_id))
        && doc.job_categories.contains(job_category)
        && (any_contract || doc.contract_types.iter().any(|contract| contract_types.contains(contract)))
        && doc.degree_level >= *minimum_degree
        && doc.available_from <= *start_date
        && u32::from(doc.minimum_duration_months) <= duration_limit;
    if !filters_hold {
        return None;
    }
    let choice = match &query.localization {
        QueryLocalization::Point { lat, lng, country } => {
            let center = unit_vector(*lat, *lng);
            let mut nearest: Option<(f64, usize)> = None;
            let mut country_wide = None;
            for (index, localization) in doc.localizations.iter().enumerate() {
                match localization {
                    JobLocalization::Place { lat, lng, .. } => {
                        let distance = great_circle_km(unit_vector(*lat, *lng), center);
                        if distance <= query.radius_km && nearest.is_none_or(|(best, _)| distance < best) {
                            nearest = Some((distance, index));
                        }
                    }
                    JobLocalization::Country { country: wanted } => {
                        if wanted == country && country_wide.is_none() {
                            country_wide = Some(index);
                        }
                    }
                }
            }
            choose_proximity(nearest, country_wide, query.radius_km)?
        }
        QueryLocalization::Country { country } => {
            let index = doc.localizations.iter().position(|localization| localization.country() == *country)?;
            choose_proximity(None, Some(index), query.radius_km)?
        }
    };
    let terms = query.keywords.as_deref().map(keyword_terms).unwrap_or_default();
    if !terms.is_empty() && !text_matches(&doc.text, &terms) {
        return None;
    }
    Some(choice)
}

fn text_matches(text: &str, terms: &[KeywordTerm]) -> bool {
    let tokens = TextTokens::of(text);
    terms.iter().all(|term| tokens.occurrences(term) > 0)
}

fn count_matches(docs: &[CandidateDoc], query: &SourcingQuery, any_contract: bool) -> usize {
    docs.iter().filter(|doc| matches_with(doc, query, any_contract).is_some()).count()
}

/// The search result over `docs` (one document per candidate id).
pub fn search(docs: &[CandidateDoc], query: &SourcingQuery) -> SearchResult {
    let terms = query.keywords.as_deref().map(keyword_terms).unwrap_or_default();
    let mut matched: Vec<(f64, &CandidateDoc, ProximityChoice)> = docs
        .iter()
        .filter_map(|doc| {
            let choice = matches(doc, query)?;
            Some((score(doc, query, &terms, &choice), doc, choice))
        })
        .collect();
    matched.sort_by(|a, b| {
        let by_distance = match query.sort {
            SortOrder::Score => Ordering::Equal,
            SortOrder::Distance => match (a.2.distance_km, b.2.distance_km) {
                (Some(a), Some(b)) => a.total_cmp(&b),
                (Some(_), None) => Ordering::Less,
                (None, Some(_)) => Ordering::Greater,
                (None, None) => Ordering::Equal,
            },
        };
        by_distance.then(rank_order((a.0, a.1.candidate_id), (b.0, b.1.candidate_id)))
    });
    let total = matched.len();
    let country_wide_total = matched.iter().filter(|(_, _, choice)| choice.country_wide).count();

    let mut relax = RelaxCounts::default();
    for relaxation in Relaxation::ALL {
        *relax.get_mut(relaxation) = match relaxation.relax(query) {
            Some(relaxed) => count_matches(docs, &relaxed, false) - total,
            None => count_matches(docs, query, true) - total,
        };
    }

    let hits = matched
        .into_iter()
        .skip(query.offset)
        .take(query.limit)
        .map(|(_, doc, choice)| hit(doc, query, &terms, &choice))
        .collect();
    SearchResult { total, country_wide_total, hits, relax }
}
