//! Slowing down password guessing without letting anyone lock a user out (OWASP's
//! authentication cheat sheet): only failed logins count, never successful ones, and a
//! correct password is never refused for long because of what others did.
//!
//! - Per account and address: five failures, then a growing wait (20 s, 40 s, 80 s, … up to
//!   15 min) before the next try from that address. One person mistyping rarely meets it; a
//!   script guessing from one address gets about a dozen tries in 15 minutes.
//! - Per account, over every address: past 20 failures in 15 minutes the account is under
//!   attack. Addresses that failed on it wait as above; an address that never failed on it
//!   (the owner at home, at work) still gets one try per account every 10 seconds, so a botnet
//!   cannot lock the owner out and gets six guesses a minute at most.
//! - Per address, over every account (credential stuffing): 200 failures in 15 minutes, sized
//!   for a campus behind one NAT address where a class logs in at once, since successful
//!   logins do not count.
//!
//! Each try is counted before the password is checked (a burst of parallel tries is counted
//! one after the other, under the limiter's row lock) and forgiven when the password was right.

use std::time::Duration;

use sqlx::PgPool;

use crate::error::{Error, Result};
use crate::rate_limit::RateLimiter;

const WINDOW: Duration = Duration::from_secs(15 * 60);

/// The login limiters; one instance in the application's settings.
pub struct LoginLimits {
    per_account_and_address: RateLimiter,
    per_account: RateLimiter,
    /// Tries on an account past its ceiling, from addresses that never failed on it.
    per_account_past_ceiling: RateLimiter,
    per_address: RateLimiter,
}

impl Default for LoginLimits {
    fn default() -> Self {
        Self {
            per_account_and_address: RateLimiter::backoff(
                "login_failures_per_account_and_address",
                5,
                Duration::from_secs(20),
                WINDOW,
                WINDOW,
            ),
            per_account: RateLimiter::new("login_failures_per_account", 20, WINDOW),
            per_account_past_ceiling: RateLimiter::new("logins_per_account_past_ceiling", 1, Duration::from_secs(10)),
            per_address: RateLimiter::new("login_failures_per_address", 200, WINDOW),
        }
    }
}

/// A try let through, counted as a failure until [`LoginTry::succeeded`] says otherwise.
#[must_use = "a try that succeeded must be forgiven"]
pub struct LoginTry<'a> {
    limits: &'a LoginLimits,
    account_key: String,
    pair_key: String,
    address_key: String,
    counted_on_pair: bool,
    counted_on_account: bool,
}

impl LoginLimits {
    /// Lets a try on `email` from `address` through, counted, or answers 429 with the wait.
    pub async fn admit(&self, db: &PgPool, email: &str, address: &str) -> Result<LoginTry<'_>> {
        let attempt = LoginTry {
            limits: self,
            account_key: email.to_owned(),
            pair_key: format!("{email} {address}"),
            address_key: address.to_owned(),
            counted_on_pair: false,
            counted_on_account: false,
        };
        self.per_address.hit(db, &attempt.address_key).await?;
        let pair = match self.per_account_and_address.hit(db, &attempt.pair_key).await {
            Ok(pair) => pair,
            Err(refused) => return Err(attempt.undo(refused, db).await),
        };
        let attempt = LoginTry { counted_on_pair: true, ..attempt };
        match self.per_account.hit(db, &attempt.account_key).await {
            Ok(_) => Ok(LoginTry { counted_on_account: true, ..attempt }),
            Err(refused) if pair.earlier > 0 => Err(attempt.undo(refused, db).await),
            Err(_) => match self.per_account_past_ceiling.hit(db, &attempt.account_key).await {
                Ok(_) => Ok(attempt),
                Err(refused) => Err(attempt.undo(refused, db).await),
            },
        }
    }
}

impl LoginTry<'_> {
    /// The password was right: the try was not a failure.
    pub async fn succeeded(self, db: &PgPool) -> Result<()> {
        let limits = self.limits;
        limits.per_address.forgive(db, &self.address_key).await?;
        if self.counted_on_pair {
            limits.per_account_and_address.forgive(db, &self.pair_key).await?;
        }
        if self.counted_on_account {
            limits.per_account.forgive(db, &self.account_key).await?;
        }
        Ok(())
    }

    /// Takes back what the try counted before `refused` stopped it, and returns `refused`.
    async fn undo(self, refused: Error, db: &PgPool) -> Error {
        match self.succeeded(db).await {
            Ok(()) => refused,
            Err(error) => error,
        }
    }
}
