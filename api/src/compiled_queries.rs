//! Queries held compiled in memory for percolation, kept equal to what Postgres holds: the saved
//! searches with alerts ([`crate::alerts`]) and the published job offers ([`crate::job_offers`]).
//!
//! Postgres is the truth. Every write to the queries moves a generation counter (a one-row table
//! a trigger updates); before each use the holder compares that counter with the one its
//! percolator was built from and rebuilds when it moved, so that an edit made through any server
//! reaches every server's copy.

use std::future::Future;
use std::sync::{PoisonError, RwLock, RwLockReadGuard};

use matcher::{Percolator, SourcingQuery};
use sqlx::{AssertSqlSafe, PgPool};
use tokio::sync::Mutex;

use crate::error::{Error, Result};

/// A percolator over queries of one kind, and the generation it was built from.
pub struct CompiledQueries {
    /// The one-row, one-column table of the generation counter.
    generation_table: &'static str,
    percolator: RwLock<Percolator>,
    /// `None` before the first build.
    built_from: Mutex<Option<i64>>,
}

impl CompiledQueries {
    pub fn new(generation_table: &'static str) -> Self {
        CompiledQueries { generation_table, percolator: RwLock::default(), built_from: Mutex::default() }
    }

    /// Rebuilds the percolator from `load` (the queries keyed by id) when the queries changed
    /// since it was built. Concurrent callers wait for one rebuild.
    pub async fn refresh<F>(&self, db: &PgPool, load: impl FnOnce() -> F) -> Result<()>
    where
        F: Future<Output = Result<Vec<(i64, SourcingQuery)>>>,
    {
        let mut built_from = self.built_from.lock().await;
        // read before the queries: a write after this read moves it again for the next use
        let generation: i64 =
            sqlx::query_scalar(AssertSqlSafe(format!("select generation from {}", self.generation_table)))
                .fetch_one(db)
                .await?;
        if *built_from == Some(generation) {
            return Ok(());
        }
        let queries = load().await?;
        let count = queries.len();
        let percolator = tokio::task::spawn_blocking(move || Percolator::build(queries))
            .await
            .map_err(|error| Error::Internal(error.into()))?;
        *self.percolator.write().unwrap_or_else(PoisonError::into_inner) = percolator;
        *built_from = Some(generation);
        tracing::debug!(queries = count, table = self.generation_table, "queries compiled for percolation");
        Ok(())
    }

    /// The percolator as last built.
    pub fn read(&self) -> RwLockReadGuard<'_, Percolator> {
        self.percolator.read().unwrap_or_else(PoisonError::into_inner)
    }
}
