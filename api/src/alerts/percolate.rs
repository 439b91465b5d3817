//! The saved searches with alerts held in memory beside the matcher, and the percolation of each
//! batch the indexer applies into match events (`sourcing_search_matches`).
//!
//! Postgres is the truth about which searches have alerts: before each batch the index checks
//! the generation of those searches (a counter every write to one of them moves, migration 0021;
//! see [`CompiledQueries`]). The batches that wait while one is percolated are percolated
//! together next, so that a burst of small batches costs one check and one write.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use indexer::Transition;
use sqlx::PgPool;
use tokio::sync::mpsc::UnboundedReceiver;

use super::digest;
use super::reason::MatchReason;
use crate::compiled_queries::CompiledQueries;
use crate::error::{Error, Result};
use crate::mail::Mailing;

/// The compiled saved searches with alerts.
pub struct AlertIndex {
    searches: CompiledQueries,
    /// How far the percolation of the indexer's batches is behind, for the metrics.
    pub progress: PercolationProgress,
}

impl Default for AlertIndex {
    fn default() -> Self {
        AlertIndex {
            searches: CompiledQueries::new("alert_search_generation"),
            progress: PercolationProgress::default(),
        }
    }
}

/// Where [`run`] stands: a candidate's change reaches the matcher (the indexer's lag), then waits
/// here until its alerts are written (this lag).
#[derive(Default)]
pub struct PercolationProgress {
    /// When [`run`] last took a batch while idle; `None` while idle. Every batch waiting now came
    /// after it, so its age bounds how long any applied change has waited for its alerts.
    busy_since: Mutex<Option<Instant>>,
    batches_total: AtomicU64,
    lost_batches_total: AtomicU64,
}

impl PercolationProgress {
    fn busy(&self) {
        self.busy_since.lock().unwrap_or_else(PoisonError::into_inner).get_or_insert_with(Instant::now);
    }

    fn idle(&self) {
        *self.busy_since.lock().unwrap_or_else(PoisonError::into_inner) = None;
    }

    /// How long the oldest batch applied to the matcher has waited for its alerts; zero when
    /// every batch is percolated.
    pub fn lag(&self) -> Duration {
        self.busy_since.lock().unwrap_or_else(PoisonError::into_inner).map_or(Duration::ZERO, |since| since.elapsed())
    }

    /// Rounds of batches percolated (batches that came together count once).
    pub fn batches_total(&self) -> u64 {
        self.batches_total.load(Ordering::Relaxed)
    }

    /// Rounds given up after [`ATTEMPTS`]: their candidates' alerts were not written.
    pub fn lost_batches_total(&self) -> u64 {
        self.lost_batches_total.load(Ordering::Relaxed)
    }
}

/// A candidate who started to match a search, and why.
#[derive(Debug, Clone)]
pub struct Started {
    pub search_id: i64,
    pub candidate_id: i64,
    pub reason: MatchReason,
}

impl AlertIndex {
    /// Rebuilds the percolator when the searches with alerts changed since it was built.
    pub async fn refresh(&self, db: &PgPool) -> Result<()> {
        self.searches.refresh(db, || crate::sourcing_searches::alert_queries(db)).await
    }

    /// The searches each candidate of the batch starts to match (CPU work: call it off the
    /// async threads).
    pub fn started(&self, transitions: &[Transition]) -> Vec<Started> {
        let percolator = self.searches.read();
        transitions
            .iter()
            .flat_map(|transition| {
                percolator.started_matching(transition.before.as_ref(), &transition.after).into_iter().map(|found| {
                    Started {
                        search_id: found.query_id,
                        candidate_id: found.candidate_id,
                        reason: MatchReason::of(&found),
                    }
                })
            })
            .collect()
    }
}

