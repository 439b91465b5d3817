//! A segment's columns built from its documents: the dictionaries first (contract types, soft-skill
//! categories, schools), then the rows in parts of [`ROWS_PER_PART`] on every core, appended end
//! to end.
//!
//! One thread building a million rows' columns was a seventh of a restart from a snapshot at 1M,
//! on the way to serving, with the other cores idle. The rows come from a [`DocumentRows`]: a
//! restore reads each document from the image into one reused document, and never holds a million
//! of them (their allocations and frees were a third of a restart).

use std::convert::Infallible;
use std::ops::Range;

use rayon::prelude::*;

use super::{
    Columns, DICTIONARY_CAPACITY, FINDABLE_BY_EVERYONE, INLINE_LANGUAGES, INLINE_SOFT_SKILLS, OTHER_CONTRACT_BIT,
    RowTexts, ScoringRecord, StoredLocalization, school_bit,
};
use crate::model::{CandidateDoc, FindableBy, JobLocalization, SoftSkillShare};
use crate::semantics::day_number;

/// Rows built by one task of the pool.
const ROWS_PER_PART: usize = 16_384;

/// The documents of a segment's rows, in row order, as its columns are built from them.
pub(crate) trait DocumentRows: Sync {
    /// Why a document cannot be read (documents in memory always can).
    type Error: Send;

    fn rows(&self) -> usize;

    /// Calls `each` with the document of every row of `rows`, in order, up to one that cannot be
    /// read.
    fn for_each_in(&self, rows: Range<usize>, each: impl FnMut(&CandidateDoc)) -> Result<(), Self::Error>;
}

impl DocumentRows for [CandidateDoc] {
    type Error = Infallible;

    fn rows(&self) -> usize {
        self.len()
    }

    fn for_each_in(&self, rows: Range<usize>, each: impl FnMut(&CandidateDoc)) -> Result<(), Infallible> {
        self[rows].iter().for_each(each);
        Ok(())
    }
}

/// The row ranges of the parts built on the pool.
fn parts(rows: usize, rows_per_part: usize) -> impl IndexedParallelIterator<Item = Range<usize>> {
    let rows_per_part = rows_per_part.max(1);
    (0..rows.div_ceil(rows_per_part))
        .into_par_iter()
        .map(move |part| part * rows_per_part..((part + 1).saturating_mul(rows_per_part)).min(rows))
}

/// The ids a segment numbers: bit i of a contract mask, slot i of a scoring record's soft skills,
/// slot i + 1 of a row's school.
struct Dictionaries {
    contracts: Vec<u16>,
    /// Empty when the segment's categories do not fit a record (scored from the lists then).
    soft_skills: Vec<u16>,
    soft_skills_fit: bool,
    schools: Vec<i64>,
}

impl Dictionaries {
    fn of<D: DocumentRows + ?Sized>(docs: &D) -> Result<Dictionaries, D::Error> {
        // The most frequent contract ids would be best placed first; ~8 contract types fit anyway.
        let (contracts, soft_skills, mut schools) = parts(docs.rows(), ROWS_PER_PART)
            .map(|rows| {
                let (mut contracts, mut soft_skills, mut schools) = (IdSet::new(), IdSet::new(), Vec::new());
                docs.for_each_in(rows, |doc| {
                    doc.contract_types.iter().for_each(|&id| contracts.insert(id));
                    doc.soft_skills.iter().for_each(|share| soft_skills.insert(share.category));
                    schools.extend(doc.school_id);
                })?;
                Ok((contracts, soft_skills, schools))
            })
            .try_reduce(
                || (IdSet::new(), IdSet::new(), Vec::new()),
                |(contracts, soft_skills, mut schools), (more_contracts, more_soft_skills, more_schools)| {
                    schools.extend(more_schools);
                    Ok((contracts.union(more_contracts), soft_skills.union(more_soft_skills), schools))
                },
            )?;
        let (contracts, soft_skills) = (contracts.sorted(), soft_skills.sorted());
        schools.par_sort_unstable();
        schools.dedup();
        let soft_skills_fit = soft_skills.len() <= INLINE_SOFT_SKILLS;
        Ok(Dictionaries {
            contracts,
            soft_skills: if soft_skills_fit { soft_skills } else { Vec::new() },
            soft_skills_fit,
            schools,
        })
    }

