//! The sourcing engine: answers "which candidates fit this search, and why" from memory.
//!
//! The indexer feeds a [`Matcher`] with [`CandidateDoc`]s (a bulk [`Matcher::build`], then
//! [`Matcher::apply`] batches of [`Change`]s); the API asks it [`SourcingQuery`]s. This crate knows
//! nothing of HTTP or SQL.
//!
//! # Semantics
//!
//! These rules define the result; [`oracle`] implements them by brute force and the property tests
//! check the engine against it.
//!
//! A candidate **matches** a query when all of these hold:
//! - it is `searchable`;
//! - it lists the query's `job_category`;
//! - it accepts at least one of the query's `contract_types`;
//! - `degree_level >= minimum_degree`;
//! - `available_from <= start_date`;
//! - `minimum_duration_months <= duration_months + duration_flexibility_months`;
//! - geo, for a point query: one of its place localizations lies within `radius_km` of the point
//!   (great-circle distance on a sphere of radius [`semantics::EARTH_RADIUS_KM`], a point exactly on
//!   the radius is inside), or it has a whole-country localization for the country of the query
//!   point; for a country query: any of its localizations (place or whole country) is in that country;
//! - with keywords: every keyword term matches its free text, a term matching when its French stem
//!   occurs among the French-analyzed words of the text or its English stem among the
//!   English-analyzed words (both analyzers lower-case and fold accents; see [`text`]). Keywords that
//!   analyze to no term do not filter.
//!
//! A candidate appears once, however many of its localizations match.
//!
//! **Score** (0–100). Matching parameters rank, they never filter:
//! - languages: each requested language scores 1 when the candidate's level (the highest listed for
//!   that language) meets the required level, level/required when lower, 0 when absent; averaged
//!   over the requested languages;
//! - soft skills: the candidate's percentage (the highest listed for the category, 0 when absent) in
//!   each requested category, as a fraction, averaged over the requested categories;
//! - proximity: for a point query, `1 - distance/radius` of the nearest matching place (smallest
//!   distance, then lowest localization index), or 0.5 through a whole-country localization of the
//!   query country; when a candidate has both, the higher credit wins and the lower localization
//!   index breaks a tie. For a country query every match scores 0.5, credited to the first
//!   localization in that country;
//! - total: `100 * (0.4 languages + 0.4 soft skills + 0.2 proximity)` when the query requests both
//!   languages and soft skills, `100 * (0.8 requested one + 0.2 proximity)` when it requests one,
//!   `100 * proximity` when it requests neither.
//!
//! Hits are ordered by score, highest first, then by candidate id, lowest first; `offset` and
//! `limit` select the page. Each hit carries a [`Breakdown`]. The result also carries the `total`
//! number of matches and [`RelaxCounts`]: for each of radius ×2, start date +30 days, flexibility
//! +3 months, minimum degree −1 (saturating at 0) and "any contract", how many more candidates would
//! match if only that criterion were relaxed by that step. Doubling the radius never changes a
//! country query.
//!
//! Stored but unsearchable candidates never match and are never counted.
//!
//! # Concurrency
//!
//! Readers search an immutable snapshot (an `Arc` taken under a read lock held only for the
//! clone); [`Matcher::apply`] builds the next snapshot on the side and swaps the pointer. A
//! snapshot is one large *base* segment built in bulk, a bitset of its rows that later changes
//! replaced or removed, and a small *delta* segment rebuilt from the changed documents at every
//! batch. When the delta outgrows [`compaction_threshold`] of the base, the batch rebuilds the base.
//!
//! # Structures and query plan
//!
//! See [`segment`] for the layout. Per segment a point query
//! 1. takes the shard of the query's job category (candidates renumbered spatially, one entry per
//!    place localization with a copy of the candidate's hot filter fields);
//! 2. asks the R-tree for the buckets whose boxes meet the sphere cap of twice the radius (twice,
//!    for the radius relax count) and scans their entries: a cheap f32 chord test, then the filter
//!    columns, then the exact great-circle distance, only then de-duplication by row;
//! 3. adds the shard's whole-country candidates of the query country;
//! 4. counts matches and one-step relaxations, scores the matches and keeps the top `offset+limit`.
//!
//! With keywords, tantivy first finds the category's candidates whose text matches; when they are
//! few they are evaluated one by one from their own localizations, otherwise they become a bitset
//! checked in step 4. The [`SearchPlan`] can be forced to compare plans; results never depend on it.
//!
//! ## Which plan won, measured
//!
//! On S1 at 1,000,000 candidates (200 queries, radius 10 km, top 20, one thread, this project's
//! 2-core machine while shared with other builds; see `BENCHMARKS.md`):
//!
//! | plan                                                  | mean     | p99      |
//! |-------------------------------------------------------|----------|----------|
//! | geo first: category shard, R-tree buckets, columns    | 0.52 ms  | 3.9 ms   |
//! | text first: tantivy category postings, then each row  | 18.0 ms  | 58.4 ms  |
//!
//! Geo first wins by ~35× on the mean: a 10 km circle (20 km for the radius relax count) holds a
//! few percent of a category's candidates, while the category postings hold all of them and each
//! row then costs a random access. tantivy therefore serves keywords (and the category with them)
//! only; with fewer than 20,000 keyword hits the rows are evaluated one by one, otherwise the hits
//! become a bitset and the geo plan runs. The other categorical fields are indexed in tantivy
//! but the columns answer them faster in every plan we measured.
//!
//! Layout choices that the profile justified, in order of effect: scoring reads one
//! [`segment`]-local record per match instead of four lists (the lists' cache misses were half the
//! query time); shard entries carry exact unit vectors and a packed copy of the filter fields, so
//! the scan stays in the bucket's own memory and computes a great-circle distance only for matches
//! and borderline chords (~2.5× on the mean together with branch-free screening); rows are renumbered
//! along a Morton curve so candidates of one area share cache lines.
//!
//! Parallelism: a query whose buckets hold at least [`PARALLEL_MIN_ENTRIES`] entries (the largest
//! cities' 20 km circles for popular categories) splits its scan and its scoring across the rayon
//! pool; smaller queries stay on one thread, where splitting cost more than it saved.

