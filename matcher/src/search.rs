//! Running a sourcing query over one segment: candidate generation, filtering, de-duplication,
//! relax counting and top-k selection.

use std::cell::RefCell;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

use rstar::{AABB, PointDistance};
use serde::{Deserialize, Serialize};

use crate::model::{
    Breakdown, LanguageCredit, ProximityDetail, QueryLocalization, RelaxCounts, SoftSkillCredit, SourcingQuery,
};
use crate::segment::{
    BUCKET_SIZE, CategoryShard, Columns, CountryList, EntryFilter, OTHER_CONTRACT_BIT, ScoringRecord, Segment,
};
use crate::semantics::{
    ProximityChoice, candidate_language_level, candidate_soft_skill_percent, choose_proximity, chord_of_km, day_number,
    great_circle_km, language_credit, language_score, language_score_by, rank_order, soft_skill_score,
    soft_skill_score_by, total_score, unit_vector,
};
use crate::text::{KeywordTerm, TextFilter};

/// How candidates are generated. The results never depend on it, only the time taken.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum SearchPlan {
    /// The plan chosen by measurement (see the crate docs).
    #[default]
    Auto,
    /// R-tree buckets of the category shard first, then the columns; keywords through tantivy as a
    /// row set checked last.
    GeoFirst,
    /// tantivy first (category and keywords), then each returned candidate's own localizations.
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

/// Matches whose scoring records are fetched together (see [`SegmentView::tally_states`]).
const SCORING_BATCH: usize = 32;

/// What evaluating one keyword hit alone costs, in entries of a circle's buckets or whole-country
/// list: those are screened in place from their own copies, while a row alone pays random accesses
/// to its columns and localizations. The automatic plan evaluates keyword hits row by row when they
/// cost less than the geo plan's entries. Measured on S1 with one keyword per query
/// (`sourcing-bench --keywords`): 4, 8 and 16 gave the same times, 1 and 2 doubled the p99. A
/// country query's list is screened row by row too, so there one hit costs one entry (reasoned; S1
/// has no country queries).
const CIRCLE_ENTRIES_PER_ROW: usize = 4;

// Failure bits of the relaxable criteria.
const CONTRACT: u8 = 1;
const DEGREE: u8 = 2;
const START_DATE: u8 = 4;
const DURATION: u8 = 8;

/// The query's filters compiled against one segment's contract dictionary.
struct Criteria<'a> {
    contract_mask: u32,
    contracts: &'a [u16],
    minimum_degree: u8,
    relaxed_minimum_degree: u8,
    start_day: i32,
    relaxed_start_day: i32,
    duration_limit: u32,
    relaxed_duration_limit: u32,
}

