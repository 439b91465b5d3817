//! In-memory rate limiting by key (a client address, an account): a fixed number of hits per
//! sliding window. Each replica counts on its own, so with N replicas a client gets at most
//! N times the limit; that is fine for slowing down abuse, which is all this is for.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::error::Error;

pub struct RateLimiter {
    max_hits: usize,
    window: Duration,
    hits_by_key: Mutex<HashMap<String, Vec<Instant>>>,
}

/// Above this many keys, a hit also drops the keys whose window has passed.
const PRUNE_ABOVE_KEYS: usize = 10_000;

impl RateLimiter {
    pub fn new(max_hits: usize, window: Duration) -> Self {
        Self { max_hits, window, hits_by_key: Mutex::new(HashMap::new()) }
    }

    /// Counts one hit for `key`, or answers 429 with the seconds until the next allowed hit.
    pub fn hit(&self, key: &str) -> Result<(), Error> {
        let now = Instant::now();
        let mut hits_by_key = self.hits_by_key.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if hits_by_key.len() > PRUNE_ABOVE_KEYS {
            hits_by_key.retain(|_, hits| hits.last().is_some_and(|last| now.duration_since(*last) < self.window));
        }
        let hits = hits_by_key.entry(key.to_owned()).or_default();
        hits.retain(|hit| now.duration_since(*hit) < self.window);
        if hits.len() >= self.max_hits {
            let oldest = hits[0];
            let wait = self.window.saturating_sub(now.duration_since(oldest));
            return Err(Error::TooManyRequests { retry_after_seconds: wait.as_secs().max(1) });
        }
        hits.push(now);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_the_hit_after_the_limit_with_a_retry_delay() {
        let limiter = RateLimiter::new(2, Duration::from_secs(60));
        assert!(limiter.hit("a").is_ok());
        assert!(limiter.hit("a").is_ok());
        match limiter.hit("a") {
            Err(Error::TooManyRequests { retry_after_seconds }) => assert!((1..=60).contains(&retry_after_seconds)),
            other => panic!("expected 429, got {other:?}"),
        }
        assert!(limiter.hit("b").is_ok(), "keys are counted apart");
    }

    #[test]
    fn forgets_hits_once_the_window_has_passed() {
        let limiter = RateLimiter::new(1, Duration::from_millis(20));
        assert!(limiter.hit("a").is_ok());
        assert!(limiter.hit("a").is_err());
        std::thread::sleep(Duration::from_millis(30));
        assert!(limiter.hit("a").is_ok());
    }
}
