//! The matcher kept in step with the change log: the bulk load, the catch-up that reads the log
//! rows committed since the last read with their candidates' documents, and the retries of
//! candidates whose document cannot be decoded. [`crate::run`] drives a [`Follower`]; tests and
//! benchmarks can drive one by hand.

use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use matcher::{CandidateDoc, Change, Matcher};
use rustc_hash::FxHashSet;
use sqlx::{Connection, PgConnection, PgPool};

use crate::cards::{CandidateCard, CandidateCards};
use crate::change_log::{self, LogPosition};
use crate::merge::MergeWorker;
use crate::projection::{ProjectedBatch, ProjectionError, Source, read_every_searchable, stored_documents};
use crate::snapshot::{self, Capture, DatabaseIdentity, SnapshotOptions};
use crate::status::IndexerStatus;
use crate::{Error, IndexerOptions, Transition};

/// A candidate whose projection failed, waiting for its next attempt.
#[derive(Debug)]
struct Retry {
    attempts: u32,
    due: Instant,
}

/// What one [`Follower::catch_up`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CatchUp {
    /// Candidates read and applied (upserted or removed).
    pub applied: usize,
    /// Candidates whose projection failed this time.
    pub failed: usize,
    /// Log rows read.
    pub rows: i64,
}

/// The matcher kept in step with the change log: the state of a running indexer.
///
/// [`run`] drives one; tests and benchmarks can drive one by hand.
pub struct Follower {
    pub(crate) pool: PgPool,
    pub(crate) matcher: Arc<Matcher>,
    pub(crate) cards: Arc<CandidateCards>,
    pub(crate) status: Arc<IndexerStatus>,
    pub(crate) options: IndexerOptions,
    pub(crate) position: LogPosition,
    pub(crate) last_applied_seq: i64,
    /// Candidate ids with a document in the matcher.
    indexed: FxHashSet<i64>,
    retries: BTreeMap<i64, Retry>,
    pub(crate) last_caught_up: Instant,
    merger: MergeWorker,
    /// The connection catch-ups read on, apart from the pool so that a busy pool never delays
    /// them; `None` until the first catch-up and after an error.
    connection: Option<PgConnection>,
    /// Where the matcher's snapshots go; `None` when the server keeps none.
    snapshots: Option<Snapshots>,
}

/// The follower's side of [`snapshot`]: what it last wrote, and the write under way.
struct Snapshots {
    options: SnapshotOptions,
    database: DatabaseIdentity,
    /// The matcher's version last written (or restored); `None`: write at the next chance.
    written_version: Option<u64>,
    last_written: Instant,
    writing: Option<tokio::task::JoinHandle<()>>,
}

/// Starts a repeatable-read, read-only transaction: every query of a projection sees one snapshot.
pub(crate) async fn snapshot_transaction<'c>(
    connection: impl sqlx::Acquire<'c, Database = sqlx::Postgres>,
) -> sqlx::Result<sqlx::Transaction<'c, sqlx::Postgres>> {
    let mut transaction = connection.begin().await?;
    sqlx::query("set transaction isolation level repeatable read, read only").execute(&mut *transaction).await?;
    Ok(transaction)
}

/// Every searchable candidate's document from `source` as `transaction` (a
/// [`snapshot_transaction`]) sees it, read in parts on other connections that share its snapshot.
pub(crate) async fn read_in_snapshot(
    pool: &PgPool,
    transaction: &mut PgConnection,
    source: Source,
) -> Result<ProjectedBatch, Error> {
    let snapshot: String = sqlx::query_scalar("select pg_export_snapshot()").fetch_one(&mut *transaction).await?;
    read_every_searchable(pool, &snapshot, source).await
}

/// What one batch changes in the matcher and the cards.
struct Update {
    documents: Vec<CandidateDoc>,
    cards: Vec<CandidateCard>,
    removed: Vec<i64>,
}