/// Percolates one applied batch: writes an event per new (search, candidate) pair, and emails
/// the partners of `immediate` searches about theirs, in one transaction (a retry after a
/// failure writes them all again). Returns the ids of the events written here.
pub async fn handle_batch(state: &Mailing, alerts: &Arc<AlertIndex>, transitions: Vec<Transition>) -> Result<Vec<i64>> {
    alerts.refresh(&state.db).await?;
    let alerts = alerts.clone();
    let started = tokio::task::spawn_blocking(move || alerts.started(&transitions))
        .await
        .map_err(|error| Error::Internal(error.into()))?;
    if started.is_empty() {
        return Ok(Vec::new());
    }
    let search_ids: Vec<i64> = started.iter().map(|event| event.search_id).collect();
    let candidate_ids: Vec<i64> = started.iter().map(|event| event.candidate_id).collect();
    let reasons: Vec<serde_json::Value> =
        started.iter().map(|event| serde_json::to_value(&event.reason).expect("a reason serializes")).collect();
    // a search whose alerts were turned off meanwhile, or a candidate erased meanwhile, is skipped
    let mut transaction = state.db.begin().await?;
    let written: Vec<(i64, i64, String)> = sqlx::query_as(
        "insert into sourcing_search_matches (sourcing_search_id, candidate_id, partner_id, reason)
         select m.search_id, m.candidate_id, s.partner_id, m.reason
         from unnest($1::bigint[], $2::bigint[], $3::jsonb[]) as m(search_id, candidate_id, reason)
         join sourcing_searches s on s.id = m.search_id and s.saved and s.alerts <> 'off'
         join candidates c on c.user_id = m.candidate_id
         on conflict (sourcing_search_id, candidate_id) do nothing
         returning id, partner_id, (select alerts from sourcing_searches where id = sourcing_search_id)",
    )
    .bind(&search_ids)
    .bind(&candidate_ids)
    .bind(&reasons)
    .fetch_all(&mut *transaction)
    .await?;
    let mut immediate: Vec<(i64, Vec<i64>)> = Vec::new();
    for (event_id, partner_id, mode) in &written {
        if mode == "immediate" {
            match immediate.iter_mut().find(|(partner, _)| partner == partner_id) {
                Some((_, events)) => events.push(*event_id),
                None => immediate.push((*partner_id, vec![*event_id])),
            }
        }
    }
    for (partner_id, events) in immediate {
        digest::email_events(state, &mut transaction, partner_id, &events).await?;
    }
    transaction.commit().await?;
    Ok(written.into_iter().map(|(event_id, _, _)| event_id).collect())
}

/// Attempts at percolating one batch before it is given up (a database that stays away longer
/// loses the batch's notifications; the log says so).
const ATTEMPTS: u32 = 5;

/// Percolates every batch the indexer reports, for as long as it reports them, the batches
/// that came meanwhile together. A failed batch is tried again after 1, 2, 4 and 8 s: writing
/// its events is idempotent.
pub async fn run(state: Mailing, alerts: Arc<AlertIndex>, mut batches: UnboundedReceiver<Vec<Transition>>) {
    while let Some(mut transitions) = batches.recv().await {
        alerts.progress.busy();
        while let Ok(waiting) = batches.try_recv() {
            transitions.extend(waiting);
        }
        for attempt in 1..=ATTEMPTS {
            match handle_batch(&state, &alerts, transitions.clone()).await {
                Ok(events) => {
                    if !events.is_empty() {
                        tracing::info!(events = events.len(), "candidates started to match");
                    }
                    alerts.progress.batches_total.fetch_add(1, Ordering::Relaxed);
                    break;
                }
                Err(error) if attempt < ATTEMPTS => {
                    tracing::warn!(%error, attempt, "cannot percolate a batch, retrying");
                    tokio::time::sleep(Duration::from_secs(1 << (attempt - 1))).await;
                }
                Err(error) => {
                    tracing::error!(%error, candidates = transitions.len(), "a batch was not percolated");
                    alerts.progress.lost_batches_total.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
        if batches.is_empty() {
            alerts.progress.idle();
        }
    }
}
