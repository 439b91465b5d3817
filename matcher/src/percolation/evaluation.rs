//! Evaluating one document against one listed query, fast: what a query's evaluation reads in the
//! common case is packed apart from the query itself.
//!
//! A whole-country document meets every point query of its categories in the country, thousands
//! of them, and most of those match. Evaluating and scoring each from the [`SourcingQuery`] read
//! its struct, then its contract types, languages and soft-skill categories, each a cache miss
//! of its own among megabytes of queries: most of the time of such a change. A [`Gate`] (in the
//! index's lists) and a [`Hot`] record (one per query, side by side) hold what a match of a
//! plain query needs, so that the query is read only for what they cannot tell (a candidate
//! restriction, keywords, contract ids the gate does not tell apart, long lists).

use chrono::Datelike;

use crate::model::{
    CandidateDoc, CountryCode, FindableBy, JobLocalization, LanguageRequirement, QueryLocalization, SourcingQuery,
};
use crate::semantics::{
    ProximityChoice, choose_proximity, chord_of_km, great_circle_km, score_with, text_relevance, unit_vector,
};
use crate::text::{KeywordTerm, TextTokens, text_word_count};

/// The contract types from this id on share the last bit of a [`Gate`]'s contracts.
const SHARED_CONTRACT_BIT: u16 = 31;

/// A query's filters that the index leaves out but for the candidate restriction and the
/// keywords, packed in 16 bytes and kept in the index's lists: a necessary condition of a match,
/// tested while a list is read, so that a query is evaluated only when its gate admits the
/// document. It is exact for the dates, durations and degrees, and for contract types below
/// [`SHARED_CONTRACT_BIT`].
#[derive(Clone, Copy, Default)]
pub(super) struct Gate {
    /// The latest availability accepted, in days from the common era.
    start_day: i32,
    /// The longest minimum duration accepted, in months.
    duration_limit: u32,
    /// The contract types, one bit each (the ids from [`SHARED_CONTRACT_BIT`] on share the last).
    contracts: u32,
    minimum_degree: u8,
}

/// The bit of a contract type in a [`Gate`].
fn contract_bit(contract: u16) -> u32 {
    1 << contract.min(SHARED_CONTRACT_BIT)
}

/// Whether every contract type has a [`Gate`] bit of its own.
pub(super) fn contracts_told_apart(contracts: &[u16]) -> bool {
    contracts.iter().all(|&contract| contract < SHARED_CONTRACT_BIT)
}

impl Gate {
    pub(super) fn of(query: &SourcingQuery) -> Gate {
        Gate {
            start_day: query.start_date.num_days_from_ce(),
            duration_limit: u32::from(query.duration_months) + u32::from(query.duration_flexibility_months),
            contracts: query.contract_types.iter().fold(0, |bits, &contract| bits | contract_bit(contract)),
            minimum_degree: query.minimum_degree,
        }
    }

    pub(super) fn admits(&self, seen: &Seen) -> bool {
        seen.available_day <= self.start_day
            && seen.minimum_duration <= self.duration_limit
            && seen.contracts & self.contracts != 0
            && seen.degree >= self.minimum_degree
    }
}

/// Up to `N` items kept inline.
#[derive(Clone, Copy)]
struct Inline<T: Copy + Default, const N: usize> {
    items: [T; N],
    len: u8,
}

impl<T: Copy + Default, const N: usize> Inline<T, N> {
    /// The items, or `None` when there are more than `N`.
    fn of(items: &[T]) -> Option<Self> {
        let mut inline = Inline { items: [T::default(); N], len: u8::try_from(items.len()).ok()? };
        inline.items.get_mut(..items.len())?.copy_from_slice(items);
        Some(inline)
    }

    fn as_slice(&self) -> &[T] {
        &self.items[..usize::from(self.len)]
    }
}

/// Where a query reaches: a point query's unit-sphere centre and country, or a country.
#[derive(Clone, Copy)]
enum Reach {
    Point { center: [f64; 3], country: CountryCode },
    Country(CountryCode),
}

