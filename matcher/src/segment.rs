//! An immutable, searchable batch of candidate documents.
//!
//! Candidates are renumbered into rows so that candidates living close together are stored close
//! together (rows follow a Morton curve of each candidate's first place). Everything is kept as
//! struct-of-arrays columns indexed by row, and lists (localizations, languages, ...) as flat arrays
//! with offsets.
//!
//! The geo structure is split by job category: every query names exactly one category and no
//! relaxation ever drops it, so a query only ever looks at the localizations of candidates who want
//! that category. Each [`CategoryShard`] holds one entry per (candidate, place localization), sorted
//! into small spatially compact buckets (sort-tile-recursive packing); an `rstar` R-tree over the
//! buckets' 3-D boxes (points on the unit sphere) finds the buckets near the query. Each entry carries
//! a copy of its candidate's hot filter fields, so a scan rejects most entries without touching
//! anything but the bucket's own contiguous memory.

use std::collections::HashMap;

use rstar::RTree;
use rstar::primitives::{GeomWithData, Rectangle};
use rustc_hash::FxHashMap;

use crate::model::{CandidateDoc, CountryCode, FindableBy, JobLocalization, LanguageSkill, SoftSkillShare};
use crate::semantics::{date_of_day_number, unit_vector};
use crate::text::TextIndex;

mod columns;
mod heap;
mod texts;

pub(crate) use columns::{DocumentRows, SoftSkillTopSums};
pub(crate) use texts::RowTexts;

/// Entries per geo bucket. Chosen by measurement (see the crate docs).
pub(crate) const BUCKET_SIZE: usize = 64;

/// Contract ids get a bit each in a per-segment dictionary; ids beyond the first 31 share the last
/// bit and are then checked against the candidate's list.
pub(crate) const OTHER_CONTRACT_BIT: u32 = 1 << 31;
const DICTIONARY_CAPACITY: usize = 31;

/// A localization as stored: the original fields (the unit vector is recomputed when needed).
#[derive(Clone, Copy, Debug)]
pub(crate) struct StoredLocalization {
    pub lat: f64,
    pub lng: f64,
    /// `None` for a whole-country localization.
    pub place_id: Option<u32>,
    pub country: CountryCode,
}

/// Languages kept inline in a [`ScoringRecord`].
pub(crate) const INLINE_LANGUAGES: usize = 4;
/// Soft-skill categories kept inline in a [`ScoringRecord`] (slots given by the segment's dictionary).
pub(crate) const INLINE_SOFT_SKILLS: usize = 8;

/// Everything scoring needs about a candidate in one small record, so that scoring a match costs one
/// memory access. Candidates whose data does not fit are scored from the lists instead.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct ScoringRecord {
    pub candidate_id: i64,
    /// Percent per soft-skill slot (the highest listed for the category).
    pub soft_skill_percents: [u8; INLINE_SOFT_SKILLS],
    /// Distinct languages with their highest level; unused slots have level 0 and language `u16::MAX`.
    pub languages: [u16; INLINE_LANGUAGES],
    pub language_levels: [u8; INLINE_LANGUAGES],
    /// False when the lists did not fit: use the lists.
    pub inline: bool,
}

/// A copy of a candidate's hot filter fields, stored next to each of its shard entries.
#[derive(Clone, Copy, Debug)]
pub(crate) struct EntryFilter {
    pub contract_mask: u32,
    pub available_day: i32,
    pub minimum_duration: u16,
    pub degree: u8,
    /// [`FINDABLE_BY_EVERYONE`], or'ed with the [`school_bit`] of the candidate's school (the
    /// byte the struct's padding had free).
    pub findable: u8,
}

/// The bit of [`EntryFilter::findable`] of a candidate findable by everyone.
pub(crate) const FINDABLE_BY_EVERYONE: u8 = 1;

/// The bit of [`EntryFilter::findable`] that a school's slot sets (0 for no school): one of the
/// seven bits left, so that a query whose audience names a few schools screens out, from the
/// entry alone, most candidates of the other schools, and looks up the school only of those
/// whose bit is one of the audience's.
pub(crate) fn school_bit(school_slot: u32) -> u8 {
    match school_slot {
        0 => 0,
        slot => 2 << (slot % 7),
    }
}

/// A bucket of a shard: its box, with its entry range.
pub(crate) type BucketEntry = GeomWithData<Rectangle<[f64; 3]>, (u32, u32)>;
pub(crate) type BucketTree = RTree<BucketEntry>;

/// Candidates listed by country, with the localization that puts them there.
///
/// Every point query of the country reads the whole list, so it carries copies of the candidates'
/// filter fields and scoring records: most of its candidates are in no other way near the query, and
/// a pass over the list then reads nothing but the list.
#[derive(Default)]
pub(crate) struct CountryList {
    pub rows: Vec<u32>,
    pub localization_indexes: Vec<u16>,
    pub filters: Vec<EntryFilter>,
    pub scoring: Vec<ScoringRecord>,
}

