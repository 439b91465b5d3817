//! Running a search on the matcher and presenting its hits as a partner may see them.
//!
//! The search itself is CPU work: it runs on the rayon pool through [`crate::engine`]. A hit shows the candidate's name, headline, the commune of the
//! matching localization (its centre, never an address), degree, languages, soft-skill
//! families, availability and contracts; never an email or a phone number. A blind-first
//! candidate's name is their initials, without the public profile's slug (which spells the name),
//! until they open up to the partner ([`crate::blind_first`]).

use std::collections::HashSet;

use chrono::NaiveDate;
use indexer::cards::CandidateCard;
use matcher::text::{KeywordTerm, keyword_terms};
use matcher::{
    Audience, Breakdown, CandidateDoc, Hit, JobLocalization, RelaxCounts, SearchResult, SourcingQuery, relaxation,
};
use serde::Serialize;

use super::keywords::{KeywordExplanation, keyword_explanations};
use crate::app::AppState;
use crate::blind_first::{self, shown_name};
use crate::error::Result;
use crate::geodata;
use crate::job_criteria::{List, ReferenceLists};
use crate::locale::Locale;
use crate::quotas::{self, QuotaKind};
use crate::sourcing_searches::audience::audience_of;
use crate::sourcing_searches::criteria::{Page, SearchCriteria, SortOrder};

/// One page of the live results of `criteria`, ranked and presented: what a search answers,
/// saved (`search`) or not. `partner_user_id` ran it: its first page is noted for the
/// candidates' visibility (see [`crate::search_demand`]).
pub async fn live_page<'a>(
    state: &'a AppState,
    locale: Locale,
    partner_user_id: i64,
    search: Option<&SavedSearch>,
    criteria: SearchCriteria,
    page: Page,
) -> Result<SearchResponse<'a>> {
    let subject = quotas::search_subject(&criteria);
    quotas::take(&state.db, partner_user_id, QuotaKind::Search, &subject).await?;
    let query = criteria.query(page, audience_of(&state.db, partner_user_id).await?);
    if page.offset == 0 {
        state.search_runs.record(partner_user_id, &query);
    }
    let result = state.engine.search(query).await?;
    present(state, locale, HitReader { partner_id: partner_user_id, search }, criteria, page, result, &[]).await
}

/// Whether the criteria find `candidate_id` now: one pass restricted to them, nothing ranked.
pub async fn finds(state: &AppState, partner_id: i64, criteria: &SearchCriteria, candidate_id: i64) -> Result<bool> {
    let audience = audience_of(&state.db, partner_id).await?;
    let query = SourcingQuery {
        restrict_to: Some([candidate_id].into_iter().collect()),
        ..criteria.query(Page::COUNTS_ONLY, audience)
    };
    Ok(state.engine.search(query).await?.total == 1)
}

/// A search's saved candidates (`saved`, in the order they were saved) split in two: those the
/// partner may still read (looking, and letting this partner find them), and those no longer
/// available, of whom the partner learns nothing more than that (see [`SearchResponse`]).
pub async fn available_saved_candidates(
    state: &AppState,
    partner_id: i64,
    saved: Vec<i64>,
) -> Result<(Vec<i64>, Vec<i64>, Audience)> {
    let audience = audience_of(&state.db, partner_id).await?;
    let (available, gone) =
        saved.into_iter().partition(|&id| {
            state.engine.matcher.document_without_text(id).is_some_and(|document| {
                document.searchable && audience.admits(document.findable_by, document.school_id)
            })
        });
    Ok((available, gone, audience))
}

/// A page of a search's saved candidates (`looking`, in the order they were saved, all available
/// to the partner): those who still match first, in the requested order and with their live
/// score, then the others in the order they were saved. Returns the matches of the page, with
/// `total` counting every one of `looking`, and the candidates of the page who no longer match.
/// One pass of the matcher, restricted to the saved candidates.
pub async fn saved_candidates_page(
    state: &AppState,
    audience: Audience,
    criteria: &SearchCriteria,
    page: Page,
    looking: &[i64],
) -> Result<(SearchResult, Vec<i64>)> {
    let query = SourcingQuery {
        restrict_to: Some(looking.iter().copied().collect()),
        ..criteria.query(Page { limit: looking.len(), offset: 0, sort: page.sort }, audience)
    };
    let mut matching = state.engine.search(query).await?;
    let matched: HashSet<i64> = matching.hits.iter().map(|hit| hit.candidate_id).collect();
    let hit_count = matching.hits.len();
    // the candidates who no longer match come after every match
    let unmatched = looking
        .iter()
        .copied()
        .filter(|id| !matched.contains(id))
        .skip(page.offset.saturating_sub(hit_count))
        .take(page.limit.saturating_sub(hit_count.saturating_sub(page.offset)))
        .collect();
    matching.hits = matching.hits.into_iter().skip(page.offset).take(page.limit).collect();
    matching.total = looking.len();
    Ok((matching, unmatched))
}

