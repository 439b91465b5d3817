//! Search demand: which partner searches each candidate appeared in, and what kept the others
//! out. A candidate sees their visibility on the dashboard (how many searches in 7 and 30 days,
//! the one change that would have put them in more); a school sees the same for its candidates
//! (statistics). Counts only: no answer ever names the partner of a search.
//!
//! [`runs`] records the searches partners run and evaluates them on the matcher in the
//! background, so that a search pays nothing for it; [`exclusions`] replays the month's runs
//! restricted to some candidates to count which criterion kept them out.

pub mod exclusions;
pub mod runs;

/// How far back the figures look, and how long runs are kept (one day more).
pub const DEMAND_DAYS: i32 = 30;
