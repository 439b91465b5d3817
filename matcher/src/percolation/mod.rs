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
//! that a query is evaluated only when its gate admits the document, mostly from its [`Hot`]
//! record (see [`evaluation`]) rather than the query itself. Each query so found is evaluated
//! exactly as the crate docs define a match (the property tests compare percolation with running
//! every query on the [`crate::oracle`]); a match comes with the [`Hit`] a search would return
//! for it, score and explanation included.
//!
//! A change of a document ([`Percolator::started_matching`]) evaluates only the queries the
//! change can concern: those listed for what the new document has and the old lacks, unless a
//! filter the index leaves out was loosened.

mod cells;
mod evaluation;

use std::cell::RefCell;

use rustc_hash::FxHashMap;

pub use cells::{CELL_DEGREES, MAX_CELLS};
use cells::{Cell, cell_of, circle_cells};
use evaluation::{Gate, Hot, Seen, contracts_told_apart};

use crate::model::{
    CandidateDoc, CountryCode, Hit, JobLocalization, ProximityDetail, QueryLocalization, SourcingQuery,
};
use crate::semantics::{ProximityChoice, hit, proximity_detail, rank_order, score};
use crate::text::{KeywordTerm, keyword_terms};

/// A saved query, compiled: its keyword terms analyzed once, and where the index lists it.
struct Compiled {
    id: i64,
    query: SourcingQuery,
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
    /// The [`Hot`] record of each entry, side by side (a removed entry's stays until reused).
    hot: Vec<Hot>,
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

impl Percolator {
    pub fn new() -> Percolator {
        Percolator::default()
    }

    /// The percolator over `queries`, keyed by the saved search's id.
    ///
    /// The queries are numbered (see [`Percolator`]) in the order of their category, country and
    /// cell, so that the queries a list holds lie side by side: a whole-country document reads
    /// thousands of them, and in that order the memory is read ahead of the evaluation rather
    /// than missed query by query.
    pub fn build(queries: impl IntoIterator<Item = (i64, SourcingQuery)>) -> Percolator {
        let mut queries: Vec<(i64, SourcingQuery)> = queries.into_iter().collect();
        queries.sort_by_cached_key(|(id, query)| {
            let (country, cell) = match query.localization {
                QueryLocalization::Point { lat, lng, country } => (country, Some(cell_of(lat, lng))),
                QueryLocalization::Country { country } => (country, None),
            };
            (query.job_category, country, cell, *id)
        });
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
        let slots = match query.localization {
            QueryLocalization::Point { lat, lng, country } => {
                let mut slots = match circle_cells(lat, lng, query.radius_km) {
                    Some(cells) => cells.into_iter().map(|cell| Slot::Cell(category, cell)).collect(),
                    None => vec![Slot::Wide(category)],
                };
                slots.push(Slot::CountryPoints(category, country));
                slots
            }
            QueryLocalization::Country { country } => vec![Slot::Country(category, country)],
        };
        let gate = Gate::of(&query);
        let terms = query.keywords.as_deref().map(keyword_terms).unwrap_or_default();
        let hot = Hot::of(id, &query, &terms);
        let entry = match self.free.pop() {
            Some(entry) => {
                self.hot[entry as usize] = hot;
                entry
            }
            None => {
                self.entries.push(None);
                self.hot.push(hot);
                (self.entries.len() - 1) as u32
            }
        };
        for slot in &slots {
            self.index.entry(*slot).or_default().push(Listing { entry, gate });
        }
        self.entries[entry as usize] = Some(Compiled { id, query, terms, slots });
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

    /// The query of a listed entry and its keyword terms: what its [`Hot`] record cannot tell.
    fn query_of(&self, entry: u32) -> (&SourcingQuery, &[KeywordTerm]) {
        let compiled = self.compiled(entry);
        (&compiled.query, &compiled.terms)
    }

    /// Whether `doc` matches the query listed (see [`Hot::evaluate`]), its gate tested first.
    fn evaluate_listed(&self, listing: Listing, doc: &CandidateDoc, seen: &mut Seen) -> Option<ProximityChoice> {
        if !listing.gate.admits(seen) {
            return None;
        }
        self.hot[listing.entry as usize].evaluate(doc, seen, || self.query_of(listing.entry))
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
            .filter_map(|listing| {
                let choice = self.evaluate_listed(listing, doc, &mut seen)?;
                Some((self.compiled(listing.entry), choice))
            })
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

    /// The queries the document matches now, best first (the order of a search's hits: score,
    /// then the oldest id): the job offers a candidate fits, as their dashboard lists them.
    pub fn ranked(&self, doc: &CandidateDoc) -> Vec<(i64, Hit)> {
        let mut found = self.percolate(doc);
        found.sort_by(|(a_id, a), (b_id, b)| rank_order((a.score, *a_id), (b.score, *b_id)));
        found
    }

    /// How many queries the document matches now, and the best `limit` of them as [`Self::ranked`]
    /// gives them. Only those get a hit's explanation: a candidate looking anywhere in the
    /// country may fit thousands of offers, of which a page shows a few.
    pub fn ranked_top(&self, doc: &CandidateDoc, limit: usize) -> (usize, Vec<(i64, Hit)>) {
        let mut scored: Vec<(f64, &Compiled, ProximityChoice)> = self
            .matching(doc)
            .into_iter()
            .map(|(compiled, choice)| (score(doc, &compiled.query, &compiled.terms, &choice), compiled, choice))
            .collect();
        let total = scored.len();
        let order = |a: &(f64, &Compiled, ProximityChoice), b: &(f64, &Compiled, ProximityChoice)| {
            rank_order((a.0, a.1.id), (b.0, b.1.id))
        };
        if limit < total {
            scored.select_nth_unstable_by(limit, order);
            scored.truncate(limit);
        }
        scored.sort_by(order);
        let best = scored
            .into_iter()
            .map(|(_, compiled, choice)| (compiled.id, hit(doc, &compiled.query, &compiled.terms, &choice)))
            .collect();
        (total, best)
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
                let choice = self.evaluate_listed(listing, after, &mut seen_after)?;
                if let Some((before, seen)) = &mut seen_before
                    && self.evaluate_listed(listing, before, seen).is_some()
                {
                    return None;
                }
                let hot = &self.hot[listing.entry as usize];
                Some(Match {
                    query_id: hot.id,
                    candidate_id: after.candidate_id,
                    score: hot.score(after, &mut seen_after, &choice, || self.query_of(listing.entry)),
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
/// it. Mirrors the filters of [`Hot::evaluate`]: a changed candidate id or text, a higher degree, an
/// earlier availability, a shorter minimum duration, an added contract type, a changed choice of
/// who finds them or school.
fn loosened(before: &CandidateDoc, after: &CandidateDoc) -> bool {
    !before.searchable
        || before.candidate_id != after.candidate_id
        || after.degree_level > before.degree_level
        || after.available_from < before.available_from
        || after.minimum_duration_months < before.minimum_duration_months
        || after.contract_types.iter().any(|contract| !before.contract_types.contains(contract))
        || after.text != before.text
        || after.findable_by != before.findable_by
        || after.school_id != before.school_id
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
        && before.findable_by == after.findable_by
        && before.school_id == after.school_id
        && contracts_told_apart(&before.contract_types)
}
