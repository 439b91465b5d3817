//! A query's filters compiled against one segment, and the screening of a candidate's filter
//! fields against them: which relaxable criteria it fails, if no more than one relaxation would
//! let it in.

use crate::model::SourcingQuery;
use crate::relaxation::{relaxed_duration_flexibility, relaxed_minimum_degree, relaxed_start_date};
use crate::segment::{Columns, EntryFilter, FINDABLE_BY_EVERYONE, OTHER_CONTRACT_BIT, school_bit};
use crate::semantics::day_number;

// Failure bits of the relaxable criteria.
pub(super) const CONTRACT: u8 = 1;
pub(super) const DEGREE: u8 = 2;
pub(super) const START_DATE: u8 = 4;
const DURATION: u8 = 8;

/// The query's filters compiled against one segment's contract dictionary.
pub(super) struct Criteria<'a> {
    contract_mask: u32,
    contracts: &'a [u16],
    minimum_degree: u8,
    relaxed_minimum_degree: u8,
    start_day: i32,
    relaxed_start_day: i32,
    duration_limit: u32,
    relaxed_duration_limit: u32,
    /// [`FINDABLE_BY_EVERYONE`] when the audience includes everyone, or'ed with the
    /// [`school_bit`]s of the audience's schools.
    admitted_findable: u8,
    /// The segment's slots of the audience's schools, sorted (see `Columns::school_slots`).
    school_slots: Vec<u32>,
}

impl<'a> Criteria<'a> {
    pub(super) fn new(query: &'a SourcingQuery, columns: &Columns) -> Criteria<'a> {
        let contract_mask = query.contract_types.iter().fold(0u32, |mask, id| {
            match columns.contract_dictionary.binary_search(id) {
                Ok(position) if position < 31 => mask | 1 << position,
                Ok(_) => mask | OTHER_CONTRACT_BIT,
                Err(_) => mask, // no candidate of this segment accepts it
            }
        });
        let start_day = day_number(query.start_date);
        let duration = u32::from(query.duration_months);
        let duration_limit = duration + u32::from(query.duration_flexibility_months);
        let school_slots: Vec<u32> = query
            .audience
            .schools
            .iter()
            .filter_map(|school_id| columns.school_dictionary.binary_search(school_id).ok())
            .map(|position| position as u32 + 1)
            .collect();
        let everyone = if query.audience.everyone { FINDABLE_BY_EVERYONE } else { 0 };
        Criteria {
            admitted_findable: school_slots.iter().fold(everyone, |bits, &slot| bits | school_bit(slot)),
            school_slots,
            contract_mask,
            contracts: &query.contract_types,
            minimum_degree: query.minimum_degree,
            relaxed_minimum_degree: relaxed_minimum_degree(query.minimum_degree),
            start_day,
            relaxed_start_day: day_number(relaxed_start_date(query.start_date)),
            duration_limit,
            relaxed_duration_limit: duration
                + u32::from(relaxed_duration_flexibility(query.duration_flexibility_months)),
        }
    }

    /// The failed criteria of a candidate, or `None` when no single relaxation would let it match
    /// (so it can be ignored altogether).
    #[inline(always)]
    pub(super) fn screen(&self, columns: &Columns, row: u32, filter: &EntryFilter) -> Option<u8> {
        // the audience is never relaxed: a candidate outside it is not counted at all; only a
        // school bit in common asks which school it is
        let admitted = filter.findable & self.admitted_findable;
        if admitted & FINDABLE_BY_EVERYONE == 0 && (admitted == 0 || !self.admits_school_of(columns, row)) {
            return None;
        }
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
    pub(super) fn prescreen(&self, filter: &EntryFilter) -> (bool, bool) {
        let maybe_admitted = filter.findable & self.admitted_findable != 0;
        let minimum_duration = u32::from(filter.minimum_duration);
        let failures = u8::from(filter.contract_mask & self.contract_mask == 0)
            + u8::from(filter.degree < self.minimum_degree)
            + u8::from(filter.available_day > self.start_day)
            + u8::from(minimum_duration > self.duration_limit);
        let beyond_one_step = (filter.degree < self.relaxed_minimum_degree)
            | (filter.available_day > self.relaxed_start_day)
            | (minimum_duration > self.relaxed_duration_limit);
        (maybe_admitted & !beyond_one_step & (failures <= 1), maybe_admitted & (failures == 0))
    }

    /// Whether the row's school is one of the audience's.
    #[cold]
    fn admits_school_of(&self, columns: &Columns, row: u32) -> bool {
        self.school_slots.binary_search(&columns.school_slots[row as usize]).is_ok()
    }

    #[inline]
    pub(super) fn screen_row(&self, columns: &Columns, row: u32) -> Option<u8> {
        let index = row as usize;
        let filter = EntryFilter {
            contract_mask: columns.contract_masks[index],
            available_day: columns.available_days[index],
            minimum_duration: columns.minimum_durations[index],
            degree: columns.degrees[index],
            findable: columns.findable[index],
        };
        self.screen(columns, row, &filter)
    }

    #[cold]
    fn accepts_listed_contract(&self, columns: &Columns, row: u32) -> bool {
        columns.contracts_of(row).iter().any(|contract| self.contracts.contains(contract))
    }
}
