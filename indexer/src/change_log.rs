//! Reading and pruning `candidate_changes`, the log the database triggers append to
//! (`migrations/0006_candidate_changes.sql`).
//!
//! The log is read by snapshot, not by seq. A seq is drawn when a row is written, not when its
//! transaction commits, so "every row after the last seq applied" could skip a row with a lower
//! seq whose transaction commits late. A reader instead keeps the Postgres snapshot of its last
//! read ([`LogPosition`]) and next reads exactly the rows visible now that were not visible
//! then (`pg_visible_in_snapshot`), the way PgQ cuts batches. A row of a transaction still
//! running is invisible to both and comes in a later read; a long transaction elsewhere (even in
//! another database of the cluster) delays nothing.

use std::collections::BTreeMap;
use std::time::Duration;

use sqlx::PgConnection;

/// A Postgres snapshot (`pg_snapshot` in its text form `xmin:xmax:xip,...`): the rows of the
/// log visible in it have been applied.
pub type LogPosition = String;

/// What one read of the log found.
#[derive(Debug, Default)]
pub struct LogRead {
    /// The position to keep once the candidates are applied.
    pub next_position: LogPosition,
    /// Candidates with new changes, each with its highest seq.
    pub changed: BTreeMap<i64, i64>,
    /// Rows read.
    pub rows: i64,
    /// Age of the oldest row read.
    pub oldest_age: Option<Duration>,
}

/// The position and highest seq as the connection's snapshot sees them; run it first in the
/// repeatable-read transaction of a bulk load, whose picture then matches the position.
pub async fn current_position(connection: &mut PgConnection) -> sqlx::Result<(LogPosition, i64)> {
    sqlx::query_as("select pg_current_snapshot()::text, coalesce((select max(seq) from candidate_changes), 0)")
        .fetch_one(connection)
        .await
}

/// The rows of the log not visible at `position`, coalesced by candidate.
pub async fn read_after(connection: &mut PgConnection, position: &str) -> sqlx::Result<LogRead> {
    // (snapshot now, candidate, its last seq, age of its oldest row in seconds, rows)
    type Row = (String, Option<i64>, Option<i64>, Option<f64>, i64);
    let rows: Vec<Row> = sqlx::query_as(
        "with now_visible as (select pg_current_snapshot()::text as snapshot)
         select now_visible.snapshot,
                changes.candidate_id,
                max(changes.seq),
                extract(epoch from now() - min(changes.at))::float8,
                count(changes.seq)
         from now_visible
         left join candidate_changes changes
             on changes.xid >= pg_snapshot_xmin($1::pg_snapshot)
             and not pg_visible_in_snapshot(changes.xid, $1::pg_snapshot)
         group by now_visible.snapshot, changes.candidate_id",
    )
    .bind(position)
    .fetch_all(connection)
    .await?;
    let mut read = LogRead { next_position: position.to_owned(), ..LogRead::default() };
    let mut oldest_age_seconds: Option<f64> = None;
    for (snapshot, candidate_id, last_seq, age_seconds, row_count) in rows {
        read.next_position = snapshot;
        let (Some(candidate_id), Some(last_seq)) = (candidate_id, last_seq) else { continue };
        read.changed.insert(candidate_id, last_seq);
        read.rows += row_count;
        if let Some(age) = age_seconds {
            oldest_age_seconds = Some(oldest_age_seconds.map_or(age, |oldest: f64| oldest.max(age)));
        }
    }
    read.oldest_age = oldest_age_seconds.map(|seconds| Duration::from_secs_f64(seconds.max(0.0)));
    Ok(read)
}

/// Whether the connection's snapshot sees rows of the log that were not visible at `position`.
pub async fn has_rows_after(connection: &mut PgConnection, position: &str) -> sqlx::Result<bool> {
    sqlx::query_scalar(
        "select exists (select 1 from candidate_changes
                        where xid >= pg_snapshot_xmin($1::pg_snapshot)
                          and not pg_visible_in_snapshot(xid, $1::pg_snapshot))",
    )
    .bind(position)
    .fetch_one(connection)
    .await
}

/// How many rows of the log were not visible at `position`, and the age of the oldest of them.
pub async fn count_after(connection: &mut PgConnection, position: &str) -> sqlx::Result<(i64, Option<Duration>)> {
    let (rows, oldest_age_seconds): (i64, Option<f64>) = sqlx::query_as(
        "select count(*), extract(epoch from now() - min(at))::float8 from candidate_changes
         where xid >= pg_snapshot_xmin($1::pg_snapshot) and not pg_visible_in_snapshot(xid, $1::pg_snapshot)",
    )
    .bind(position)
    .fetch_one(connection)
    .await?;
    Ok((rows, oldest_age_seconds.map(|seconds| Duration::from_secs_f64(seconds.max(0.0)))))
}

/// Deletes the rows older than `retention`; returns how many went.
pub async fn prune(connection: &mut PgConnection, retention: Duration) -> sqlx::Result<u64> {
    let outcome = sqlx::query("delete from candidate_changes where at < now() - make_interval(secs => $1)")
        .bind(retention.as_secs_f64())
        .execute(connection)
        .await?;
    Ok(outcome.rows_affected())
}