    fn contract_bit(&self, id: u16) -> u32 {
        match self.contracts.binary_search(&id) {
            Ok(position) if position < DICTIONARY_CAPACITY => 1u32 << position,
            _ => OTHER_CONTRACT_BIT,
        }
    }

    fn school_slot(&self, school_id: Option<i64>) -> u32 {
        school_id.map_or(0, |school_id| {
            let position = self.schools.binary_search(&school_id).expect("every school is listed");
            position as u32 + 1
        })
    }
}

impl Columns {
    pub(crate) fn build<D: DocumentRows + ?Sized>(docs: &D, texts: RowTexts) -> Result<Columns, D::Error> {
        Columns::build_in_parts(docs, texts, ROWS_PER_PART)
    }

    fn build_in_parts<D: DocumentRows + ?Sized>(
        docs: &D,
        texts: RowTexts,
        rows_per_part: usize,
    ) -> Result<Columns, D::Error> {
        assert_eq!(texts.rows(), docs.rows(), "a text per document");
        let dictionaries = Dictionaries::of(docs)?;
        let parts: Vec<Columns> = parts(docs.rows(), rows_per_part)
            .map(|rows| Columns::part(docs, rows, &dictionaries))
            .collect::<Result<_, _>>()?;
        let mut columns = Columns::empty(texts);
        columns.reserve_for(&parts);
        for part in parts {
            columns.append(part);
        }
        columns.id_lookup = columns.candidate_ids.iter().enumerate().map(|(row, &id)| (id, row as u32)).collect();
        columns.id_lookup.par_sort_unstable();
        columns.contract_dictionary = dictionaries.contracts;
        columns.soft_skill_dictionary = dictionaries.soft_skills;
        columns.school_dictionary = dictionaries.schools;
        Ok(columns)
    }

    /// Columns without rows.
    fn empty(texts: RowTexts) -> Columns {
        Columns {
            candidate_ids: Vec::new(),
            id_lookup: Vec::new(),
            searchable: Vec::new(),
            contract_masks: Vec::new(),
            degrees: Vec::new(),
            available_days: Vec::new(),
            minimum_durations: Vec::new(),
            findable: Vec::new(),
            school_slots: Vec::new(),
            school_dictionary: Vec::new(),
            localization_offsets: vec![0],
            localizations: Vec::new(),
            category_offsets: vec![0],
            categories: Vec::new(),
            contract_offsets: vec![0],
            contracts: Vec::new(),
            language_offsets: vec![0],
            languages: Vec::new(),
            soft_skill_offsets: vec![0],
            soft_skills: Vec::new(),
            texts,
            contract_dictionary: Vec::new(),
            scoring: Vec::new(),
            soft_skill_dictionary: Vec::new(),
            soft_skill_top_sums: SoftSkillTopSums::default(),
        }
    }

    /// The per-row columns of some rows (without texts, lookup or dictionaries).
    fn part<D: DocumentRows + ?Sized>(
        docs: &D,
        rows: Range<usize>,
        dictionaries: &Dictionaries,
    ) -> Result<Columns, D::Error> {
        let mut part = Columns::empty(RowTexts::of(&[]));
        let mut soft_skill_percents = Vec::new();
        docs.for_each_in(rows, |doc| {
            part.candidate_ids.push(doc.candidate_id);
            part.searchable.push(doc.searchable);
            part.contract_masks
                .push(doc.contract_types.iter().fold(0, |mask, &id| mask | dictionaries.contract_bit(id)));
            part.degrees.push(doc.degree_level);
            part.available_days.push(day_number(doc.available_from));
            part.minimum_durations.push(doc.minimum_duration_months);
            let school_slot = dictionaries.school_slot(doc.school_id);
            let everyone = if doc.findable_by == FindableBy::Everyone { FINDABLE_BY_EVERYONE } else { 0 };
            part.findable.push(everyone | school_bit(school_slot));
            part.school_slots.push(school_slot);
            part.localizations.extend(doc.localizations.iter().map(|localization| match *localization {
                JobLocalization::Place { place_id, lat, lng, country } => {
                    StoredLocalization { lat, lng, place_id: Some(place_id), country }
                }
                JobLocalization::Country { country } => {
                    StoredLocalization { lat: 0.0, lng: 0.0, place_id: None, country }
                }
            }));
            part.localization_offsets.push(part.localizations.len() as u32);
            push_list(&mut part.category_offsets, &mut part.categories, &doc.job_categories);
            push_list(&mut part.contract_offsets, &mut part.contracts, &doc.contract_types);
            push_list(&mut part.language_offsets, &mut part.languages, &doc.languages);
            push_list(&mut part.soft_skill_offsets, &mut part.soft_skills, &doc.soft_skills);
            part.scoring
                .push(scoring_record(doc, dictionaries.soft_skills_fit.then_some(&dictionaries.soft_skills[..])));
            part.soft_skill_top_sums.raise(&doc.soft_skills, &mut soft_skill_percents);
        })?;
        Ok(part)
    }

