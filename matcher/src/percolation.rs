//! Percolation: the search turned around. Instead of one query against every document, one
//! changed document against every saved query, to tell which saved searches (with alerts) a
//! candidate matches now.
//!
//! The saved queries are compiled once and indexed so that a document is only tested against
//! queries it can match:
//! - by job category first (a document lists a few, a query names one);
//! - then, for a point query, by the grid cells of [`CELL_DEGREES`] its circle may touch: a place
//!   of the document looks up its own cell. A circle spanning more than [`MAX_CELLS`] cells (a
//!   radius of hundreds of kilometres) goes to its category's short list of wide queries instead;
//! - a whole-country localization of the document meets every point query of its category in
//!   that country, and any localization meets the country queries of its country.
//!
//! The lists carry each query's [`Gate`] (its date, duration, contract and degree filters), so
//! that a query is read only when its gate admits the document. Each query so found is evaluated
//! exactly as the crate docs define a match (the property tests compare percolation with running
//! every query on the [`crate::oracle`]); a match comes with the [`Hit`] a search would return
//! for it, score and explanation included.
//!
//! A change of a document ([`Percolator::started_matching`]) evaluates only the queries the
//! change can concern: those listed for what the new document has and the old lacks, unless a
//! filter the index leaves out was loosened.

use std::cell::RefCell;

use chrono::Datelike;
use rustc_hash::FxHashMap;

use crate::model::{
    CandidateDoc, CountryCode, Hit, JobLocalization, ProximityDetail, QueryLocalization, SourcingQuery,
};
use crate::semantics::{
    EARTH_RADIUS_KM, ProximityChoice, choose_proximity, great_circle_km, hit, proximity_detail, score, unit_vector,
};
use crate::text::{KeywordTerm, TextTokens, keyword_terms};

/// The side of a grid cell, in degrees of latitude and longitude (about 28 km by 19 km in France).
pub const CELL_DEGREES: f64 = 0.25;
/// A circle touching more cells than this is kept in its category's list of wide queries.
pub const MAX_CELLS: usize = 1024;
/// Cells around the globe in longitude.
const LONGITUDE_CELLS: i64 = (360.0 / CELL_DEGREES) as i64;

type Cell = (i32, i32);

/// A saved query, compiled: its unit-sphere centre and keyword terms computed once, and where
/// the index lists it.
struct Compiled {
    id: i64,
    query: SourcingQuery,
    center: Option<[f64; 3]>,
    terms: Vec<KeywordTerm>,
    slots: Vec<Slot>,
}

/// Where a query is listed in the index.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Slot {
    Cell(u16, Cell),
    Wide(u16),
    /// Point queries of a category in a country, for documents accepting the whole country.
    CountryPoints(u16, CountryCode),
    /// Country queries of a category.
    Country(u16, CountryCode),
}

/// Saved queries indexed for percolation. Not synchronized: the owner wraps it in a lock.
///
/// Queries live in numbered entries (reused after a removal) that the index lists, so that a
/// document met by several lists is de-duplicated with a bitset rather than a sort.
#[derive(Default)]
pub struct Percolator {
    entries: Vec<Option<Compiled>>,
    free: Vec<u32>,
    by_id: FxHashMap<i64, u32>,
    index: FxHashMap<Slot, Vec<Listing>>,
}

/// An entry as the index lists it: with its query's gate, read in the same pass over the list.
#[derive(Clone, Copy)]
struct Listing {
    entry: u32,
    gate: Gate,
}

/// A saved query a document matches: the query's id, the score and the localization credited,
/// as the hit of a search would give them.
#[derive(Clone, Debug, PartialEq)]
pub struct Match {
    pub query_id: i64,
    pub candidate_id: i64,
    /// 0–100.
    pub score: f64,
    pub proximity: ProximityDetail,
}

/// The cell of a point; longitudes wrap around.
fn cell_of(lat: f64, lng: f64) -> Cell {
    let row = (lat / CELL_DEGREES).floor() as i64;
    let column =
        ((lng / CELL_DEGREES).floor() as i64 + LONGITUDE_CELLS / 2).rem_euclid(LONGITUDE_CELLS) - LONGITUDE_CELLS / 2;
    (row as i32, column as i32)
}

