//! Commit-to-visible timing, for the benchmarks that commit candidate updates at a steady rate
//! while a server task follows them (the indexer into the matcher, the alerts into the
//! notification list): each update is registered when its commit returns and taken off when the
//! benchmark sees its effect, or counted lost after [`LOST_AFTER`].

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::Result;
use indexer::Follower;
use tokio::sync::watch;
use tokio::task::JoinHandle;

/// How long an update's effect may take to become visible before the update counts as lost.
pub const LOST_AFTER: Duration = Duration::from_secs(10);

/// The steady stream of candidate updates a benchmark commits (flattened into its options).
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct UpdateStream {
    /// Candidate updates per second.
    #[arg(long, default_value_t = 200)]
    pub rate: u32,
    /// How long to send updates, in seconds.
    #[arg(long, default_value_t = 60)]
    pub seconds: u64,
}

impl UpdateStream {
    /// How many updates the stream sends.
    pub fn total(&self) -> u64 {
        u64::from(self.rate) * self.seconds
    }
}

/// The updates committed and not yet seen, keyed by candidate id, each with what the benchmark
/// expects to see (`T`); and the figures of those already seen or lost.
pub struct PendingUpdates<T> {
    state: Mutex<State<T>>,
    all_committed: AtomicBool,
}

struct State<T> {
    pending: HashMap<i64, (T, Instant)>,
    freshness_ms: Vec<f64>,
    write_ms: Vec<f64>,
    lost: usize,
}

impl<T> Default for PendingUpdates<T> {
    fn default() -> Self {
        let state = State { pending: HashMap::new(), freshness_ms: Vec::new(), write_ms: Vec::new(), lost: 0 };
        PendingUpdates { state: Mutex::new(state), all_committed: AtomicBool::new(false) }
    }
}

impl<T> PendingUpdates<T> {
    fn state(&self) -> std::sync::MutexGuard<'_, State<T>> {
        self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Registers the update of `candidate_id` whose write started at `write_started` and whose
    /// commit returned just now.
    pub fn committed(&self, candidate_id: i64, expected: T, write_started: Instant) {
        let committed_at = Instant::now();
        let mut state = self.state();
        state.write_ms.push((committed_at - write_started).as_secs_f64() * 1e3);
        state.pending.insert(candidate_id, (expected, committed_at));
    }

    /// The candidates whose update is still to be seen.
    pub fn candidate_ids(&self) -> Vec<i64> {
        self.state().pending.keys().copied().collect()
    }

    /// Says that every update was committed (and registered).
    pub fn all_committed(&self) {
        self.all_committed.store(true, Ordering::Release);
    }

    /// Whether every update was committed and then seen or lost: the watch can stop.
    pub fn settled(&self) -> bool {
        self.all_committed.load(Ordering::Acquire) && self.state().pending.is_empty()
    }

    /// Takes off the updates `seen` says are visible now, with their commit-to-visible time, and
    /// those pending for longer than [`LOST_AFTER`], as lost.
    pub fn check(&self, mut seen: impl FnMut(i64, &mut T) -> bool) {
        let mut state = self.state();
        let State { pending, freshness_ms, lost, .. } = &mut *state;
        pending.retain(|&candidate_id, (expected, committed_at)| {
            if seen(candidate_id, expected) {
                freshness_ms.push(committed_at.elapsed().as_secs_f64() * 1e3);
                false
            } else if committed_at.elapsed() > LOST_AFTER {
                *lost += 1;
                false
            } else {
                true
            }
        });
    }

    /// The commit-to-visible times (ms) of the updates seen, and how many were lost.
    pub fn freshness(&self) -> (Vec<f64>, usize) {
        let state = self.state();
        (state.freshness_ms.clone(), state.lost)
    }

    /// How long each update statement took, commit included (ms).
    pub fn write_times(&self) -> Vec<f64> {
        self.state().write_ms.clone()
    }
}

/// Starts `total` updates at `rate` a second, each in its own task (`update(index)`, which
/// registers itself once committed), and waits for them all. Returns the rate achieved: updates
/// over the seconds from the first start to the last commit.
pub async fn update_at_rate<F, U>(rate: u32, total: u64, mut update: U) -> Result<f64>
where
    U: FnMut(u64) -> F,
    F: Future<Output = Result<()>> + Send + 'static,
{
    let mut ticks = tokio::time::interval(Duration::from_secs_f64(1.0 / f64::from(rate.max(1))));
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Burst);
    let started = Instant::now();
    let mut tasks = Vec::with_capacity(total as usize);
    for index in 0..total {
        ticks.tick().await;
        tasks.push(tokio::spawn(update(index)));
    }
    for task in tasks {
        task.await??;
    }
    Ok(total as f64 / started.elapsed().as_secs_f64())
}

/// Follows the change log in a task, as `vivier serve` does once its matcher is loaded, until
/// `true` is sent on the returned sender.
pub fn spawn_follower(follower: Follower) -> (watch::Sender<bool>, JoinHandle<()>) {
    let (stop, mut stopped) = watch::channel(false);
    let task = tokio::spawn(indexer::follow(follower, async move {
        let _ = stopped.wait_for(|&stop| stop).await;
    }));
    (stop, task)
}
