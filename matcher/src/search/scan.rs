//! The candidate generation of a query: the circle's R-tree buckets scanned entry by entry, the
//! whole-country lists, a country query's rows, or listed rows one by one. Each collects, per
//! candidate met, what the scan learned ([`RowState`]) for the ranking to count and score.

use std::cell::RefCell;

use rstar::{AABB, PointDistance};

use super::criteria::Criteria;
use super::ranking::Tally;
use super::{SegmentView, bit_is_set};
use crate::model::{QueryLocalization, SourcingQuery};
use crate::relaxation::relaxed_radius_km;
use crate::segment::{BUCKET_SIZE, CategoryShard, CountryList};
use crate::semantics::{chord_of_km, great_circle_km, unit_vector};

/// What the scan learned about one candidate.
#[derive(Clone, Copy, Debug)]
pub(super) struct RowState {
    pub(super) row: u32,
    pub(super) failed: u8,
    /// A place within the radius.
    pub(super) within_radius: bool,
    /// Nearest place within the radius: (distance, localization index); computed for
    /// candidates that pass every filter only, the others just need `within_radius`.
    pub(super) nearest: Option<(f64, u16)>,
    /// A place within the relaxed radius.
    pub(super) within_relaxed_radius: bool,
    /// First whole-country localization of the query country (point queries), or first
    /// localization in the country (country queries).
    pub(super) country_index: Option<u16>,
}

impl RowState {
    fn new(row: u32, failed: u8) -> RowState {
        RowState { row, failed, within_radius: false, nearest: None, within_relaxed_radius: false, country_index: None }
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
        if distance_km <= geometry.relaxed_radius_km {
            self.within_relaxed_radius = true;
        }
    }

    fn offer_country(&mut self, localization_index: u16) {
        if self.country_index.is_none_or(|index| localization_index < index) {
            self.country_index = Some(localization_index);
        }
    }