/// The cells a circle may touch, or `None` when there are more than [`MAX_CELLS`] of them (or the
/// circle reaches a pole). The box is widened by a margin: a cell too many costs a test, a cell
/// too few would lose a match.
fn circle_cells(lat: f64, lng: f64, radius_km: f64) -> Option<Vec<Cell>> {
    let angle = radius_km.max(0.0) / EARTH_RADIUS_KM;
    let lat_half = angle.to_degrees() * 1.01 + 1e-6;
    let (south, north) = (lat - lat_half, lat + lat_half);
    if south <= -89.0 || north >= 89.0 || angle >= std::f64::consts::FRAC_PI_2 {
        return None;
    }
    // the widest longitude span of the cap is asin(sin(angle) / cos(latitude)) at the centre's
    // latitude; the latitude farthest from the equator in the box bounds it from above
    let farthest = south.abs().max(north.abs()).to_radians();
    let ratio = angle.sin() / farthest.cos();
    if ratio >= 1.0 {
        return None;
    }
    let lng_half = ratio.asin().to_degrees() * 1.01 + 1e-6;
    let rows = (south / CELL_DEGREES).floor() as i64..=(north / CELL_DEGREES).floor() as i64;
    let columns = ((lng - lng_half) / CELL_DEGREES).floor() as i64..=((lng + lng_half) / CELL_DEGREES).floor() as i64;
    let count = (rows.end() - rows.start() + 1) as usize * (columns.end() - columns.start() + 1) as usize;
    if count > MAX_CELLS || columns.end() - columns.start() + 1 >= LONGITUDE_CELLS {
        return None;
    }
    let mut cells = Vec::with_capacity(count);
    for row in rows {
        for column in columns.clone() {
            let column = (column + LONGITUDE_CELLS / 2).rem_euclid(LONGITUDE_CELLS) - LONGITUDE_CELLS / 2;
            cells.push((row as i32, column as i32));
        }
    }
    Some(cells)
}

impl Percolator {
    pub fn new() -> Percolator {
        Percolator::default()
    }

    /// The percolator over `queries`, keyed by the saved search's id.
    pub fn build(queries: impl IntoIterator<Item = (i64, SourcingQuery)>) -> Percolator {
        let mut percolator = Percolator::new();
        for (id, query) in queries {
            percolator.insert(id, query);
        }
        percolator
    }

    /// How many queries are held.
    pub fn len(&self) -> usize {
        self.by_id.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by_id.is_empty()
    }

    /// Adds the query `id`, or replaces it.
    pub fn insert(&mut self, id: i64, query: SourcingQuery) {
        self.remove(id);
        let category = query.job_category;
        let (center, slots) = match query.localization {
            QueryLocalization::Point { lat, lng, country } => {
                let mut slots = match circle_cells(lat, lng, query.radius_km) {
                    Some(cells) => cells.into_iter().map(|cell| Slot::Cell(category, cell)).collect(),
                    None => vec![Slot::Wide(category)],
                };
                slots.push(Slot::CountryPoints(category, country));
                (Some(unit_vector(lat, lng)), slots)
            }
            QueryLocalization::Country { country } => (None, vec![Slot::Country(category, country)]),
        };
        let gate = Gate::of(&query);
        let entry = self.free.pop().unwrap_or_else(|| {
            self.entries.push(None);
            (self.entries.len() - 1) as u32
        });
        for slot in &slots {
            self.index.entry(*slot).or_default().push(Listing { entry, gate });
        }
        let terms = query.keywords.as_deref().map(keyword_terms).unwrap_or_default();
        self.entries[entry as usize] = Some(Compiled { id, query, center, terms, slots });
        self.by_id.insert(id, entry);
    }

    /// Forgets the query `id` (nothing when unknown).
    pub fn remove(&mut self, id: i64) {
        let Some(entry) = self.by_id.remove(&id) else {
            return;
        };
        let compiled = self.entries[entry as usize].take().expect("a listed entry holds its query");
        for slot in compiled.slots {
            if let Some(entries) = self.index.get_mut(&slot) {
                entries.retain(|listing| listing.entry != entry);
                if entries.is_empty() {
                    self.index.remove(&slot);
                }
            }
        }
        self.free.push(entry);
    }

    /// The compiled query of a listed entry.
    fn compiled(&self, entry: u32) -> &Compiled {
        self.entries[entry as usize].as_ref().expect("a listed entry holds its query")
    }

