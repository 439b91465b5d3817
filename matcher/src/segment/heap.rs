//! An estimate of the memory a segment holds, from its vectors' and maps' capacities and its text
//! index's size: a replica's memory grows with its candidates, and operators size replicas by it
//! (`vivier_matcher_heap_bytes`). Cheap (no walk over rows), and an estimate: allocator overhead,
//! the R-tree's inner nodes and tantivy's own caches are left out.

use std::collections::HashMap;
use std::mem::size_of;

use super::{BucketEntry, CategoryShard, Columns, CountryList, Segment};

/// Bytes a vector reserves.
fn vec_bytes<T>(vector: &Vec<T>) -> usize {
    vector.capacity() * size_of::<T>()
}

/// Bytes a hash map reserves for its entries and control bytes, not counting what they own.
fn map_bytes<K, V, S>(map: &HashMap<K, V, S>) -> usize {
    map.capacity() * (size_of::<K>() + size_of::<V>() + 1)
}

impl Segment {
    pub(crate) fn heap_bytes(&self) -> usize {
        let shards: usize = self.shards.values().map(CategoryShard::heap_bytes).sum();
        self.columns.heap_bytes() + map_bytes(&self.shards) + shards + self.text_index.heap_bytes()
    }
}

impl Columns {
    fn heap_bytes(&self) -> usize {
        vec_bytes(&self.candidate_ids)
            + vec_bytes(&self.id_lookup)
            + vec_bytes(&self.searchable)
            + vec_bytes(&self.contract_masks)
            + vec_bytes(&self.degrees)
            + vec_bytes(&self.available_days)
            + vec_bytes(&self.minimum_durations)
            + vec_bytes(&self.findable)
            + vec_bytes(&self.school_slots)
            + vec_bytes(&self.school_dictionary)
            + vec_bytes(&self.localization_offsets)
            + vec_bytes(&self.localizations)
            + vec_bytes(&self.category_offsets)
            + vec_bytes(&self.categories)
            + vec_bytes(&self.contract_offsets)
            + vec_bytes(&self.contracts)
            + vec_bytes(&self.language_offsets)
            + vec_bytes(&self.languages)
            + vec_bytes(&self.soft_skill_offsets)
            + vec_bytes(&self.soft_skills)
            + self.texts.heap_bytes()
            + vec_bytes(&self.contract_dictionary)
            + vec_bytes(&self.scoring)
            + vec_bytes(&self.soft_skill_dictionary)
    }
}

impl CategoryShard {
    fn heap_bytes(&self) -> usize {
        let country_wide: usize = self.country_wide.values().map(CountryList::heap_bytes).sum();
        let country_any: usize = self.country_any.values().map(vec_bytes).sum();
        vec_bytes(&self.units)
            + vec_bytes(&self.rows)
            + vec_bytes(&self.localization_indexes)
            + vec_bytes(&self.filters)
            + self.buckets.size() * size_of::<BucketEntry>()
            + map_bytes(&self.country_wide)
            + country_wide
            + map_bytes(&self.country_any)
            + country_any
    }
}

impl CountryList {
    fn heap_bytes(&self) -> usize {
        vec_bytes(&self.rows)
            + vec_bytes(&self.localization_indexes)
            + vec_bytes(&self.filters)
            + vec_bytes(&self.scoring)
    }
}
