//! A month of partner searches for the demo, so that the candidate's visibility and a school's
//! search demand show something from the first start: searches modelled on the seeded
//! candidates' own wishes, each moved a little (place radius, start date, length, degree,
//! sometimes another contract type) so that some candidates match and others miss one
//! criterion. The demo candidate gets a dozen of their own. The server evaluates them on the
//! matcher once it is loaded, as it does the searches partners run.

use chrono::{Duration, NaiveDate};
use matcher::{CountryCode, QueryLocalization, SourcingQuery};
use rand::Rng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use sqlx::PgConnection;

use super::FIRST_CANDIDATE_USER_ID;
use crate::search_demand::DEMAND_DAYS;
use crate::search_demand::runs::store_runs;

/// Searches drawn from this many candidates, plus the demo candidate's own.
const MODEL_CANDIDATES: i64 = 400;
const DEMO_CANDIDATE_SEARCHES: usize = 12;

type Wishes = (i64, i16, i16, NaiveDate, i16, Option<i16>, f64, f64);

pub(super) async fn write_search_runs(rng: &mut ChaCha8Rng, connection: &mut PgConnection) -> anyhow::Result<()> {
    let partners: Vec<i64> =
        sqlx::query_scalar("select user_id from partners order by user_id").fetch_all(&mut *connection).await?;
    let contract_types: Vec<i16> =
        sqlx::query_scalar("select id from contract_types order by id").fetch_all(&mut *connection).await?;
    if partners.is_empty() || contract_types.is_empty() {
        return Ok(());
    }
    let models: Vec<Wishes> = sqlx::query_as(
        "select candidate_id, job_category_ids[1], contract_type_ids[1], available_from, contract_min_duration,
                degree_level, localization_latitudes[1], localization_longitudes[1]
         from candidate_search_documents
         where searchable and cardinality(job_category_ids) > 0 and cardinality(contract_type_ids) > 0
           and localization_types[1] <> 'country'
         order by candidate_id = $1 desc, candidate_id limit $2",
    )
    .bind(FIRST_CANDIDATE_USER_ID)
    .bind(MODEL_CANDIDATES)
    .fetch_all(&mut *connection)
    .await?;
    let mut runs = Vec::new();
    let mut days_ago = Vec::new();
    for model in &models {
        let copies = if model.0 == FIRST_CANDIDATE_USER_ID { DEMO_CANDIDATE_SEARCHES } else { 1 };
        for _ in 0..copies {
            let partner = *partners.choose(rng).expect("not empty");
            runs.push((Some(partner), search_like(rng, model, &contract_types)));
            days_ago.push(rng.random_range(0..DEMAND_DAYS));
        }
    }
    store_runs(&mut *connection, &runs, &days_ago).await?;
    Ok(())
}

/// A partner's search close to what the candidate wishes, moved a little on each criterion.
fn search_like(rng: &mut ChaCha8Rng, wishes: &Wishes, contract_types: &[i16]) -> SourcingQuery {
    let &(_, category, contract, available_from, min_duration, degree, lat, lng) = wishes;
    let contract = if rng.random_bool(0.2) { *contract_types.choose(rng).expect("not empty") } else { contract };
    SourcingQuery {
        job_category: category as u16,
        contract_types: vec![contract as u16],
        duration_months: (i32::from(min_duration) + rng.random_range(-2..=3)).clamp(1, 36) as u16,
        start_date: available_from + Duration::days(rng.random_range(-25..=40)),
        // a little away from the candidate's place, so the circle's size matters
        localization: QueryLocalization::Point {
            lat: lat + rng.random_range(-0.12..0.12),
            lng: lng + rng.random_range(-0.12..0.12),
            country: CountryCode::FRANCE,
        },
        radius_km: *[10.0, 20.0, 30.0].choose(rng).expect("not empty"),
        minimum_degree: (i32::from(degree.unwrap_or(1)) + rng.random_range(-1..=1)).clamp(0, 8) as u8,
        languages: Vec::new(),
        soft_skill_categories: Vec::new(),
        duration_flexibility_months: 0,
        keywords: None,
        limit: 0,
        offset: 0,
        sort: matcher::SortOrder::default(),
        restrict_to: None,
        audience: matcher::Audience::default(),
    }
}
