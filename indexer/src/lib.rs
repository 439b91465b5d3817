//! Feeds the matcher from Postgres, the store of record, and keeps it current.
//!
//! `vivier serve` runs [`run`] as a task beside the HTTP API; the API reads the same
//! [`matcher::Matcher`] and reports the [`IndexerStatus`].
//!
//! # How the matcher follows the database
//!
//! - **Projection** (`migrations/0007_candidate_search_documents.sql`, [`projection`]): Postgres
//!   keeps each candidate's search document in `candidate_search_documents`, refreshed by the
//!   transaction that changes the candidate's rows; the indexer decodes a row into its
//!   [`matcher::CandidateDoc`] and its [`cards::CandidateCard`] (what a search hit shows beyond
//!   the document). Deactivated and not-searching candidates are removed from both.
//! - **Change log** ([`change_log`], `migrations/0006_candidate_changes.sql`): statement-level
//!   triggers on every table feeding the projection refresh the touched candidates' documents, then
//!   append `(seq, candidate_id, op, at, xid)` to `candidate_changes` for those whose document
//!   changed, in the writing transaction, and `pg_notify('candidate_changes', seq)`. A
//!   notification is only a wake-up; the log is the truth. Reference lists (degrees, soft skills)
//!   are not followed: they are fixed by migrations, which servers load at start.
//! - **Start** ([`Follower::load`]): in one repeatable-read snapshot, note the log position (its
//!   snapshot and highest seq), read every searchable document (the table split into parts read
//!   side by side) and fill the matcher; then apply the log from that position.
//! - **Run** ([`run`]): LISTEN on a dedicated connection; on every notification, and every
//!   [`IndexerOptions::poll_interval`] as a fallback, read in one snapshot the log rows that were
//!   not visible at the last read and the documents of their candidates, and apply them in batches.
//!   When the listening connection is lost, reconnect with backoff, then catch up from the last
//!   read: notifications sent meanwhile are lost, the log rows are not. A notification that
//!   arrives while a read is under way is answered by one more read, so a burst of commits costs a
//!   few reads, not one each.
//! - **Freshness**: applying a batch adds one small run to the matcher and costs the same however
//!   much changed before; after each batch the indexer wakes two blocking tasks that merge the
//!   matcher's small runs and rebuild its base when due ([`matcher::runs`]), so a merge never sits
//!   between a commit and the moment it becomes searchable.
//! - **Errors**: a candidate whose document cannot be decoded (a code that names no place, a
//!   number out of range) keeps its previous document, is logged with its id and retried with
//!   backoff; the others are applied. A database error leaves the log position where it was, so
//!   the whole read is redone.
//!
//! # Retention and pruning
//!
//! Every indexer deletes log rows older than [`IndexerOptions::retention`] (24 hours by default)
//! every [`IndexerOptions::prune_interval`]. A running replica applies a row within seconds, so
//! it can only miss pruned rows after being cut from the database for longer than the retention;
//! a replica that has not caught up for half the retention therefore reloads everything instead
//! of reading the log. A server that starts always bulk-loads, so it never needs old rows.

pub mod cards;
pub mod change_log;
pub mod place_ids;
#[cfg(feature = "private-postgres")]
pub mod private_postgres;
pub mod projection;

use std::collections::{BTreeMap, HashSet};
use std::future::Future;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use matcher::{CandidateDoc, Change, Matcher};
use sqlx::postgres::PgListener;
use sqlx::{Connection, PgConnection, PgPool};

use cards::{CandidateCard, CandidateCards};
use change_log::LogPosition;
use projection::{ProjectedBatch, ProjectionError, Source, read_every_searchable, stored_documents};

/// The channel the change-log triggers notify.
pub const CHANNEL: &str = "candidate_changes";

/// The indexer's one error type.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    #[error("an indexer task failed: {0}")]
    Task(#[from] tokio::task::JoinError),
}