    /// Room for the rows of these parts, exactly: the columns live as long as the segment, and
    /// growing them part by part would leave up to half their capacity unused.
    fn reserve_for(&mut self, parts: &[Columns]) {
        let total = |length: fn(&Columns) -> usize| parts.iter().map(length).sum::<usize>();
        let rows = total(|part| part.candidate_ids.len());
        self.candidate_ids.reserve_exact(rows);
        self.searchable.reserve_exact(rows);
        self.contract_masks.reserve_exact(rows);
        self.degrees.reserve_exact(rows);
        self.available_days.reserve_exact(rows);
        self.minimum_durations.reserve_exact(rows);
        self.findable.reserve_exact(rows);
        self.school_slots.reserve_exact(rows);
        self.scoring.reserve_exact(rows);
        for offsets in [
            &mut self.localization_offsets,
            &mut self.category_offsets,
            &mut self.contract_offsets,
            &mut self.language_offsets,
            &mut self.soft_skill_offsets,
        ] {
            offsets.reserve_exact(rows);
        }
        self.localizations.reserve_exact(total(|part| part.localizations.len()));
        self.categories.reserve_exact(total(|part| part.categories.len()));
        self.contracts.reserve_exact(total(|part| part.contracts.len()));
        self.languages.reserve_exact(total(|part| part.languages.len()));
        self.soft_skills.reserve_exact(total(|part| part.soft_skills.len()));
    }

    /// Appends the rows of a part built after this one's.
    fn append(&mut self, part: Columns) {
        self.candidate_ids.extend(part.candidate_ids);
        self.searchable.extend(part.searchable);
        self.contract_masks.extend(part.contract_masks);
        self.degrees.extend(part.degrees);
        self.available_days.extend(part.available_days);
        self.minimum_durations.extend(part.minimum_durations);
        self.findable.extend(part.findable);
        self.school_slots.extend(part.school_slots);
        self.scoring.extend(part.scoring);
        self.soft_skill_top_sums.merge(&part.soft_skill_top_sums);
        append_list(
            &mut self.localization_offsets,
            &mut self.localizations,
            part.localization_offsets,
            part.localizations,
        );
        append_list(&mut self.category_offsets, &mut self.categories, part.category_offsets, part.categories);
        append_list(&mut self.contract_offsets, &mut self.contracts, part.contract_offsets, part.contracts);
        append_list(&mut self.language_offsets, &mut self.languages, part.language_offsets, part.languages);
        append_list(&mut self.soft_skill_offsets, &mut self.soft_skills, part.soft_skill_offsets, part.soft_skills);
    }
}

/// A set of 16-bit ids, one bit each (8 KB): a bit set per task rather than a sort of the millions
/// of ids listed.
struct IdSet(Vec<u64>);

impl IdSet {
    fn new() -> IdSet {
        IdSet(vec![0; (1 << 16) / 64])
    }

    fn insert(&mut self, id: u16) {
        self.0[usize::from(id) / 64] |= 1 << (id % 64);
    }

    fn union(mut self, other: IdSet) -> IdSet {
        self.0.iter_mut().zip(other.0).for_each(|(word, other)| *word |= other);
        self
    }