impl Follower {
    /// Applies an update on a blocking thread (building a run is CPU work), then wakes the merger.
    /// Cards go in before their documents and leave after them (see [`cards`]). With `report`,
    /// the upserted documents' transitions go to [`IndexerOptions::applied`].
    async fn apply(&self, update: Update, report: bool) -> Result<(), Error> {
        if update.documents.is_empty() && update.removed.is_empty() {
            return Ok(());
        }
        let (matcher, cards) = (self.matcher.clone(), self.cards.clone());
        let listener = self.options.applied.clone().filter(|_| report);
        tokio::task::spawn_blocking(move || {
            cards.upsert(update.cards);
            let before: Option<Vec<Option<CandidateDoc>>> = listener
                .as_ref()
                .map(|_| update.documents.iter().map(|document| matcher.document(document.candidate_id)).collect());
            let after = listener.as_ref().map(|_| update.documents.clone());
            let changes = update.removed.iter().map(|&candidate_id| Change::Remove(candidate_id));
            matcher.apply(changes.chain(update.documents.into_iter().map(Change::Upsert)).collect());
            cards.remove(&update.removed);
            if let (Some(listener), Some(before), Some(after)) = (listener, before, after) {
                let transitions =
                    before.into_iter().zip(after).map(|(before, after)| Transition { before, after }).collect();
                // a listener gone (the server stopping) is no reason to stop indexing
                let _ = listener.send(transitions);
            }
        })
        .await?;
        self.merger.wake();
        Ok(())
    }

    /// Bulk-loads every searchable candidate into `matcher` (which should be empty) and returns
    /// the follower positioned at the log as it was when the load's snapshot was taken.
    pub async fn load(
        pool: PgPool,
        matcher: Arc<Matcher>,
        cards: Arc<CandidateCards>,
        status: Arc<IndexerStatus>,
        options: IndexerOptions,
    ) -> Result<Follower, Error> {
        let merger = MergeWorker::start(matcher.clone(), status.clone());
        let mut follower = Follower {
            pool,
            matcher,
            cards,
            status,
            options,
            position: LogPosition::new(),
            last_applied_seq: 0,
            indexed: FxHashSet::default(),
            retries: BTreeMap::new(),
            last_caught_up: Instant::now(),
            merger,
            connection: None,
            snapshots: None,
        };
        if !follower.restore_snapshot().await? {
            follower.reload().await?;
        }
        follower.status.ready.store(true, Ordering::Release);
        follower.snapshot_if_due();
        Ok(follower)
    }

    /// Replaces the matcher's content by a fresh projection of every searchable candidate.
    pub async fn reload(&mut self) -> Result<(), Error> {
        let started = Instant::now();
        let mut transaction = snapshot_transaction(&self.pool).await?;
        let (position, max_seq) = change_log::current_position(&mut transaction).await?;
        let batch = read_in_snapshot(&self.pool, &mut transaction, Source::Stored).await?;
        transaction.commit().await?;
        let read_at = started.elapsed();

        let loaded: HashSet<i64> = batch.documents.iter().map(|document| document.candidate_id).collect();
        let failing: HashSet<i64> = batch.failures.iter().map(|failure| failure.candidate_id).collect();
        let removed: Vec<i64> = self
            .indexed
            .iter()
            .filter(|candidate_id| !loaded.contains(candidate_id) && !failing.contains(candidate_id))
            .copied()
            .collect();
        let documents = batch.documents.len();
        tracing::info!(documents, read_ms = read_at.as_millis() as u64, "building the matcher");
        self.apply(Update { documents: batch.documents, cards: batch.cards, removed }, false).await?;
        self.indexed.retain(|candidate_id| failing.contains(candidate_id));
        self.indexed.extend(loaded);
        self.record_failures(batch.failures);

        self.position = position;
        self.last_applied_seq = self.last_applied_seq.max(max_seq);
        self.last_caught_up = Instant::now();
        if let Some(snapshots) = &mut self.snapshots {
            snapshots.written_version = None;
        }
        let load_ms = started.elapsed().as_millis() as u64;
        self.status.load_ms.store(load_ms, Ordering::Relaxed);
        self.status.loaded_from_snapshot.store(false, Ordering::Relaxed);
        self.status.last_applied_seq.store(self.last_applied_seq, Ordering::Relaxed);
        self.status.record_position(self.position.clone());
        self.status.documents.store(self.matcher.len() as u64, Ordering::Relaxed);
        tracing::info!(
            documents,
            read_ms = read_at.as_millis() as u64,
            load_ms,
            seq = max_seq,
            "matcher loaded from the database"
        );
        Ok(())
    }

