//! Running a sourcing query over one segment: choosing the plan (the geo scan, or the listed rows
//! one by one), running it and folding the per-thread parts together. The jobs live in their own
//! modules: [`criteria`] screens a candidate's filters, [`scan`] collects what each candidate
//! met, [`ranking`] counts, scores and keeps the top of the matches.

mod criteria;
mod ranking;
mod scan;

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::model::{QueryLocalization, SourcingQuery};
use crate::relaxation::RelaxCounts;
use crate::segment::{CategoryShard, Segment};
use crate::text::{KeywordTerm, TextFilter, TextRows};

use criteria::Criteria;
pub(crate) use ranking::{Ranked, breakdown};
use ranking::{Tally, merge_outcomes};
use scan::{Geometry, RowState, circle_buckets, with_scratch};

/// How candidates are generated. The results never depend on it, only the time taken.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum SearchPlan {
    /// The plan chosen by measurement (see the crate docs).
    #[default]
    Auto,
    /// R-tree buckets of the category shard first, then the columns; the keywords (through
    /// tantivy) and the restriction as a row set checked last.
    GeoFirst,
    /// tantivy first (category and keywords), then each returned candidate (of the restriction, if
    /// any) from its own localizations.
    TextFirst,
}

/// How a search runs. The results never depend on it, only the time taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchOptions {
    pub plan: SearchPlan,
    /// The geo scan and the scoring split across the rayon pool when the candidate buckets hold
    /// at least this many entries (and the pool has more than one thread).
    pub parallel_min_entries: usize,
}

/// Below this many entries to scan, splitting the work costs more than it saves (see the crate docs).
pub const PARALLEL_MIN_ENTRIES: usize = 150_000;

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions { plan: SearchPlan::Auto, parallel_min_entries: PARALLEL_MIN_ENTRIES }
    }
}

/// What evaluating one listed row (a keyword hit, a candidate of the restriction) alone costs, in
/// entries of a circle's buckets or whole-country list: those are screened in place from their own
/// copies, while a row alone pays random accesses to its columns and localizations. The automatic
/// plan evaluates listed rows one by one when they cost less than the geo plan's entries. Measured
/// on S1 with one keyword per query (`sourcing-bench --keywords`): 4, 8 and 16 gave the same times,
/// 1 and 2 doubled the p99. A country query's list is screened row by row too, so there one hit
/// costs one entry (reasoned; S1 has no country queries).
const CIRCLE_ENTRIES_PER_ROW: usize = 4;

/// The outcome of a query on one segment.
pub(crate) struct SegmentOutcome {
    pub total: usize,
    /// Of `total`, the matches through a country-wide localization only.
    pub country_wide_total: usize,
    pub relax: RelaxCounts,
    /// The best `offset + limit` matches, best first.
    pub top: Vec<Ranked>,
}

/// One segment as seen by a query: rows marked dead were replaced or removed by later changes.
pub(crate) struct SegmentView<'a> {
    pub segment: &'a Segment,
    pub dead: Option<&'a [u64]>,
}

/// Whether the plan evaluates the listed rows one by one (each from its own localizations)
/// rather than scanning the geo plan's entries: forced, or when that costs less.
fn rows_one_by_one(
    plan: SearchPlan,
    listed_rows: Option<usize>,
    query: &SourcingQuery,
    shard: &CategoryShard,
    has_geometry: bool,
    bucket_entries: usize,
) -> bool {
    let listed_rows = match (plan, listed_rows) {
        (SearchPlan::TextFirst, _) => return true,
        (SearchPlan::GeoFirst, _) | (SearchPlan::Auto, None) => return false,
        (SearchPlan::Auto, Some(listed_rows)) => listed_rows,
    };
    let (geo_entries, row_cost) = match (&query.localization, has_geometry) {
        (QueryLocalization::Point { country, .. }, true) => {
            let country_wide = shard.country_wide.get(country).map_or(0, |list| list.rows.len());
            (bucket_entries + country_wide, CIRCLE_ENTRIES_PER_ROW)
        }
        (QueryLocalization::Country { country }, _) => (shard.country_any.get(country).map_or(0, Vec::len), 1),
        (QueryLocalization::Point { .. }, false) => unreachable!("a point query has a geometry"),
    };
    listed_rows * row_cost <= geo_entries
}