impl<'a> Criteria<'a> {
    fn new(query: &'a SourcingQuery, columns: &Columns) -> Criteria<'a> {
        let contract_mask = query.contract_types.iter().fold(0u32, |mask, id| {
            match columns.contract_dictionary.binary_search(id) {
                Ok(position) if position < 31 => mask | 1 << position,
                Ok(_) => mask | OTHER_CONTRACT_BIT,
                Err(_) => mask, // no candidate of this segment accepts it
            }
        });
        let start_day = day_number(query.start_date);
        let duration_limit = u32::from(query.duration_months) + u32::from(query.duration_flexibility_months);
        Criteria {
            contract_mask,
            contracts: &query.contract_types,
            minimum_degree: query.minimum_degree,
            relaxed_minimum_degree: query.minimum_degree.saturating_sub(1),
            start_day,
            relaxed_start_day: start_day.saturating_add(30),
            duration_limit,
            relaxed_duration_limit: duration_limit + 3,
        }
    }

    /// The failed criteria of a candidate, or `None` when no single relaxation would let it match
    /// (so it can be ignored altogether).
    #[inline(always)]
    fn screen(&self, columns: &Columns, row: u32, filter: &EntryFilter) -> Option<u8> {
        let common = filter.contract_mask & self.contract_mask;
        let contract_failed =
            common == 0 || (common == OTHER_CONTRACT_BIT && !self.accepts_listed_contract(columns, row));
        let minimum_duration = u32::from(filter.minimum_duration);
        let failed = (u8::from(contract_failed) * CONTRACT)
            | (u8::from(filter.degree < self.minimum_degree) * DEGREE)
            | (u8::from(filter.available_day > self.start_day) * START_DATE)
            | (u8::from(minimum_duration > self.duration_limit) * DURATION);
        // "Any contract" always lets a candidate through; the other relaxations go one step only.
        let beyond_one_step = (filter.degree < self.relaxed_minimum_degree)
            | (filter.available_day > self.relaxed_start_day)
            | (minimum_duration > self.relaxed_duration_limit);
        (!beyond_one_step && failed & failed.wrapping_sub(1) == 0).then_some(failed)
    }

    /// A necessary condition for [`Criteria::screen`] to let a candidate through (`.0`) and to find it
    /// failing nothing (`.1`), computed without branches so that a scan can first select the few
    /// entries of a bucket worth screening. A contract only the candidate's list can decide counts
    /// as accepted here.
    #[inline(always)]
    fn prescreen(&self, filter: &EntryFilter) -> (bool, bool) {
        let minimum_duration = u32::from(filter.minimum_duration);
        let failures = u8::from(filter.contract_mask & self.contract_mask == 0)
            + u8::from(filter.degree < self.minimum_degree)
            + u8::from(filter.available_day > self.start_day)
            + u8::from(minimum_duration > self.duration_limit);
        let beyond_one_step = (filter.degree < self.relaxed_minimum_degree)
            | (filter.available_day > self.relaxed_start_day)
            | (minimum_duration > self.relaxed_duration_limit);
        (!beyond_one_step & (failures <= 1), failures == 0)
    }

    #[inline]
    fn screen_row(&self, columns: &Columns, row: u32) -> Option<u8> {
        let index = row as usize;
        let filter = EntryFilter {
            contract_mask: columns.contract_masks[index],
            available_day: columns.available_days[index],
            minimum_duration: columns.minimum_durations[index],
            degree: columns.degrees[index],
        };
        self.screen(columns, row, &filter)
    }

    #[cold]
    fn accepts_listed_contract(&self, columns: &Columns, row: u32) -> bool {
        columns.contracts_of(row).iter().any(|contract| self.contracts.contains(contract))
    }
}

/// What the scan learned about one candidate.
#[derive(Clone, Copy, Debug)]
struct RowState {
    row: u32,
    failed: u8,
    /// A place within the radius.
    within_radius: bool,
    /// Nearest place within the radius: (distance, localization index); computed for
    /// candidates that pass every filter only, the others just need `within_radius`.
    nearest: Option<(f64, u16)>,
    /// A place within twice the radius.
    within_double_radius: bool,
    /// First whole-country localization of the query country (point queries), or first
    /// localization in the country (country queries).
    country_index: Option<u16>,
}

impl RowState {
    fn new(row: u32, failed: u8) -> RowState {
        RowState { row, failed, within_radius: false, nearest: None, within_double_radius: false, country_index: None }
    }

    /// Records a place at an exactly computed distance.
    fn offer_place(&mut self, distance_km: f64, localization_index: u16, geometry: &Geometry) {
        if distance_km <= geometry.radius_km {
            self.within_radius = true;
            let closer = match self.nearest {
                None => true,
                Some((best, best_index)) => {
                    distance_km < best || (distance_km == best && localization_index < best_index)
                }
            };
            if closer {
                self.nearest = Some((distance_km, localization_index));
            }
        }
        if distance_km <= geometry.double_radius_km {
            self.within_double_radius = true;
        }
    }

    fn offer_country(&mut self, localization_index: u16) {
        if self.country_index.is_none_or(|index| localization_index < index) {
            self.country_index = Some(localization_index);
        }
    }

