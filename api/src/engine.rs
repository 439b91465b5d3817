//! The bridge between async code and the CPU-bound matcher. A search scans memory for up to
//! milliseconds: on a tokio worker it would stall every other request of that thread, so each
//! job runs on the rayon pool and its answer comes back on a channel. A semaphore bounds the jobs
//! in flight, so that a burst queues here rather than inside rayon.

use std::sync::Arc;

use matcher::{Matcher, SearchResult, SourcingQuery};
use tokio::sync::Semaphore;

use crate::error::{Error, Result};

/// The matcher with the permits of the searches it runs. Cheap to clone: background tasks take
/// this handle rather than the whole application state.
#[derive(Clone)]
pub struct Engine {
    /// The in-memory sourcing engine, kept current by the indexer task.
    pub matcher: Arc<Matcher>,
    permits: Arc<Semaphore>,
}

impl Engine {
    pub fn new(matcher: Arc<Matcher>) -> Self {
        // a few searches per core keep the cores busy; more would only queue inside rayon
        Self { matcher, permits: Arc::new(Semaphore::new(2 * rayon::current_num_threads())) }
    }

    /// Runs `job` on the matcher in the rayon pool, one permit held, and waits for its answer
    /// without blocking the runtime.
    pub async fn run<T: Send + 'static>(&self, job: impl FnOnce(&Matcher) -> T + Send + 'static) -> Result<T> {
        let _permit = self.permits.acquire().await.map_err(|error| Error::Internal(error.into()))?;
        let matcher = self.matcher.clone();
        let (sender, receiver) = tokio::sync::oneshot::channel();
        rayon::spawn(move || {
            let _ = sender.send(job(&matcher));
        });
        receiver.await.map_err(|error| Error::Internal(error.into()))
    }

    /// Runs `query` on the matcher.
    pub async fn search(&self, query: SourcingQuery) -> Result<SearchResult> {
        self.run(move |matcher| {
            let started = std::time::Instant::now();
            let result = matcher.search(&query);
            // with the request's latency (tower_http, debug), this gives what the handler adds
            tracing::debug!(engine_us = started.elapsed().as_micros() as u64, total = result.total, "matcher answered");
            result
        })
        .await
    }

    /// Permits free now: how much room the engine has for more searches (a metric).
    pub fn available_permits(&self) -> usize {
        self.permits.available_permits()
    }
}
