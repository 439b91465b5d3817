//! Rate limiting by key (a client address, an account): a fixed number of hits per sliding
//! window, counted in Postgres so that every replica sees the same counts: a client behind a
//! load balancer meets the same limit whichever replica answers.
//!
//! Each limiter and key has one row holding the times of its hits inside the window (a
//! sliding window log; limits are a few dozen hits). A hit locks the row for its transaction,
//! so concurrent hits on several replicas are counted one after the other, and every time
//! comes from the database's clock, not from the replicas' own. Refused hits are not counted.
//! Keys are stored as their SHA-256; the retention job deletes the rows past their window.

use std::time::Duration;

use chrono::{DateTime, Utc};
use sqlx::PgPool;

use crate::auth::tokens;
use crate::error::Error;

pub struct RateLimiter {
    /// Names the limiter's rows; unique among the limiters.
    bucket: &'static str,
    max_hits: usize,
    window: Duration,
}

impl RateLimiter {
    pub const fn new(bucket: &'static str, max_hits: usize, window: Duration) -> Self {
        Self { bucket, max_hits, window }
    }

    /// Counts one hit for `key`, or answers 429 with the seconds until the next allowed hit.
    pub async fn hit(&self, db: &PgPool, key: &str) -> Result<(), Error> {
        let key = tokens::sha256(key);
        let window_ms = i64::try_from(self.window.as_millis()).unwrap_or(i64::MAX);
        let mut transaction = db.begin().await?;
        // the no-op update takes the row's lock, created or not: other hits on this key wait
        let (now, hits): (DateTime<Utc>, Vec<DateTime<Utc>>) = sqlx::query_as(
            "insert into rate_limit_hits as r (bucket, key, expires_at) values ($1, $2, now())
             on conflict (bucket, key) do update set bucket = r.bucket
             returning now(), array(select hit from unnest(r.hits) hit
                                    where hit > now() - $3 * interval '1 millisecond' order by hit)",
        )
        .bind(self.bucket)
        .bind(&key)
        .bind(window_ms)
        .fetch_one(&mut *transaction)
        .await?;
        if hits.len() >= self.max_hits {
            let oldest = hits[0];
            let elapsed = (now - oldest).to_std().unwrap_or_default();
            let wait = self.window.saturating_sub(elapsed);
            return Err(Error::TooManyRequests { retry_after_seconds: wait.as_secs().max(1) });
        }
        sqlx::query(
            "update rate_limit_hits set hits = $3 || now(), expires_at = now() + $4 * interval '1 millisecond'
             where bucket = $1 and key = $2",
        )
        .bind(self.bucket)
        .bind(&key)
        .bind(&hits)
        .bind(window_ms)
        .execute(&mut *transaction)
        .await?;
        transaction.commit().await?;
        Ok(())
    }
}

/// Deletes the rows whose hits have all left their window; returns how many.
pub async fn delete_expired(db: &PgPool) -> Result<u64, sqlx::Error> {
    let deleted = sqlx::query("delete from rate_limit_hits where expires_at < now()").execute(db).await?;
    Ok(deleted.rows_affected())
}