    /// Folds in what another part of a split scan learned about the same candidate.
    fn merge(&mut self, other: &RowState) {
        self.within_radius |= other.within_radius;
        self.within_double_radius |= other.within_double_radius;
        if let Some((distance, index)) = other.nearest {
            let closer = match self.nearest {
                None => true,
                Some((best, best_index)) => distance < best || (distance == best && index < best_index),
            };
            if closer {
                self.nearest = Some((distance, index));
            }
        }
        if let Some(index) = other.country_index {
            self.offer_country(index);
        }
    }
}

/// Per-thread scratch space: the state of each row the current scan has met, reset per query at a
/// cost proportional to the rows met.
#[derive(Default)]
struct Scratch {
    /// A bit per row: whether `states` holds it. At 1M rows it fits a core's cache, so asking about
    /// a row the scan never met (most of a country-wide list) costs no memory access.
    has_state: Vec<u64>,
    /// Per row that has a state: its slot in `states`.
    slots: Vec<u32>,
    states: Vec<RowState>,
}

impl Scratch {
    fn begin(&mut self, rows: usize) {
        for state in &self.states {
            self.has_state[state.row as usize / 64] &= !(1 << (state.row % 64));
        }
        self.states.clear();
        if self.slots.len() < rows {
            self.slots.resize(rows, 0);
            self.has_state.resize(rows.div_ceil(64), 0);
        }
    }

    #[inline]
    fn has_state(&self, row: u32) -> bool {
        bit_is_set(&self.has_state, row)
    }

    #[inline]
    fn state(&mut self, row: u32, failed: u8) -> &mut RowState {
        let (word, bit) = (row as usize / 64, 1u64 << (row % 64));
        // A new state's slot is known: reading it back would wait for the slot array's cache miss.
        let slot = if self.has_state[word] & bit == 0 {
            self.has_state[word] |= bit;
            let slot = self.states.len();
            self.slots[row as usize] = slot as u32;
            self.states.push(RowState::new(row, failed));
            slot
        } else {
            self.slots[row as usize] as usize
        };
        &mut self.states[slot]
    }
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// A match kept for the final page.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ranked {
    pub score: f64,
    pub candidate_id: i64,
    pub row: u32,
    pub choice: ProximityChoice,
}

impl PartialEq for Ranked {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Ranked {}

impl PartialOrd for Ranked {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Ranked {
    /// Better ranks are smaller, so a max-heap keeps the worst kept match on top.
    fn cmp(&self, other: &Self) -> Ordering {
        rank_order((self.score, self.candidate_id), (other.score, other.candidate_id))
    }
}

/// The best `capacity` matches seen so far.
struct TopK {
    capacity: usize,
    heap: BinaryHeap<Ranked>,
}

impl TopK {
    fn new(capacity: usize) -> TopK {
        TopK { capacity, heap: BinaryHeap::with_capacity(capacity.min(4096) + 1) }
    }

    #[inline]
    fn would_keep(&self, score: f64, candidate_id: i64) -> bool {
        if self.heap.len() < self.capacity {
            return true;
        }
        match self.heap.peek() {
            Some(worst) => rank_order((score, candidate_id), (worst.score, worst.candidate_id)) == Ordering::Less,
            None => false,
        }
    }

    fn push(&mut self, ranked: Ranked) {
        if self.heap.len() < self.capacity {
            self.heap.push(ranked);
        } else if let Some(mut worst) = self.heap.peek_mut()
            && ranked < *worst
        {
            *worst = ranked;
        }
    }

    fn into_sorted(self) -> Vec<Ranked> {
        self.heap.into_sorted_vec()
    }
}

/// Counts matches and one-step relaxations, and keeps the best matches.
struct Tally {
    total: usize,
    relax: RelaxCounts,
    top: TopK,
}

impl Tally {
    fn new(capacity: usize) -> Tally {
        Tally { total: 0, relax: RelaxCounts::default(), top: TopK::new(capacity) }
    }

    /// Counts a candidate with a localization within the query's reach (radius or country) that
    /// fails the `failed` criteria (none or one); returns whether it matches.
    #[inline]
    fn count_within(&mut self, failed: u8) -> bool {
        match failed {
            0 => {
                self.total += 1;
                return true;
            }
            CONTRACT => self.relax.any_contract += 1,
            DEGREE => self.relax.degree_minus_one += 1,
            START_DATE => self.relax.start_date_plus_30_days += 1,
            _ => self.relax.flexibility_plus_3_months += 1,
        }
        false
    }