/// Tuning of the indexer; the defaults suit a server.
#[derive(Clone, Debug)]
pub struct IndexerOptions {
    /// Read the log this often even without a notification.
    pub poll_interval: Duration,
    /// Candidates read and applied per matcher batch while following the log.
    pub batch_candidates: usize,
    /// Log rows older than this are deleted.
    pub retention: Duration,
    /// How often the log is pruned.
    pub prune_interval: Duration,
    /// First delay before projecting a failing candidate again; doubles up to a minute.
    pub retry_delay: Duration,
    /// Compare the matcher with a fresh projection this often (when the log is quiet); `None`
    /// never does. The comparison projects every candidate, so keep it rare in production.
    pub verify_interval: Option<Duration>,
}

impl Default for IndexerOptions {
    fn default() -> Self {
        IndexerOptions {
            poll_interval: Duration::from_secs(2),
            batch_candidates: 2_000,
            retention: Duration::from_secs(24 * 3600),
            prune_interval: Duration::from_secs(600),
            retry_delay: Duration::from_secs(1),
            verify_interval: None,
        }
    }
}

/// How a comparison of the matcher with a fresh projection came out.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Verification {
    /// The highest seq applied when the comparison ran.
    pub applied_seq: i64,
    /// Searchable candidates in the database.
    pub expected_documents: usize,
    /// Documents in the matcher.
    pub indexed_documents: usize,
    /// Searchable candidates the matcher lacks (at most 20 listed).
    pub missing: Vec<i64>,
    /// Candidates whose document differs from their projection (at most 20 listed).
    pub different: Vec<i64>,
    /// Documents of candidates that are not searchable any more, or gone.
    pub extra: usize,
    /// Candidates that could not be projected.
    pub failed: Vec<i64>,
}

impl Verification {
    /// Whether the matcher holds exactly the projection: every document, nothing else.
    pub fn is_exact(&self) -> bool {
        self.missing.is_empty()
            && self.different.is_empty()
            && self.extra == 0
            && self.failed.is_empty()
            && self.expected_documents == self.indexed_documents
    }
}

/// The state of the indexer, shared with the HTTP API. Updated by the indexer task only.
#[derive(Debug, Default)]
pub struct IndexerStatus {
    ready: AtomicBool,
    last_applied_seq: AtomicI64,
    /// The snapshot of the last read of the log.
    position: Mutex<Option<LogPosition>>,
    documents: AtomicU64,
    failing_candidates: AtomicU64,
    applied_candidates_total: AtomicU64,
    projection_failures_total: AtomicU64,
    reconnects_total: AtomicU64,
    catch_ups_total: AtomicU64,
    pruned_rows_total: AtomicU64,
    merges_total: AtomicU64,
    load_ms: AtomicU64,
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
            last_error: self.last_error.lock().unwrap_or_else(PoisonError::into_inner).clone(),
            last_verification: self.last_verification.lock().unwrap_or_else(PoisonError::into_inner).clone(),
        }
    }

    fn record_error(&self, message: String) {
        *self.last_error.lock().unwrap_or_else(PoisonError::into_inner) = Some(message);
    }

    fn record_position(&self, position: LogPosition) {
        *self.position.lock().unwrap_or_else(PoisonError::into_inner) = Some(position);
    }

    fn record_verification(&self, verification: Verification) {
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
    pool: PgPool,
    matcher: Arc<Matcher>,
    cards: Arc<CandidateCards>,
    status: Arc<IndexerStatus>,
    options: IndexerOptions,
    position: LogPosition,
    last_applied_seq: i64,
    /// Candidate ids with a document in the matcher.
    indexed: HashSet<i64>,
    retries: BTreeMap<i64, Retry>,
    last_caught_up: Instant,
    merger: MergeWorker,
    /// The connection catch-ups read on, apart from the pool so that a busy pool never delays
    /// them; `None` until the first catch-up and after an error.
    connection: Option<PgConnection>,
}

