//! Running a sourcing query over one segment: choosing the plan (the geo scan, or the listed rows
//! one by one), running it and folding the per-thread parts together. The jobs live in their own
//! modules: [`criteria`] screens a candidate's filters, [`scan`] collects what each candidate
//! met, [`ranking`] counts, scores and keeps the top of the matches.

mod criteria;
mod ranking;
mod scan;

use serde::{Deserialize, Serialize};

use crate::model::{QueryLocalization, SourcingQuery};
use crate::relaxation::RelaxCounts;
use crate::segment::{CategoryShard, Segment};
use crate::text::{KeywordFilter, KeywordTerm};

use criteria::Criteria;
pub(crate) use ranking::{Ranked, breakdown, keyword_occurrences};
use ranking::{Tally, merge_outcomes};
use scan::{Geometry, RowState, circle_buckets, with_scratch};

/// How candidates are generated. The results never depend on it, only the time taken.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum SearchPlan {
    /// The plan chosen by measurement (see the crate docs).
    #[default]
    Auto,
    /// R-tree buckets of the category shard first, then the columns; the restriction as a row set
    /// and the keywords (their postings, in row order) checked last.
    GeoFirst,
    /// tantivy first (category and keywords), then each returned candidate (of the restriction, if
    /// any) from its own localizations.
    TextFirst,
}

/// How one segment's candidates are generated for a query.
enum Generation {
    /// These rows (sorted), each evaluated from its own localizations.
    OneByOne(Vec<u32>),
    /// The geo scan (the circle's buckets and the whole-country list, or a country's rows), the
    /// restriction's rows (if any) as a bitset checked last. Keywords are checked, in both, for
    /// the candidates that pass everything else (see `text::KeywordCursor`).
    Scan { restricted_bits: Option<Vec<u64>> },
}

/// How a search runs. The results never depend on it, only the time taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchOptions {
    pub plan: SearchPlan,
    /// The geo scan and the scoring split across the rayon pool when the candidate buckets hold
    /// at least this many entries (and the pool has more than one thread).
    pub parallel_min_entries: usize,
    /// A keyword search that scans reads the rows holding its keywords into a bitset when their
    /// postings hold at most this many documents per entry the scan screens, and otherwise seeks
    /// the postings to each candidate the scan lets through (see [`KEYWORD_POSTINGS_PER_ENTRY`]).
    pub keyword_postings_per_entry: usize,
}

/// Below this many entries to scan, splitting the work costs more than it saves (see the crate docs).
pub const PARALLEL_MIN_ENTRIES: usize = 150_000;

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            plan: SearchPlan::Auto,
            parallel_min_entries: PARALLEL_MIN_ENTRIES,
            keyword_postings_per_entry: KEYWORD_POSTINGS_PER_ENTRY,
        }
    }
}

/// What evaluating one listed row (a keyword hit, a candidate of the restriction) alone costs, in
/// entries of a circle's buckets or whole-country list: those are screened in place from their own
/// copies, while a row alone pays random accesses to its columns and localizations. The automatic
/// plan evaluates listed rows one by one when they cost less than the geo plan's entries. Measured
/// on S1 with one keyword per query (`sourcing-bench --keywords`): 4, 8 and 16 gave the same times,
/// 1 and 2 doubled the p99. A country query's list is screened row by row too, so there one hit
/// costs one entry (reasoned; S1 has no country queries). Keywords are weighed by the documents
/// holding them in every category, an upper bound of the rows they would list.
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

/// A keyword search that scans reads the rows holding its keywords from their postings into a
/// bitset (see `KeywordFilter::row_bits`) when the postings hold at most this many documents per
/// entry the scan screens, and otherwise seeks the postings to each candidate the scan lets
/// through. Decoding a document of a posting list costs a few nanoseconds, a seek tens, and a
/// good part of the entries get that far. Measured on S1 with one keyword per query
/// (`sourcing-bench --keywords`, BENCHMARKS.md, "Keywords read whole"): from 2 on the p99s were
/// alike, about half those without the bitset; the p50 rose from 8 on.
pub const KEYWORD_POSTINGS_PER_ENTRY: usize = 4;

/// The entries the geo plan screens: the circle's buckets and the whole-country list of a point
/// query, a country query's list.
fn scan_entries(query: &SourcingQuery, shard: &CategoryShard, bucket_entries: usize) -> usize {
    match &query.localization {
        QueryLocalization::Point { country, .. } => {
            bucket_entries + shard.country_wide.get(country).map_or(0, |list| list.rows.len())
        }
        QueryLocalization::Country { country } => shard.country_any.get(country).map_or(0, Vec::len),
    }
}