    /// Scores a match and keeps it if it ranks among the best so far.
    #[inline]
    fn rank(
        &mut self,
        columns: &Columns,
        record: &ScoringRecord,
        row: u32,
        query: &SourcingQuery,
        choice: ProximityChoice,
    ) {
        let (language, soft_skills) = if record.inline {
            (
                language_score_by(&query.languages, |language| {
                    let slot = record.languages.iter().position(|&listed| listed == language)?;
                    Some(record.language_levels[slot])
                }),
                soft_skill_score_by(&query.soft_skill_categories, |category| {
                    match columns.soft_skill_dictionary.iter().position(|&listed| listed == category) {
                        Some(slot) => record.soft_skill_percents[slot],
                        None => 0,
                    }
                }),
            )
        } else {
            (
                language_score(columns.languages_of(row), &query.languages),
                soft_skill_score(columns.soft_skills_of(row), &query.soft_skill_categories),
            )
        };
        let score = total_score(language, soft_skills, choice.score);
        let candidate_id = record.candidate_id;
        if self.top.would_keep(score, candidate_id) {
            self.top.push(Ranked { score, candidate_id, row, choice });
        }
    }

    fn into_outcome(self) -> SegmentOutcome {
        SegmentOutcome { total: self.total, relax: self.relax, top: self.top.into_sorted() }
    }
}

/// The outcome of a query on one segment.
pub(crate) struct SegmentOutcome {
    pub total: usize,
    pub relax: RelaxCounts,
    /// The best `offset + limit` matches, best first.
    pub top: Vec<Ranked>,
}

/// One segment as seen by a query: rows marked dead were replaced or removed by later changes.
pub(crate) struct SegmentView<'a> {
    pub segment: &'a Segment,
    pub dead: Option<&'a [u64]>,
}

fn bit_is_set(bits: &[u64], row: u32) -> bool {
    bits.get(row as usize / 64).is_some_and(|word| word >> (row % 64) & 1 == 1)
}

/// The query's geometry, computed once.
struct Geometry {
    center: [f64; 3],
    radius_km: f64,
    double_radius_km: f64,
    /// Squared chords below which a place is surely within the radius, above which surely not;
    /// in between the exact distance decides. Same for twice the radius.
    surely_within_radius: f64,
    surely_beyond_radius: f64,
    surely_within_double_radius: f64,
    surely_beyond_double_radius: f64,
}

impl Geometry {
    fn new(lat: f64, lng: f64, radius_km: f64) -> Geometry {
        // Chord and great-circle distance are both computed to within a few ulps; a relative margin
        // of 1e-9 leaves the borderline cases to the exact test.
        let squared = |chord: f64, factor: f64| (chord * factor) * (chord * factor);
        let chord = chord_of_km(radius_km);
        let double_chord = chord_of_km(radius_km * 2.0);
        Geometry {
            center: unit_vector(lat, lng),
            radius_km,
            double_radius_km: radius_km * 2.0,
            surely_within_radius: squared(chord, 1.0 - 1e-9),
            surely_beyond_radius: squared(chord, 1.0 + 1e-9) + 1e-300,
            surely_within_double_radius: squared(double_chord, 1.0 - 1e-9),
            surely_beyond_double_radius: squared(double_chord, 1.0 + 1e-9) + 1e-300,
        }
    }

    #[inline(always)]
    fn squared_chord(&self, unit: &[f64; 3]) -> f64 {
        let (dx, dy, dz) = (unit[0] - self.center[0], unit[1] - self.center[1], unit[2] - self.center[2]);
        dx * dx + dy * dy + dz * dz
    }
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
        let empty = SegmentOutcome { total: 0, relax: RelaxCounts::default(), top: Vec::new() };
        let Some(shard) = segment.shards.get(&query.job_category) else {
            return empty;
        };
        let criteria = Criteria::new(query, &segment.columns);
        let geometry = match query.localization {
            QueryLocalization::Point { lat, lng, .. } => Some(Geometry::new(lat, lng, query.radius_km)),
            QueryLocalization::Country { .. } => None,
        };