/// The relaxed values a suggestion applies: the criteria the relax counts counted with.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RelaxValues {
    radius: i16,
    start_at: NaiveDate,
    duration_flexibility: i16,
    degree: i16,
}

impl RelaxValues {
    fn of(criteria: &SearchCriteria) -> RelaxValues {
        let radius = relaxation::relaxed_radius_km(f64::from(criteria.job.radius));
        let flexibility = u16::try_from(criteria.duration_flexibility).unwrap_or_default();
        let degree = u8::try_from(criteria.job.degree).unwrap_or_default();
        RelaxValues {
            // a whole number of kilometres: the radius and the largest radius are
            radius: radius.round() as i16,
            start_at: relaxation::relaxed_start_date(criteria.job.start_at),
            duration_flexibility: relaxation::relaxed_duration_flexibility(flexibility) as i16,
            degree: i16::from(relaxation::relaxed_minimum_degree(degree)),
        }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Commune {
    name: &'static str,
    department: &'static str,
    lat: f64,
    lng: f64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Degree<'a> {
    level: u8,
    name: &'a str,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct LanguageView<'a> {
    id: u16,
    name: &'a str,
    flag: &'a str,
    level: u8,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ContractView<'a> {
    id: u16,
    name: &'a str,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CategoryShare<'a> {
    id: u16,
    name: &'a str,
    percent: u8,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CandidateView<'a> {
    id: i64,
    /// Initials ("C.") while `name_hidden`.
    firstname: String,
    lastname: String,
    /// The candidate chose blind first and has not opened up to this partner yet (accepted
    /// their contact request, applied to their offer): the names are initials, `slug` is null.
    name_hidden: bool,
    headline: Option<String>,
    /// The commune of the matching localization (a place the candidate wishes to work in);
    /// null for a country-wide match.
    commune: Option<Commune>,
    /// The commune the candidate lives in, as their profile shows it; null for a home abroad.
    home: Option<Commune>,
    degree: Option<Degree<'a>>,
    /// Highest level first.
    languages: Vec<LanguageView<'a>>,
    softskills_categories: Vec<CategoryShare<'a>>,
    /// As the candidate entered it; null means available now.
    availability: Option<NaiveDate>,
    contracts: Vec<ContractView<'a>>,
    /// The public profile's slug, when the candidate shares it.
    slug: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct LanguageExplanation<'a> {
    id: u16,
    name: &'a str,
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
pub struct Explanation<'a> {
    proximity: ProximityExplanation,
    languages: Vec<LanguageExplanation<'a>>,
    softskills: Vec<CategoryShare<'a>>,
    language_score: Option<f64>,
    softskill_score: Option<f64>,
    proximity_score: f64,
    /// One entry per keyword of the search, in its order (empty without keywords).
    keywords: Vec<KeywordExplanation>,
    /// 0 to 1: how much the profile is about the keywords; null without keywords.
    keyword_score: Option<f64>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct HitView<'a> {
    candidate: CandidateView<'a>,
    /// 0 to 100; null for a saved candidate who no longer matches.
    score: Option<f64>,
    breakdown: Option<Explanation<'a>>,
    saved: bool,
    /// The candidate started to match this saved search (with alerts) since the partner's
    /// previous visit.
    new: bool,
}

// Names from the reference lists are borrowed from the server's copy of them, not copied per hit.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SearchResponse<'a> {
    /// The saved search, or null for an ad-hoc one.
    id: Option<i64>,
    search: SearchCriteria,
    total: usize,
    /// Of `total`, the candidates who match only through a country-wide mobility (no
    /// localization within the radius): the map has no point for them.
    country_wide_total: usize,
    relax: RelaxCounts,
    relax_values: RelaxValues,
    limit: usize,
    offset: usize,
    sort: SortOrder,
    hits: Vec<HitView<'a>>,
    /// Of a search's saved candidates (`only_saved`), the ids of those no longer available to
    /// the partner: hidden, not looking any more, or gone. Nothing else of them is said; a save
    /// can still be removed. Empty for live results.
    no_longer_available: Vec<i64>,
}

impl SearchResponse<'_> {
    /// The response, telling which saved candidates are no longer available.
    pub fn with_no_longer_available(self, no_longer_available: Vec<i64>) -> Self {
        SearchResponse { no_longer_available, ..self }
    }
}

/// The commune a place id names (communes only; a department or region match shows none).
fn commune_of_place(place_id: u32) -> Option<Commune> {
    let commune = geodata::commune_by_place_id(place_id)?;
    Some(Commune { name: &commune.name, department: &commune.department, lat: commune.lat, lng: commune.lng })
}

/// The saved search a page of results belongs to.
pub struct SavedSearch {
    pub id: i64,
    /// The candidates the partner saved in it.
    pub saved_candidates: HashSet<i64>,
    /// The candidates who started to match it since the partner's previous visit.
    pub new_candidates: HashSet<i64>,
}

/// Who reads a page of hits: the partner, whose right to each name [`blind_first`] decides, and
/// the saved search the page belongs to, if any.
#[derive(Clone, Copy)]
pub struct HitReader<'s> {
    pub partner_id: i64,
    pub search: Option<&'s SavedSearch>,
}

/// One partner-visible view per hit, in the hits' order; saved candidates without a hit (who no
/// longer match) come after with no score.
///
/// Everything comes from memory (the matcher's documents, the indexer's [`CandidateCards`] and the
/// reference lists) but which of the page's candidates chose blind first: one indexed query per
/// page, as that depends on the partner and moves with every contact answered. A candidate
/// the matcher no longer holds (deactivated, or not looking for a job any more) is left out:
/// partners only ever see candidates who are looking, and a save is kept in case they look again.
///
/// [`CandidateCards`]: indexer::cards::CandidateCards
pub async fn present<'a>(
    state: &'a AppState,
    locale: Locale,
    reader: HitReader<'_>,
    criteria: SearchCriteria,
    page: Page,
    result: SearchResult,
    unmatched_candidates: &[i64],
) -> Result<SearchResponse<'a>> {
    let reference = state.reference_lists().await?;
    let search = reader.search;
    let mut hits: Vec<(i64, Option<&Hit>)> = result.hits.iter().map(|hit| (hit.candidate_id, Some(hit))).collect();
    hits.extend(
        unmatched_candidates
            .iter()
            .filter(|id| !result.hits.iter().any(|hit| hit.candidate_id == **id))
            .map(|&id| (id, None)),
    );
    let page_ids: Vec<i64> = hits.iter().map(|(id, _)| *id).collect();
    let blind = blind_first::blind_candidates(&state.db, reader.partner_id, &page_ids).await?;
    let views = {
        let cards = state.cards.read();
        let terms = criteria.keywords.as_deref().map(keyword_terms).unwrap_or_default();
        let view = HitPresenter { reference, locale, terms: &terms };
        hits.into_iter()
            .filter_map(|(id, hit)| {
                let card = cards.get(&id)?;
                let document = state.engine.matcher.document_without_text(id)?;
                let saved = search.is_some_and(|search| search.saved_candidates.contains(&id));
                let new = search.is_some_and(|search| search.new_candidates.contains(&id));
                let marks = HitMarks { saved, new, blind_first_name_shown: blind.get(&id).copied() };
                Some(view.hit(card, &document, hit, marks))
            })
            .collect()
    };
    let relax_values = RelaxValues::of(&criteria);
    Ok(SearchResponse {
        id: search.map(|search| search.id),
        search: criteria,
        total: result.total,
        country_wide_total: result.country_wide_total,
        relax: result.relax,
        relax_values,
        limit: page.limit,
        offset: page.offset,
        sort: page.sort,
        hits: views,
        no_longer_available: Vec::new(),
    })
}