/// What evaluating and scoring a query reads in the common case (see the module docs).
#[derive(Clone, Copy)]
pub(super) struct Hot {
    pub id: i64,
    job_category: u16,
    reach: Reach,
    radius_km: f64,
    /// The squared chord beyond which a place is surely outside the radius (with the margin the
    /// search's scan leaves), so that most places of a whole-country document, far from most of
    /// the queries it meets, are ruled out without a great-circle distance.
    surely_beyond_radius: f64,
    /// No candidate restriction and contract types the gate tells apart: once the gate admits a
    /// document whose contract types it tells apart too, only the category, the place and the
    /// keywords remain to test.
    gate_is_exact: bool,
    /// The audience is everyone and no school: a candidate is in it when findable by everyone.
    plain_audience: bool,
    has_keywords: bool,
    /// `None` when the query asks for more than fit inline.
    languages: Option<Inline<LanguageRequirement, 4>>,
    soft_skill_categories: Option<Inline<u16, 8>>,
}

impl Hot {
    pub(super) fn of(id: i64, query: &SourcingQuery, terms: &[KeywordTerm]) -> Hot {
        let reach = match query.localization {
            QueryLocalization::Point { lat, lng, country } => Reach::Point { center: unit_vector(lat, lng), country },
            QueryLocalization::Country { country } => Reach::Country(country),
        };
        Hot {
            id,
            job_category: query.job_category,
            reach,
            radius_km: query.radius_km,
            surely_beyond_radius: {
                let chord = chord_of_km(query.radius_km) * (1.0 + 1e-9);
                chord * chord + 1e-300
            },
            gate_is_exact: query.restrict_to.is_none() && contracts_told_apart(&query.contract_types),
            plain_audience: query.audience.everyone && query.audience.schools.is_empty(),
            has_keywords: !terms.is_empty(),
            languages: Inline::of(&query.languages),
            soft_skill_categories: Inline::of(&query.soft_skill_categories),
        }
    }

    /// Whether `doc`, whose [`Seen`] its gate admitted, matches, and through which localization
    /// (the crate docs' definition). `query` gives what the record cannot tell, read only then.
    /// A filter added here must be added to `loosened` (in the parent module).
    pub(super) fn evaluate<'q>(
        &self,
        doc: &CandidateDoc,
        seen: &mut Seen,
        query: impl Fn() -> (&'q SourcingQuery, &'q [KeywordTerm]),
    ) -> Option<ProximityChoice> {
        if !doc.job_categories.contains(&self.job_category) {
            return None;
        }
        let admitted = match self.plain_audience {
            true => doc.findable_by == FindableBy::Everyone,
            false => query().0.audience.admits(doc.findable_by, doc.school_id),
        };
        if !admitted {
            return None;
        }
        let gate_tells_the_filters = self.gate_is_exact && seen.contracts_told_apart;
        if !gate_tells_the_filters && !filters_hold(doc, query().0) {
            return None;
        }
        let choice = self.proximity(doc, seen)?;
        if self.has_keywords && !query().1.iter().all(|term| seen.tokens(doc).occurrences(term) > 0) {
            return None;
        }
        Some(choice)
    }

    /// The localization a match is credited through, if any reaches the query.
    fn proximity(&self, doc: &CandidateDoc, seen: &Seen) -> Option<ProximityChoice> {
        match self.reach {
            Reach::Point { center, country } => {
                let mut nearest: Option<(f64, usize)> = None;
                let mut country_wide = None;
                for (index, (localization, unit)) in doc.localizations.iter().zip(&seen.units).enumerate() {
                    match (localization, unit) {
                        (JobLocalization::Place { .. }, Some(unit)) => {
                            let (dx, dy, dz) = (unit[0] - center[0], unit[1] - center[1], unit[2] - center[2]);
                            if dx * dx + dy * dy + dz * dz > self.surely_beyond_radius {
                                continue;
                            }
                            let distance = great_circle_km(*unit, center);
                            if distance <= self.radius_km && nearest.is_none_or(|(best, _)| distance < best) {
                                nearest = Some((distance, index));
                            }
                        }
                        (JobLocalization::Country { country: accepted }, _) => {
                            if *accepted == country && country_wide.is_none() {
                                country_wide = Some(index);
                            }
                        }
                        (JobLocalization::Place { .. }, None) => unreachable!("a place has its unit vector"),
                    }
                }
                choose_proximity(nearest, country_wide, self.radius_km)
            }
            Reach::Country(country) => {
                let index = doc.localizations.iter().position(|localization| localization.country() == country)?;
                choose_proximity(None, Some(index), self.radius_km)
            }
        }
    }

    /// The score of a match (see [`crate::semantics::score`]); `query` as for [`Hot::evaluate`].
    pub(super) fn score<'q>(
        &self,
        doc: &CandidateDoc,
        seen: &mut Seen,
        choice: &ProximityChoice,
        query: impl FnOnce() -> (&'q SourcingQuery, &'q [KeywordTerm]),
    ) -> f64 {
        match (&self.languages, &self.soft_skill_categories, self.has_keywords) {
            (Some(languages), Some(categories), false) => {
                score_with(doc, languages.as_slice(), categories.as_slice(), choice, None)
            }
            _ => {
                let (query, terms) = query();
                let relevance = seen.relevance(doc, terms);
                score_with(doc, &query.languages, &query.soft_skill_categories, choice, relevance)
            }
        }
    }
}