/// Starts a repeatable-read, read-only transaction: every query of a projection sees one snapshot.
async fn snapshot_transaction<'c>(
    connection: impl sqlx::Acquire<'c, Database = sqlx::Postgres>,
) -> sqlx::Result<sqlx::Transaction<'c, sqlx::Postgres>> {
    let mut transaction = connection.begin().await?;
    sqlx::query("set transaction isolation level repeatable read, read only").execute(&mut *transaction).await?;
    Ok(transaction)
}

/// Every searchable candidate's document from `source` as `transaction` (a
/// [`snapshot_transaction`]) sees it, read in parts on other connections that share its snapshot.
async fn read_in_snapshot(
    pool: &PgPool,
    transaction: &mut PgConnection,
    source: Source,
) -> Result<ProjectedBatch, Error> {
    let snapshot: String = sqlx::query_scalar("select pg_export_snapshot()").fetch_one(&mut *transaction).await?;
    read_every_searchable(pool, &snapshot, source).await
}

/// Merges the matcher's runs on blocking threads whenever a batch was applied, so that merging
/// never delays the next batch: one task merges small runs, another rebuilds the base (seconds at a
/// million candidates), each with its own wake-up.
struct MergeWorker {
    wakes: [Arc<tokio::sync::Notify>; 2],
    tasks: [tokio::task::JoinHandle<()>; 2],
}