/// The localizations of the candidates who want one job category.
pub(crate) struct CategoryShard {
    // One entry per (candidate, place localization), in bucket order.
    /// The exact unit vectors of [`crate::semantics::unit_vector`], so distances need no other lookup.
    pub units: Vec<[f64; 3]>,
    pub rows: Vec<u32>,
    pub localization_indexes: Vec<u16>,
    pub filters: Vec<EntryFilter>,
    /// Bucket boxes, each with its entry range.
    pub buckets: BucketTree,
    /// Candidates with a whole-country localization, with the first such localization.
    pub country_wide: FxHashMap<CountryCode, CountryList>,
    /// Candidates with any localization in the country, with the first one.
    pub country_any: FxHashMap<CountryCode, Vec<(u32, u16)>>,
}

/// A built segment: columns, shards and the tantivy index over the same rows.
pub(crate) struct Segment {
    pub columns: Columns,
    pub shards: HashMap<u16, CategoryShard>,
    pub text_index: TextIndex,
}

/// The per-row data, in row order.
pub(crate) struct Columns {
    pub candidate_ids: Vec<i64>,
    /// (candidate id, row) sorted by id.
    id_lookup: Vec<(i64, u32)>,
    pub searchable: Vec<bool>,
    pub contract_masks: Vec<u32>,
    pub degrees: Vec<u8>,
    pub available_days: Vec<i32>,
    pub minimum_durations: Vec<u16>,
    /// Per row, [`FINDABLE_BY_EVERYONE`] or 0.
    pub findable: Vec<u8>,
    /// Per row, 0 without a school, else 1 + the school's position in `school_dictionary`.
    pub school_slots: Vec<u32>,
    /// The schools of the segment's candidates, sorted.
    pub school_dictionary: Vec<i64>,
    localization_offsets: Vec<u32>,
    localizations: Vec<StoredLocalization>,
    category_offsets: Vec<u32>,
    categories: Vec<u16>,
    contract_offsets: Vec<u32>,
    contracts: Vec<u16>,
    language_offsets: Vec<u32>,
    languages: Vec<LanguageSkill>,
    soft_skill_offsets: Vec<u32>,
    soft_skills: Vec<SoftSkillShare>,
    pub texts: RowTexts,
    /// Bit i of a contract mask stands for `contract_dictionary[i]` (see [`OTHER_CONTRACT_BIT`]).
    pub contract_dictionary: Vec<u16>,
    pub scoring: Vec<ScoringRecord>,
    /// Slot i of a record's soft-skill percents stands for `soft_skill_dictionary[i]`.
    pub soft_skill_dictionary: Vec<u16>,
    pub soft_skill_top_sums: SoftSkillTopSums,
}

/// Spreads the low 32 bits of `value` to the even bits of a u64.
fn spread_bits(value: u32) -> u64 {
    let mut x = u64::from(value);
    x = (x | (x << 16)) & 0x0000_FFFF_0000_FFFF;
    x = (x | (x << 8)) & 0x00FF_00FF_00FF_00FF;
    x = (x | (x << 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    x = (x | (x << 2)) & 0x3333_3333_3333_3333;
    x = (x | (x << 1)) & 0x5555_5555_5555_5555;
    x
}

/// A Morton (Z-order) key of a latitude/longitude, 32 bits per axis.
fn morton_key(lat: f64, lng: f64) -> u64 {
    let scale =
        |value: f64, low: f64, high: f64| (((value - low) / (high - low)).clamp(0.0, 1.0) * f64::from(u32::MAX)) as u32;
    spread_bits(scale(lng, -180.0, 180.0)) | spread_bits(scale(lat, -90.0, 90.0)) << 1
}

fn home_key(doc: &CandidateDoc) -> u64 {
    doc.localizations
        .iter()
        .find_map(|localization| match localization {
            JobLocalization::Place { lat, lng, .. } => Some(morton_key(*lat, *lng)),
            JobLocalization::Country { .. } => None,
        })
        .unwrap_or(u64::MAX)
}

fn list<'a, T>(offsets: &[u32], values: &'a [T], row: u32) -> &'a [T] {
    let row = row as usize;
    &values[offsets[row] as usize..offsets[row + 1] as usize]
}

/// One shard entry before packing.
struct PendingEntry {
    lat: f64,
    lng: f64,
    row: u32,
    localization_index: u16,
}