/// The filters a [`Gate`] stands for, and the candidate restriction, read from the query.
fn filters_hold(doc: &CandidateDoc, query: &SourcingQuery) -> bool {
    let duration_limit = u32::from(query.duration_months) + u32::from(query.duration_flexibility_months);
    query.restrict_to.as_ref().is_none_or(|allowed| allowed.contains(&doc.candidate_id))
        && doc.degree_level >= query.minimum_degree
        && doc.available_from <= query.start_date
        && u32::from(doc.minimum_duration_months) <= duration_limit
        && doc.contract_types.iter().any(|contract| query.contract_types.contains(contract))
}

/// What percolating one document computes once for every query it is tested against: the
/// fields its queries' gates test, the unit vectors of its places, and the words of its text
/// (analysed on first need).
pub(super) struct Seen {
    available_day: i32,
    minimum_duration: u32,
    contracts: u32,
    contracts_told_apart: bool,
    degree: u8,
    units: Vec<Option<[f64; 3]>>,
    text: Option<TextTokens>,
}

impl Seen {
    pub(super) fn new(doc: &CandidateDoc) -> Seen {
        let units = doc
            .localizations
            .iter()
            .map(|localization| match *localization {
                JobLocalization::Place { lat, lng, .. } => Some(unit_vector(lat, lng)),
                JobLocalization::Country { .. } => None,
            })
            .collect();
        Seen {
            available_day: doc.available_from.num_days_from_ce(),
            minimum_duration: u32::from(doc.minimum_duration_months),
            contracts: doc.contract_types.iter().fold(0, |bits, &contract| bits | contract_bit(contract)),
            contracts_told_apart: contracts_told_apart(&doc.contract_types),
            degree: doc.degree_level,
            units,
            text: None,
        }
    }

    /// The words of the document's text, analyzed on first need.
    fn tokens(&mut self, doc: &CandidateDoc) -> &TextTokens {
        self.text.get_or_insert_with(|| TextTokens::of(&doc.text))
    }

    /// The document's keyword relevance for a query's terms (`None` without keywords).
    fn relevance(&mut self, doc: &CandidateDoc, terms: &[KeywordTerm]) -> Option<f64> {
        (!terms.is_empty()).then(|| {
            let words = text_word_count(&doc.text);
            text_relevance(self.tokens(doc), words, terms)
        })
    }
}