    /// Whether `doc` matches the query listed (see [`evaluate`]), its gate tested first.
    fn evaluate_listed(
        &self,
        listing: Listing,
        doc: &CandidateDoc,
        seen: &mut Seen,
    ) -> Option<(&Compiled, ProximityChoice)> {
        if !listing.gate.admits(seen) {
            return None;
        }
        let compiled = self.compiled(listing.entry);
        evaluate(doc, compiled, seen).map(|choice| (compiled, choice))
    }

    /// The entries listed in the slots `visit_slots` visits whose gate `admits`, each once. The entries already met are marked in a bitset kept by the thread and
    /// unmarked after, so that a call costs what it lists, not the number of entries.
    fn listed(&self, admits: impl Fn(&Gate) -> bool, visit_slots: impl FnOnce(&mut dyn FnMut(Slot))) -> Vec<Listing> {
        MARKED.with(|cell| {
            let mut fresh = Vec::new();
            let mut borrowed = cell.try_borrow_mut();
            let marked: &mut Vec<u64> = match borrowed.as_deref_mut() {
                Ok(marked) => marked,
                // taken by a caller up the stack on this thread: a bitset of its own
                Err(_) => &mut fresh,
            };
            let words = self.entries.len().div_ceil(64);
            if marked.len() < words {
                marked.resize(words, 0);
            }
            let mut listings = Vec::new();
            visit_slots(&mut |slot| {
                for listing in self.index.get(&slot).map(Vec::as_slice).unwrap_or(&[]) {
                    let (word, bit) = (listing.entry as usize / 64, 1u64 << (listing.entry % 64));
                    if admits(&listing.gate) && marked[word] & bit == 0 {
                        marked[word] |= bit;
                        listings.push(*listing);
                    }
                }
            });
            for listing in &listings {
                marked[listing.entry as usize / 64] &= !(1u64 << (listing.entry % 64));
            }
            listings
        })
    }

    /// The queries the document matches, each with the localization credited, in id order.
    fn matching(&self, doc: &CandidateDoc) -> Vec<(&Compiled, ProximityChoice)> {
        if !doc.searchable {
            return Vec::new();
        }
        let mut seen = Seen::new(doc);
        let mut matching: Vec<(&Compiled, ProximityChoice)> = self
            .listed(|gate| gate.admits(&seen), |visit| visit_slots(None, doc, visit))
            .into_iter()
            .filter_map(|listing| self.evaluate_listed(listing, doc, &mut seen))
            .collect();
        matching.sort_unstable_by_key(|(compiled, _)| compiled.id);
        matching
    }

    /// The queries the document matches now, with the hit each would show for it, in id order.
    pub fn percolate(&self, doc: &CandidateDoc) -> Vec<(i64, Hit)> {
        self.matching(doc)
            .into_iter()
            .map(|(compiled, choice)| (compiled.id, hit(doc, &compiled.query, &compiled.terms, &choice)))
            .collect()
    }

    /// The queries `after` matches that `before` (the candidate's previous document, if any) did
    /// not: where the candidate starts to match, in query id order, with the score and the
    /// localization credited (the parts of a hit a notification tells).
    ///
    /// Only the queries the change can concern are evaluated: when no filter the index leaves
    /// out was loosened (see [`loosened`]), those listed for what `after` has and `before` lacks
    /// (see [`visit_slots`]); otherwise every query listed for `after`. Each is evaluated on
    /// `after`, and on `before` only when `after` matches it; when the change is all in the
    /// gated fields (see [`gated_change`]), a query is kept only when its gate admits `after`
    /// and not `before`, and `before` is not evaluated.
    pub fn started_matching(&self, before: Option<&CandidateDoc>, after: &CandidateDoc) -> Vec<Match> {
        if !after.searchable {
            return Vec::new();
        }
        let before = before.filter(|before| before.searchable);
        let since = before.filter(|before| !loosened(before, after));
        let gated_before = before.filter(|before| gated_change(before, after)).map(Seen::new);
        let mut seen_after = Seen::new(after);
        let mut seen_before = before.filter(|_| gated_before.is_none()).map(|before| (before, Seen::new(before)));
        let admits = |gate: &Gate| {
            gate.admits(&seen_after) && gated_before.as_ref().is_none_or(|seen_before| !gate.admits(seen_before))
        };
        let mut started: Vec<Match> = self
            .listed(admits, |visit| visit_slots(since, after, visit))
            .into_iter()
            .filter_map(|listing| {
                let (compiled, choice) = self.evaluate_listed(listing, after, &mut seen_after)?;
                if let Some((before, seen)) = &mut seen_before
                    && self.evaluate_listed(listing, before, seen).is_some()
                {
                    return None;
                }
                Some(Match {
                    query_id: compiled.id,
                    candidate_id: after.candidate_id,
                    score: score(after, &compiled.query, &compiled.terms, &choice),
                    proximity: proximity_detail(after, &choice),
                })
            })
            .collect();
        started.sort_unstable_by_key(|found| found.query_id);
        started
    }
}