impl Segment {
    /// Builds a segment. Candidate ids must be unique (the caller keeps the last of duplicates).
    pub(crate) fn build(mut docs: Vec<CandidateDoc>) -> Segment {
        // Spatial renumbering: neighbours in space become neighbours in memory.
        docs.sort_by_cached_key(|doc| (home_key(doc), doc.candidate_id));
        let (text_index, (columns, shards)) = rayon::join(
            || TextIndex::build(&docs),
            || {
                let Ok(columns) = Columns::build(&docs[..], RowTexts::of(&docs));
                let shards = columns.build_shards();
                (columns, shards)
            },
        );
        Segment { columns, shards, text_index }
    }

    /// A segment as [`Segment::build`] made it, from its documents in row order (their texts
    /// left out), the rows' texts and its text index read back: the columns and shards are
    /// rebuilt (cheap), the texts are neither indexed nor tokenized again.
    pub(crate) fn restore<D: DocumentRows>(
        docs: &D,
        texts: RowTexts,
        text_index: TextIndex,
    ) -> Result<Segment, D::Error> {
        let columns = Columns::build(docs, texts)?;
        let shards = columns.build_shards();
        Ok(Segment { columns, shards, text_index })
    }
}

impl Columns {
    fn build_shards(&self) -> HashMap<u16, CategoryShard> {
        use rayon::prelude::*;
        // Rows per category (a candidate listing a category twice counts once).
        let mut rows_by_category: HashMap<u16, Vec<u32>> = HashMap::new();
        for row in 0..self.candidate_ids.len() as u32 {
            if !self.searchable[row as usize] {
                continue;
            }
            let categories = self.categories_of(row);
            for (position, &category) in categories.iter().enumerate() {
                if !categories[..position].contains(&category) {
                    rows_by_category.entry(category).or_default().push(row);
                }
            }
        }
        let categories: Vec<(u16, Vec<u32>)> = rows_by_category.into_iter().collect();
        categories.into_par_iter().map(|(category, rows)| (category, self.build_shard(&rows))).collect()
    }

    fn entry_filter(&self, row: u32) -> EntryFilter {
        let row = row as usize;
        EntryFilter {
            contract_mask: self.contract_masks[row],
            available_day: self.available_days[row],
            minimum_duration: self.minimum_durations[row],
            degree: self.degrees[row],
            findable: self.findable[row],
        }
    }

    fn build_shard(&self, rows: &[u32]) -> CategoryShard {
        let mut pending = Vec::with_capacity(rows.len() * 3);
        // Fx: a lookup per localization of the category's rows, with a key of two letters
        let mut country_wide: FxHashMap<CountryCode, CountryList> = FxHashMap::default();
        let mut country_any: FxHashMap<CountryCode, Vec<(u32, u16)>> = FxHashMap::default();
        for &row in rows {
            let localizations = list(&self.localization_offsets, &self.localizations, row);
            for (index, localization) in localizations.iter().enumerate() {
                let earlier = &localizations[..index];
                let index = index as u16;
                if !earlier.iter().any(|earlier| earlier.country == localization.country) {
                    country_any.entry(localization.country).or_default().push((row, index));
                }
                match localization.place_id {
                    Some(_) => pending.push(PendingEntry {
                        lat: localization.lat,
                        lng: localization.lng,
                        row,
                        localization_index: index,
                    }),
                    None => {
                        let first_country_wide = !earlier
                            .iter()
                            .any(|earlier| earlier.place_id.is_none() && earlier.country == localization.country);
                        if first_country_wide {
                            let list = country_wide.entry(localization.country).or_default();
                            list.rows.push(row);
                            list.localization_indexes.push(index);
                            list.filters.push(self.entry_filter(row));
                            list.scoring.push(self.scoring[row as usize]);
                        }
                    }
                }
            }
        }
        sort_tile_recursive(&mut pending, BUCKET_SIZE);

        let count = pending.len();
        let mut shard = CategoryShard {
            units: Vec::with_capacity(count),
            rows: Vec::with_capacity(count),
            localization_indexes: Vec::with_capacity(count),
            filters: Vec::with_capacity(count),
            buckets: RTree::new(),
            country_wide,
            country_any,
        };
        for entry in &pending {
            shard.units.push(unit_vector(entry.lat, entry.lng));
            shard.rows.push(entry.row);
            shard.localization_indexes.push(entry.localization_index);
            shard.filters.push(self.entry_filter(entry.row));
        }
        drop(pending);
        let boxes = (0..count)
            .step_by(BUCKET_SIZE)
            .map(|start| {
                let end = (start + BUCKET_SIZE).min(count);
                let mut lower = [f64::INFINITY; 3];
                let mut upper = [f64::NEG_INFINITY; 3];
                for unit in &shard.units[start..end] {
                    for axis in 0..3 {
                        lower[axis] = lower[axis].min(unit[axis]);
                        upper[axis] = upper[axis].max(unit[axis]);
                    }
                }
                GeomWithData::new(Rectangle::from_corners(lower, upper), (start as u32, end as u32))
            })
            .collect();
        shard.buckets = RTree::bulk_load(boxes);
        shard
    }
}

