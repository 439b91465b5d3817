//! What the indexer tells the rest of the server about itself: the [`IndexerStatus`] it updates as
//! it goes (readiness, counters, the last error and verification), read by the HTTP API's health
//! and metrics routes, and how far the matcher is behind the database ([`current_lag`]).

use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

use sqlx::PgPool;

use crate::Error;
use crate::change_log::{self, LogPosition};
use crate::verification::Verification;

/// The state of the indexer, shared with the HTTP API. Updated by the indexer task only.
#[derive(Debug, Default)]
pub struct IndexerStatus {
    pub(crate) ready: AtomicBool,
    pub(crate) last_applied_seq: AtomicI64,
    /// The snapshot of the last read of the log.
    position: Mutex<Option<LogPosition>>,
    pub(crate) documents: AtomicU64,
    pub(crate) failing_candidates: AtomicU64,
    pub(crate) applied_candidates_total: AtomicU64,
    pub(crate) projection_failures_total: AtomicU64,
    pub(crate) reconnects_total: AtomicU64,
    pub(crate) catch_ups_total: AtomicU64,
    pub(crate) pruned_rows_total: AtomicU64,
    pub(crate) merges_total: AtomicU64,
    pub(crate) load_ms: AtomicU64,
    pub(crate) loaded_from_snapshot: AtomicBool,
    last_error: Mutex<Option<String>>,
    last_verification: Mutex<Option<Verification>>,
}

/// A copy of [`IndexerStatus`] at one moment.
#[derive(Clone, Debug, PartialEq)]
pub struct IndexerReport {
    /// The first load is done and the matcher answers.
    pub ready: bool,
    /// Highest log seq applied.
    pub last_applied_seq: i64,
    /// Documents in the matcher.
    pub documents: u64,
    /// Candidates whose projection fails and is being retried.
    pub failing_candidates: u64,
    pub applied_candidates_total: u64,
    pub projection_failures_total: u64,
    pub reconnects_total: u64,
    pub catch_ups_total: u64,
    pub pruned_rows_total: u64,
    /// Merges of the matcher's runs done in the background.
    pub merges_total: u64,
    /// Duration of the last bulk load.
    pub load_ms: u64,
    /// The last load read the replica's snapshot of its matcher, not every candidate.
    pub loaded_from_snapshot: bool,
    pub last_error: Option<String>,
    pub last_verification: Option<Verification>,
}

impl IndexerStatus {
    pub fn new() -> IndexerStatus {
        IndexerStatus::default()
    }

    /// Whether the first load is done.
    pub fn is_ready(&self) -> bool {
        self.ready.load(Ordering::Acquire)
    }

    pub fn report(&self) -> IndexerReport {
        IndexerReport {
            ready: self.is_ready(),
            last_applied_seq: self.last_applied_seq.load(Ordering::Relaxed),
            documents: self.documents.load(Ordering::Relaxed),
            failing_candidates: self.failing_candidates.load(Ordering::Relaxed),
            applied_candidates_total: self.applied_candidates_total.load(Ordering::Relaxed),
            projection_failures_total: self.projection_failures_total.load(Ordering::Relaxed),
            reconnects_total: self.reconnects_total.load(Ordering::Relaxed),
            catch_ups_total: self.catch_ups_total.load(Ordering::Relaxed),
            pruned_rows_total: self.pruned_rows_total.load(Ordering::Relaxed),
            merges_total: self.merges_total.load(Ordering::Relaxed),
            load_ms: self.load_ms.load(Ordering::Relaxed),
            loaded_from_snapshot: self.loaded_from_snapshot.load(Ordering::Relaxed),
            last_error: self.last_error.lock().unwrap_or_else(PoisonError::into_inner).clone(),
            last_verification: self.last_verification.lock().unwrap_or_else(PoisonError::into_inner).clone(),
        }
    }

    pub(crate) fn record_error(&self, message: String) {
        *self.last_error.lock().unwrap_or_else(PoisonError::into_inner) = Some(message);
    }

    pub(crate) fn record_position(&self, position: LogPosition) {
        *self.position.lock().unwrap_or_else(PoisonError::into_inner) = Some(position);
    }

    pub(crate) fn record_verification(&self, verification: Verification) {
        *self.last_verification.lock().unwrap_or_else(PoisonError::into_inner) = Some(verification);
    }
}

/// How far behind the database a matcher is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lag {
    /// Log rows committed since the indexer's last read of the log.
    pub rows: i64,
    /// Age of the oldest of them, 0 when there are none.
    pub milliseconds: u64,
}

/// The lag of the matcher `status` reports on, measured now; `None` before the first load.
pub async fn current_lag(pool: &PgPool, status: &IndexerStatus) -> Result<Option<Lag>, Error> {
    let Some(position) = status.position.lock().unwrap_or_else(PoisonError::into_inner).clone() else {
        return Ok(None);
    };
    let mut connection = pool.acquire().await?;
    let (rows, oldest_age) = change_log::count_after(&mut connection, &position).await?;
    Ok(Some(Lag { rows, milliseconds: oldest_age.map_or(0, |age| age.as_millis() as u64) }))
}