thread_local! {
    /// The bitset of [`Percolator::listed`], all zero between calls.
    static MARKED: RefCell<Vec<u64>> = const { RefCell::new(Vec::new()) };
}

/// Visits the index's slots listing the queries `after` may match and, when `since` is given,
/// `since` did not: `since` must then agree with `after` on every filter but the places and job
/// categories, or differ only by narrowing them (see [`loosened`]).
///
/// A match needs the query's category among the document's and one of its localizations within
/// the query's reach, and a localization reaches a query whatever the others are. So a query
/// `after` matches and `since` does not either has a category `since` lacks (all of `after`'s
/// slots for that category), or is reached through a localization `since` lacks: the cell of a
/// new place (and the category's wide queries), the point queries of a country newly accepted
/// as a whole, the country queries of a country `since` had no localization in.
fn visit_slots(since: Option<&CandidateDoc>, after: &CandidateDoc, visit: &mut dyn FnMut(Slot)) {
    for (position, &category) in after.job_categories.iter().enumerate() {
        if after.job_categories[..position].contains(&category) {
            continue;
        }
        let kept = since.filter(|since| since.job_categories.contains(&category));
        let mut any_new_place = false;
        for (position, localization) in after.localizations.iter().enumerate() {
            if kept.is_some_and(|since| since.localizations.contains(localization)) {
                continue;
            }
            match *localization {
                JobLocalization::Place { lat, lng, .. } => {
                    any_new_place = true;
                    visit(Slot::Cell(category, cell_of(lat, lng)));
                }
                JobLocalization::Country { country } => visit(Slot::CountryPoints(category, country)),
            }
            let country = localization.country();
            let first_in_country = after.localizations[..position].iter().all(|earlier| earlier.country() != country);
            let new_country =
                kept.is_none_or(|since| since.localizations.iter().all(|earlier| earlier.country() != country));
            if first_in_country && new_country {
                visit(Slot::Country(category, country));
            }
        }
        if any_new_place {
            visit(Slot::Wide(category));
        }
    }
}

/// Whether a filter the index leaves out (all but the places and job categories) may hold for
/// `after` where it failed for `before`, which would let `after` start matching a query through
/// it. Mirrors the filters of [`evaluate`]: a changed candidate id or text, a higher degree, an
/// earlier availability, a shorter minimum duration, an added contract type.
fn loosened(before: &CandidateDoc, after: &CandidateDoc) -> bool {
    !before.searchable
        || before.candidate_id != after.candidate_id
        || after.degree_level > before.degree_level
        || after.available_from < before.available_from
        || after.minimum_duration_months < before.minimum_duration_months
        || after.contract_types.iter().any(|contract| !before.contract_types.contains(contract))
        || after.text != before.text
}

/// Whether `before` and `after` differ only in fields a [`Gate`] tests, and `before`'s contract
/// types have bits of their own: then the rest of a match (the candidate restriction, the job
/// category, the localization, the keywords) is the same for both, and a query `after` matches
/// is new exactly when its gate does not admit `before`.
fn gated_change(before: &CandidateDoc, after: &CandidateDoc) -> bool {
    before.candidate_id == after.candidate_id
        && before.job_categories == after.job_categories
        && before.localizations == after.localizations
        && before.text == after.text
        && before.contract_types.iter().all(|&contract| contract < SHARED_CONTRACT_BIT)
}

/// The contract types from this id on share the last bit of a [`Gate`]'s contracts.
const SHARED_CONTRACT_BIT: u16 = 31;

