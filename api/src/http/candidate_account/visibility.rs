//! `GET /api/api/candidates/visibility`: how visible the candidate is to partners — how many
//! partner searches they appeared in over the last 7 and 30 days, how many partners saved them,
//! and the one change to their profile that would have put them in the most searches they
//! missed. Counts only: never which partner, never which search.

use std::collections::BTreeSet;

use axum::extract::State;
use serde::Serialize;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::Result;
use crate::extract::Json;
use crate::search_demand::exclusions::{Exclusion, Replayed, exclusions};

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Visibility {
    /// Partner searches the candidate matched in the last 7 days (one search run again the same
    /// day by the same partner counts once).
    searches_7_days: i64,
    searches_30_days: i64,
    /// Partners who keep the candidate in one of their saved searches.
    saved_by: i64,
    /// The criterion that kept the candidate out of the most searches of the last 30 days, and
    /// how many; none when no single criterion did.
    suggestion: Option<Exclusion>,
}

#[utoipa::path(
    get, path = "/api/api/candidates/visibility",
    responses((status = 200, body = Visibility))
)]
pub async fn get_visibility(State(state): State<AppState>, user: CurrentUser) -> Result<Json<Visibility>> {
    let (searches_7_days, searches_30_days, saved_by): (i64, i64, i64) = sqlx::query_as(
        "select count(*) filter (where r.day > current_date - 7),
                count(*) filter (where r.day > current_date - $2),
                (select count(distinct s.partner_id) from sourcing_saved_candidates sc
                 join sourcing_searches s on s.id = sc.sourcing_search_id where sc.candidate_id = $1)
         from search_appearances a join search_runs r on r.id = a.run_id where a.candidate_id = $1",
    )
    .bind(user.id)
    .bind(crate::search_demand::DEMAND_DAYS)
    .fetch_one(&state.db)
    .await?;
    let me = BTreeSet::from([user.id]);
    let suggestion = exclusions(&state.db, &state.engine, me, Replayed::Missed(user.id)).await?.into_iter().next();
    Ok(Json(Visibility { searches_7_days, searches_30_days, saved_by, suggestion }))
}
