//! The sourcing engine: answers "which candidates fit this search, and why" from memory.
//!
//! The indexer feeds a [`Matcher`] with [`CandidateDoc`]s (a bulk [`Matcher::build`], then
//! [`Matcher::apply`] batches of [`Change`]s); the API asks it [`SourcingQuery`]s. This crate knows
//! nothing of HTTP or SQL.
//!
//! # Adding a criterion
//!
//! A criterion (a field of [`SourcingQuery`] and what it reads of a [`CandidateDoc`]) must be
//! taught to every place below, or searches, alerts and figures will disagree:
//! 1. the semantics in this page, and the brute-force [`oracle`] that implements them (its
//!    `matches_with` destructures the query without `..`: a new field does not compile until the
//!    oracle reads it or says why not);
//! 2. the engine: the hot filter copies and columns of [`segment`], the screening of
//!    `search/criteria.rs` (and, when it ranks, `semantics::score` and the [`Breakdown`]);
//! 3. the percolation gate (`percolation/evaluation.rs`), so alerts fire on the same rule;
//! 4. [`relaxation`], when a partner can loosen it one step: a [`Relaxation`] variant with its
//!    step and bounds (the counts' `get` and `get_mut` are exhaustive matches);
//! 5. the API: the request and its checks (`api/src/job_criteria`, `api/src/sourcing_searches`),
//!    the projection of the search document (`indexer/src/projection.rs`), the explanation of a
//!    hit, and the OpenAPI document (a test there compares its bounds with [`relaxation`]'s);
//! 6. the web app: the job-criteria rule set (its bounds generated from the OpenAPI document), the
//!    form field, the relax suggestion's words, both languages.
//!
//! The property tests compare the engine with the oracle on generated data; a criterion the
//! workload generator ([`workload`], feature `workload`) never varies is not tested by them.
//!
//! Soft-skill *categories* are what people call soft-skill *families* (the product's pages and
//! the spec's `/softskills/famille/{id}`); the code says `soft_skill_categories`, the API keeps the
//! spec's `softskills_categories`, and the web app's words say "families".
//!
//! # Semantics
//!
//! These rules define the result; [`oracle`] implements them by brute force and the property tests
//! check the engine against it.
//!
//! A candidate **matches** a query when all of these hold:
//! - it is `searchable`;
//! - the query's [`Audience`] admits it: it is findable by everyone and the audience includes
//!   everyone, or its school is one of the audience's schools (whether it chose everyone or its
//!   school's partners);
//! - when the query gives `restrict_to`, it is one of those candidates;
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
//! - proximity: for a point query, `1 - 0.5 (distance/radius)²` of the nearest matching place
//!   (smallest distance, then lowest localization index): 1 at the point, 0.5 on the radius; or
//!   0.25 through a whole-country localization of the query country, below every place in the
//!   circle, so that local people outrank those who would work anywhere; when a candidate has
//!   both, the place wins. For a country query every match scores 0.25, credited to the first
//!   localization in that country;
//! - keywords (when the query has any): each term's occurrences in the text (the words whose French
//!   stem is the term's, or whose English stem is, whichever are more; see [`text::TextTokens`])
//!   go through BM25's saturation and length normalization against a fixed reference length
//!   ([`semantics::keyword_relevance`]), averaged over the terms: a profile about the keyword ranks
//!   above a long one that mentions it once;
//! - criteria: `0.4 languages + 0.4 soft skills + 0.2 proximity` when the query requests both
//!   languages and soft skills, `0.8 requested one + 0.2 proximity` when it requests one,
//!   `proximity` when it requests neither;
//! - total: `100 * criteria`, or with keywords `100 * (0.65 criteria + 0.35 keywords)`.
//!
//! Hits are ordered by the query's [`SortOrder`]: by score, highest first, then by candidate id,
//! lowest first; or by the distance of the credited localization (the breakdown's
//! `proximity.distance_km`), nearest first, matches without a distance (credited to a whole-country
//! localization, or of a country query) after all the others, then by score and candidate id as
//! above. `offset` and `limit` select the page. Each hit carries a [`Breakdown`]. The result also
//! carries the `total` number of matches and [`RelaxCounts`]: for each [`Relaxation`] (radius ×2
//! up to the largest radius, start date +30 days, flexibility +3 months up to its maximum, minimum
//! degree −1 saturating at 0, and "any contract"), how many more candidates would match if only
//! that criterion were relaxed by that step (a restriction is never relaxed, so these count
//! restricted candidates only). A criterion already at its bound relaxes to itself and counts 0;
//! relaxing the radius never changes a country query.
//!
//! Stored but unsearchable candidates never match and are never counted.
//!
//! # Concurrency
//!
//! Readers search an immutable snapshot (an `Arc` taken under a read lock held only for the
//! clone); writers build the next snapshot on the side and swap the pointer. A snapshot is a list
//! of immutable runs (see [`runs`]): [`Matcher::apply`] adds one small run per batch, so a batch
//! costs the same however much changed before; off the write path, the owner runs
//! [`Matcher::merge_step`] (merges runs by size tiers) and [`Matcher::rebuild_step`] (rebuilds the
//! base once enough of it changed), which work side by side on different runs.
//!
//! # Structures and query plan
//!
//! See [`segment`] for the layout. Per segment a point query
//! 1. takes the shard of the query's job category (candidates renumbered spatially, one entry per
//!    place localization with a copy of the candidate's hot filter fields);
//! 2. asks the R-tree for the buckets whose boxes meet the sphere cap of the relaxed radius (for
//!    the radius relax count) and scans their entries: a branch-free pass over each bucket's
//!    chords and filter copies selects the entries worth a look, which get the exact screen, the
//!    exact great-circle distance when they match or their chord is borderline, and only then
//!    de-duplication by row (a per-row bitset and slot);
//! 3. adds the shard's whole-country candidates of the query country: those the circle met join
//!    their row's state, the others (most of them) are counted and ranked at once from the list's
//!    own copies of their filter fields and scoring records;
//! 4. counts the states' matches and one-step relaxations, fetches the scoring records of 32
//!    matches at a time (so that their cache misses overlap), scores them and keeps the top
//!    `offset+limit`.
//!
//! The page's hits are then explained from the columns; their keywords' occurrences are read
//! again from the postings (a seek per hit), so that no text is decompressed or analyzed.
//!
//! With keywords, the plan weighs the documents holding them (counted from tantivy's term
//! dictionaries) against the geo plan's entries. Rare keywords list their rows through tantivy
//! (the category's postings intersected with the keywords', driven by the shortest), evaluated one
//! by one from their own localizations. Otherwise the geo scan runs as without keywords, and the
//! candidates it would count are checked against the keywords' postings in row order (a row's
//! tantivy document is its offset in its range of rows, see [`text`]), which also reads how often
//! each keyword occurs for the relevance: the cost follows the candidates of the circle, not the
//! documents holding the keywords. A restriction lists its candidates' rows directly, evaluated one
//! by one when that costs less than the geo plan's entries, else a bitset checked in step 4. The
//! [`SearchPlan`] can be forced to compare plans; results never depend on it.
//!
//! ## Why this plan
//!
//! Geo first beats text first by almost two orders of magnitude on S1 (figures in `BENCHMARKS.md`,
//! "Engine design choices, measured"): a 10 km circle (20 km for the radius relax count) holds a
//! few percent of a category's candidates, while the category postings hold all of them and each
//! row then costs a random access. tantivy therefore serves keywords (and the category with them)
//! only, and the automatic plan weighs the listed rows against the circle's entries (see
//! `CIRCLE_ENTRIES_PER_ROW` in `search/mod.rs`). Every other filter is answered from the columns,
//! which every plan measured found faster, so tantivy indexes nothing else.
//!
//! The tail is popular categories at big cities, where the 20 km circle holds tens of thousands of
//! entries, and any popular-category query, which also reads the category's whole-country
//! candidates. Hence three choices, each measured side by side with the build before it:
//! whole-country candidates ranked straight from their list (with their own copies of the filter
//! fields and scoring records) instead of each paying a random slot access and a scoring-column
//! miss; the branch-free selection per bucket; scoring records fetched 32 at a time. Sorting each
//! bucket and country list by availability, to cut every range where `start date + 30 days` ends,
//! was tried and dropped: a binary search per bucket serialized its cache misses, and a counted cut
//! left the scan as it was.
//!
//! Layout choices the profile justified, in order of effect: scoring reads one [`segment`]-local
//! record per match instead of four lists (the lists' cache misses dominated the query); shard
//! entries carry exact unit vectors and a packed copy of the filter fields, so the scan stays in
//! the bucket's own memory and computes a great-circle distance only for matches and borderline
//! chords; rows are renumbered along a Morton curve so candidates of one area share cache lines.
//!
//! Parallelism: a query whose buckets hold at least [`PARALLEL_MIN_ENTRIES`] entries (the largest
//! cities' 20 km circles for popular categories) splits its scan and its scoring across the rayon
//! pool; smaller queries stay on one thread, where splitting cost more than it saved.