pub mod model;
pub mod oracle;
mod search;
mod segment;
pub mod semantics;
pub mod text;
#[cfg(feature = "workload")]
pub mod workload;

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError, RwLock};

pub use model::{
    Breakdown, CandidateDoc, Change, CountryCode, Hit, JobLocalization, LanguageCredit, LanguageRequirement,
    LanguageSkill, ProximityDetail, QueryLocalization, RelaxCounts, SearchResult, SoftSkillCredit, SoftSkillShare,
    SourcingQuery,
};
pub use search::{PARALLEL_MIN_ENTRIES, SearchOptions, SearchPlan};

use search::{Ranked, SegmentView, breakdown};
use segment::Segment;
use semantics::rank_order;

/// The delta size (in documents) above which a batch rebuilds the base segment.
pub fn compaction_threshold(base_len: usize) -> usize {
    (base_len / 64).max(1024)
}

/// One immutable state of the matcher.
struct Snapshot {
    base: Arc<Segment>,
    /// Rows of `base` replaced or removed since it was built.
    base_dead: Arc<Vec<u64>>,
    base_live: usize,
    delta: Option<Arc<Segment>>,
    delta_docs: Arc<BTreeMap<i64, CandidateDoc>>,
}

impl Snapshot {
    fn with_base(docs: Vec<CandidateDoc>) -> Snapshot {
        let base = Segment::build(docs);
        let rows = base.columns.candidate_ids.len();
        Snapshot {
            base: Arc::new(base),
            base_dead: Arc::new(vec![0; rows.div_ceil(64)]),
            base_live: rows,
            delta: None,
            delta_docs: Arc::new(BTreeMap::new()),
        }
    }

