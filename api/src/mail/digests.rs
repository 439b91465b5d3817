//! What the daily digests share (saved-search alerts to partners, new offers to candidates):
//! each person gets one a day at most, claimed by a conditional upsert so that two servers never
//! both send it (in the transaction of the digest's email, so that a claim is never left without
//! its email), and every server looks for the due ones at a fixed interval.

use std::future::Future;
use std::time::Duration;

use chrono::{DateTime, Utc};

use super::Mailing;
use crate::error::Result;
use sqlx::AssertSqlSafe;

/// Claims `person`'s digest of the day at `now` in `table` (`person_column`, `last_sent_at`):
/// whether this server is the one to send it (no digest in the 24 hours before `now`). Given a
/// transaction, another server's claim waits for it, then finds the day taken.
pub async fn claim_day(
    db: impl sqlx::PgExecutor<'_>,
    table: &'static str,
    person_column: &'static str,
    person: i64,
    now: DateTime<Utc>,
) -> Result<bool> {
    let claimed: Option<i64> = sqlx::query_scalar(AssertSqlSafe(format!(
        "insert into {table} ({person_column}, last_sent_at) values ($1, $2)
         on conflict ({person_column}) do update set last_sent_at = excluded.last_sent_at
         where {table}.last_sent_at <= $2 - interval '1 day'
         returning {person_column}"
    )))
    .bind(person)
    .bind(now)
    .fetch_optional(db)
    .await?;
    Ok(claimed.is_some())
}

/// Runs `send` (the digests due at the time it is given; it returns the people emailed) every
/// `every`, for as long as the server runs; `what` names the digests in the log.
pub async fn run_every<F, Sent>(state: Mailing, every: Duration, what: &'static str, send: F)
where
    F: Fn(Mailing, DateTime<Utc>) -> Sent,
    Sent: Future<Output = Result<Vec<i64>>>,
{
    let mut ticks = tokio::time::interval(every.max(Duration::from_secs(1)));
    loop {
        ticks.tick().await;
        match send(state.clone(), Utc::now()).await {
            Ok(people) if !people.is_empty() => tracing::info!(people = people.len(), what, "digests sent"),
            Ok(_) => {}
            Err(error) => tracing::error!(%error, what, "cannot send the digests"),
        }
    }
}
