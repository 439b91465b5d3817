//! The indexer's task: load the matcher, then LISTEN for change notifications and catch up on
//! each one (and on a slow poll), reconnecting with backoff and resynchronizing from the log after
//! every reconnection; pruning and verification ride on the same loop.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use matcher::Matcher;
use sqlx::PgPool;
use sqlx::postgres::PgListener;

use crate::cards::CandidateCards;
use crate::follower::Follower;
use crate::status::IndexerStatus;
use crate::{CHANNEL, IndexerOptions};

/// Exponential backoff between attempts to load, listen, reload or catch up: 100 ms doubling up
/// to 5 s, back to 100 ms after a catch-up succeeds.
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

/// Waits the backoff's next delay before a retry; `false` when `shutdown` resolved meanwhile.
async fn pause(backoff: &mut Backoff, shutdown: Pin<&mut impl Future<Output = ()>>) -> bool {
    tokio::select! {
        () = shutdown => false,
        () = tokio::time::sleep(backoff.next_delay()) => true,
    }
}

/// Reports a failed step (`what` went wrong, for `error`) in the log and the status, then
/// [`pause`]s before the retry.
async fn retry_later(
    status: &IndexerStatus,
    backoff: &mut Backoff,
    shutdown: Pin<&mut impl Future<Output = ()>>,
    what: &str,
    error: impl std::fmt::Display,
) -> bool {
    tracing::warn!(%error, "{what}, retrying");
    status.record_error(format!("{what}: {error}"));
    pause(backoff, shutdown).await
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
                    if !retry_later(&status, &mut backoff, shutdown.as_mut(), "cannot load the matcher", error).await {
                        return;
                    }
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
                    let what = "cannot listen for change notifications";
                    if !retry_later(&status, &mut backoff, shutdown.as_mut(), what, error).await {
                        return;
                    }
                    continue 'connection;
                }
            }
        };
        if follower.last_caught_up.elapsed() > options.retention / 2 {
            tracing::warn!("cut off longer than half the log retention: reloading everything");
            if let Err(error) = follower.reload().await {
                if !retry_later(&status, &mut backoff, shutdown.as_mut(), "cannot reload the matcher", error).await {
                    return;
                }
                continue 'connection;
            }
        }
        // LISTEN first, then read the log: nothing committed in between can slip through
        loop {
            match follower.catch_up().await {
                Ok(_) => {
                    backoff.reset();
                    follower.snapshot_if_due();
                }
                Err(error) => {
                    let what = "cannot catch up with the change log";
                    if !retry_later(&status, &mut backoff, shutdown.as_mut(), what, error).await {
                        return;
                    }
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
                    if !pause(&mut backoff, shutdown.as_mut()).await {
                        return;
                    }
                    continue 'connection;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_from_a_tenth_of_a_second_to_five_seconds_and_starts_over_after_a_reset() {
        let mut backoff = Backoff::new();

        let delays: Vec<u128> = (0..8).map(|_| backoff.next_delay().as_millis()).collect();
        backoff.reset();

        assert_eq!(delays, [100, 200, 400, 800, 1_600, 3_200, 5_000, 5_000]);
        assert_eq!(backoff.next_delay(), Duration::from_millis(100));
    }
}