    /// Reads the log rows committed since the last read and applies their candidates, plus the failed
    /// candidates whose retry is due. The log and the documents are read in one snapshot, which
    /// becomes the next position.
    pub async fn catch_up(&mut self) -> Result<CatchUp, Error> {
        let mut connection = match self.connection.take() {
            Some(connection) => connection,
            None => PgConnection::connect_with(&self.pool.connect_options()).await?,
        };
        let outcome = self.catch_up_on(&mut connection).await;
        if outcome.is_ok() {
            self.connection = Some(connection); // after an error, the next catch-up connects anew
        }
        outcome
    }

    async fn catch_up_on(&mut self, connection: &mut PgConnection) -> Result<CatchUp, Error> {
        let mut transaction = snapshot_transaction(connection).await?;
        let read = change_log::read_after(&mut transaction, &self.position).await?;
        let now = Instant::now();
        let mut candidate_ids: Vec<i64> = read.changed.keys().copied().collect();
        candidate_ids.extend(
            self.retries
                .iter()
                .filter(|(candidate_id, retry)| retry.due <= now && !read.changed.contains_key(candidate_id))
                .map(|(&candidate_id, _)| candidate_id),
        );

        let mut outcome = CatchUp { rows: read.rows, ..CatchUp::default() };
        for chunk in candidate_ids.chunks(self.options.batch_candidates.max(1)) {
            let reading = Instant::now();
            let batch = stored_documents(&mut transaction, chunk).await?;
            let read_in = reading.elapsed();

            let mut update = Update { documents: batch.documents, cards: batch.cards, removed: Vec::new() };
            for &candidate_id in &batch.absent {
                self.retries.remove(&candidate_id);
                if self.indexed.remove(&candidate_id) {
                    update.removed.push(candidate_id);
                }
            }
            for document in &update.documents {
                self.retries.remove(&document.candidate_id);
                self.indexed.insert(document.candidate_id);
            }
            outcome.applied += update.documents.len() + update.removed.len();
            outcome.failed += batch.failures.len();
            self.record_failures(batch.failures);
            let applying = Instant::now();
            self.apply(update, true).await?;
            tracing::debug!(
                candidates = chunk.len(),
                read_ms = read_in.as_secs_f64() * 1e3,
                apply_ms = applying.elapsed().as_secs_f64() * 1e3,
                oldest_change_ms = read.oldest_age.map(|age| age.as_secs_f64() * 1e3),
                "change log applied"
            );
        }
        transaction.commit().await?;

        self.position = read.next_position;
        if let Some(&seq) = read.changed.values().max() {
            self.last_applied_seq = self.last_applied_seq.max(seq);
        }
        self.last_caught_up = Instant::now();
        let status = &self.status;
        status.last_applied_seq.store(self.last_applied_seq, Ordering::Relaxed);
        status.record_position(self.position.clone());
        status.documents.store(self.matcher.len() as u64, Ordering::Relaxed);
        status.failing_candidates.store(self.retries.len() as u64, Ordering::Relaxed);
        status.applied_candidates_total.fetch_add(outcome.applied as u64, Ordering::Relaxed);
        status.catch_ups_total.fetch_add(1, Ordering::Relaxed);
        Ok(outcome)
    }

    /// Schedules failed candidates for another attempt and reports them.
    fn record_failures(&mut self, failures: Vec<ProjectionError>) {
        let now = Instant::now();
        for failure in failures {
            let retry = self.retries.entry(failure.candidate_id).or_insert(Retry { attempts: 0, due: now });
            retry.attempts += 1;
            let delay =
                self.options.retry_delay.saturating_mul(1 << (retry.attempts - 1).min(6)).min(Duration::from_secs(60));
            retry.due = now + delay;
            tracing::warn!(
                candidate_id = failure.candidate_id,
                reason = %failure.reason,
                attempts = retry.attempts,
                retry_in_ms = delay.as_millis() as u64,
                "cannot project candidate"
            );
            self.status.projection_failures_total.fetch_add(1, Ordering::Relaxed);
            self.status.record_error(format!("cannot project candidate {}: {}", failure.candidate_id, failure.reason));
        }
        self.status.failing_candidates.store(self.retries.len() as u64, Ordering::Relaxed);
    }

