//! Recording partner searches ("runs") and finding who appeared in them.
//!
//! A search only pushes its criteria into an in-memory list ([`SearchRunLog::record`]): no
//! database write, no extra matcher pass on the request's path. A background task on every
//! replica ([`run_periodically`]) stores the list (one run per partner, criteria and day), then
//! claims unevaluated runs with `FOR UPDATE SKIP LOCKED`, runs each once on the matcher and writes
//! who matched. Appearing in a search means matching it: the candidate counted in the total the
//! partner saw, on whichever page.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use indexer::IndexerStatus;
use matcher::{SearchResult, SourcingQuery};

use crate::auth::tokens;
use crate::engine::Engine;
use crate::error::{Error, Result};

/// Searches waiting to be stored; beyond this many (the database down for a while), new ones
/// are dropped rather than letting memory grow.
const MAX_PENDING: usize = 10_000;
/// At most this many best matches of a run are recorded as appearances.
const MAX_APPEARANCES_PER_RUN: usize = 10_000;
/// Runs evaluated per transaction.
const RUNS_PER_CLAIM: i64 = 50;

struct PendingRun {
    partner_user_id: i64,
    criteria: SourcingQuery,
}

/// The searches partners ran since the last flush.
#[derive(Default)]
pub struct SearchRunLog {
    pending: Mutex<Vec<PendingRun>>,
}

/// What storing and evaluating the runs needs of the server. Cheap to clone.
#[derive(Clone)]
pub struct DemandInputs {
    pub db: sqlx::PgPool,
    pub engine: Engine,
    pub runs: Arc<SearchRunLog>,
    /// Runs are evaluated only once the matcher holds every candidate.
    pub indexer: Arc<IndexerStatus>,
}

/// A query as the log keeps it: what it asks, not which page or in which order.
pub fn criteria_of(query: &SourcingQuery) -> SourcingQuery {
    SourcingQuery { limit: 0, offset: 0, sort: matcher::SortOrder::default(), restrict_to: None, ..query.clone() }
}

impl SearchRunLog {
    /// Notes that `partner_user_id` ran `query`.
    pub fn record(&self, partner_user_id: i64, query: &SourcingQuery) {
        let mut pending = self.pending.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if pending.len() < MAX_PENDING {
            pending.push(PendingRun { partner_user_id, criteria: criteria_of(query) });
        }
    }

    fn take(&self) -> Vec<PendingRun> {
        std::mem::take(&mut *self.pending.lock().unwrap_or_else(|poisoned| poisoned.into_inner()))
    }
}

/// Stores runs (once per partner, criteria and day), each `days_ago` its own number of days ago.
pub async fn store_runs(
    db: impl sqlx::PgExecutor<'_>,
    runs: &[(Option<i64>, SourcingQuery)],
    days_ago: &[i32],
) -> Result<()> {
    let mut partners = Vec::with_capacity(runs.len());
    let mut keys = Vec::with_capacity(runs.len());
    let mut criteria = Vec::with_capacity(runs.len());
    for (partner, query) in runs {
        let json = serde_json::to_value(criteria_of(query)).map_err(|error| Error::Internal(error.into()))?;
        partners.push(*partner);
        keys.push(tokens::sha256(&json.to_string()));
        criteria.push(json);
    }
    sqlx::query(
        "insert into search_runs (partner_user_id, criteria_key, criteria, day)
         select partner, key, criteria, current_date - days_ago
         from unnest($1::bigint[], $2::bytea[], $3::jsonb[], $4::int[]) as run(partner, key, criteria, days_ago)
         on conflict (partner_user_id, criteria_key, day) do nothing",
    )
    .bind(&partners)
    .bind(&keys)
    .bind(&criteria)
    .bind(days_ago)
    .execute(db)
    .await?;
    Ok(())
}