        let text_rows = (!keywords.is_empty() || plan == SearchPlan::TextFirst)
            .then(|| segment.text_index.rows(&TextFilter { job_category: query.job_category, keywords }));
        let buckets = match (&geometry, plan) {
            (Some(geometry), SearchPlan::Auto | SearchPlan::GeoFirst) => circle_buckets(shard, geometry),
            _ => Vec::new(),
        };
        let bucket_entries: usize = buckets.iter().map(|&(start, end)| (end - start) as usize).sum();
        let row_by_row = match plan {
            SearchPlan::TextFirst => true,
            SearchPlan::GeoFirst => false,
            SearchPlan::Auto => text_rows.as_ref().is_some_and(|text_rows| {
                let (geo_entries, row_cost) = match (&query.localization, &geometry) {
                    (QueryLocalization::Point { country, .. }, Some(_)) => {
                        let country_wide = shard.country_wide.get(country).map_or(0, |list| list.rows.len());
                        (bucket_entries + country_wide, CIRCLE_ENTRIES_PER_ROW)
                    }
                    (QueryLocalization::Country { country }, _) => {
                        (shard.country_any.get(country).map_or(0, Vec::len), 1)
                    }
                    (QueryLocalization::Point { .. }, None) => unreachable!("a point query has a geometry"),
                };
                text_rows.len() * row_cost <= geo_entries
            }),
        };

        let rows = segment.columns.candidate_ids.len();
        let threads = rayon::current_num_threads();
        let parallel = !row_by_row && threads > 1 && bucket_entries >= options.parallel_min_entries.max(1);
        // Split scans run first, each on its worker's own scratch, and are merged below.
        let partial_scans: Vec<Vec<RowState>> = if parallel {
            use rayon::prelude::*;
            let chunk = buckets.len().div_ceil(threads * 2).max(1);
            let geometry = geometry.as_ref().expect("buckets come from a geometry");
            buckets
                .par_chunks(chunk)
                .map(|chunk| {
                    SCRATCH.with(|scratch| {
                        let mut scratch = scratch.borrow_mut();
                        scratch.begin(rows);
                        self.collect_circle(shard, chunk, &criteria, geometry, &mut scratch);
                        scratch.states.clone()
                    })
                })
                .collect()
        } else {
            Vec::new()
        };

        // With the geo plan, keyword matches are checked last, as a bitset.
        let keyword_bits = match (&text_rows, row_by_row) {
            (Some(text_rows), false) => {
                let mut bits = vec![0u64; rows.div_ceil(64)];
                for &row in text_rows {
                    bits[row as usize / 64] |= 1 << (row % 64);
                }
                Some(bits)
            }
            _ => None,
        };
        let keyword_bits = keyword_bits.as_deref();
        SCRATCH.with(|scratch| {
            let mut scratch = scratch.borrow_mut();
            scratch.begin(rows);
            let mut tally = Tally::new(capacity);
            if row_by_row {
                let rows = text_rows.as_deref().unwrap_or(&[]);
                self.collect_rows(rows, query, &criteria, geometry.as_ref(), &mut scratch);
            } else {
                match (&query.localization, &geometry) {
                    (QueryLocalization::Point { country, .. }, Some(geometry)) => {
                        if parallel {
                            for state in partial_scans.iter().flatten() {
                                scratch.state(state.row, state.failed).merge(state);
                            }
                        } else {
                            self.collect_circle(shard, &buckets, &criteria, geometry, &mut scratch);
                        }
                        let list = shard.country_wide.get(country);
                        self.collect_country_wide(list, query, &criteria, keyword_bits, &mut scratch, &mut tally);
                    }
                    (QueryLocalization::Country { country }, _) => {
                        self.collect_country_rows(shard.country_any.get(country), &criteria, &mut scratch);
                    }
                    (QueryLocalization::Point { .. }, None) => unreachable!("a point query has a geometry"),
                }
            }
            let states = &scratch.states;
            if parallel && states.len() >= 4096 {
                use rayon::prelude::*;
                let chunk = states.len().div_ceil(threads * 2);
                let split = states
                    .par_chunks(chunk)
                    .map(|states| {
                        let mut part = Tally::new(capacity);
                        self.tally_states(states, query, keyword_bits, &mut part);
                        part.into_outcome()
                    })
                    .reduce_with(|a, b| merge_outcomes(a, b, capacity));
                match split {
                    Some(outcome) => merge_outcomes(outcome, tally.into_outcome(), capacity),
                    None => tally.into_outcome(),
                }
            } else {
                self.tally_states(states, query, keyword_bits, &mut tally);
                tally.into_outcome()
            }
        })
    }

