//! The seeded Postgres the database-backed benchmarks measure against: a database the caller names
//! (already seeded, to save the seeding time when repeating a run), or a private cluster seeded by
//! the run itself.
//!
//! Seeding runs in a child process (the benchmark's own executable with `--seed-into <url>`) so
//! that the seeder's memory is not counted in the benchmark's.

use std::time::{Duration, Instant};

use anyhow::{Context, Result, ensure};
use indexer::private_postgres::PrivatePostgres;
use sqlx::PgPool;
use sqlx::postgres::PgPoolOptions;

/// Runs a database benchmark on a multi-threaded runtime, with the server's log lines (the
/// indexer's load split, warnings) shown from `warn` up, or as `RUST_LOG` says.
pub fn run_benchmark(benchmark: impl Future<Output = Result<()>>) -> Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "warn".into()))
        .init();
    tokio::runtime::Builder::new_multi_thread().enable_all().build()?.block_on(benchmark)
}

/// The seed of the demo data set the benchmarks write.
pub const DATA_SEED: u64 = 2026;

pub async fn connect(url: &str, connections: u32) -> Result<PgPool> {
    Ok(PgPoolOptions::new().max_connections(connections).acquire_timeout(Duration::from_secs(60)).connect(url).await?)
}

/// Writes `candidates` demo candidates into the database at `url` (the child process's work).
pub async fn seed_into(url: &str, candidates: usize) -> Result<()> {
    let pool = connect(url, 4).await?;
    api::seed::seed_database(&pool, candidates, DATA_SEED).await?;
    Ok(())
}

/// A benchmark's database: migrated, seeded, and holding at least one candidate.
pub struct BenchDatabase {
    pub pool: PgPool,
    /// The private cluster when the run started one; it stops when this is dropped.
    pub cluster: Option<PrivatePostgres>,
}

impl BenchDatabase {
    /// Connects to `database_url`, or starts a private cluster and seeds `candidates` into it.
    pub async fn open(database_url: Option<&str>, candidates: usize, connections: u32) -> Result<BenchDatabase> {
        let (cluster, url) = match database_url {
            Some(url) => (None, url.to_owned()),
            None => {
                let cluster = PrivatePostgres::start(false).context("cannot start a private postgres")?;
                let url = cluster.url("vivier");
                (Some(cluster), url)
            }
        };
        let pool = connect(&url, connections).await?;
        api::db::migrate(&pool).await?;
        if cluster.is_some() {
            let started = Instant::now();
            let seeded = std::process::Command::new(std::env::current_exe()?)
                .args(["--candidates", &candidates.to_string(), "--seed-into", &url])
                .status()?;
            ensure!(seeded.success(), "seeding failed");
            sqlx::query("vacuum analyze").execute(&pool).await?;
            println!("seeded {candidates} candidates in {:.1} s", started.elapsed().as_secs_f64());
        }
        let count: i64 = sqlx::query_scalar("select count(*) from candidates").fetch_one(&pool).await?;
        ensure!(count > 0, "the database holds no candidate: seed it first");
        Ok(BenchDatabase { pool, cluster })
    }
}
