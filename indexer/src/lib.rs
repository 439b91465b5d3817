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
//! - **Start** ([`Follower::load`]): from the replica's own [`snapshot`] of its matcher when one
//!   may be used, then the log from the snapshot's position; otherwise, in one repeatable-read
//!   snapshot, note the log position (its snapshot and highest seq), read every searchable
//!   document (the table split into parts read side by side) and fill the matcher; then apply the
//!   log from that position.
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
mod follower;
mod listener;
mod merge;
pub mod place_ids;
#[cfg(feature = "private-postgres")]
pub mod private_postgres;
pub mod projection;
mod read_progress;
pub mod snapshot;
mod status;
mod verification;

use std::time::Duration;

pub use follower::{CatchUp, Follower};
pub use listener::{follow, run};
pub use snapshot::SnapshotOptions;
pub use status::{IndexerReport, IndexerStatus, Lag, current_lag};
pub use verification::{Verification, verify_against_projection};

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
    /// Receives, after each batch the log brings is applied, each upserted candidate's document
    /// before and after the batch (percolation of saved-search alerts); `None`: nobody listens.
    /// Bulk loads are not reported: they bring no change.
    pub applied: Option<tokio::sync::mpsc::UnboundedSender<Vec<Transition>>>,
    /// Where the matcher is saved to restart from (see [`snapshot`]); `None`: every start loads
    /// from the database.
    pub snapshot: Option<SnapshotOptions>,
}

/// A candidate's document before a batch (`None`: new to the matcher) and after it.
#[derive(Clone, Debug)]
pub struct Transition {
    pub before: Option<matcher::CandidateDoc>,
    pub after: matcher::CandidateDoc,
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
            applied: None,
            snapshot: None,
        }
    }
}