    /// Every place entry of the shard within twice the radius, plus filters.
    fn collect_circle(
        &self,
        shard: &CategoryShard,
        buckets: &[(u32, u32)],
        criteria: &Criteria<'_>,
        geometry: &Geometry,
        scratch: &mut Scratch,
    ) {
        let columns = &self.segment.columns;
        let center = geometry.center;
        let mut selected = [0; BUCKET_SIZE];
        for &(start, end) in buckets {
            let range = start as usize..end as usize;
            let units = &shard.units[range.clone()];
            let filters = &shard.filters[range.clone()];
            // Beyond the radius only a full match counts (for the doubled radius).
            let worth_a_look = select(units.len(), &mut selected, |offset| {
                let squared_chord = geometry.squared_chord(&units[offset]);
                let (may_pass, may_match) = criteria.prescreen(&filters[offset]);
                may_pass
                    & (squared_chord <= geometry.surely_beyond_double_radius)
                    & (may_match | (squared_chord <= geometry.surely_beyond_radius))
            });
            for &offset in worth_a_look {
                let offset = usize::from(offset);
                let (unit, filter) = (&units[offset], &filters[offset]);
                let squared_chord = geometry.squared_chord(unit);
                let entry = range.start + offset;
                let row = shard.rows[entry];
                let Some(failed) = criteria.screen(columns, row, filter) else {
                    continue;
                };
                let localization_index = shard.localization_indexes[entry];
                let within_radius = if squared_chord < geometry.surely_within_radius {
                    Some(true)
                } else if squared_chord > geometry.surely_beyond_radius {
                    Some(false)
                } else {
                    None
                };
                if failed == 0 {
                    if within_radius != Some(false) {
                        // A match (if within): its exact distance ranks it.
                        let distance_km = great_circle_km(*unit, center);
                        scratch.state(row, failed).offer_place(distance_km, localization_index, geometry);
                    } else {
                        let within_double_radius = squared_chord < geometry.surely_within_double_radius
                            || great_circle_km(*unit, center) <= geometry.double_radius_km;
                        if within_double_radius {
                            scratch.state(row, failed).within_double_radius = true;
                        }
                    }
                } else {
                    // Only a one-step relaxation could let it in, and only from within the radius.
                    let within = match within_radius {
                        Some(within) => within,
                        None => great_circle_km(*unit, center) <= geometry.radius_km,
                    };
                    if within {
                        scratch.state(row, failed).within_radius = true;
                    }
                }
            }
        }
    }