/// A score as it is shown: 0 to 100, one decimal.
pub fn rounded_score(score: f64) -> f64 {
    (score * 10.0).round() / 10.0
}

/// The explanation of a match between a candidate and criteria without keywords (an offer's),
/// named in `locale`: what the candidate reads about an offer they fit, and the partner about an
/// applicant.
pub fn explain_without_keywords<'a>(
    reference: &'a ReferenceLists,
    locale: Locale,
    breakdown: &Breakdown,
) -> Explanation<'a> {
    HitPresenter { reference, locale, terms: &[] }.explanation(None, breakdown)
}

/// What the hit's view says beyond the candidate's card and document.
struct HitMarks {
    saved: bool,
    new: bool,
    /// For a blind-first candidate, whether the partner may see their name; `None` otherwise.
    blind_first_name_shown: Option<bool>,
}

/// Turns a candidate's card and document, and their hit, into what the partner sees.
struct HitPresenter<'a, 't> {
    reference: &'a ReferenceLists,
    locale: Locale,
    /// The search's keyword terms.
    terms: &'t [KeywordTerm],
}

impl<'a> HitPresenter<'a, '_> {
    fn name(&self, list: List, id: u16) -> &'a str {
        self.reference.name(list, id, self.locale)
    }

    fn category_share(&self, category: u16, percent: u8) -> CategoryShare<'a> {
        CategoryShare { id: category, name: self.name(List::SoftSkillCategories, category), percent }
    }

    fn hit(&self, card: &CandidateCard, document: &CandidateDoc, hit: Option<&Hit>, marks: HitMarks) -> HitView<'a> {
        let commune =
            hit.and_then(|hit| match document.localizations.get(hit.breakdown.proximity.localization_index)? {
                JobLocalization::Place { place_id, .. } => commune_of_place(*place_id),
                JobLocalization::Country { .. } => None,
            });
        let mut softskills_categories: Vec<CategoryShare<'a>> =
            document.soft_skills.iter().map(|share| self.category_share(share.category, share.percent)).collect();
        softskills_categories.sort_by(|a, b| b.percent.cmp(&a.percent).then(a.id.cmp(&b.id)));
        let mut languages: Vec<LanguageView<'a>> = document
            .languages
            .iter()
            .map(|skill| LanguageView {
                id: skill.language,
                name: self.name(List::Languages, skill.language),
                flag: self.reference.flag(skill.language),
                level: skill.level,
            })
            .collect();
        languages.sort_by(|a, b| b.level.cmp(&a.level).then(a.id.cmp(&b.id)));
        let contracts = document
            .contract_types
            .iter()
            .map(|&id| ContractView { id, name: self.name(List::ContractTypes, id) })
            .collect();
        let name_hidden = marks.blind_first_name_shown == Some(false);
        let (firstname, lastname) = shown_name(card.firstname.to_string(), card.lastname.to_string(), name_hidden);
        // a blind-first candidate's name is not in their keyword text, shown or not
        let name_in_text = marks.blind_first_name_shown.is_none();
        HitView {
            candidate: CandidateView {
                id: card.candidate_id,
                firstname,
                lastname,
                name_hidden,
                headline: card.headline.as_deref().map(str::to_owned),
                commune,
                home: card.home_place_id.and_then(commune_of_place),
                degree: card.degree_level.map(|level| Degree { level, name: self.name(List::Degrees, level.into()) }),
                languages,
                softskills_categories,
                availability: card.availability,
                contracts,
                slug: card.public_slug.as_deref().filter(|_| !name_hidden).map(str::to_owned),
            },
            score: hit.map(|hit| rounded_score(hit.score)),
            breakdown: hit.map(|hit| self.explanation(Some((card, name_in_text)), &hit.breakdown)),
            saved: marks.saved,
            new: marks.new,
        }
    }

    /// `card` tells where the keywords were found, with whether the name is part of the keyword
    /// text; without one (or without keywords) the explanation lists none.
    fn explanation(&self, card: Option<(&CandidateCard, bool)>, breakdown: &Breakdown) -> Explanation<'a> {
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
                    name: self.name(List::Languages, credit.language),
                    required: credit.required_level,
                    actual: credit.actual_level,
                    credit: credit.credit,
                })
                .collect(),
            softskills: breakdown
                .soft_skills
                .iter()
                .map(|credit| self.category_share(credit.category, credit.percent))
                .collect(),
            language_score: breakdown.language_score,
            softskill_score: breakdown.soft_skill_score,
            proximity_score: breakdown.proximity_score,
            keywords: card
                .map(|(card, name_in_text)| keyword_explanations(card, name_in_text, self.terms, &breakdown.keywords))
                .unwrap_or_default(),
            keyword_score: breakdown.keyword_score,
        }
    }
}