    /// Deletes log rows past the retention window.
    pub async fn prune(&self) -> Result<u64, Error> {
        let mut connection = self.pool.acquire().await?;
        let pruned = change_log::prune(&mut connection, self.options.retention).await?;
        self.status.pruned_rows_total.fetch_add(pruned, Ordering::Relaxed);
        if pruned > 0 {
            tracing::info!(pruned, "old change-log rows pruned");
        }
        Ok(pruned)
    }

    /// Highest log seq applied.
    pub fn last_applied_seq(&self) -> i64 {
        self.last_applied_seq
    }

    /// Candidates whose projection fails and is being retried.
    pub fn failing_candidates(&self) -> Vec<i64> {
        self.retries.keys().copied().collect()
    }

    /// Fills the matcher and the cards from the replica's snapshot and catches up with the log
    /// from its position; `false` (and the reason in the log) when there is none that may be used.
    async fn restore_snapshot(&mut self) -> Result<bool, Error> {
        let Some(options) = self.options.snapshot.clone() else { return Ok(false) };
        let started = Instant::now();
        let mut connection = self.pool.acquire().await?;
        let database = match DatabaseIdentity::of(&mut connection).await {
            Ok(database) => database,
            Err(error) => {
                tracing::warn!(%error, "cannot tell which database this is: no matcher snapshots");
                return Ok(false);
            }
        };
        drop(connection);
        let (matcher, retention) = (self.matcher.clone(), self.options.retention);
        let (reading, identity) = (options.clone(), database.clone());
        let restored =
            tokio::task::spawn_blocking(move || snapshot::restore(&reading, &identity, retention, &matcher)).await?;
        let version = self.matcher.version();
        self.snapshots =
            Some(Snapshots { options, database, written_version: None, last_written: started, writing: None });
        let restored = match restored {
            Ok(restored) => restored,
            Err(refusal) => {
                tracing::info!(reason = %refusal, "loading the matcher from the database, not from a snapshot");
                return Ok(false);
            }
        };
        let restored_in = started.elapsed();
        self.indexed = restored.indexed;
        self.cards.replace(restored.cards);
        self.retries = restored.failing.into_iter().map(|id| (id, Retry { attempts: 0, due: started })).collect();
        self.position = restored.position;
        self.last_applied_seq = restored.last_applied_seq;
        if let Some(snapshots) = &mut self.snapshots {
            snapshots.written_version = Some(version);
        }
        let caught_up = self.catch_up().await?;
        let load_ms = started.elapsed().as_millis() as u64;
        self.status.load_ms.store(load_ms, Ordering::Relaxed);
        self.status.loaded_from_snapshot.store(true, Ordering::Relaxed);
        tracing::info!(
            documents = self.matcher.len(),
            age_s = restored.age.as_secs(),
            restore_ms = restored_in.as_millis() as u64,
            caught_up = caught_up.applied,
            load_ms,
            "matcher restored from its snapshot"
        );
        Ok(true)
    }

    /// Writes a snapshot on a blocking thread when one is due: after a load from the database,
    /// then every [`SnapshotOptions::interval`] while the matcher changes; never two at once.
    pub(crate) fn snapshot_if_due(&mut self) {
        let Some(snapshots) = &mut self.snapshots else { return };
        if snapshots.writing.as_ref().is_some_and(|writing| !writing.is_finished()) {
            return;
        }
        let version = self.matcher.version();
        let due = match snapshots.written_version {
            None => true,
            Some(written) => written != version && snapshots.last_written.elapsed() >= snapshots.options.interval,
        };
        if !due {
            return;
        }
        let capture = Capture {
            matcher: self.matcher.freeze(),
            cards: self.cards.read().values().cloned().collect(),
            database: snapshots.database.clone(),
            position: self.position.clone(),
            last_applied_seq: self.last_applied_seq,
            failing: self.retries.keys().copied().collect(),
        };
        snapshots.written_version = Some(version);
        snapshots.last_written = Instant::now();
        let options = snapshots.options.clone();
        snapshots.writing = Some(tokio::task::spawn_blocking(move || {
            let started = Instant::now();
            let documents = capture.matcher.len();
            match snapshot::write(&options, capture) {
                Ok(bytes) => {
                    let write_ms = started.elapsed().as_millis() as u64;
                    tracing::info!(documents, bytes, write_ms, "matcher snapshot written");
                }
                Err(error) => tracing::warn!(%error, "cannot write the matcher's snapshot"),
            }
        }));
    }
}