    /// Candidates with a whole-country localization of the query point's country. Those the circle
    /// scan met get the localization added to their state; the others, most of the list, are
    /// counted and ranked at once from the list's own copies.
    fn collect_country_wide(
        &self,
        list: Option<&CountryList>,
        query: &SourcingQuery,
        criteria: &Criteria<'_>,
        keyword_bits: Option<&[u64]>,
        scratch: &mut Scratch,
        tally: &mut Tally,
    ) {
        let Some(list) = list else {
            return;
        };
        let columns = &self.segment.columns;
        let mut selected = [0; BUCKET_SIZE];
        for (chunk, filters) in list.filters.chunks(BUCKET_SIZE).enumerate() {
            let worth_a_look = select(filters.len(), &mut selected, |offset| criteria.prescreen(&filters[offset]).0);
            for &offset in worth_a_look {
                let entry = chunk * BUCKET_SIZE + usize::from(offset);
                let row = list.rows[entry];
                let Some(failed) = criteria.screen(columns, row, &list.filters[entry]) else {
                    continue;
                };
                let localization_index = list.localization_indexes[entry];
                if scratch.has_state(row) {
                    scratch.state(row, failed).offer_country(localization_index);
                } else if !self.excluded(row, keyword_bits) && tally.count_within(failed) {
                    let choice = choose_proximity(None, Some(usize::from(localization_index)), query.radius_km)
                        .expect("a country localization is a choice");
                    tally.rank(columns, &list.scoring[entry], row, query, choice);
                }
            }
        }
    }

    /// Candidates with any localization in the country of a country query.
    fn collect_country_rows(&self, rows: Option<&Vec<(u32, u16)>>, criteria: &Criteria<'_>, scratch: &mut Scratch) {
        let columns = &self.segment.columns;
        for &(row, localization_index) in rows.map(Vec::as_slice).unwrap_or(&[]) {
            if let Some(failed) = criteria.screen_row(columns, row) {
                scratch.state(row, failed).offer_country(localization_index);
            }
        }
    }

    /// Evaluates the given rows one by one from their own localizations (text-first plan).
    fn collect_rows(
        &self,
        rows: &[u32],
        query: &SourcingQuery,
        criteria: &Criteria<'_>,
        geometry: Option<&Geometry>,
        scratch: &mut Scratch,
    ) {
        let columns = &self.segment.columns;
        for &row in rows {
            let Some(failed) = criteria.screen_row(columns, row) else {
                continue;
            };
            let mut state = RowState::new(row, failed);
            for (index, localization) in columns.localizations_of(row).iter().enumerate() {
                let index = index as u16;
                match (&query.localization, geometry) {
                    (QueryLocalization::Point { country, .. }, Some(geometry)) => match localization.place_id {
                        Some(_) => {
                            let unit = unit_vector(localization.lat, localization.lng);
                            state.offer_place(great_circle_km(unit, geometry.center), index, geometry);
                        }
                        None if localization.country == *country => state.offer_country(index),
                        None => {}
                    },
                    (QueryLocalization::Country { country }, _) if localization.country == *country => {
                        state.offer_country(index);
                    }
                    _ => {}
                }
            }
            if state.within_radius || state.within_double_radius || state.country_index.is_some() {
                *scratch.state(row, failed) = state;
            }
        }
    }

    /// Whether a row is left out of this query: replaced or removed later, or not matching the keywords.
    #[inline]
    fn excluded(&self, row: u32, keyword_bits: Option<&[u64]>) -> bool {
        self.dead.is_some_and(|dead| bit_is_set(dead, row)) || keyword_bits.is_some_and(|bits| !bit_is_set(bits, row))
    }

