//! "What to relax": the one vocabulary of the criteria a partner can loosen one step, with the
//! step of each and the bounds it stays within. The engine counts with it, the oracle checks with
//! it, and the API, the search-demand figures and the web app read these names and values rather
//! than restating them (the API publishes [`Relaxation`] and [`RelaxCounts`] in its OpenAPI
//! document with the `openapi` feature).
//!
//! A relaxation never leaves the range a partner could type: a 150 km search relaxes to the
//! largest radius, 200 km, not 300; a flexibility of 120 months cannot be relaxed at all, and then
//! its count is 0.

use std::ops::RangeInclusive;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::model::SourcingQuery;

/// The radius a search may ask for, in kilometres.
pub const RADIUS_KM: RangeInclusive<u16> = 1..=200;
/// The radius of a search that names none (product spec §9).
pub const DEFAULT_RADIUS_KM: u16 = 10;
/// The duration flexibility a search may ask for, in months.
pub const DURATION_FLEXIBILITY_MONTHS: RangeInclusive<u16> = 0..=120;
/// How much later the start date goes, in days.
pub const START_DATE_STEP_DAYS: u16 = 30;
/// How much the duration flexibility grows, in months.
pub const DURATION_FLEXIBILITY_STEP_MONTHS: u16 = 3;

/// One criterion loosened one step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Relaxation {
    /// The radius doubled, up to the largest radius (a country query has none to relax).
    Radius,
    /// The start date [`START_DATE_STEP_DAYS`] later.
    StartDate,
    /// The duration flexibility [`DURATION_FLEXIBILITY_STEP_MONTHS`] larger, up to its maximum.
    DurationFlexibility,
    /// The minimum degree one level lower (none below 0).
    Degree,
    /// Any contract type accepted.
    Contracts,
}

impl Relaxation {
    pub const ALL: [Relaxation; 5] = [
        Relaxation::Radius,
        Relaxation::StartDate,
        Relaxation::DurationFlexibility,
        Relaxation::Degree,
        Relaxation::Contracts,
    ];

    /// The query with this criterion loosened one step. "Any contract" cannot be written as a
    /// query (it is every contract, known or not): `None`.
    pub fn relax(self, query: &SourcingQuery) -> Option<SourcingQuery> {
        let query = query.clone();
        match self {
            Relaxation::Radius => Some(SourcingQuery { radius_km: relaxed_radius_km(query.radius_km), ..query }),
            Relaxation::StartDate => Some(SourcingQuery { start_date: relaxed_start_date(query.start_date), ..query }),
            Relaxation::DurationFlexibility => Some(SourcingQuery {
                duration_flexibility_months: relaxed_duration_flexibility(query.duration_flexibility_months),
                ..query
            }),
            Relaxation::Degree => {
                Some(SourcingQuery { minimum_degree: relaxed_minimum_degree(query.minimum_degree), ..query })
            }
            Relaxation::Contracts => None,
        }
    }
}

/// Twice the radius, but never beyond the largest one (nor below the radius itself).
pub fn relaxed_radius_km(radius_km: f64) -> f64 {
    (radius_km * 2.0).min(f64::from(*RADIUS_KM.end())).max(radius_km)
}

/// [`START_DATE_STEP_DAYS`] later (the last date the calendar has, at most).
pub fn relaxed_start_date(start_date: NaiveDate) -> NaiveDate {
    start_date.checked_add_days(chrono::Days::new(u64::from(START_DATE_STEP_DAYS))).unwrap_or(NaiveDate::MAX)
}

/// [`DURATION_FLEXIBILITY_STEP_MONTHS`] more, but never beyond the largest flexibility.
pub fn relaxed_duration_flexibility(months: u16) -> u16 {
    months.saturating_add(DURATION_FLEXIBILITY_STEP_MONTHS).min(*DURATION_FLEXIBILITY_MONTHS.end()).max(months)
}

pub fn relaxed_minimum_degree(minimum_degree: u8) -> u8 {
    minimum_degree.saturating_sub(1)
}

/// How many more candidates would match if only one criterion were relaxed one step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RelaxCounts {
    /// More candidates with the radius relaxed (always 0 for a country query).
    pub radius: usize,
    /// More candidates available up to the relaxed start date.
    pub start_date: usize,
    /// More candidates with the relaxed duration flexibility.
    pub duration_flexibility: usize,
    /// More candidates with one degree level less.
    pub degree: usize,
    /// More candidates accepting any contract.
    pub contracts: usize,
}

impl RelaxCounts {
    /// The count of one relaxation.
    pub fn get(&self, relaxation: Relaxation) -> usize {
        match relaxation {
            Relaxation::Radius => self.radius,
            Relaxation::StartDate => self.start_date,
            Relaxation::DurationFlexibility => self.duration_flexibility,
            Relaxation::Degree => self.degree,
            Relaxation::Contracts => self.contracts,
        }
    }

    /// The counter of one relaxation.
    pub fn get_mut(&mut self, relaxation: Relaxation) -> &mut usize {
        match relaxation {
            Relaxation::Radius => &mut self.radius,
            Relaxation::StartDate => &mut self.start_date,
            Relaxation::DurationFlexibility => &mut self.duration_flexibility,
            Relaxation::Degree => &mut self.degree,
            Relaxation::Contracts => &mut self.contracts,
        }
    }

    /// Adds the counts of a disjoint set of candidates.
    pub fn add(&mut self, other: &RelaxCounts) {
        for relaxation in Relaxation::ALL {
            *self.get_mut(relaxation) += other.get(relaxation);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_relaxed_radius_stays_within_the_largest_radius() {
        assert_eq!(relaxed_radius_km(10.0), 20.0);
        assert_eq!(relaxed_radius_km(150.0), 200.0, "a 150 km search relaxes to 200 km, not 300");
        assert_eq!(relaxed_radius_km(200.0), 200.0, "the largest radius cannot be relaxed");
    }

    #[test]
    fn a_relaxed_flexibility_stays_within_its_maximum() {
        assert_eq!(relaxed_duration_flexibility(0), 3);
        assert_eq!(relaxed_duration_flexibility(118), 120, "118 months relax to 120, not 121");
        assert_eq!(relaxed_duration_flexibility(120), 120, "120 months cannot be relaxed (not 123)");
    }

    #[test]
    fn the_degree_never_goes_below_zero() {
        assert_eq!(relaxed_minimum_degree(3), 2);
        assert_eq!(relaxed_minimum_degree(0), 0);
    }

    #[test]
    fn counts_add_per_relaxation() {
        let mut total = RelaxCounts { radius: 1, contracts: 2, ..RelaxCounts::default() };
        total.add(&RelaxCounts { radius: 3, degree: 4, ..RelaxCounts::default() });
        assert_eq!(total, RelaxCounts { radius: 4, start_date: 0, duration_flexibility: 0, degree: 4, contracts: 2 });
    }
}
