//! What `vivier seed` tells while it writes. A million candidates take minutes, and a person
//! must be able to tell a slow seed from a stuck one: a bar over the candidates with the rows
//! written so far, the rate and the time left, then each later step with its duration, and the
//! rows per table at the end.
//!
//! On a terminal the bar redraws itself (indicatif); when standard error is no terminal (a
//! service's journal, a log file) the bar is hidden and the same figures come as a log line
//! every [`LOG_EVERY`].

use std::future::Future;
use std::time::{Duration, Instant};

use indicatif::{HumanCount, ProgressBar, ProgressStyle};

/// How often the figures are logged when no bar is shown.
const LOG_EVERY: Duration = Duration::from_secs(5);

/// The progress of one seed.
pub struct SeedProgress {
    started: Instant,
}

/// The bar over the candidates.
pub struct CandidateProgress {
    bar: ProgressBar,
    started: Instant,
    last_logged: Instant,
}

impl SeedProgress {
    pub fn start() -> SeedProgress {
        SeedProgress { started: Instant::now() }
    }

    /// Runs one step of the seed under a spinner, and logs its duration.
    pub async fn step<T>(&self, name: &'static str, work: impl Future<Output = T>) -> T {
        let spinner = ProgressBar::new_spinner()
            .with_style(ProgressStyle::with_template("{spinner} {msg} ({elapsed})").expect("valid template"))
            .with_message(name);
        spinner.enable_steady_tick(Duration::from_millis(200));
        let started = Instant::now();
        let outcome = work.await;
        spinner.finish_and_clear();
        tracing::info!(step = name, seconds = round(started.elapsed()), "seed step done");
        outcome
    }

    /// The bar over `count` candidates.
    pub fn candidates(&self, count: usize) -> CandidateProgress {
        let bar = ProgressBar::new(count as u64).with_style(
            ProgressStyle::with_template("candidates {bar:30} {human_pos}/{human_len} ({per_sec}, {eta} left) {msg}")
                .expect("valid template"),
        );
        let now = Instant::now();
        CandidateProgress { bar, started: now, last_logged: now }
    }

    /// Logs the whole seed's duration and the rows written per table, largest first.
    pub fn finish(&self, candidates: usize, mut rows: Vec<(&'static str, u64)>) {
        rows.sort_by_key(|&(_, count)| std::cmp::Reverse(count));
        let total: u64 = rows.iter().map(|(_, count)| count).sum();
        let per_table: Vec<String> =
            rows.iter().map(|(table, count)| format!("{table} {}", HumanCount(*count))).collect();
        tracing::info!(
            candidates,
            rows = total,
            seconds = round(self.started.elapsed()),
            per_table = per_table.join(", "),
            "demo data written"
        );
    }
}

impl CandidateProgress {
    /// `done` candidates written, and `rows` rows in every table so far.
    pub fn advance(&mut self, done: usize, rows: u64) {
        self.bar.set_position(done as u64);
        let elapsed = self.started.elapsed();
        let rows_per_second = rows as f64 / elapsed.as_secs_f64().max(1e-3);
        self.bar.set_message(format!("{} rows, {}/s", HumanCount(rows), HumanCount(rows_per_second as u64)));
        if self.bar.is_hidden() && self.last_logged.elapsed() >= LOG_EVERY {
            self.last_logged = Instant::now();
            let total = self.bar.length().unwrap_or(0);
            let candidates_per_second = done as f64 / elapsed.as_secs_f64().max(1e-3);
            let left = (total.saturating_sub(done as u64)) as f64 / candidates_per_second.max(1e-3);
            tracing::info!(
                candidates = done,
                of = total,
                rows,
                candidates_per_second = candidates_per_second.round(),
                rows_per_second = rows_per_second.round(),
                seconds_left = left.round(),
                "seeding"
            );
        }
    }

    pub fn finish(self) {
        self.bar.finish_and_clear();
        tracing::info!(step = "candidates", seconds = round(self.started.elapsed()), "seed step done");
    }
}

/// Seconds with a tenth.
fn round(duration: Duration) -> f64 {
    (duration.as_secs_f64() * 10.0).round() / 10.0
}