    /// A snapshot whose base holds the live rows of `base` and the delta documents.
    fn compacted(base: &Segment, dead: &[u64], delta_docs: BTreeMap<i64, CandidateDoc>) -> Snapshot {
        let mut docs: Vec<CandidateDoc> = (0..base.columns.candidate_ids.len() as u32)
            .filter(|&row| dead[row as usize / 64] >> (row % 64) & 1 == 0)
            .map(|row| base.columns.document(row))
            .collect();
        docs.extend(delta_docs.into_values());
        Snapshot::with_base(docs)
    }

    fn base_row(&self, candidate_id: i64) -> Option<u32> {
        self.base.columns.row_of(candidate_id).filter(|&row| self.base_dead[row as usize / 64] >> (row % 64) & 1 == 0)
    }
}

/// The in-memory sourcing search engine. Cheap to share between threads (`&Matcher` is enough).
pub struct Matcher {
    current: RwLock<Arc<Snapshot>>,
    /// Serializes writers; readers never take it.
    writer: Mutex<()>,
}

impl Default for Matcher {
    fn default() -> Self {
        Matcher::new()
    }
}

/// Keeps the last document of each candidate id.
fn last_per_candidate(docs: Vec<CandidateDoc>) -> Vec<CandidateDoc> {
    let mut by_id = BTreeMap::new();
    let mut duplicates = false;
    let count = docs.len();
    for (position, doc) in docs.iter().enumerate() {
        duplicates |= by_id.insert(doc.candidate_id, position).is_some();
    }
    if !duplicates {
        return docs;
    }
    let keep: Vec<bool> = {
        let mut keep = vec![false; count];
        for &position in by_id.values() {
            keep[position] = true;
        }
        keep
    };
    docs.into_iter().zip(keep).filter_map(|(doc, keep)| keep.then_some(doc)).collect()
}

impl Matcher {
    /// An empty matcher.
    pub fn new() -> Matcher {
        Matcher::build(Vec::new())
    }

    /// A matcher over the documents; of documents sharing a candidate id the last one wins.
    pub fn build(docs: Vec<CandidateDoc>) -> Matcher {
        Matcher {
            current: RwLock::new(Arc::new(Snapshot::with_base(last_per_candidate(docs)))),
            writer: Mutex::new(()),
        }
    }

    fn snapshot(&self) -> Arc<Snapshot> {
        self.current.read().unwrap_or_else(PoisonError::into_inner).clone()
    }

    /// Applies a batch of changes in order and publishes the result at once: a concurrent search
    /// sees either none or all of the batch.
    pub fn apply(&self, batch: Vec<Change>) {
        let _writer = self.writer.lock().unwrap_or_else(PoisonError::into_inner);
        let old = self.snapshot();
        let mut dead = (*old.base_dead).clone();
        let mut base_live = old.base_live;
        let mut delta_docs = (*old.delta_docs).clone();
        for change in batch {
            let candidate_id = match &change {
                Change::Upsert(doc) => doc.candidate_id,
                Change::Remove(candidate_id) => *candidate_id,
            };
            if let Some(row) = old.base.columns.row_of(candidate_id) {
                let word = &mut dead[row as usize / 64];
                if *word >> (row % 64) & 1 == 0 {
                    *word |= 1 << (row % 64);
                    base_live -= 1;
                }
            }
            match change {
                Change::Upsert(doc) => {
                    delta_docs.insert(candidate_id, doc);
                }
                Change::Remove(_) => {
                    delta_docs.remove(&candidate_id);
                }
            }
        }

        let next = if delta_docs.len() > compaction_threshold(base_live) {
            Snapshot::compacted(&old.base, &dead, delta_docs)
        } else {
            let delta =
                (!delta_docs.is_empty()).then(|| Arc::new(Segment::build(delta_docs.values().cloned().collect())));
            Snapshot {
                base: old.base.clone(),
                base_dead: Arc::new(dead),
                base_live,
                delta,
                delta_docs: Arc::new(delta_docs),
            }
        };
        *self.current.write().unwrap_or_else(PoisonError::into_inner) = Arc::new(next);
    }

