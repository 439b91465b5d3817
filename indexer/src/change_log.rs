//! Reading and pruning `candidate_changes`, the log the database triggers append to
//! (`migrations/0006_candidate_changes.sql`).
//!
//! The log is read by transaction horizon, not by seq alone. A seq is drawn when a row is
//! written, not when its transaction commits, so "every row after the last seq applied" could
//! skip a row with a lower seq whose transaction commits late. A reader instead keeps a horizon:
//! a transaction id below which every writer has finished and been applied. A read returns the
//! rows at or above the horizon; those written by transactions older than the oldest transaction
//! still running are *settled* (no row of theirs can appear later) and may be applied, after
//! which the horizon moves up to that oldest running transaction. Rows of younger transactions
//! stay pending and are read again next time (re-projecting a candidate twice is harmless).

use std::collections::BTreeMap;
use std::time::Duration;

use sqlx::PgConnection;

/// Transaction ids are `xid8` in Postgres (64 bits, never wrapping); they travel as `i64`.
pub type TransactionHorizon = i64;

/// What one read of the log found.
#[derive(Debug, Default)]
pub struct LogRead {
    /// The horizon to keep once the settled candidates are applied.
    pub next_horizon: TransactionHorizon,
    /// Candidates with settled changes, each with the highest settled seq.
    pub settled: BTreeMap<i64, i64>,
    /// Rows visible but not settled yet (a writer that started earlier is still running).
    pub pending_rows: i64,
    /// Age of the oldest row not applied after this read, settled or not.
    pub oldest_unapplied_age: Option<Duration>,
}

/// The current horizon and highest seq, for a reader starting from a snapshot of the whole
/// database (the bulk load): every transaction below the horizon is visible in that snapshot.
pub async fn current_position(connection: &mut PgConnection) -> sqlx::Result<(TransactionHorizon, i64)> {
    sqlx::query_as(
        "select pg_snapshot_xmin(pg_current_snapshot())::text::bigint,
                coalesce((select max(seq) from candidate_changes), 0)",
    )
    .fetch_one(connection)
    .await
}

/// Reads the log at and above `horizon`, coalesced by candidate.
pub async fn read_after(connection: &mut PgConnection, horizon: TransactionHorizon) -> sqlx::Result<LogRead> {
    let rows: Vec<(i64, Option<i64>, Option<i64>, Option<bool>, Option<f64>, i64)> = sqlx::query_as(
        "with snapshot as (select pg_snapshot_xmin(pg_current_snapshot()) as oldest_running)
         select snapshot.oldest_running::text::bigint,
                changes.candidate_id,
                max(changes.seq),
                changes.xid < snapshot.oldest_running,
                extract(epoch from now() - min(changes.at))::float8,
                count(changes.seq)
         from snapshot
         left join candidate_changes changes on changes.xid >= $1::text::xid8
         group by snapshot.oldest_running, changes.candidate_id, changes.xid < snapshot.oldest_running",
    )
    .bind(horizon.to_string())
    .fetch_all(connection)
    .await?;
    let mut read = LogRead { next_horizon: horizon, ..LogRead::default() };
    let mut oldest_age_seconds: Option<f64> = None;
    for (oldest_running, candidate_id, last_seq, settled, age_seconds, row_count) in rows {
        // the horizon never moves back, whatever the server says
        read.next_horizon = read.next_horizon.max(oldest_running);
        let (Some(candidate_id), Some(last_seq), Some(settled)) = (candidate_id, last_seq, settled) else { continue };
        if settled {
            let seq = read.settled.entry(candidate_id).or_insert(last_seq);
            *seq = (*seq).max(last_seq);
        } else {
            read.pending_rows += row_count;
            if let Some(age) = age_seconds {
                oldest_age_seconds = Some(oldest_age_seconds.map_or(age, |oldest: f64| oldest.max(age)));
            }
        }
    }
    read.oldest_unapplied_age = oldest_age_seconds.map(|seconds| Duration::from_secs_f64(seconds.max(0.0)));
    Ok(read)
}

/// Whether any row of the log at or above `horizon` is visible to the connection's snapshot.
pub async fn has_rows_after(connection: &mut PgConnection, horizon: TransactionHorizon) -> sqlx::Result<bool> {
    sqlx::query_scalar("select exists (select 1 from candidate_changes where xid >= $1::text::xid8)")
        .bind(horizon.to_string())
        .fetch_one(connection)
        .await
}

/// Deletes the rows older than `retention`; returns how many went.
pub async fn prune(connection: &mut PgConnection, retention: Duration) -> sqlx::Result<u64> {
    let outcome = sqlx::query("delete from candidate_changes where at < now() - make_interval(secs => $1)")
        .bind(retention.as_secs_f64())
        .execute(connection)
        .await?;
    Ok(outcome.rows_affected())
}