    fn sorted(&self) -> Vec<u16> {
        (0..=u16::MAX).filter(|&id| self.0[usize::from(id) / 64] & (1 << (id % 64)) != 0).collect()
    }
}

/// Per k, the highest sum over the rows of a row's k largest soft-skill percents (one per category,
/// the highest listed): a query asking for k distinct categories gives no row a soft-skill score
/// above that sum over k, which lets a search skip scoring matches that cannot make its page.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct SoftSkillTopSums(Vec<u32>);

impl SoftSkillTopSums {
    /// Raises the sums to a row's (`percents` is scratch space).
    fn raise(&mut self, shares: &[SoftSkillShare], percents: &mut Vec<(u16, u8)>) {
        percents.clear();
        for share in shares {
            match percents.iter_mut().find(|(category, _)| *category == share.category) {
                Some((_, percent)) => *percent = (*percent).max(share.percent),
                None => percents.push((share.category, share.percent)),
            }
        }
        percents.sort_unstable_by_key(|&(_, percent)| std::cmp::Reverse(percent));
        self.extend_to(percents.len());
        let mut sum = 0;
        for (k, top_sum) in self.0.iter_mut().enumerate() {
            // beyond the row's categories, its sum is that of all of them
            sum += percents.get(k).map_or(0, |&(_, percent)| u32::from(percent));
            *top_sum = (*top_sum).max(sum);
        }
    }

    /// Raises the sums to another set of rows'.
    fn merge(&mut self, other: &SoftSkillTopSums) {
        self.extend_to(other.0.len());
        let other_total = other.0.last().copied().unwrap_or(0);
        for (k, top_sum) in self.0.iter_mut().enumerate() {
            *top_sum = (*top_sum).max(other.0.get(k).copied().unwrap_or(other_total));
        }
    }

    /// Room for `k` sums, the new ones those of all the categories of the rows seen so far.
    fn extend_to(&mut self, k: usize) {
        if self.0.len() < k {
            let total = self.0.last().copied().unwrap_or(0);
            self.0.resize(k, total);
        }
    }

    /// The highest sum of any row's `k` largest percents.
    pub(crate) fn of_largest(&self, k: usize) -> u32 {
        match k {
            0 => 0,
            k => self.0.get(k - 1).or(self.0.last()).copied().unwrap_or(0),
        }
    }
}

/// Everything scoring reads about a row, in one record (see [`ScoringRecord`]).
fn scoring_record(doc: &CandidateDoc, soft_skill_dictionary: Option<&[u16]>) -> ScoringRecord {
    let mut record = ScoringRecord {
        candidate_id: doc.candidate_id,
        languages: [u16::MAX; INLINE_LANGUAGES],
        inline: soft_skill_dictionary.is_some(),
        ..ScoringRecord::default()
    };
    if let Some(dictionary) = soft_skill_dictionary {
        for share in &doc.soft_skills {
            if let Ok(slot) = dictionary.binary_search(&share.category) {
                record.soft_skill_percents[slot] = record.soft_skill_percents[slot].max(share.percent);
            }
        }
    }
    let mut used = 0;
    for skill in &doc.languages {
        match record.languages[..used].iter().position(|&language| language == skill.language) {
            Some(slot) => record.language_levels[slot] = record.language_levels[slot].max(skill.level),
            None if used < INLINE_LANGUAGES => {
                record.languages[used] = skill.language;
                record.language_levels[used] = skill.level;
                used += 1;
            }
            None => record.inline = false,
        }
    }
    record
}

/// Appends `items` to a flat list and records the end offset.
fn push_list<T: Copy>(offsets: &mut Vec<u32>, values: &mut Vec<T>, items: &[T]) {
    values.extend_from_slice(items);
    offsets.push(values.len() as u32);
}

