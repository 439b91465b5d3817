//! What kept candidates out of the month's searches: each run is replayed on the matcher
//! restricted to the candidates in question, and its relax counts say how many of them one
//! relaxed criterion (a [`Relaxation`]) would have brought in (a candidate missing two criteria counts for
//! neither). Summed over the runs, the largest count is the change that matters most.
//!
//! The replay reads the candidates as they are now; a school or a candidate asks it to know
//! what to work on, which is about today's profile.

use std::collections::BTreeSet;

use matcher::{RelaxCounts, Relaxation, SourcingQuery};
use serde::{Deserialize, Serialize};

use crate::engine::Engine;
use crate::error::Result;

/// At most this many of the month's runs are replayed (the most recent), which bounds the work
/// of one statistics page.
const MAX_REPLAYED_RUNS: i64 = 2_000;

/// One criterion and how many candidate-searches it kept out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Exclusion {
    /// The criterion, named as the sourcing results' relax counts name it.
    pub criterion: Relaxation,
    /// Appearances this criterion alone prevented, over the runs replayed (one candidate in one
    /// search counts once).
    pub appearances: i64,
}

fn as_exclusions(total: &RelaxCounts) -> Vec<Exclusion> {
    let count = |value: usize| i64::try_from(value).unwrap_or(i64::MAX);
    let mut exclusions: Vec<Exclusion> = Relaxation::ALL
        .into_iter()
        .map(|relaxation| (relaxation, total.get(relaxation)))
        .filter(|(_, appearances)| *appearances > 0)
        .map(|(criterion, appearances)| Exclusion { criterion, appearances: count(appearances) })
        .collect();
    exclusions.sort_by_key(|exclusion| std::cmp::Reverse(exclusion.appearances));
    exclusions
}

/// Which of the month's runs to replay.
#[derive(Clone, Copy, Debug)]
pub enum Replayed {
    /// Every run.
    All,
    /// The runs this candidate did not appear in.
    Missed(i64),
}

/// Replays the month's runs restricted to `candidates`; returns the criteria that kept them out,
/// most first.
pub async fn exclusions(
    db: &sqlx::PgPool,
    engine: &Engine,
    candidates: BTreeSet<i64>,
    replayed: Replayed,
) -> Result<Vec<Exclusion>> {
    if candidates.is_empty() {
        return Ok(Vec::new());
    }
    let missed_by = match replayed {
        Replayed::All => None,
        Replayed::Missed(candidate_id) => Some(candidate_id),
    };
    let runs: Vec<sqlx::types::Json<SourcingQuery>> = sqlx::query_scalar(
        "select r.criteria from search_runs r
         where r.day > current_date - $1 and r.evaluated_at is not null
           and ($2::bigint is null
                or not exists (select 1 from search_appearances a where a.run_id = r.id and a.candidate_id = $2))
         order by r.id desc limit $3",
    )
    .bind(super::DEMAND_DAYS)
    .bind(missed_by)
    .bind(MAX_REPLAYED_RUNS)
    .fetch_all(db)
    .await?;
    let total = engine
        .run(move |matcher| {
            let mut total = RelaxCounts::default();
            for run in runs {
                let query = SourcingQuery { limit: 0, restrict_to: Some(candidates.clone()), ..run.0 };
                total.add(&matcher.search(&query).relax);
            }
            total
        })
        .await?;
    Ok(as_exclusions(&total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_criteria_come_most_first_and_those_that_kept_no_one_out_are_left_out() {
        let total = RelaxCounts { radius: 3, contracts: 7, degree: 0, ..RelaxCounts::default() };
        let exclusions = as_exclusions(&total);
        assert_eq!(
            exclusions,
            vec![
                Exclusion { criterion: Relaxation::Contracts, appearances: 7 },
                Exclusion { criterion: Relaxation::Radius, appearances: 3 },
            ]
        );
    }
}