    /// Folds in what another part of a split scan learned about the same candidate.
    pub(super) fn merge(&mut self, other: &RowState) {
        self.within_radius |= other.within_radius;
        self.within_relaxed_radius |= other.within_relaxed_radius;
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
pub(super) struct Scratch {
    /// A bit per row: whether `states` holds it. At 1M rows it fits a core's cache, so asking about
    /// a row the scan never met (most of a country-wide list) costs no memory access.
    has_state: Vec<u64>,
    /// Per row that has a state: its slot in `states`.
    slots: Vec<u32>,
    pub(super) states: Vec<RowState>,
    /// The entries of the whole-country list that match without a state.
    pub(super) country_wide_matches: Vec<u32>,
}

impl Scratch {
    pub(super) fn begin(&mut self, rows: usize) {
        for state in &self.states {
            self.has_state[state.row as usize / 64] &= !(1 << (state.row % 64));
        }
        self.states.clear();
        self.country_wide_matches.clear();
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
    pub(super) fn state(&mut self, row: u32, failed: u8) -> &mut RowState {
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

/// Runs `work` on this thread's scratch, or on a fresh one when the thread's is in use: a rayon
/// worker that waits inside a search's parallel part may run another search's task meanwhile
/// (work stealing), on the same thread, while the first still holds its scratch.
pub(super) fn with_scratch<R>(work: impl FnOnce(&mut Scratch) -> R) -> R {
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut scratch) => work(&mut scratch),
        Err(_) => work(&mut Scratch::default()),
    })
}

/// The query's geometry, computed once.
pub(super) struct Geometry {
    center: [f64; 3],
    radius_km: f64,
    relaxed_radius_km: f64,
    /// Squared chords below which a place is surely within the radius, above which surely not;
    /// in between the exact distance decides. Same for the relaxed radius.
    surely_within_radius: f64,
    surely_beyond_radius: f64,
    surely_within_relaxed_radius: f64,
    surely_beyond_relaxed_radius: f64,
}

impl Geometry {
    pub(super) fn new(lat: f64, lng: f64, radius_km: f64) -> Geometry {
        // Chord and great-circle distance are both computed to within a few ulps; a relative margin
        // of 1e-9 leaves the borderline cases to the exact test.
        let squared = |chord: f64, factor: f64| (chord * factor) * (chord * factor);
        let chord = chord_of_km(radius_km);
        let relaxed_radius_km = relaxed_radius_km(radius_km);
        let relaxed_chord = chord_of_km(relaxed_radius_km);
        Geometry {
            center: unit_vector(lat, lng),
            radius_km,
            relaxed_radius_km,
            surely_within_radius: squared(chord, 1.0 - 1e-9),
            surely_beyond_radius: squared(chord, 1.0 + 1e-9) + 1e-300,
            surely_within_relaxed_radius: squared(relaxed_chord, 1.0 - 1e-9),
            surely_beyond_relaxed_radius: squared(relaxed_chord, 1.0 + 1e-9) + 1e-300,
        }
    }

    #[inline(always)]
    fn squared_chord(&self, unit: &[f64; 3]) -> f64 {
        let (dx, dy, dz) = (unit[0] - self.center[0], unit[1] - self.center[1], unit[2] - self.center[2]);
        dx * dx + dy * dy + dz * dz
    }
}

impl SegmentView<'_> {
    /// Every place entry of the shard within the relaxed radius, plus filters, of the live rows
    /// listed (every live row without a list).
    pub(super) fn collect_circle(
        &self,
        shard: &CategoryShard,
        buckets: &[(u32, u32)],
        criteria: &Criteria<'_>,
        geometry: &Geometry,
        listed_bits: Option<&[u64]>,
        scratch: &mut Scratch,
    ) {
        let columns = &self.segment.columns;
        let center = geometry.center;
        let mut selected = [0; BUCKET_SIZE];
        for &(start, end) in buckets {
            let range = start as usize..end as usize;
            let units = &shard.units[range.clone()];
            let filters = &shard.filters[range.clone()];
            // Beyond the radius only a full match counts (for the relaxed radius).
            let worth_a_look = select(units.len(), &mut selected, |offset| {
                let squared_chord = geometry.squared_chord(&units[offset]);
                let (may_pass, may_match) = criteria.prescreen(&filters[offset]);
                may_pass
                    & (squared_chord <= geometry.surely_beyond_relaxed_radius)
                    & (may_match | (squared_chord <= geometry.surely_beyond_radius))
            });
            for &offset in worth_a_look {
                let offset = usize::from(offset);
                let (unit, filter) = (&units[offset], &filters[offset]);
                let squared_chord = geometry.squared_chord(unit);
                let entry = range.start + offset;
                let row = shard.rows[entry];
                if self.excluded(row, listed_bits) {
                    continue;
                }
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
                        let within_relaxed_radius = squared_chord < geometry.surely_within_relaxed_radius
                            || great_circle_km(*unit, center) <= geometry.relaxed_radius_km;
                        if within_relaxed_radius {
                            scratch.state(row, failed).within_relaxed_radius = true;
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
    /// counted at once, and those that match are listed in `scratch` for
    /// [`SegmentView::rank_country_wide`] to rank from the list's own copies.
    pub(super) fn collect_country_wide(
        &self,
        list: Option<&CountryList>,
        criteria: &Criteria<'_>,
        listed_bits: Option<&[u64]>,
        scratch: &mut Scratch,
        tally: &mut Tally<'_>,
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
                if scratch.has_state(row) {
                    scratch.state(row, failed).offer_country(list.localization_indexes[entry]);
                } else if !self.excluded(row, listed_bits) && tally.holds_keywords(row) && tally.count_within(failed) {
                    scratch.country_wide_matches.push(entry as u32);
                }
            }
        }
    }

    /// Candidates with any localization in the country of a country query, of the live rows listed
    /// (every live row without a list).
    pub(super) fn collect_country_rows(
        &self,
        rows: Option<&Vec<(u32, u16)>>,
        criteria: &Criteria<'_>,
        listed_bits: Option<&[u64]>,
        scratch: &mut Scratch,
    ) {
        let columns = &self.segment.columns;
        for &(row, localization_index) in rows.map(Vec::as_slice).unwrap_or(&[]) {
            if self.excluded(row, listed_bits) {
                continue;
            }
            if let Some(failed) = criteria.screen_row(columns, row) {
                scratch.state(row, failed).offer_country(localization_index);
            }
        }
    }

    /// Evaluates the given rows one by one from their own localizations (text-first plan).
    pub(super) fn collect_rows(
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
            if state.within_radius || state.within_relaxed_radius || state.country_index.is_some() {
                *scratch.state(row, failed) = state;
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

/// The entry ranges of the buckets that may hold places within the relaxed radius, in bucket order.
pub(super) fn circle_buckets(shard: &CategoryShard, geometry: &Geometry) -> Vec<(u32, u32)> {
    let reach = geometry.surely_beyond_relaxed_radius.sqrt();
    let center = geometry.center;
    let envelope = AABB::from_corners(center.map(|c| c - reach), center.map(|c| c + reach));
    let mut buckets: Vec<(u32, u32)> = shard
        .buckets
        .locate_in_envelope_intersecting(&envelope)
        // The cube around the cap is larger than the cap: skip boxes that only meet its corners.
        .filter(|bucket| bucket.geom().distance_2(&center) <= geometry.surely_beyond_relaxed_radius)
        .map(|bucket| bucket.data)
        .collect();
    buckets.sort_unstable();
    buckets
}
