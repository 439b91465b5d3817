//! Running a search on the matcher and presenting its hits as a partner may see them.
//!
//! The search itself is CPU work: it runs on the rayon pool, never on the async runtime's
//! threads, and a semaphore bounds how many run at once so that a burst queues instead of
//! oversubscribing the cores. A hit shows the candidate's name, headline, the commune of the
//! matching localization (its centre, never an address), degree, languages, soft-skill
//! families, availability and contracts; never an email or a phone number.

use std::collections::{HashMap, HashSet};

use chrono::{Duration, NaiveDate};
use indexer::place_ids::{PlaceKind, place_of_id};
use matcher::{Hit, JobLocalization, SearchResult, SourcingQuery};
use serde::Serialize;

use super::criteria::{Page, SearchCriteria, SortOrder};
use super::reference::List;
use crate::error::{Error, Result};
use crate::geodata;
use crate::http::AppState;
use crate::http::locale::Locale;

/// Runs `query` on the rayon pool and waits for the answer without blocking the runtime.
pub async fn run_on_matcher(state: &AppState, query: SourcingQuery) -> Result<SearchResult> {
    let _permit = state.search_permits.acquire().await.map_err(|error| Error::Internal(error.into()))?;
    let matcher = state.matcher.clone();
    let (sender, receiver) = tokio::sync::oneshot::channel();
    rayon::spawn(move || {
        let started = std::time::Instant::now();
        let result = matcher.search(&query);
        // with the request's latency (tower_http, debug), this gives what the handler adds
        tracing::debug!(engine_us = started.elapsed().as_micros() as u64, total = result.total, "matcher answered");
        let _ = sender.send(result);
    });
    receiver.await.map_err(|error| Error::Internal(error.into()))
}

/// Every match, best first (two passes: the first counts them).
pub async fn all_matches(state: &AppState, criteria: &SearchCriteria) -> Result<SearchResult> {
    let counted = run_on_matcher(state, criteria.query(0, 0)).await?;
    run_on_matcher(state, criteria.query(counted.total, 0)).await
}

