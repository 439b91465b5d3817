//! Counting, scoring and keeping the best: the matches and one-step relaxations of the collected
//! candidates are counted, the matches scored and kept in a top-k in the query's order, and a kept
//! match explained.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use super::criteria::{CONTRACT, DEGREE, START_DATE};
use super::scan::RowState;
use super::{SegmentOutcome, SegmentView};
use crate::model::{Breakdown, ProximityDetail, SortOrder, SourcingQuery};
use crate::relaxation::RelaxCounts;
use crate::segment::{Columns, CountryList, ScoringRecord, Segment};
use crate::semantics::{
    ProximityChoice, breakdown_of, choose_proximity, keyword_explanation, language_score, language_score_by,
    rank_order, soft_skill_score, soft_skill_score_by, total_score,
};
use crate::text::{KeywordCursor, KeywordFilter, KeywordTerm};

/// Matches whose scoring records are fetched together (see [`SegmentView::tally_states`]).
const SCORING_BATCH: usize = 32;

/// A match kept for the final page.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ranked {
    /// What ranks before the score: see [`precedence`].
    pub precedence: f64,
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
        result_order(
            (self.precedence, self.score, self.candidate_id),
            (other.precedence, other.score, other.candidate_id),
        )
    }
}

/// What ranks a match before its score: its distance when sorting by distance (infinite for a
/// match without one, which then comes after every match with one), nothing (0) when sorting by
/// score.
#[inline]
fn precedence(sort: SortOrder, choice: &ProximityChoice) -> f64 {
    match sort {
        SortOrder::Score => 0.0,
        SortOrder::Distance => choice.distance_km.unwrap_or(f64::INFINITY),
    }
}