/// A query's filters that the index leaves out but for the candidate restriction and the
/// keywords, packed in 16 bytes and kept in the index's lists: a necessary condition of a match,
/// tested while a list is read, so that [`evaluate`] (which reads the query itself, a cache miss
/// among megabytes of queries) runs only on the queries it admits.
#[derive(Clone, Copy, Default)]
struct Gate {
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

impl Gate {
    fn of(query: &SourcingQuery) -> Gate {
        Gate {
            start_day: query.start_date.num_days_from_ce(),
            duration_limit: u32::from(query.duration_months) + u32::from(query.duration_flexibility_months),
            contracts: query.contract_types.iter().fold(0, |bits, &contract| bits | contract_bit(contract)),
            minimum_degree: query.minimum_degree,
        }
    }

    fn admits(&self, seen: &Seen) -> bool {
        seen.available_day <= self.start_day
            && seen.minimum_duration <= self.duration_limit
            && seen.contracts & self.contracts != 0
            && seen.degree >= self.minimum_degree
    }
}

/// What percolating one document computes once for every query it is tested against: the
/// fields its queries' gates test, the unit vectors of its places, and the words of its text
/// (analysed on first need).
struct Seen {
    available_day: i32,
    minimum_duration: u32,
    contracts: u32,
    degree: u8,
    units: Vec<Option<[f64; 3]>>,
    text: Option<TextTokens>,
}

impl Seen {
    fn new(doc: &CandidateDoc) -> Seen {
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
            degree: doc.degree_level,
            units,
            text: None,
        }
    }
}

/// Whether `doc` matches one query, and through which localization (the crate docs' definition).
/// A filter added here must be added to [`loosened`].
fn evaluate(doc: &CandidateDoc, compiled: &Compiled, seen: &mut Seen) -> Option<ProximityChoice> {
    let query = &compiled.query;
    let duration_limit = u32::from(query.duration_months) + u32::from(query.duration_flexibility_months);
    let filters_hold = query.restrict_to.as_ref().is_none_or(|allowed| allowed.contains(&doc.candidate_id))
        && doc.job_categories.contains(&query.job_category)
        && doc.degree_level >= query.minimum_degree
        && doc.available_from <= query.start_date
        && u32::from(doc.minimum_duration_months) <= duration_limit
        && doc.contract_types.iter().any(|contract| query.contract_types.contains(contract));
    if !filters_hold {
        return None;
    }
    let choice = match (&query.localization, compiled.center) {
        (QueryLocalization::Point { country, .. }, Some(center)) => {
            let mut nearest: Option<(f64, usize)> = None;
            let mut country_wide = None;
            for (index, (localization, unit)) in doc.localizations.iter().zip(&seen.units).enumerate() {
                match (localization, unit) {
                    (JobLocalization::Place { .. }, Some(unit)) => {
                        let distance = great_circle_km(*unit, center);
                        if distance <= query.radius_km && nearest.is_none_or(|(best, _)| distance < best) {
                            nearest = Some((distance, index));
                        }
                    }
                    (JobLocalization::Country { country: accepted }, _) => {
                        if accepted == country && country_wide.is_none() {
                            country_wide = Some(index);
                        }
                    }
                    (JobLocalization::Place { .. }, None) => unreachable!("a place has its unit vector"),
                }
            }
            choose_proximity(nearest, country_wide, query.radius_km)?
        }
        (QueryLocalization::Country { country }, _) => {
            let index = doc.localizations.iter().position(|localization| localization.country() == *country)?;
            choose_proximity(None, Some(index), query.radius_km)?
        }
        (QueryLocalization::Point { .. }, None) => unreachable!("a point query is compiled with its centre"),
    };
    if !compiled.terms.is_empty() {
        let tokens = seen.text.get_or_insert_with(|| TextTokens::of(&doc.text));
        if !compiled.terms.iter().all(|term| tokens.occurrences(term) > 0) {
            return None;
        }
    }
    Some(choice)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_wrap_around_the_antimeridian() {
        assert_eq!(cell_of(0.1, 179.9), cell_of(0.1, -180.1));
        let cells = circle_cells(0.0, 179.99, 10.0).unwrap();
        assert!(cells.contains(&cell_of(0.0, -179.99)));
    }

    #[test]
    fn a_huge_circle_is_a_wide_query() {
        assert!(circle_cells(45.0, 2.0, 10.0).is_some_and(|cells| cells.len() <= 4));
        assert!(circle_cells(45.0, 2.0, 3000.0).is_none());
        assert!(circle_cells(88.95, 2.0, 10.0).is_none());
    }
}