/// Evaluates up to [`RUNS_PER_CLAIM`] runs no one has evaluated; returns how many.
async fn evaluate_some(state: &DemandInputs) -> Result<usize> {
    let mut transaction = state.db.begin().await?;
    let claimed: Vec<(i64, sqlx::types::Json<SourcingQuery>)> = sqlx::query_as(
        "select id, criteria from search_runs where evaluated_at is null order by id limit $1 for update skip locked",
    )
    .bind(RUNS_PER_CLAIM)
    .fetch_all(&mut *transaction)
    .await?;
    if claimed.is_empty() {
        return Ok(0);
    }
    // one search at a time, each its own task on the search pool: a pool thread is never held
    // for a whole claim, so partners' searches keep the other threads and wait for one run at
    // most (all the claim in one task held a thread for up to half a second)
    let mut results: Vec<SearchResult> = Vec::with_capacity(claimed.len());
    for (_, criteria) in &claimed {
        let query = SourcingQuery { limit: MAX_APPEARANCES_PER_RUN, ..criteria.0.clone() };
        results.push(state.engine.run(move |matcher| matcher.search(&query)).await?);
    }
    let mut run_ids = Vec::new();
    let mut candidate_ids = Vec::new();
    for ((run_id, _), result) in claimed.iter().zip(&results) {
        for hit in &result.hits {
            run_ids.push(*run_id);
            candidate_ids.push(hit.candidate_id);
        }
    }
    // a candidate erased since the search is simply not recorded (one erased from now to the
    // commit is swept by `delete_orphan_appearances`); no row can exist already: a run is
    // evaluated once, under its row lock, and a search finds a candidate once
    sqlx::query(
        "insert into search_appearances (run_id, candidate_id)
         select run_id, candidate_id from unnest($1::bigint[], $2::bigint[]) as a(run_id, candidate_id)
         where exists (select 1 from candidates c where c.user_id = a.candidate_id)",
    )
    .bind(&run_ids)
    .bind(&candidate_ids)
    .execute(&mut *transaction)
    .await?;
    let ids: Vec<i64> = claimed.iter().map(|(id, _)| *id).collect();
    let totals: Vec<i32> = results.iter().map(|result| i32::try_from(result.total).unwrap_or(i32::MAX)).collect();
    sqlx::query(
        "update search_runs r set evaluated_at = now(), matched = t.matched
         from unnest($1::bigint[], $2::int[]) as t(id, matched) where r.id = t.id",
    )
    .bind(&ids)
    .bind(&totals)
    .execute(&mut *transaction)
    .await?;
    transaction.commit().await?;
    Ok(claimed.len())
}

/// Stores the runs recorded since the last call, evaluates every pending run (once the matcher
/// holds the candidates) and forgets runs older than the figures look. Returns the runs evaluated.
pub async fn flush(state: &DemandInputs) -> Result<usize> {
    let recorded: Vec<(Option<i64>, SourcingQuery)> =
        state.runs.take().into_iter().map(|run| (Some(run.partner_user_id), run.criteria)).collect();
    if !recorded.is_empty() {
        let today = vec![0; recorded.len()];
        store_runs(&state.db, &recorded, &today).await?;
    }
    let mut evaluated = 0;
    if state.indexer.is_ready() {
        loop {
            let claimed = evaluate_some(state).await?;
            evaluated += claimed;
            if claimed == 0 {
                break;
            }
        }
    }
    sqlx::query(
        "with old as (delete from search_runs where day < current_date - $1 returning id)
         delete from search_appearances where run_id in (select id from old)",
    )
    .bind(super::DEMAND_DAYS + 1)
    .execute(&state.db)
    .await?;
    Ok(evaluated)
}

/// Deletes the appearances of candidates who no longer exist: those written while the
/// candidate was being erased (the table has no foreign keys, whose checks cost more than the
/// rows themselves: migration 0022). Returns how many.
pub async fn delete_orphan_appearances(db: &sqlx::PgPool) -> Result<u64> {
    let deleted = sqlx::query(
        "delete from search_appearances a where not exists (select 1 from candidates c where c.user_id = a.candidate_id)",
    )
    .execute(db)
    .await?;
    Ok(deleted.rows_affected())
}

/// Flushes every `every` until the server stops.
pub async fn run_periodically(state: DemandInputs, every: Duration) {
    let mut ticks = tokio::time::interval(every);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        if let Err(error) = flush(&state).await {
            tracing::warn!(%error, "search demand: cannot store or evaluate searches");
        }
    }
}