/// Result order of (precedence, score, candidate id): lower precedence first, then [`rank_order`].
#[inline]
fn result_order(a: (f64, f64, i64), b: (f64, f64, i64)) -> Ordering {
    a.0.total_cmp(&b.0).then_with(|| rank_order((a.1, a.2), (b.1, b.2)))
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
    fn would_keep(&self, precedence: f64, score: f64, candidate_id: i64) -> bool {
        if self.heap.len() < self.capacity {
            return true;
        }
        match self.heap.peek() {
            Some(worst) => {
                result_order((precedence, score, candidate_id), (worst.precedence, worst.score, worst.candidate_id))
                    == Ordering::Less
            }
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

/// The highest score a match of a query can get at a given proximity, the other parts at their
/// highest: a match whose ceiling cannot make the page is counted without reading its record.
struct ScoreCeiling {
    languages: Option<f64>,
    soft_skills: Option<f64>,
    keywords: Option<f64>,
}

impl ScoreCeiling {
    fn of(query: &SourcingQuery, columns: &Columns, keywords: bool) -> ScoreCeiling {
        let categories = &query.soft_skill_categories;
        let distinct = categories.iter().enumerate().all(|(index, category)| !categories[..index].contains(category));
        // k distinct categories take at most some row's k largest percents; a repeated one at
        // most some row's largest
        let (k, averaged_over) = if distinct { (categories.len(), categories.len()) } else { (1, 1) };
        let top_sum = f64::from(columns.soft_skill_top_sums.of_largest(k));
        ScoreCeiling {
            // a language credit is at most 1, and so is a keyword relevance
            languages: (!query.languages.is_empty()).then_some(1.0),
            soft_skills: (!categories.is_empty()).then(|| top_sum / 100.0 / averaged_over as f64),
            keywords: keywords.then_some(1.0),
        }
    }

    #[inline]
    fn at(&self, proximity: f64) -> f64 {
        // the score is computed in other steps, each rounded: the margin keeps the ceiling above it
        total_score(self.languages, self.soft_skills, proximity, self.keywords) * (1.0 + 1e-9) + 1e-9
    }
}

/// Counts matches and one-step relaxations, and keeps the best matches.
pub(super) struct Tally<'a> {
    total: usize,
    country_wide_total: usize,
    relax: RelaxCounts,
    top: TopK,
    sort: SortOrder,
    ceiling: ScoreCeiling,
    /// With keywords, which candidates hold them and how often.
    keywords: Option<KeywordCursor<'a>>,
    /// Whether the scan let through only rows holding the keywords (see `KeywordFilter::row_bits`):
    /// the cursor then seeks to the matches only, for their relevance.
    keywords_listed: bool,
}

impl<'a> Tally<'a> {
    pub(super) fn new(
        query: &SourcingQuery,
        columns: &Columns,
        keywords: Option<&'a KeywordFilter<'a>>,
        keywords_listed: bool,
    ) -> Tally<'a> {
        Tally {
            total: 0,
            country_wide_total: 0,
            relax: RelaxCounts::default(),
            top: TopK::new(query.offset.saturating_add(query.limit)),
            sort: query.sort,
            ceiling: ScoreCeiling::of(query, columns, keywords.is_some()),
            keywords: keywords.map(KeywordFilter::cursor),
            keywords_listed,
        }
    }

    /// Whether the row's text holds every keyword of the query (always, without keywords or when
    /// the scan let through only rows holding them): a candidate that does not is neither counted
    /// nor ranked. Rows asked in increasing order cost least.
    #[inline]
    pub(super) fn holds_keywords(&mut self, row: u32) -> bool {
        self.keywords_listed || self.keywords.as_mut().is_none_or(|cursor| cursor.holds(row))
    }

    /// The keyword relevance of a row [`Tally::holds_keywords`] accepted (`None` without keywords).
    /// Cheapest for the last row asked about; rows asked in increasing order cost least.
    #[inline]
    pub(super) fn keyword_relevance(&mut self, columns: &Columns, row: u32) -> Option<f64> {
        self.keywords.as_mut().map(|cursor| cursor.relevance_of(row, columns.texts.words[row as usize]))
    }

    /// Whether a match credited through `choice` may rank among the best so far, from the ceiling
    /// of its score: when not, it is [`Tally::pass_over`]ed without reading anything about it.
    #[inline]
    pub(super) fn may_rank(&self, choice: &ProximityChoice) -> bool {
        self.top.would_keep(precedence(self.sort, choice), self.ceiling.at(choice.score), i64::MIN)
    }

    /// Leaves out of the ranking `count` matches credited through `choice` that cannot rank.
    #[inline]
    pub(super) fn pass_over(&mut self, choice: &ProximityChoice, count: usize) {
        self.country_wide_total += usize::from(choice.country_wide) * count;
    }

    /// Counts a candidate with a localization within the query's reach (radius or country) that
    /// fails the `failed` criteria (none or one); returns whether it matches.
    #[inline]
    pub(super) fn count_within(&mut self, failed: u8) -> bool {
        match failed {
            0 => {
                self.total += 1;
                return true;
            }
            CONTRACT => self.relax.contracts += 1,
            DEGREE => self.relax.degree += 1,
            START_DATE => self.relax.start_date += 1,
            _ => self.relax.duration_flexibility += 1,
        }
        false
    }

    /// Scores a match (its keyword relevance given when the query has keywords) and keeps it if it
    /// ranks among the best so far.
    #[inline]
    pub(super) fn rank(
        &mut self,
        columns: &Columns,
        record: &ScoringRecord,
        row: u32,
        query: &SourcingQuery,
        choice: ProximityChoice,
        keyword_relevance: Option<f64>,
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
        self.country_wide_total += usize::from(choice.country_wide);
        let candidate_id = record.candidate_id;
        let precedence = precedence(query.sort, &choice);
        let score = total_score(language, soft_skills, choice.score, keyword_relevance);
        self.keep(Ranked { precedence, score, candidate_id, row, choice });
    }

    #[inline]
    fn keep(&mut self, ranked: Ranked) {
        if self.top.would_keep(ranked.precedence, ranked.score, ranked.candidate_id) {
            self.top.push(ranked);
        }
    }

    pub(super) fn into_outcome(self) -> SegmentOutcome {
        SegmentOutcome {
            total: self.total,
            country_wide_total: self.country_wide_total,
            relax: self.relax,
            top: self.top.into_sorted(),
        }
    }
}

impl SegmentView<'_> {
    /// Counts the collected candidates' matches and relaxations and ranks the matches.
    pub(super) fn tally_states(
        &self,
        states: &[RowState],
        query: &SourcingQuery,
        listed_bits: Option<&[u64]>,
        tally: &mut Tally<'_>,
    ) {
        let columns = &self.segment.columns;
        let mut matches = [(0, None, None); SCORING_BATCH];
        let mut records = [ScoringRecord::default(); SCORING_BATCH];
        for states in states.chunks(SCORING_BATCH) {
            let mut match_count = 0;
            for (offset, state) in states.iter().enumerate() {
                let within = state.within_radius || state.country_index.is_some();
                let counted = within || (state.within_relaxed_radius && state.failed == 0);
                if !counted || self.excluded(state.row, listed_bits) || !tally.holds_keywords(state.row) {
                    continue;
                }
                if !within {
                    tally.relax.radius += 1;
                } else if tally.count_within(state.failed) {
                    let choice = choose_proximity(
                        state.nearest.map(|(distance, index)| (distance, usize::from(index))),
                        state.country_index.map(usize::from),
                        query.radius_km,
                    )
                    .expect("a match has a localization");
                    if tally.may_rank(&choice) {
                        matches[match_count] = (offset, Some(choice), tally.keyword_relevance(columns, state.row));
                        match_count += 1;
                    } else {
                        tally.pass_over(&choice, 1);
                    }
                }
            }
            let matches = &matches[..match_count];
            // The records are fetched together, so that their cache misses overlap instead of
            // each one holding up the scoring of its match in turn.
            for (record, &(offset, ..)) in records.iter_mut().zip(matches) {
                *record = columns.scoring[states[offset].row as usize];
            }
            for (record, &(offset, choice, keyword_relevance)) in records.iter().zip(matches) {
                let choice = choice.expect("every match has its choice");
                tally.rank(columns, record, states[offset].row, query, choice, keyword_relevance);
            }
        }
    }

    /// Ranks the matches of a whole-country list that the circle did not meet (`entries` of the
    /// list, counted already), after the circle's: all share one proximity, so when the best so
    /// far are out of that proximity's reach, none of them is read.
    pub(super) fn rank_country_wide(
        &self,
        list: &CountryList,
        entries: &[u32],
        query: &SourcingQuery,
        tally: &mut Tally<'_>,
    ) {
        let columns = &self.segment.columns;
        let choice_of = |entry: u32| {
            let localization_index = list.localization_indexes[entry as usize];
            choose_proximity(None, Some(usize::from(localization_index)), query.radius_km)
                .expect("a country localization is a choice")
        };
        let Some(&first) = entries.first() else { return };
        if !tally.may_rank(&choice_of(first)) {
            tally.pass_over(&choice_of(first), entries.len());
            return;
        }
        for &entry in entries {
            let row = list.rows[entry as usize];
            let keyword_relevance = tally.keyword_relevance(columns, row);
            tally.rank(columns, &list.scoring[entry as usize], row, query, choice_of(entry), keyword_relevance);
        }
    }
}

