//! The indexer benchmark: how fast a server loads its matcher from Postgres, and how soon a
//! committed profile change becomes searchable.
//!
//! `cargo run --release -p benches --bin indexer-bench -- --candidates 1000000 --rate 200 --seconds 60`
//!
//! It starts a private Postgres, writes the demo data set (`api::seed`, in a child process so
//! that the seeder's memory is not counted), times the cold load of the matcher, then commits
//! profile updates through SQL at a steady rate while the in-process indexer follows the change
//! log, and polls the matcher until each update is visible: the commit-to-searchable time. It
//! ends with a comparison of the matcher with a fresh projection and one line:
//! `RESULT n=… load_s=… rss_mb=… updates=… freshness_p50_ms=… freshness_p99_ms=… lost=…`.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Result, ensure};
use benches::database::{DATA_SEED, DatabaseArgs, run_benchmark};
use benches::{LatencySummary, memory_mib};
use clap::Parser;
use indexer::cards::CandidateCards;
use indexer::{Follower, IndexerOptions, IndexerStatus};
use matcher::Matcher;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use tokio::sync::watch;

/// How long an update may take to become searchable before it counts as lost.
const LOST_AFTER: Duration = Duration::from_secs(10);

/// Measures the cold load and the freshness of the indexer, and prints a RESULT line.
#[derive(Parser, Debug)]
struct Options {
    /// Demo candidates to write.
    #[arg(long, default_value_t = 1_000_000)]
    candidates: usize,
    /// Profile updates per second.
    #[arg(long, default_value_t = 200)]
    rate: u32,
    /// How long to send updates, in seconds.
    #[arg(long, default_value_t = 60)]
    seconds: u64,
    #[command(flatten)]
    database: DatabaseArgs,
}

fn main() -> Result<()> {
    run_benchmark(run(Options::parse()))
}