/// Orders entries so that consecutive runs of `bucket_size` form compact tiles: vertical slabs by
/// longitude, each slab sorted by latitude.
fn sort_tile_recursive(entries: &mut [PendingEntry], bucket_size: usize) {
    use rayon::prelude::*;
    let buckets = entries.len().div_ceil(bucket_size);
    let slabs = (buckets as f64).sqrt().ceil().max(1.0) as usize;
    let slab_size = buckets.div_ceil(slabs) * bucket_size;
    // Integer keys: the sorts were most of a shard's build (a restore builds every shard), and the
    // largest category's sort runs on every core rather than alone on one. Entries at one place
    // (candidates of one town) are ordered by row, so the buckets depend on the entries alone.
    let key = |first: f64, second: f64, entry: &PendingEntry| {
        let place = u128::from(total_order_key(first)) << 64 | u128::from(total_order_key(second));
        (place, entry.row, entry.localization_index)
    };
    entries.par_sort_unstable_by_key(|entry| key(entry.lng, entry.lat, entry));
    if slab_size == 0 {
        return;
    }
    entries
        .par_chunks_mut(slab_size)
        .for_each(|slab| slab.sort_unstable_by_key(|entry| key(entry.lat, entry.lng, entry)));
}

/// A number whose unsigned order is [`f64::total_cmp`]'s order of `value`.
fn total_order_key(value: f64) -> u64 {
    let bits = value.to_bits();
    // negative numbers: every bit flipped (larger magnitudes first); the others: the sign bit set
    if bits >> 63 == 1 { !bits } else { bits | 1 << 63 }
}

impl Columns {
    /// The row of a candidate id.
    pub(crate) fn row_of(&self, candidate_id: i64) -> Option<u32> {
        self.id_lookup
            .binary_search_by_key(&candidate_id, |&(id, _)| id)
            .ok()
            .map(|position| self.id_lookup[position].1)
    }

    pub(crate) fn localizations_of(&self, row: u32) -> &[StoredLocalization] {
        list(&self.localization_offsets, &self.localizations, row)
    }

    pub(crate) fn categories_of(&self, row: u32) -> &[u16] {
        list(&self.category_offsets, &self.categories, row)
    }

    pub(crate) fn contracts_of(&self, row: u32) -> &[u16] {
        list(&self.contract_offsets, &self.contracts, row)
    }

    pub(crate) fn languages_of(&self, row: u32) -> &[LanguageSkill] {
        list(&self.language_offsets, &self.languages, row)
    }

    pub(crate) fn soft_skills_of(&self, row: u32) -> &[SoftSkillShare] {
        list(&self.soft_skill_offsets, &self.soft_skills, row)
    }

    /// The document of a row, exactly as it was given; with an empty text unless `with_text`.
    pub(crate) fn document(&self, row: u32, with_text: bool) -> CandidateDoc {
        let index = row as usize;
        CandidateDoc {
            candidate_id: self.candidate_ids[index],
            localizations: self
                .localizations_of(row)
                .iter()
                .map(|stored| match stored.place_id {
                    Some(place_id) => {
                        JobLocalization::Place { place_id, lat: stored.lat, lng: stored.lng, country: stored.country }
                    }
                    None => JobLocalization::Country { country: stored.country },
                })
                .collect(),
            job_categories: self.categories_of(row).to_vec(),
            contract_types: self.contracts_of(row).to_vec(),
            minimum_duration_months: self.minimum_durations[index],
            available_from: date_of_day_number(self.available_days[index]),
            degree_level: self.degrees[index],
            languages: self.languages_of(row).to_vec(),
            soft_skills: self.soft_skills_of(row).to_vec(),
            searchable: self.searchable[index],
            findable_by: match self.findable[index] & FINDABLE_BY_EVERYONE {
                FINDABLE_BY_EVERYONE => FindableBy::Everyone,
                _ => FindableBy::SchoolPartners,
            },
            school_id: self.school_slots[index].checked_sub(1).map(|slot| self.school_dictionary[slot as usize]),
            text: match with_text {
                true => self.texts.text_of(row).into_owned(),
                false => String::new(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn total_order_keys_sort_as_total_cmp_does() {
        let values = [
            f64::NEG_INFINITY,
            -180.0,
            -45.5,
            -1e-300,
            -0.0,
            0.0,
            1e-300,
            2.35,
            48.85,
            180.0,
            f64::INFINITY,
            f64::NAN,
            -f64::NAN,
        ];
        for a in values {
            for b in values {
                assert_eq!(total_order_key(a).cmp(&total_order_key(b)), a.total_cmp(&b), "{a} against {b}");
            }
        }
    }
}