pub mod image;
pub mod model;
pub mod oracle;
pub mod percolation;
pub mod relaxation;
pub mod runs;
mod search;
mod segment;
pub mod semantics;
pub mod text;
#[cfg(feature = "workload")]
pub mod workload;

use std::collections::{BTreeMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError, RwLock};

pub use model::{
    Audience, Breakdown, CandidateDoc, Change, CountryCode, FindableBy, Hit, JobLocalization, KeywordCredit,
    LanguageCredit, LanguageRequirement, LanguageSkill, ProximityDetail, QueryLocalization, SearchResult,
    SoftSkillCredit, SoftSkillShare, SortOrder, SourcingQuery,
};
pub use percolation::{Match, Percolator};
pub use relaxation::{RelaxCounts, Relaxation};
pub use runs::MAX_RUNS;
pub use search::{KEYWORD_POSTINGS_PER_ENTRY, PARALLEL_MIN_ENTRIES, SearchOptions, SearchPlan};

use runs::{MergedRun, Run, Snapshot};
use search::{Ranked, SegmentView, breakdown, keyword_occurrences};
use segment::Segment;

/// The in-memory sourcing search engine. Cheap to share between threads (`&Matcher` is enough).
pub struct Matcher {
    current: RwLock<Arc<Snapshot>>,
    /// Serializes the publication of new states; readers never take it.
    writer: Mutex<()>,
    /// Runs that a merge in progress is rewriting (taken before `writer`, never after).
    claimed: Mutex<HashSet<u64>>,
    next_run_id: AtomicU64,
    /// Counts published states.
    version: AtomicU64,
    /// The threads base rebuilds run on: half the machine, so that a long rebuild never holds up
    /// the searches, batches and small merges queued on rayon's global pool.
    merge_threads: OnceLock<rayon::ThreadPool>,
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
        let mut snapshot = Snapshot { runs: vec![Run::new(0, Segment::build(last_per_candidate(docs)))] };
        snapshot.drop_empty_runs();
        Matcher {
            current: RwLock::new(Arc::new(snapshot)),
            writer: Mutex::new(()),
            claimed: Mutex::new(HashSet::new()),
            next_run_id: AtomicU64::new(1),
            version: AtomicU64::new(0),
            merge_threads: OnceLock::new(),
        }
    }

    fn snapshot(&self) -> Arc<Snapshot> {
        self.current.read().unwrap_or_else(PoisonError::into_inner).clone()
    }

    fn publish(&self, next: Snapshot) {
        *self.current.write().unwrap_or_else(PoisonError::into_inner) = Arc::new(next);
        self.version.fetch_add(1, Ordering::Release);
    }

    /// A number that grows with every state published (batch applied or runs merged): a caller
    /// waiting for a change need not look again while it stays the same.
    pub fn version(&self) -> u64 {
        self.version.load(Ordering::Acquire)
    }

    fn merge_threads(&self) -> &rayon::ThreadPool {
        self.merge_threads.get_or_init(|| {
            let threads = std::thread::available_parallelism().map_or(1, |cores| (cores.get() / 2).max(1));
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .thread_name(|index| format!("matcher-merge-{index}"))
                .build()
                .expect("the merge threads start")
        })
    }

    fn run_id(&self) -> u64 {
        self.next_run_id.fetch_add(1, Ordering::Relaxed)
    }

    /// Applies a batch of changes in order and publishes the result at once: a concurrent search
    /// sees either none or all of the batch. The cost grows with the batch, not with earlier
    /// changes; call [`Matcher::merge_step`] and [`Matcher::rebuild_step`] from background threads to
    /// keep the runs few (apply merges small runs by itself beyond [`MAX_RUNS`] runs).
    pub fn apply(&self, batch: Vec<Change>) {
        let too_many_runs = {
            let _writer = self.writer.lock().unwrap_or_else(PoisonError::into_inner);
            let mut next = (*self.snapshot()).clone();
            let mut latest: BTreeMap<i64, Option<CandidateDoc>> = BTreeMap::new();
            for change in batch {
                match change {
                    Change::Upsert(doc) => latest.insert(doc.candidate_id, Some(doc)),
                    Change::Remove(candidate_id) => latest.insert(candidate_id, None),
                };
            }
            for &candidate_id in latest.keys() {
                next.kill(candidate_id);
            }
            let upserts: Vec<CandidateDoc> = latest.into_values().flatten().collect();
            if !upserts.is_empty() {
                next.runs.push(Run::new(self.run_id(), Segment::build(upserts)));
            }
            next.drop_empty_runs();
            let too_many_runs = next.runs.len() > MAX_RUNS;
            self.publish(next);
            too_many_runs
        };
        if too_many_runs {
            // small merges only: a base rebuild in progress elsewhere keeps its runs
            while self.snapshot().runs.len() > MAX_RUNS && self.merge_step() {}
        }
    }

    /// Merges small runs of one size tier, if [`runs::tier_merge_plan`] asks for it, and returns
    /// whether it did. Searches, batches and a base rebuild ([`Matcher::rebuild_step`]) go on
    /// meanwhile: a merge claims its runs, and only installing the result takes the writer's lock.
    pub fn merge_step(&self) -> bool {
        self.merge_with(runs::tier_merge_plan, false)
    }

    /// Rebuilds the base with every other run, if [`runs::rebuild_plan`] says enough of it changed,
    /// and returns whether it did. Slow at scale (seconds per million documents): run it on its own
    /// thread, beside the one calling [`Matcher::merge_step`].
    pub fn rebuild_step(&self) -> bool {
        self.merge_with(runs::rebuild_plan, true)
    }

    /// Claims the runs `plan` picks among the unclaimed ones, merges them (on the merge threads when
    /// `long`, else on rayon's global pool like any short build) and installs the result.
    fn merge_with(&self, plan: impl FnOnce(&Snapshot, &HashSet<u64>) -> Option<Vec<u64>>, long: bool) -> bool {
        let chosen: Vec<Run> = {
            let mut claimed = self.claimed.lock().unwrap_or_else(PoisonError::into_inner);
            let snapshot = self.snapshot();
            let Some(ids) = plan(&snapshot, &claimed) else {
                return false;
            };
            claimed.extend(&ids);
            snapshot.runs.iter().filter(|run| ids.contains(&run.id)).cloned().collect()
        };
        let merged =
            if long { self.merge_threads().install(|| MergedRun::build(&chosen)) } else { MergedRun::build(&chosen) };
        let id = self.run_id();
        {
            let _writer = self.writer.lock().unwrap_or_else(PoisonError::into_inner);
            let mut next = (*self.snapshot()).clone();
            merged.install(id, &mut next);
            self.publish(next);
        }
        let mut claimed = self.claimed.lock().unwrap_or_else(PoisonError::into_inner);
        for run in &chosen {
            claimed.remove(&run.id);
        }
        true
    }

    /// Rebuilds every live document into one run now (except runs a concurrent merge holds).
    pub fn compact(&self) {
        self.merge_with(
            |snapshot, claimed| {
                let ids: Vec<u64> = snapshot.runs.iter().map(|run| run.id).filter(|id| !claimed.contains(id)).collect();
                (!ids.is_empty()).then_some(ids)
            },
            true,
        );
    }

    /// Number of runs searched per query (for the indexer's metrics and for tests).
    pub fn run_count(&self) -> usize {
        self.snapshot().runs.len()
    }

    /// An estimate of the bytes the current state holds (its segments' columns, geo shards and
    /// text indexes, and the runs' dead-row bitsets); cheap enough for every metrics scrape. States
    /// that searches or merges in progress still hold are not counted.
    pub fn heap_bytes(&self) -> usize {
        self.snapshot().runs.iter().map(|run| run.segment.heap_bytes() + run.dead.capacity() * 8).sum()
    }

    /// Number of stored documents, searchable or not.
    pub fn len(&self) -> usize {
        self.snapshot().live()
    }

    /// Whether no document is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The stored document of a candidate, exactly as last given.
    pub fn document(&self, candidate_id: i64) -> Option<CandidateDoc> {
        self.snapshot().document(candidate_id, true)
    }

    /// The stored document of a candidate with an empty text: what showing a hit needs, without
    /// copying the text (the largest part of a document).
    pub fn document_without_text(&self, candidate_id: i64) -> Option<CandidateDoc> {
        self.snapshot().document(candidate_id, false)
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
        let outcomes: Vec<_> = snapshot
            .runs
            .iter()
            .map(|run| {
                let view = SegmentView { segment: &run.segment, dead: Some(&run.dead) };
                (&*run.segment, view.search(query, &keywords, options))
            })
            .collect();

        let mut total = 0;
        let mut country_wide_total = 0;
        let mut relax = RelaxCounts::default();
        let mut ranked: Vec<(&Segment, Ranked)> = Vec::new();
        for (segment, outcome) in outcomes {
            total += outcome.total;
            country_wide_total += outcome.country_wide_total;
            relax.add(&outcome.relax);
            ranked.extend(outcome.top.into_iter().map(|kept| (segment, kept)));
        }
        ranked.sort_by_key(|&(_, kept)| kept);
        let page: Vec<(&Segment, Ranked)> = ranked.into_iter().skip(query.offset).take(query.limit).collect();
        let occurrences = keyword_occurrences(&page, &keywords);
        let hits = page
            .into_iter()
            .zip(occurrences)
            .map(|((segment, kept), occurrences)| Hit {
                candidate_id: kept.candidate_id,
                score: kept.score,
                breakdown: breakdown(&segment.columns, kept.row, query, (&keywords, &occurrences), &kept.choice),
            })
            .collect();
        SearchResult { total, country_wide_total, hits, relax }
    }
}
