//! The background merging of the matcher's runs: every applied batch adds a small run, and
//! merging them (or rebuilding the base) must happen off the path between a commit and the moment
//! it becomes searchable.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Instant;

use matcher::Matcher;

use crate::status::IndexerStatus;

/// Merges the matcher's runs on blocking threads whenever a batch was applied, so that merging
/// never delays the next batch: one task merges small runs, another rebuilds the base (seconds at a
/// million candidates), each with its own wake-up.
pub(crate) struct MergeWorker {
    wakes: [Arc<tokio::sync::Notify>; 2],
    tasks: [tokio::task::JoinHandle<()>; 2],
}

impl MergeWorker {
    pub(crate) fn start(matcher: Arc<Matcher>, status: Arc<IndexerStatus>) -> MergeWorker {
        let lane = |step: fn(&Matcher) -> bool, what: &'static str| {
            let wake = Arc::new(tokio::sync::Notify::new());
            let (matcher, status) = (matcher.clone(), status.clone());
            let task = tokio::spawn({
                let wake = wake.clone();
                async move {
                    loop {
                        wake.notified().await;
                        let matcher = matcher.clone();
                        let merged = tokio::task::spawn_blocking(move || {
                            let (started, mut merges) = (Instant::now(), 0);
                            while step(&matcher) {
                                merges += 1;
                            }
                            if merges > 0 {
                                let elapsed_ms = started.elapsed().as_millis() as u64;
                                tracing::debug!(merges, runs = matcher.run_count(), elapsed_ms, "{what}");
                            }
                            merges
                        })
                        .await;
                        match merged {
                            Ok(merges) => {
                                status.merges_total.fetch_add(merges, Ordering::Relaxed);
                            }
                            Err(error) => tracing::error!(%error, "{what}: failed"),
                        }
                    }
                }
            });
            (wake, task)
        };
        let (merge_wake, merge_task) = lane(Matcher::merge_step, "small matcher runs merged");
        let (rebuild_wake, rebuild_task) = lane(Matcher::rebuild_step, "matcher base rebuilt");
        MergeWorker { wakes: [merge_wake, rebuild_wake], tasks: [merge_task, rebuild_task] }
    }

    pub(crate) fn wake(&self) {
        for wake in &self.wakes {
            wake.notify_one();
        }
    }
}

impl Drop for MergeWorker {
    fn drop(&mut self) {
        for task in &self.tasks {
            task.abort();
        }
    }
}
