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

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Result, ensure};
use benches::database::{DatabaseArgs, run_benchmark, searchable_candidate_ids};
use benches::freshness::{PendingUpdates, UpdateStream, spawn_follower, update_at_rate};
use benches::{LatencySummary, memory_mib};
use clap::Parser;
use indexer::cards::CandidateCards;
use indexer::{Follower, IndexerOptions, IndexerStatus};
use matcher::Matcher;

/// Measures the cold load and the freshness of the indexer, and prints a RESULT line.
#[derive(Parser, Debug)]
struct Options {
    /// Demo candidates to write.
    #[arg(long, default_value_t = 1_000_000)]
    candidates: usize,
    #[command(flatten)]
    updates: UpdateStream,
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

    let (stop_follower, follower_task) = spawn_follower(follower);
    let candidate_ids = searchable_candidate_ids(&pool).await?;

    // per candidate: the minimum duration the update sets, and the matcher version it was last
    // looked for in
    let pending: Arc<PendingUpdates<(u16, Option<u64>)>> = Arc::default();
    let poller = tokio::spawn({
        let (pending, matcher) = (pending.clone(), matcher.clone());
        async move {
            loop {
                // look at a document again only once the matcher published a new state, so that
                // polling does not take the CPU the indexer needs
                let version = matcher.version();
                pending.check(|candidate_id, (expected, checked_at_version)| {
                    if *checked_at_version == Some(version) {
                        return false;
                    }
                    *checked_at_version = Some(version);
                    matcher.document(candidate_id).is_some_and(|document| document.minimum_duration_months == *expected)
                });
                if pending.settled() {
                    return;
                }
                tokio::time::sleep(Duration::from_millis(1)).await;
            }
        }
    });

    let total = options.updates.total();
    let achieved_rate = update_at_rate(options.updates.rate, total, |index| {
        let candidate_id = candidate_ids[index as usize % candidate_ids.len()];
        let current = matcher.document(candidate_id).map_or(0, |document| document.minimum_duration_months);
        let expected = (current + 1) % 121;
        let (pool, pending) = (pool.clone(), pending.clone());
        async move {
            let writing = Instant::now();
            sqlx::query("update candidates set contract_min_duration = $2, updated_at = now() where user_id = $1")
                .bind(candidate_id)
                .bind(expected as i16)
                .execute(&pool)
                .await?;
            pending.committed(candidate_id, (expected, None), writing);
            anyhow::Ok(())
        }
    })
    .await?;
    pending.all_committed();
    poller.await?;
    let (latencies_ms, lost) = pending.freshness();
    let freshness = LatencySummary::of(&latencies_ms);
    // the projection runs in the writing transaction
    let writes = LatencySummary::of(&pending.write_times());
    println!("{total} updates at {achieved_rate:.1}/s");
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
    stop_follower.send_replace(true);
    follower_task.await?;
    pool.close().await;
    drop(database);

    println!(
        "RESULT n={candidates} load_s={load_s:.1} rss_mb={rss_mb:.0} updates={total} freshness_p50_ms={:.1} freshness_p99_ms={:.1} lost={lost}",
        freshness.p50, freshness.p99
    );
    ensure!(verification.is_exact(), "the matcher differs from the database: {verification:?}");
    Ok(())
}