    /// Rebuilds the base segment from every live document now, emptying the delta. `apply` does
    /// this by itself when the delta grows large; the indexer may call it after a long catch-up.
    pub fn compact(&self) {
        let _writer = self.writer.lock().unwrap_or_else(PoisonError::into_inner);
        let old = self.snapshot();
        let next = Snapshot::compacted(&old.base, &old.base_dead, (*old.delta_docs).clone());
        *self.current.write().unwrap_or_else(PoisonError::into_inner) = Arc::new(next);
    }

    /// Number of stored documents, searchable or not.
    pub fn len(&self) -> usize {
        let snapshot = self.snapshot();
        snapshot.base_live + snapshot.delta_docs.len()
    }

    /// Whether no document is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The stored document of a candidate, exactly as last given.
    pub fn document(&self, candidate_id: i64) -> Option<CandidateDoc> {
        let snapshot = self.snapshot();
        if let Some(doc) = snapshot.delta_docs.get(&candidate_id) {
            return Some(doc.clone());
        }
        snapshot.base_row(candidate_id).map(|row| snapshot.base.columns.document(row))
    }

    /// Runs a sourcing search with the automatic plan.
    pub fn search(&self, query: &SourcingQuery) -> SearchResult {
        self.search_with_plan(query, SearchPlan::Auto)
    }

    /// Runs a sourcing search with a given plan (for measurements and tests; results are the same).
    pub fn search_with_plan(&self, query: &SourcingQuery, plan: SearchPlan) -> SearchResult {
        self.search_with(query, SearchOptions { plan, ..SearchOptions::default() })
    }

    /// Runs a sourcing search with given options (for measurements and tests; results are the same).
    pub fn search_with(&self, query: &SourcingQuery, options: SearchOptions) -> SearchResult {
        let snapshot = self.snapshot();
        let keywords = query.keywords.as_deref().map(text::keyword_terms).unwrap_or_default();
        let base_view = SegmentView { segment: &snapshot.base, dead: Some(&snapshot.base_dead) };
        let mut outcomes = vec![(&*snapshot.base, base_view.search(query, &keywords, options))];
        if let Some(delta) = &snapshot.delta {
            let delta_view = SegmentView { segment: delta, dead: None };
            outcomes.push((&**delta, delta_view.search(query, &keywords, options)));
        }

        let mut total = 0;
        let mut relax = RelaxCounts::default();
        let mut ranked: Vec<(&Segment, Ranked)> = Vec::new();
        for (segment, outcome) in outcomes {
            total += outcome.total;
            relax.radius_doubled += outcome.relax.radius_doubled;
            relax.start_date_plus_30_days += outcome.relax.start_date_plus_30_days;
            relax.flexibility_plus_3_months += outcome.relax.flexibility_plus_3_months;
            relax.degree_minus_one += outcome.relax.degree_minus_one;
            relax.any_contract += outcome.relax.any_contract;
            ranked.extend(outcome.top.into_iter().map(|kept| (segment, kept)));
        }
        ranked.sort_by(|(_, a), (_, b)| rank_order((a.score, a.candidate_id), (b.score, b.candidate_id)));
        let hits = ranked
            .into_iter()
            .skip(query.offset)
            .take(query.limit)
            .map(|(segment, kept)| Hit {
                candidate_id: kept.candidate_id,
                score: kept.score,
                breakdown: breakdown(&segment.columns, kept.row, query, &kept.choice),
            })
            .collect();
        SearchResult { total, hits, relax }
    }
}