async fn run(options: Options) -> Result<()> {
    let Some(database) = options.database.open(options.candidates, 16).await? else {
        return Ok(()); // this process only seeded the database
    };
    let (pool, candidates) = (database.pool.clone(), database.candidates);

    let matcher = Arc::new(Matcher::new());
    let cards = Arc::new(CandidateCards::new());
    let status = Arc::new(IndexerStatus::new());
    let started = Instant::now();
    let follower =
        Follower::load(pool.clone(), matcher.clone(), cards.clone(), status.clone(), IndexerOptions::default()).await?;
    let load_s = started.elapsed().as_secs_f64();
    let rss_mb = memory_mib("VmRSS");
    println!("cold load: {} documents in {load_s:.1} s, rss {rss_mb:.0} MiB", matcher.len());

    let (stop, stopped) = watch::channel(false);
    let indexer_task = tokio::spawn(indexer::follow(follower, async move {
        let mut stopped = stopped;
        let _ = stopped.wait_for(|&stop| stop).await;
    }));

    let mut candidate_ids: Vec<i64> = sqlx::query_scalar(
        "select c.user_id from candidates c join users u on u.id = c.user_id
         where u.active and c.in_research order by c.user_id",
    )
    .fetch_all(&pool)
    .await?;
    ensure!(!candidate_ids.is_empty(), "no searchable candidate to update");
    candidate_ids.shuffle(&mut ChaCha8Rng::seed_from_u64(DATA_SEED));

    // candidate id -> (the minimum duration the update sets, when its commit returned, the matcher
    // version it was last looked for in)
    type Pending = HashMap<i64, (u16, Instant, Option<u64>)>;
    let pending: Arc<Mutex<Pending>> = Arc::default();
    let latencies_ms: Arc<Mutex<Vec<f64>>> = Arc::default();
    // how long each update statement took: the projection now runs in the writing transaction
    let write_ms: Arc<Mutex<Vec<f64>>> = Arc::default();
    let sending_done = Arc::new(AtomicBool::new(false));
    let poller = tokio::spawn({
        let (pending, latencies_ms, matcher, sending_done) =
            (pending.clone(), latencies_ms.clone(), matcher.clone(), sending_done.clone());
        async move {
            let mut quiet_since: Option<Instant> = None;
            loop {
                // look at a document again only once the matcher published a new state, so that
                // polling does not take the CPU the indexer needs
                let version = matcher.version();
                {
                    let mut pending = pending.lock().expect("no poisoning");
                    pending.retain(|&candidate_id, (expected, committed_at, checked_at_version)| {
                        if *checked_at_version == Some(version) {
                            return true;
                        }
                        *checked_at_version = Some(version);
                        let seen = matcher
                            .document(candidate_id)
                            .is_some_and(|document| document.minimum_duration_months == *expected);
                        if seen {
                            latencies_ms.lock().expect("no poisoning").push(committed_at.elapsed().as_secs_f64() * 1e3);
                        }
                        !seen
                    });
                    if sending_done.load(Ordering::Acquire) {
                        let since = *quiet_since.get_or_insert_with(Instant::now);
                        if pending.is_empty() || since.elapsed() > LOST_AFTER {
                            return pending.len();
                        }
                    }
                }
                tokio::time::sleep(Duration::from_millis(1)).await;
            }
        }
    });

    let total = options.rate as u64 * options.seconds;
    let mut ticks = tokio::time::interval(Duration::from_secs_f64(1.0 / f64::from(options.rate.max(1))));
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Burst);
    let mut senders = Vec::with_capacity(total as usize);
    for index in 0..total {
        ticks.tick().await;
        let candidate_id = candidate_ids[index as usize % candidate_ids.len()];
        let current = matcher.document(candidate_id).map_or(0, |document| document.minimum_duration_months);
        let expected = (current + 1) % 121;
        let (pool, pending, write_ms) = (pool.clone(), pending.clone(), write_ms.clone());
        senders.push(tokio::spawn(async move {
            let writing = Instant::now();
            sqlx::query("update candidates set contract_min_duration = $2, updated_at = now() where user_id = $1")
                .bind(candidate_id)
                .bind(expected as i16)
                .execute(&pool)
                .await?;
            let committed_at = Instant::now();
            write_ms.lock().expect("no poisoning").push((committed_at - writing).as_secs_f64() * 1e3);
            pending.lock().expect("no poisoning").insert(candidate_id, (expected, committed_at, None));
            anyhow::Ok(())
        }));
    }
    for sender in senders {
        sender.await??;
    }
    sending_done.store(true, Ordering::Release);
    let lost = poller.await?;
    let latencies_ms = latencies_ms.lock().expect("no poisoning").clone();
    let freshness = LatencySummary::of(&latencies_ms);
    let writes = LatencySummary::of(&write_ms.lock().expect("no poisoning"));
    println!(
        "update statements (commit included): p50 {:.2} ms, p99 {:.2} ms, max {:.1} ms",
        writes.p50, writes.p99, writes.max
    );

    // once the log is quiet, the matcher must equal a fresh projection
    let last_seq: i64 =
        sqlx::query_scalar("select coalesce(max(seq), 0) from candidate_changes").fetch_one(&pool).await?;
    let deadline = Instant::now() + Duration::from_secs(60);
    while status.report().last_applied_seq < last_seq && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let verification = indexer::verify_against_projection(&pool, &matcher, &cards).await?;
    println!(
        "freshness: mean {:.1} ms, max {:.1} ms; matcher equals the database: {}",
        freshness.mean,
        freshness.max,
        verification.is_exact()
    );
    stop.send_replace(true);
    indexer_task.await?;
    pool.close().await;
    drop(database);

    println!(
        "RESULT n={candidates} load_s={load_s:.1} rss_mb={rss_mb:.0} updates={total} freshness_p50_ms={:.1} freshness_p99_ms={:.1} lost={lost}",
        freshness.p50, freshness.p99
    );
    ensure!(verification.is_exact(), "the matcher differs from the database: {verification:?}");
    Ok(())
}