/// Appends another flat list (its offsets from 0) after this one.
fn append_list<T>(offsets: &mut Vec<u32>, values: &mut Vec<T>, part_offsets: Vec<u32>, part_values: Vec<T>) {
    let start = values.len() as u32;
    offsets.extend(part_offsets[1..].iter().map(|offset| start + offset));
    values.extend(part_values);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{CountryCode, LanguageSkill, SoftSkillShare, sample_document};

    #[test]
    fn columns_built_in_parts_equal_those_built_in_one() {
        let docs: Vec<CandidateDoc> = (0..1000)
            .map(|id| CandidateDoc {
                candidate_id: 5000 - id * 3,
                localizations: (0..id % 4)
                    .map(|step| match step {
                        3 => JobLocalization::Country { country: CountryCode::FRANCE },
                        _ => JobLocalization::Place {
                            place_id: (id * 4 + step) as u32,
                            lat: 43.0 + (id % 50) as f64 * 0.1,
                            lng: 2.0 + step as f64,
                            country: CountryCode::FRANCE,
                        },
                    })
                    .collect(),
                job_categories: (0..id % 3).map(|step| (id % 7 + step) as u16).collect(),
                contract_types: (0..id % 5).map(|step| (id + step) as u16 % 40).collect(),
                languages: (0..id % 6).map(|step| LanguageSkill { language: (step % 5) as u16, level: 3 }).collect(),
                soft_skills: (0..id % 3).map(|step| SoftSkillShare { category: step as u16, percent: 30 }).collect(),
                searchable: id % 9 != 0,
                findable_by: if id % 4 == 0 { FindableBy::SchoolPartners } else { FindableBy::Everyone },
                school_id: (id % 5 == 0).then_some(id % 13),
                text: format!("texte {id}"),
                ..sample_document()
            })
            .collect();
        let Ok(whole) = Columns::build_in_parts(&docs[..], RowTexts::of(&docs), usize::MAX);
        let Ok(in_parts) = Columns::build_in_parts(&docs[..], RowTexts::of(&docs), 7);
        for (row, doc) in docs.iter().enumerate() {
            let row = row as u32;
            assert_eq!(in_parts.document(row, true), *doc);
            assert_eq!(in_parts.document(row, true), whole.document(row, true));
            assert_eq!(in_parts.row_of(doc.candidate_id), Some(row));
            assert_eq!(format!("{:?}", in_parts.scoring[row as usize]), format!("{:?}", whole.scoring[row as usize]));
        }
        assert_eq!(in_parts.contract_masks, whole.contract_masks);
        assert_eq!(in_parts.findable, whole.findable);
        assert_eq!(in_parts.contract_dictionary, whole.contract_dictionary);
        assert_eq!(in_parts.soft_skill_dictionary, whole.soft_skill_dictionary);
        assert_eq!(in_parts.school_dictionary, whole.school_dictionary);
        assert_eq!(in_parts.soft_skill_top_sums, whole.soft_skill_top_sums);
        assert!(in_parts.contract_masks.contains(&OTHER_CONTRACT_BIT), "more contract ids than the dictionary's bits");
        assert_eq!(in_parts.localizations.capacity(), in_parts.localizations.len(), "no room left unused");
        assert_eq!(in_parts.scoring.capacity(), docs.len());
    }

    fn shares(percents: &[(u16, u8)]) -> Vec<SoftSkillShare> {
        percents.iter().map(|&(category, percent)| SoftSkillShare { category, percent }).collect()
    }

    #[test]
    fn top_sums_bound_every_row_and_merge_like_one_pass() {
        let rows = [shares(&[(1, 60), (2, 30), (3, 10)]), shares(&[(4, 90), (4, 95), (5, 5)]), shares(&[(1, 50)])];
        let mut percents = Vec::new();
        let mut one_pass = SoftSkillTopSums::default();
        rows.iter().for_each(|row| one_pass.raise(row, &mut percents));
        // a repeated category counts once, at its highest percent
        assert_eq!([1, 2, 3, 4, 9].map(|k| one_pass.of_largest(k)), [95, 100, 100, 100, 100]);
        assert_eq!(one_pass.of_largest(0), 0);
        let (mut first, mut second) = (SoftSkillTopSums::default(), SoftSkillTopSums::default());
        first.raise(&rows[2], &mut percents);
        second.raise(&rows[0], &mut percents);
        second.raise(&rows[1], &mut percents);
        first.merge(&second);
        assert_eq!(first, one_pass);
        assert_eq!(SoftSkillTopSums::default().of_largest(2), 0);
    }
}