/// A bitset of `rows` bits with the listed rows set.
fn bitset(listed_rows: &[u32], rows: usize) -> Vec<u64> {
    let mut bits = vec![0u64; rows.div_ceil(64)];
    for &row in listed_rows {
        bits[row as usize / 64] |= 1 << (row % 64);
    }
    bits
}

#[inline]
fn bit_is_set(bits: &[u64], row: u32) -> bool {
    bits.get(row as usize / 64).is_some_and(|word| word >> (row % 64) & 1 == 1)
}

impl SegmentView<'_> {
    pub(crate) fn search(
        &self,
        query: &SourcingQuery,
        keywords: &[KeywordTerm],
        options: SearchOptions,
    ) -> SegmentOutcome {
        let plan = options.plan;
        let segment = self.segment;
        let capacity = query.offset.saturating_add(query.limit);
        let Some(shard) = segment.shards.get(&query.job_category) else {
            return SegmentOutcome { total: 0, country_wide_total: 0, relax: RelaxCounts::default(), top: Vec::new() };
        };
        let criteria = Criteria::new(query, &segment.columns);
        let geometry = match query.localization {
            QueryLocalization::Point { lat, lng, .. } => Some(Geometry::new(lat, lng, query.radius_km)),
            QueryLocalization::Country { .. } => None,
        };

        let text_rows = (!keywords.is_empty() || plan == SearchPlan::TextFirst)
            .then(|| segment.text_index.rows(&TextFilter { job_category: query.job_category, keywords }));
        let keyword_relevance = text_rows.as_ref().filter(|_| !keywords.is_empty());
        let listed_rows = self.listed_rows(query, text_rows.as_ref());
        let buckets = match (&geometry, plan) {
            (Some(geometry), SearchPlan::Auto | SearchPlan::GeoFirst) => circle_buckets(shard, geometry),
            _ => Vec::new(),
        };
        let bucket_entries: usize = buckets.iter().map(|&(start, end)| (end - start) as usize).sum();
        let listed = listed_rows.as_deref().map(<[u32]>::len);
        let row_by_row = rows_one_by_one(plan, listed, query, shard, geometry.is_some(), bucket_entries);

        let rows = segment.columns.candidate_ids.len();
        let threads = rayon::current_num_threads();
        let parallel = !row_by_row && threads > 1 && bucket_entries >= options.parallel_min_entries.max(1);
        // Split scans run first, each on its worker's own scratch, and are merged below.
        let partial_scans = if parallel {
            let geometry = geometry.as_ref().expect("buckets come from a geometry");
            self.scan_in_parallel(shard, &buckets, &criteria, geometry, threads)
        } else {
            Vec::new()
        };

        // With the geo plan, the keywords and the restriction are checked last, as a bitset.
        let listed_bits = listed_rows.as_ref().filter(|_| !row_by_row).map(|listed_rows| bitset(listed_rows, rows));
        let listed_bits = listed_bits.as_deref();
        with_scratch(|scratch| {
            scratch.begin(rows);
            let mut tally = Tally::new(capacity, keyword_relevance);
            if row_by_row {
                let rows = listed_rows.as_deref().unwrap_or(&[]);
                self.collect_rows(rows, query, &criteria, geometry.as_ref(), scratch);
            } else {
                match (&query.localization, &geometry) {
                    (QueryLocalization::Point { country, .. }, Some(geometry)) => {
                        if parallel {
                            for state in partial_scans.iter().flatten() {
                                scratch.state(state.row, state.failed).merge(state);
                            }
                        } else {
                            self.collect_circle(shard, &buckets, &criteria, geometry, scratch);
                        }
                        let list = shard.country_wide.get(country);
                        self.collect_country_wide(list, query, &criteria, listed_bits, scratch, &mut tally);
                    }
                    (QueryLocalization::Country { country }, _) => {
                        self.collect_country_rows(shard.country_any.get(country), &criteria, scratch);
                    }
                    (QueryLocalization::Point { .. }, None) => unreachable!("a point query has a geometry"),
                }
            }
            let states = &scratch.states;
            if parallel && states.len() >= 4096 {
                self.tally_in_parallel(states, query, listed_bits, keyword_relevance, tally, threads)
            } else {
                self.tally_states(states, query, listed_bits, &mut tally);
                tally.into_outcome()
            }
        })
    }

    /// The scan of the circle's buckets split across the rayon pool, each part on its worker's
    /// own scratch: the row states of each part.
    fn scan_in_parallel(
        &self,
        shard: &CategoryShard,
        buckets: &[(u32, u32)],
        criteria: &Criteria<'_>,
        geometry: &Geometry,
        threads: usize,
    ) -> Vec<Vec<RowState>> {
        use rayon::prelude::*;
        let rows = self.segment.columns.candidate_ids.len();
        let chunk = buckets.len().div_ceil(threads * 2).max(1);
        buckets
            .par_chunks(chunk)
            .map(|chunk| {
                with_scratch(|scratch| {
                    scratch.begin(rows);
                    self.collect_circle(shard, chunk, criteria, geometry, scratch);
                    scratch.states.clone()
                })
            })
            .collect()
    }

    /// Counts and ranks the row states split across the rayon pool, then merges the parts with
    /// what `tally` holds already (the whole-country candidates).
    fn tally_in_parallel<'t>(
        &self,
        states: &[RowState],
        query: &SourcingQuery,
        listed_bits: Option<&[u64]>,
        keyword_relevance: Option<&'t TextRows<'t>>,
        tally: Tally<'t>,
        threads: usize,
    ) -> SegmentOutcome {
        use rayon::prelude::*;
        let capacity = query.offset.saturating_add(query.limit);
        let chunk = states.len().div_ceil(threads * 2);
        let split = states
            .par_chunks(chunk)
            .map(|states| {
                let mut part = Tally::new(capacity, keyword_relevance);
                self.tally_states(states, query, listed_bits, &mut part);
                part.into_outcome()
            })
            .reduce_with(|a, b| merge_outcomes(a, b, capacity));
        match split {
            Some(outcome) => merge_outcomes(outcome, tally.into_outcome(), capacity),
            None => tally.into_outcome(),
        }
    }

    /// The rows (sorted) that the keywords and the restriction leave, among the searchable
    /// candidates of the query's category; `None` when neither limits the query and the plan did
    /// not ask tantivy for the category's rows (`text_rows`).
    fn listed_rows<'t>(&self, query: &SourcingQuery, text_rows: Option<&'t TextRows<'_>>) -> Option<Cow<'t, [u32]>> {
        let text_rows = text_rows.map(|text_rows| &text_rows.rows);
        let Some(allowed) = &query.restrict_to else {
            return text_rows.map(|rows| Cow::Borrowed(rows.as_slice()));
        };
        let columns = &self.segment.columns;
        let mut rows: Vec<u32> = allowed
            .iter()
            .filter_map(|&candidate_id| columns.row_of(candidate_id))
            .filter(|&row| columns.searchable[row as usize] && columns.categories_of(row).contains(&query.job_category))
            .collect();
        rows.sort_unstable();
        if let Some(text_rows) = text_rows {
            rows.retain(|row| text_rows.binary_search(row).is_ok());
        }
        Some(Cow::Owned(rows))
    }

    /// Whether a row is left out of this query: replaced or removed later, or not among the listed
    /// rows (the keywords' and the restriction's).
    #[inline]
    fn excluded(&self, row: u32, listed_bits: Option<&[u64]>) -> bool {
        self.dead.is_some_and(|dead| bit_is_set(dead, row)) || listed_bits.is_some_and(|bits| !bit_is_set(bits, row))
    }
}