/// The page of hits in the requested order, and the total.
pub async fn search_page(state: &AppState, criteria: &SearchCriteria, page: Page) -> Result<SearchResult> {
    match page.sort {
        SortOrder::Score => run_on_matcher(state, criteria.query(page.limit, page.offset)).await,
        SortOrder::Distance => {
            // the engine ranks by score: ordering by distance needs every match, then a page
            let mut everything = all_matches(state, criteria).await?;
            everything.hits.sort_by(|a, b| {
                let distance = |hit: &Hit| hit.breakdown.proximity.distance_km.unwrap_or(f64::INFINITY);
                distance(a)
                    .total_cmp(&distance(b))
                    .then(b.score.total_cmp(&a.score))
                    .then(a.candidate_id.cmp(&b.candidate_id))
            });
            everything.hits = everything.hits.into_iter().skip(page.offset).take(page.limit).collect();
            Ok(everything)
        }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RelaxView {
    /// More candidates with the radius doubled.
    radius: usize,
    /// More candidates available up to 30 days later.
    start_date: usize,
    /// More candidates with 3 more months of duration flexibility.
    duration_flexibility: usize,
    /// More candidates with one degree level less.
    degree: usize,
    /// More candidates accepting any contract.
    contracts: usize,
}

/// The relaxed values a suggestion applies.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RelaxValues {
    radius: i16,
    start_at: NaiveDate,
    duration_flexibility: i16,
    degree: i16,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Commune {
    name: String,
    department: String,
    lat: f64,
    lng: f64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Degree {
    level: i16,
    name: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CategoryShare {
    id: u16,
    name: String,
    percent: u8,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CandidateView {
    id: i64,
    firstname: String,
    lastname: String,
    headline: Option<String>,
    /// The commune of the matching localization; null for a country-wide match.
    commune: Option<Commune>,
    degree: Option<Degree>,
    /// `[{id, name, flag, level}]`
    #[schema(value_type = Object)]
    languages: serde_json::Value,
    softskills_categories: Vec<CategoryShare>,
    availability: Option<NaiveDate>,
    /// `[{id, name}]`
    #[schema(value_type = Object)]
    contracts: serde_json::Value,
    /// The public profile's slug, when the candidate shares it.
    slug: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct LanguageExplanation {
    id: u16,
    name: String,
    required: u8,
    actual: Option<u8>,
    credit: f64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ProximityExplanation {
    distance_km: Option<f64>,
    country_wide: bool,
    score: f64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Explanation {
    proximity: ProximityExplanation,
    languages: Vec<LanguageExplanation>,
    softskills: Vec<CategoryShare>,
    language_score: Option<f64>,
    softskill_score: Option<f64>,
    proximity_score: f64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct HitView {
    candidate: CandidateView,
    /// 0 to 100; null for a saved candidate who no longer matches.
    score: Option<f64>,
    breakdown: Option<Explanation>,
    saved: bool,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SearchResponse {
    /// The saved search, or null for an ad-hoc one.
    id: Option<i64>,
    search: SearchCriteria,
    total: usize,
    relax: RelaxView,
    relax_values: RelaxValues,
    limit: usize,
    offset: usize,
    sort: SortOrder,
    hits: Vec<HitView>,
}

/// The commune a place id names (communes only; a department or region match shows none).
fn commune_of_place(place_id: u32) -> Option<Commune> {
    let (PlaceKind::Commune, insee) = place_of_id(place_id)? else {
        return None;
    };
    let commune = geodata::commune_by_insee(&insee)?;
    Some(Commune {
        name: commune.name.clone(),
        department: commune.department.clone(),
        lat: commune.lat,
        lng: commune.lng,
    })
}

#[derive(sqlx::FromRow)]
struct CandidateRow {
    id: i64,
    firstname: String,
    lastname: String,
    headline: Option<String>,
    availability: Option<NaiveDate>,
    slug: Option<String>,
    degree_level: Option<i16>,
    degree_name: Option<String>,
    languages: serde_json::Value,
    contracts: serde_json::Value,
}

/// One partner-visible view per hit, in the hits' order; candidates without a hit (saved ones
/// who no longer match) come after with no score.
pub async fn present(
    state: &AppState,
    locale: Locale,
    search_id: Option<i64>,
    criteria: SearchCriteria,
    page: Page,
    result: SearchResult,
    unmatched_candidates: &[i64],
) -> Result<SearchResponse> {
    let mut ids: Vec<i64> = result.hits.iter().map(|hit| hit.candidate_id).collect();
    ids.extend(
        unmatched_candidates.iter().copied().filter(|id| !result.hits.iter().any(|hit| hit.candidate_id == *id)),
    );
    let rows: Vec<CandidateRow> = sqlx::query_as(
        "select c.user_id as id, u.firstname, u.lastname, c.headline, c.availability,
                case when c.is_public then c.slug end as slug,
                d.level as degree_level, label($2, d.label_fr, d.label_en) as degree_name,
                coalesce((select jsonb_agg(jsonb_build_object('id', l.id, 'name', label($2, l.label_fr, l.label_en),
                                  'flag', l.flag, 'level', cl.level) order by cl.level desc, l.id)
                          from candidate_languages cl join languages l on l.id = cl.language_id
                          where cl.candidate_id = c.user_id), '[]') as languages,
                coalesce((select jsonb_agg(jsonb_build_object('id', t.id, 'name', label($2, t.label_fr, t.label_en)) order by t.id)
                          from candidate_contract_types ct join contract_types t on t.id = ct.contract_type_id
                          where ct.candidate_id = c.user_id), '[]') as contracts
         from candidates c join users u on u.id = c.user_id left join degrees d on d.id = c.degree_id
         where c.user_id = any($1)",
    )
    .bind(&ids)
    .bind(locale.code())
    .fetch_all(&state.db)
    .await?;
    let mut rows: HashMap<i64, CandidateRow> = rows.into_iter().map(|row| (row.id, row)).collect();
    let saved: HashSet<i64> = match search_id {
        Some(search_id) => sqlx::query_scalar::<_, i64>(
            "select candidate_id from sourcing_saved_candidates where sourcing_search_id = $1 and candidate_id = any($2)",
        )
        .bind(search_id)
        .bind(&ids)
        .fetch_all(&state.db)
        .await?
        .into_iter()
        .collect(),
        None => HashSet::new(),
    };
    let reference = state.sourcing_reference().await?;
    let category_share = |category: u16, percent: u8| CategoryShare {
        id: category,
        name: reference.name(List::SoftSkillCategories, category, locale),
        percent,
    };

    let mut hits = Vec::with_capacity(ids.len());
    let scored: HashMap<i64, &Hit> = result.hits.iter().map(|hit| (hit.candidate_id, hit)).collect();
    for id in &ids {
        // a candidate deleted since the search ran is simply left out
        let Some(row) = rows.remove(id) else { continue };
        let document = state.matcher.document(*id);
        let hit = scored.get(id);
        let commune = hit.and_then(|hit| {
            let localization = document.as_ref()?.localizations.get(hit.breakdown.proximity.localization_index)?;
            match localization {
                JobLocalization::Place { place_id, .. } => commune_of_place(*place_id),
                JobLocalization::Country { .. } => None,
            }
        });
        let softskills_categories = document
            .as_ref()
            .map(|document| {
                let mut shares: Vec<CategoryShare> =
                    document.soft_skills.iter().map(|share| category_share(share.category, share.percent)).collect();
                shares.sort_by(|a, b| b.percent.cmp(&a.percent).then(a.id.cmp(&b.id)));
                shares
            })
            .unwrap_or_default();
        let breakdown = hit.map(|hit| {
            let breakdown = &hit.breakdown;
            Explanation {
                proximity: ProximityExplanation {
                    distance_km: breakdown.proximity.distance_km.map(|km| (km * 10.0).round() / 10.0),
                    country_wide: breakdown.proximity.country_wide,
                    score: breakdown.proximity_score,
                },
                languages: breakdown
                    .languages
                    .iter()
                    .map(|credit| LanguageExplanation {
                        id: credit.language,
                        name: reference.name(List::Languages, credit.language, locale),
                        required: credit.required_level,
                        actual: credit.actual_level,
                        credit: credit.credit,
                    })
                    .collect(),
                softskills: breakdown
                    .soft_skills
                    .iter()
                    .map(|credit| category_share(credit.category, credit.percent))
                    .collect(),
                language_score: breakdown.language_score,
                softskill_score: breakdown.soft_skill_score,
                proximity_score: breakdown.proximity_score,
            }
        });
        hits.push(HitView {
            candidate: CandidateView {
                id: row.id,
                firstname: row.firstname,
                lastname: row.lastname,
                headline: row.headline,
                commune,
                degree: row.degree_level.map(|level| Degree { level, name: row.degree_name.unwrap_or_default() }),
                languages: row.languages,
                softskills_categories,
                availability: row.availability,
                contracts: row.contracts,
                slug: row.slug,
            },
            score: hit.map(|hit| (hit.score * 10.0).round() / 10.0),
            breakdown,
            saved: saved.contains(id),
        });
    }
    let relax = RelaxView {
        radius: result.relax.radius_doubled,
        start_date: result.relax.start_date_plus_30_days,
        duration_flexibility: result.relax.flexibility_plus_3_months,
        degree: result.relax.degree_minus_one,
        contracts: result.relax.any_contract,
    };
    let relax_values = RelaxValues {
        radius: (criteria.radius * 2).min(super::criteria::MAX_RADIUS_KM),
        start_at: criteria.start_at + Duration::days(30),
        duration_flexibility: criteria.duration_flexibility + 3,
        degree: (criteria.degree - 1).max(0),
    };
    Ok(SearchResponse {
        id: search_id,
        search: criteria,
        total: result.total,
        relax,
        relax_values,
        limit: page.limit,
        offset: page.offset,
        sort: page.sort,
        hits,
    })
}