    /// Counts the collected candidates' matches and relaxations and ranks the matches.
    fn tally_states(
        &self,
        states: &[RowState],
        query: &SourcingQuery,
        keyword_bits: Option<&[u64]>,
        tally: &mut Tally,
    ) {
        let columns = &self.segment.columns;
        let mut matches = [0; SCORING_BATCH];
        let mut records = [ScoringRecord::default(); SCORING_BATCH];
        for states in states.chunks(SCORING_BATCH) {
            let mut match_count = 0;
            for (offset, state) in states.iter().enumerate() {
                if self.excluded(state.row, keyword_bits) {
                    continue;
                }
                let within = state.within_radius || state.country_index.is_some();
                if !within {
                    if state.within_double_radius && state.failed == 0 {
                        tally.relax.radius_doubled += 1;
                    }
                    continue;
                }
                if tally.count_within(state.failed) {
                    matches[match_count] = offset;
                    match_count += 1;
                }
            }
            let matches = &matches[..match_count];
            // The records are fetched together, so that their cache misses overlap instead of
            // each one holding up the scoring of its match in turn.
            for (record, &offset) in records.iter_mut().zip(matches) {
                *record = columns.scoring[states[offset].row as usize];
            }
            for (record, &offset) in records.iter().zip(matches) {
                let state = &states[offset];
                let choice = choose_proximity(
                    state.nearest.map(|(distance, index)| (distance, usize::from(index))),
                    state.country_index.map(usize::from),
                    query.radius_km,
                )
                .expect("a match has a localization");
                tally.rank(columns, record, state.row, query, choice);
            }
        }
    }
}

/// The offsets among `0..count` (at most [`BUCKET_SIZE`]) for which `keep` holds, found without a
/// branch per offset: scans evaluate a cheap condition on a whole bucket first, then look closer
/// at the few entries that pass, instead of mispredicting a branch on each entry.
#[inline(always)]
fn select(count: usize, selected: &mut [u8; BUCKET_SIZE], keep: impl Fn(usize) -> bool) -> &[u8] {
    let mut kept = 0;
    for offset in 0..count {
        selected[kept] = offset as u8;
        kept += usize::from(keep(offset));
    }
    &selected[..kept]
}

/// The entry ranges of the buckets that may hold places within twice the radius, in bucket order.
fn circle_buckets(shard: &CategoryShard, geometry: &Geometry) -> Vec<(u32, u32)> {
    let reach = geometry.surely_beyond_double_radius.sqrt();
    let center = geometry.center;
    let envelope = AABB::from_corners(center.map(|c| c - reach), center.map(|c| c + reach));
    let mut buckets: Vec<(u32, u32)> = shard
        .buckets
        .locate_in_envelope_intersecting(&envelope)
        // The cube around the cap is larger than the cap: skip boxes that only meet its corners.
        .filter(|bucket| bucket.geom().distance_2(&center) <= geometry.surely_beyond_double_radius)
        .map(|bucket| bucket.data)
        .collect();
    buckets.sort_unstable();
    buckets
}

/// Combines the outcomes of two disjoint sets of candidates.
fn merge_outcomes(a: SegmentOutcome, b: SegmentOutcome, capacity: usize) -> SegmentOutcome {
    let mut top = a.top;
    top.extend(b.top);
    top.sort_unstable();
    top.truncate(capacity);
    SegmentOutcome {
        total: a.total + b.total,
        relax: RelaxCounts {
            radius_doubled: a.relax.radius_doubled + b.relax.radius_doubled,
            start_date_plus_30_days: a.relax.start_date_plus_30_days + b.relax.start_date_plus_30_days,
            flexibility_plus_3_months: a.relax.flexibility_plus_3_months + b.relax.flexibility_plus_3_months,
            degree_minus_one: a.relax.degree_minus_one + b.relax.degree_minus_one,
            any_contract: a.relax.any_contract + b.relax.any_contract,
        },
        top,
    }
}

/// The explanation of a kept match.
pub(crate) fn breakdown(columns: &Columns, row: u32, query: &SourcingQuery, choice: &ProximityChoice) -> Breakdown {
    let skills = columns.languages_of(row);
    let shares = columns.soft_skills_of(row);
    Breakdown {
        proximity: ProximityDetail {
            localization_index: choice.localization_index,
            place_id: columns.localizations_of(row)[choice.localization_index].place_id,
            distance_km: choice.distance_km,
            country_wide: choice.country_wide,
        },
        languages: query
            .languages
            .iter()
            .map(|requirement| {
                let actual_level = candidate_language_level(skills, requirement.language);
                LanguageCredit {
                    language: requirement.language,
                    required_level: requirement.level,
                    actual_level,
                    credit: language_credit(requirement.level, actual_level),
                }
            })
            .collect(),
        soft_skills: query
            .soft_skill_categories
            .iter()
            .map(|&category| SoftSkillCredit { category, percent: candidate_soft_skill_percent(shares, category) })
            .collect(),
        language_score: language_score(skills, &query.languages),
        soft_skill_score: soft_skill_score(shares, &query.soft_skill_categories),
        proximity_score: choice.score,
    }
}
