//! Periodic log lines while every candidate's document is read: a server's start-up load takes
//! tens of seconds at a million candidates (a verification as long), and whoever watches the
//! log must be able to tell a slow start from a stuck one.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How often a read under way is logged.
const LOG_EVERY: Duration = Duration::from_secs(5);

/// Counts the documents read by the parts of one read, and logs the count every [`LOG_EVERY`]
/// until dropped.
pub(crate) struct ReadProgress {
    read: Arc<AtomicU64>,
    logger: tokio::task::JoinHandle<()>,
}

impl ReadProgress {
    /// Starts logging a read of about `expected` documents (`None`: unknown, as on a table never
    /// analyzed).
    pub(crate) fn start(expected: Option<u64>) -> ReadProgress {
        let read = Arc::new(AtomicU64::new(0));
        let counter = read.clone();
        let started = Instant::now();
        let logger = tokio::spawn(async move {
            let mut ticks = tokio::time::interval_at(tokio::time::Instant::now() + LOG_EVERY, LOG_EVERY);
            loop {
                ticks.tick().await;
                let documents = counter.load(Ordering::Relaxed);
                let per_second = documents as f64 / started.elapsed().as_secs_f64();
                let seconds_left = expected
                    .filter(|&expected| expected > documents && per_second > 0.0)
                    .map(|expected| ((expected - documents) as f64 / per_second).round());
                tracing::info!(
                    documents,
                    expected,
                    per_second = per_second.round(),
                    seconds_left,
                    "reading search documents"
                );
            }
        });
        ReadProgress { read, logger }
    }

    /// The counter the parts add their documents to.
    pub(crate) fn counter(&self) -> Arc<AtomicU64> {
        self.read.clone()
    }
}

impl Drop for ReadProgress {
    fn drop(&mut self) {
        self.logger.abort();
    }
}