/// The most listed rows that cost less one by one than the geo plan's entries.
fn one_by_one_budget(query: &SourcingQuery, shard: &CategoryShard, bucket_entries: usize) -> usize {
    match &query.localization {
        QueryLocalization::Point { .. } => scan_entries(query, shard, bucket_entries) / CIRCLE_ENTRIES_PER_ROW,
        QueryLocalization::Country { .. } => scan_entries(query, shard, bucket_entries),
    }
}

/// The rows set in both bitsets.
fn intersection(mut a: Vec<u64>, b: &[u64]) -> Vec<u64> {
    for (a, b) in a.iter_mut().zip(b) {
        *a &= b;
    }
    a
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
        let Some(shard) = segment.shards.get(&query.job_category) else {
            return SegmentOutcome { total: 0, country_wide_total: 0, relax: RelaxCounts::default(), top: Vec::new() };
        };
        let criteria = Criteria::new(query, &segment.columns);
        let geometry = match query.localization {
            QueryLocalization::Point { lat, lng, .. } => Some(Geometry::new(lat, lng, query.radius_km)),
            QueryLocalization::Country { .. } => None,
        };

        let keyword_filter = (!keywords.is_empty()).then(|| segment.text_index.keywords(keywords));
        let buckets = match (&geometry, plan) {
            (Some(geometry), SearchPlan::Auto | SearchPlan::GeoFirst) => circle_buckets(shard, geometry),
            _ => Vec::new(),
        };
        let bucket_entries: usize = buckets.iter().map(|&(start, end)| (end - start) as usize).sum();
        let generation = self.generation(plan, query, shard, bucket_entries, keyword_filter.as_ref());
        let rows = segment.columns.candidate_ids.len();
        let (listed_rows, restricted_bits) = match generation {
            Generation::OneByOne(listed_rows) => (Some(listed_rows), None),
            Generation::Scan { restricted_bits } => (None, restricted_bits),
        };
        // A scan lets through only the rows of the restriction and, when reading the keywords'
        // postings whole costs less than seeking them, only the rows holding the keywords.
        let keyword_bits = match (&listed_rows, &keyword_filter) {
            (None, Some(keywords)) => {
                let limit =
                    scan_entries(query, shard, bucket_entries).saturating_mul(options.keyword_postings_per_entry);
                (keywords.postings_at_most(limit) <= limit).then(|| keywords.row_bits(rows))
            }
            _ => None,
        };
        let keywords_listed = keyword_bits.is_some();
        let listed_bits = match (restricted_bits, keyword_bits) {
            (Some(restricted), Some(keywords)) => Some(intersection(restricted, &keywords)),
            (restricted, keywords) => restricted.or(keywords),
        };
        let listed_bits = listed_bits.as_deref();

        let threads = rayon::current_num_threads();
        let parallel = listed_rows.is_none() && threads > 1 && bucket_entries >= options.parallel_min_entries.max(1);
        // Split scans run first, each on its worker's own scratch, and are merged below.
        let partial_scans = if parallel {
            let geometry = geometry.as_ref().expect("buckets come from a geometry");
            self.scan_in_parallel(shard, &buckets, &criteria, geometry, listed_bits, threads)
        } else {
            Vec::new()
        };

        with_scratch(|scratch| {
            scratch.begin(rows);
            let mut tally = Tally::new(query, &segment.columns, keyword_filter.as_ref(), keywords_listed);
            if let Some(listed_rows) = &listed_rows {
                self.collect_rows(listed_rows, query, &criteria, geometry.as_ref(), scratch);
            } else {
                match (&query.localization, &geometry) {
                    (QueryLocalization::Point { country, .. }, Some(geometry)) => {
                        if parallel {
                            for state in partial_scans.iter().flatten() {
                                scratch.state(state.row, state.failed).merge(state);
                            }
                        } else {
                            self.collect_circle(shard, &buckets, &criteria, geometry, listed_bits, scratch);
                        }
                        let list = shard.country_wide.get(country);
                        self.collect_country_wide(list, &criteria, listed_bits, scratch, &mut tally);
                    }
                    (QueryLocalization::Country { country }, _) => {
                        let list = shard.country_any.get(country);
                        self.collect_country_rows(list, &criteria, listed_bits, scratch);
                    }
                    (QueryLocalization::Point { .. }, None) => unreachable!("a point query has a geometry"),
                }
            }
            if keyword_filter.is_some() {
                // asked in row order, the keyword cursor reads each keyword's postings once
                scratch.states.sort_unstable_by_key(|state| state.row);
            }
            // The circle's matches are ranked first: a whole-country match's proximity is below
            // any of theirs, so once they fill the page the whole-country ones are often out of
            // its reach (see `SegmentView::rank_country_wide`).
            let (states, country_wide_matches) = (&scratch.states, &scratch.country_wide_matches);
            let country_wide = match &query.localization {
                QueryLocalization::Point { country, .. } => shard.country_wide.get(country),
                QueryLocalization::Country { .. } => None,
            };
            if parallel && states.len() >= 4096 {
                if let Some(list) = country_wide {
                    self.rank_country_wide(list, country_wide_matches, query, &mut tally);
                }
                let keywords = (keyword_filter.as_ref(), keywords_listed);
                self.tally_in_parallel(states, query, listed_bits, keywords, tally, threads)
            } else {
                self.tally_states(states, query, listed_bits, &mut tally);
                if let Some(list) = country_wide {
                    self.rank_country_wide(list, country_wide_matches, query, &mut tally);
                }
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
        listed_bits: Option<&[u64]>,
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
                    self.collect_circle(shard, chunk, criteria, geometry, listed_bits, scratch);
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
        (keywords, keywords_listed): (Option<&'t KeywordFilter<'t>>, bool),
        tally: Tally<'t>,
        threads: usize,
    ) -> SegmentOutcome {
        use rayon::prelude::*;
        let capacity = query.offset.saturating_add(query.limit);
        let chunk = states.len().div_ceil(threads * 2);
        let split = states
            .par_chunks(chunk)
            .map(|states| {
                let mut part = Tally::new(query, &self.segment.columns, keywords, keywords_listed);
                self.tally_states(states, query, listed_bits, &mut part);
                part.into_outcome()
            })
            .reduce_with(|a, b| merge_outcomes(a, b, capacity));
        match split {
            Some(outcome) => merge_outcomes(outcome, tally.into_outcome(), capacity),
            None => tally.into_outcome(),
        }
    }

    /// How the query's candidates are generated: forced by the plan, or the cheaper of the geo
    /// scan and the rows the restriction or the keywords list, from their counts.
    fn generation(
        &self,
        plan: SearchPlan,
        query: &SourcingQuery,
        shard: &CategoryShard,
        bucket_entries: usize,
        keywords: Option<&KeywordFilter<'_>>,
    ) -> Generation {
        let restricted = self.restricted_rows(query);
        let text_rows = |restricted: Option<Vec<u32>>| {
            let no_keywords;
            let keywords = match keywords {
                Some(keywords) => keywords,
                None => {
                    no_keywords = self.segment.text_index.keywords(&[]);
                    &no_keywords
                }
            };
            let mut rows = self.segment.text_index.rows(query.job_category, keywords);
            if let Some(restricted) = restricted {
                rows.retain(|row| restricted.binary_search(row).is_ok());
            }
            Generation::OneByOne(rows)
        };
        let scan = |restricted: Option<Vec<u32>>| {
            let rows = self.segment.columns.candidate_ids.len();
            Generation::Scan { restricted_bits: restricted.map(|restricted| bitset(&restricted, rows)) }
        };
        match plan {
            SearchPlan::TextFirst => text_rows(restricted),
            SearchPlan::GeoFirst => scan(restricted),
            SearchPlan::Auto => {
                let budget = one_by_one_budget(query, shard, bucket_entries);
                if let Some(restricted) = restricted.as_ref().filter(|restricted| restricted.len() <= budget) {
                    Generation::OneByOne(restricted.clone())
                } else if keywords.is_some_and(|keywords| keywords.documents_at_most(budget) <= budget) {
                    text_rows(restricted)
                } else {
                    scan(restricted)
                }
            }
        }
    }

    /// The rows (sorted) of the restriction's candidates that are searchable and want the
    /// query's category; `None` without a restriction.
    fn restricted_rows(&self, query: &SourcingQuery) -> Option<Vec<u32>> {
        let allowed = query.restrict_to.as_ref()?;
        let columns = &self.segment.columns;
        let mut rows: Vec<u32> = allowed
            .iter()
            .filter_map(|&candidate_id| columns.row_of(candidate_id))
            .filter(|&row| columns.searchable[row as usize] && columns.categories_of(row).contains(&query.job_category))
            .collect();
        rows.sort_unstable();
        Some(rows)
    }

    /// Whether a row is left out of this query: replaced or removed later, or not among the
    /// restriction's rows.
    #[inline]
    fn excluded(&self, row: u32, listed_bits: Option<&[u64]>) -> bool {
        self.dead.is_some_and(|dead| bit_is_set(dead, row)) || listed_bits.is_some_and(|bits| !bit_is_set(bits, row))
    }
}
