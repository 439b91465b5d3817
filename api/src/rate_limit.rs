//! Rate limiting by key (a client address, an account): hits counted in Postgres so that every
//! replica sees the same counts: a client behind a load balancer meets the same limit whichever
//! replica answers.
//!
//! Each limiter and key has one row holding the times of its hits inside the window (a
//! sliding window log; limits are a few dozen hits). A hit locks the row for its transaction,
//! so concurrent hits on several replicas are counted one after the other, and every time
//! comes from the database's clock, not from the replicas' own. Refused hits are not counted;
//! a counted hit can be forgiven afterwards (a login that turned out right is not a failure).
//! Keys are stored as their SHA-256; the retention job deletes the rows past their window.

use std::time::Duration;

use chrono::{DateTime, Utc};
use sqlx::PgPool;

use crate::auth::tokens;
use crate::error::Error;

/// When a key's hits inside the window refuse the next one.
#[derive(Clone, Copy)]
enum Limit {
    /// At most this many hits per window.
    Hits(usize),
    /// `free` hits at once, then each next one waits twice as long after the latest as the one
    /// before it did, from `first_wait` up to `longest_wait`: a growing delay, never a lock-out.
    Backoff { free: usize, first_wait: Duration, longest_wait: Duration },
}

pub struct RateLimiter {
    /// Names the limiter's rows; unique among the limiters.
    bucket: &'static str,
    limit: Limit,
    window: Duration,
}

/// A counted hit: how many hits of its key the window held before it.
#[derive(Debug, Clone, Copy)]
pub struct Hit {
    pub earlier: usize,
}

impl RateLimiter {
    /// At most `max_hits` hits per `window`.
    pub const fn new(bucket: &'static str, max_hits: usize, window: Duration) -> Self {
        Self { bucket, limit: Limit::Hits(max_hits), window }
    }

    /// `free` hits per `window`, then growing waits between hits (see [`Limit::Backoff`]).
    pub const fn backoff(
        bucket: &'static str,
        free: usize,
        first_wait: Duration,
        longest_wait: Duration,
        window: Duration,
    ) -> Self {
        Self { bucket, limit: Limit::Backoff { free, first_wait, longest_wait }, window }
    }

    /// The wait before the next hit allowed after `hits` (oldest first), if one is needed now.
    fn wait(&self, now: DateTime<Utc>, hits: &[DateTime<Utc>]) -> Option<Duration> {
        let since = |time: DateTime<Utc>| (now - time).to_std().unwrap_or_default();
        let wait = match self.limit {
            Limit::Hits(max_hits) if hits.len() >= max_hits => self.window.saturating_sub(since(hits[0])),
            Limit::Backoff { free, first_wait, longest_wait } if hits.len() >= free => {
                let doublings = u32::try_from(hits.len() - free).unwrap_or(u32::MAX).min(20);
                let needed = first_wait.saturating_mul(1 << doublings).min(longest_wait);
                needed.saturating_sub(since(hits[hits.len() - 1]))
            }
            _ => Duration::ZERO,
        };
        (!wait.is_zero()).then_some(wait)
    }

    /// Counts one hit for `key`, or answers 429 with the seconds until the next allowed hit.
    pub async fn hit(&self, db: &PgPool, key: &str) -> Result<Hit, Error> {
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
        if let Some(wait) = self.wait(now, &hits) {
            let whole_seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
            return Err(Error::TooManyRequests { retry_after_seconds: whole_seconds.max(1) });
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
        Ok(Hit { earlier: hits.len() })
    }

    /// Takes back the latest hit counted for `key`.
    pub async fn forgive(&self, db: &PgPool, key: &str) -> Result<(), sqlx::Error> {
        sqlx::query(
            "update rate_limit_hits set hits = hits[1:cardinality(hits) - 1]
             where bucket = $1 and key = $2 and cardinality(hits) > 0",
        )
        .bind(self.bucket)
        .bind(tokens::sha256(key))
        .execute(db)
        .await?;
        Ok(())
    }
}

/// Deletes the rows whose hits have all left their window; returns how many.
pub async fn delete_expired(db: &PgPool) -> Result<u64, sqlx::Error> {
    let deleted = sqlx::query("delete from rate_limit_hits where expires_at < now()").execute(db).await?;
    Ok(deleted.rows_affected())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn times(now: DateTime<Utc>, seconds_ago: &[i64]) -> Vec<DateTime<Utc>> {
        seconds_ago.iter().map(|&ago| now - chrono::Duration::seconds(ago)).collect()
    }

    #[test]
    fn a_fixed_limit_waits_for_the_oldest_hit_to_leave_the_window() {
        let limiter = RateLimiter::new("t", 2, Duration::from_secs(60));
        let now = Utc::now();
        assert_eq!(limiter.wait(now, &times(now, &[10])), None);
        assert_eq!(limiter.wait(now, &times(now, &[50, 10])), Some(Duration::from_secs(10)));
    }

    #[test]
    fn a_backoff_doubles_its_wait_after_the_free_hits_up_to_its_longest() {
        let limiter =
            RateLimiter::backoff("t", 2, Duration::from_secs(1), Duration::from_secs(6), Duration::from_secs(900));
        let now = Utc::now();
        assert_eq!(limiter.wait(now, &times(now, &[100])), None, "within the free hits");
        assert_eq!(limiter.wait(now, &times(now, &[100, 0])), Some(Duration::from_secs(1)));
        assert_eq!(limiter.wait(now, &times(now, &[100, 90, 0])), Some(Duration::from_secs(2)));
        assert_eq!(
            limiter.wait(now, &times(now, &[100, 90, 80, 3])),
            Some(Duration::from_secs(1)),
            "4 s after the latest"
        );
        assert_eq!(
            limiter.wait(now, &times(now, &[100, 90, 80, 70, 60, 0])),
            Some(Duration::from_secs(6)),
            "at most the longest"
        );
        assert_eq!(limiter.wait(now, &times(now, &[100, 90, 80, 70, 60, 7])), None, "the longest wait has passed");
    }
}