/// Combines the outcomes of two disjoint sets of candidates.
pub(super) fn merge_outcomes(a: SegmentOutcome, b: SegmentOutcome, capacity: usize) -> SegmentOutcome {
    let mut top = a.top;
    top.extend(b.top);
    top.sort_unstable();
    top.truncate(capacity);
    let mut relax = a.relax;
    relax.add(&b.relax);
    SegmentOutcome {
        total: a.total + b.total,
        country_wide_total: a.country_wide_total + b.country_wide_total,
        relax,
        top,
    }
}

/// The explanation of a kept match, with its keywords' occurrences (see [`keyword_occurrences`]).
pub(crate) fn breakdown(
    columns: &Columns,
    row: u32,
    query: &SourcingQuery,
    (terms, occurrences): (&[KeywordTerm], &[u32]),
    choice: &ProximityChoice,
) -> Breakdown {
    let proximity = ProximityDetail {
        localization_index: choice.localization_index,
        place_id: columns.localizations_of(row)[choice.localization_index].place_id,
        distance_km: choice.distance_km,
        country_wide: choice.country_wide,
    };
    breakdown_of(
        columns.languages_of(row),
        columns.soft_skills_of(row),
        keyword_explanation(terms, occurrences, columns.texts.words[row as usize]),
        query,
        proximity,
        choice.score,
    )
}

/// Each kept match's keyword occurrences, in the terms' order (empty without keywords): read from
/// its segment's postings, row after row, as the search read them to rank it, so that explaining
/// the page neither decompresses nor analyzes its texts.
pub(crate) fn keyword_occurrences(kept: &[(&Segment, Ranked)], terms: &[KeywordTerm]) -> Vec<Vec<u32>> {
    let mut occurrences = vec![Vec::new(); kept.len()];
    if terms.is_empty() {
        return occurrences;
    }
    let segment_of = |index: usize| std::ptr::from_ref(kept[index].0) as usize;
    let mut order: Vec<usize> = (0..kept.len()).collect();
    order.sort_unstable_by_key(|&index| (segment_of(index), kept[index].1.row));
    for same_segment in order.chunk_by(|&a, &b| segment_of(a) == segment_of(b)) {
        let filter = kept[same_segment[0]].0.text_index.keywords(terms);
        let mut cursor = filter.cursor();
        for &index in same_segment {
            let holds = cursor.holds(kept[index].1.row);
            debug_assert!(holds, "a kept match holds every keyword");
            occurrences[index] = cursor.occurrences().to_vec();
        }
    }
    occurrences
}