impl MergeWorker {
    fn start(matcher: Arc<Matcher>, status: Arc<IndexerStatus>) -> MergeWorker {
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

    fn wake(&self) {
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

/// What one batch changes in the matcher and the cards.
struct Update {
    documents: Vec<CandidateDoc>,
    cards: Vec<CandidateCard>,
    removed: Vec<i64>,
}

impl Follower {
    /// Applies an update on a blocking thread (building a run is CPU work), then wakes the merger.
    /// Cards go in before their documents and leave after them (see [`cards`]).
    async fn apply(&self, update: Update) -> Result<(), Error> {
        if update.documents.is_empty() && update.removed.is_empty() {
            return Ok(());
        }
        let (matcher, cards) = (self.matcher.clone(), self.cards.clone());
        tokio::task::spawn_blocking(move || {
            cards.upsert(update.cards);
            let changes = update.removed.iter().map(|&candidate_id| Change::Remove(candidate_id));
            matcher.apply(changes.chain(update.documents.into_iter().map(Change::Upsert)).collect());
            cards.remove(&update.removed);
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
            indexed: HashSet::new(),
            retries: BTreeMap::new(),
            last_caught_up: Instant::now(),
            merger,
            connection: None,
        };
        follower.reload().await?;
        follower.status.ready.store(true, Ordering::Release);
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
        self.apply(Update { documents: batch.documents, cards: batch.cards, removed }).await?;
        self.indexed.retain(|candidate_id| failing.contains(candidate_id));
        self.indexed.extend(loaded);
        self.record_failures(batch.failures);

        self.position = position;
        self.last_applied_seq = self.last_applied_seq.max(max_seq);
        self.last_caught_up = Instant::now();
        let load_ms = started.elapsed().as_millis() as u64;
        self.status.load_ms.store(load_ms, Ordering::Relaxed);
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
            self.apply(update).await?;
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

    /// Compares the matcher with a fresh projection of the database, provided every change
    /// visible in the comparison's snapshot has been applied; `None` when some are not yet.
    pub async fn verify(&self) -> Result<Option<Verification>, Error> {
        let mut transaction = snapshot_transaction(&self.pool).await?;
        if change_log::has_rows_after(&mut transaction, &self.position).await? {
            return Ok(None);
        }
        let batch = read_in_snapshot(&self.pool, &mut transaction, Source::Fresh).await?;
        transaction.commit().await?;
        let mut verification = compare_with_projection(batch, &self.matcher, &self.cards);
        verification.applied_seq = self.last_applied_seq;
        Ok(Some(verification))
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
}

/// Compares `matcher` and `cards` with `batch`, a fresh projection of every searchable candidate;
/// a candidate whose document or card differs counts as different.
fn compare_with_projection(batch: ProjectedBatch, matcher: &Matcher, cards: &CandidateCards) -> Verification {
    const LISTED: usize = 20;
    let mut verification = Verification {
        expected_documents: batch.documents.len() + batch.failures.len(),
        indexed_documents: matcher.len(),
        failed: batch.failures.iter().map(|failure| failure.candidate_id).collect(),
        ..Verification::default()
    };
    let mut present = 0;
    let stored_cards = cards.read();
    for (expected, expected_card) in batch.documents.iter().zip(&batch.cards) {
        match matcher.document(expected.candidate_id) {
            Some(indexed) => {
                present += 1;
                let same = &indexed == expected && stored_cards.get(&expected.candidate_id) == Some(expected_card);
                if !same && verification.different.len() < LISTED {
                    verification.different.push(expected.candidate_id);
                }
            }
            None if verification.missing.len() < LISTED => verification.missing.push(expected.candidate_id),
            None => {}
        }
    }
    // every other stored document belongs to a candidate the projection does not produce
    let failed_but_indexed =
        batch.failures.iter().filter(|failure| matcher.document(failure.candidate_id).is_some()).count();
    verification.extra = matcher.len().saturating_sub(present + failed_but_indexed);
    // a card without a document is as wrong as a document without a card
    verification.extra = verification.extra.max(stored_cards.len().saturating_sub(matcher.len()));
    verification
}

/// Compares `matcher` with a fresh projection of the database (for tests and the bench: the
/// caller makes sure the log is quiet and applied).
pub async fn verify_against_projection(
    pool: &PgPool,
    matcher: &Matcher,
    cards: &CandidateCards,
) -> Result<Verification, Error> {
    let mut transaction = snapshot_transaction(pool).await?;
    let batch = read_in_snapshot(pool, &mut transaction, Source::Fresh).await?;
    transaction.commit().await?;
    Ok(compare_with_projection(batch, matcher, cards))
}

/// Exponential backoff between reconnection attempts: 100 ms doubling up to 5 s.
struct Backoff {
    next: Duration,
}

impl Backoff {
    const FIRST: Duration = Duration::from_millis(100);
    const LONGEST: Duration = Duration::from_secs(5);

    fn new() -> Backoff {
        Backoff { next: Backoff::FIRST }
    }

    fn next_delay(&mut self) -> Duration {
        let delay = self.next;
        self.next = (self.next * 2).min(Backoff::LONGEST);
        delay
    }

    fn reset(&mut self) {
        self.next = Backoff::FIRST;
    }
}

/// What woke the follow loop up.
enum Wake {
    Notification,
    Poll,
    /// The listening connection is gone: reconnect, then catch up.
    ListenerLost(Option<sqlx::Error>),
}

async fn listen(pool: &PgPool) -> sqlx::Result<PgListener> {
    let mut listener = PgListener::connect_with(pool).await?;
    // the listener outlives pool closing during shutdown on its own terms
    listener.ignore_pool_close_event(true);
    listener.listen(CHANNEL).await?;
    Ok(listener)
}

/// Loads the matcher, then keeps it current until `shutdown` resolves. Never returns an error:
/// failures are logged, reported in the status, and retried with backoff.
pub async fn run(
    pool: PgPool,
    matcher: Arc<Matcher>,
    cards: Arc<CandidateCards>,
    status: Arc<IndexerStatus>,
    options: IndexerOptions,
    shutdown: impl Future<Output = ()>,
) {
    tokio::pin!(shutdown);
    let mut backoff = Backoff::new();
    let follower = loop {
        tokio::select! {
            () = &mut shutdown => return,
            loaded = Follower::load(pool.clone(), matcher.clone(), cards.clone(), status.clone(), options.clone()) => match loaded {
                Ok(follower) => break follower,
                Err(error) => {
                    tracing::error!(%error, "cannot load the matcher, retrying");
                    status.record_error(format!("cannot load the matcher: {error}"));
                    let delay = backoff.next_delay();
                    tokio::select! { () = &mut shutdown => return, () = tokio::time::sleep(delay) => {} }
                }
            }
        }
    };
    follow(follower, shutdown).await;
}

/// Keeps a loaded follower current until `shutdown` resolves (the second half of [`run`]).
pub async fn follow(mut follower: Follower, shutdown: impl Future<Output = ()>) {
    tokio::pin!(shutdown);
    let options = follower.options.clone();
    let pool = follower.pool.clone();
    let status = follower.status.clone();
    let mut backoff = Backoff::new();
    let mut next_prune = Instant::now();
    let mut next_verification = options.verify_interval.map(|interval| Instant::now() + interval);
    let mut listened_before = false;

    'connection: loop {
        let mut listener = tokio::select! {
            () = &mut shutdown => return,
            listener = listen(&pool) => match listener {
                Ok(listener) => {
                    if listened_before {
                        status.reconnects_total.fetch_add(1, Ordering::Relaxed);
                    }
                    listened_before = true;
                    listener
                }
                Err(error) => {
                    tracing::warn!(%error, "cannot listen for change notifications, retrying");
                    status.record_error(format!("cannot listen for change notifications: {error}"));
                    let delay = backoff.next_delay();
                    tokio::select! { () = &mut shutdown => return, () = tokio::time::sleep(delay) => {} }
                    continue 'connection;
                }
            }
        };
        if follower.last_caught_up.elapsed() > options.retention / 2 {
            tracing::warn!("cut off longer than half the log retention: reloading everything");
            if let Err(error) = follower.reload().await {
                tracing::error!(%error, "cannot reload the matcher");
                status.record_error(format!("cannot reload the matcher: {error}"));
                continue 'connection;
            }
        }
        // LISTEN first, then read the log: nothing committed in between can slip through
        loop {
            match follower.catch_up().await {
                Ok(_) => backoff.reset(),
                Err(error) => {
                    tracing::warn!(%error, "cannot catch up with the change log, retrying");
                    status.record_error(format!("cannot catch up with the change log: {error}"));
                    let delay = backoff.next_delay();
                    tokio::select! { () = &mut shutdown => return, () = tokio::time::sleep(delay) => {} }
                    continue 'connection;
                }
            }
            if Instant::now() >= next_prune {
                next_prune = Instant::now() + options.prune_interval;
                if let Err(error) = follower.prune().await {
                    tracing::warn!(%error, "cannot prune the change log");
                }
            }
            if let (Some(due), Some(interval)) = (next_verification, options.verify_interval)
                && Instant::now() >= due
            {
                match follower.verify().await {
                    Ok(Some(verification)) => {
                        if verification.is_exact() {
                            tracing::info!(documents = verification.indexed_documents, "matcher equals the database");
                        } else {
                            tracing::error!(?verification, "matcher differs from the database");
                        }
                        status.record_verification(verification);
                        next_verification = Some(Instant::now() + interval);
                    }
                    // changes are still arriving: compare once they are applied
                    Ok(None) => {}
                    Err(error) => tracing::warn!(%error, "cannot compare the matcher with the database"),
                }
            }

            let wake = tokio::select! {
                () = &mut shutdown => return,
                received = listener.try_recv() => match received {
                    Ok(Some(_)) => Wake::Notification,
                    Ok(None) => Wake::ListenerLost(None),
                    Err(error) => Wake::ListenerLost(Some(error)),
                },
                () = tokio::time::sleep(options.poll_interval) => Wake::Poll,
            };
            match wake {
                // one read serves every notification already received
                Wake::Notification => while listener.next_buffered().is_some() {},
                Wake::Poll => {}
                Wake::ListenerLost(error) => {
                    match error {
                        Some(error) => tracing::warn!(%error, "change listener lost, reconnecting"),
                        None => tracing::warn!("change listener lost, reconnecting"),
                    }
                    drop(listener);
                    let delay = backoff.next_delay();
                    tokio::select! { () = &mut shutdown => return, () = tokio::time::sleep(delay) => {} }
                    continue 'connection;
                }
            }
        }
    }
}
