//! The seeded Postgres the database-backed benchmarks measure against: a database the caller names
//! (already seeded, to save the seeding time when repeating a run), or a private cluster seeded by
//! the run itself.
//!
//! Seeding runs in a child process (the benchmark's own executable with `--seed-into <url>`) so
//! that the seeder's memory is not counted in the benchmark's.

use std::time::{Duration, Instant};

use anyhow::{Context, Result, ensure};
use api::app::{AppState, Settings};
use api::auth::session::SessionKeys;
use api::mail::Mailer;
use indexer::private_postgres::PrivatePostgres;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
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

/// The database options every database benchmark takes (flattened into its own options).
#[derive(clap::Args, Debug)]
pub struct DatabaseArgs {
    /// Write the demo data set into this database and exit (the benchmark runs itself this way).
    #[arg(long, hide = true)]
    seed_into: Option<String>,
    /// Measure against this database, already seeded (e.g. by `vivier seed --candidates 1000000`),
    /// instead of a private Postgres seeded by the run; `--candidates` is then ignored. Saves the
    /// seeding time when repeating the benchmark.
    #[arg(long)]
    database_url: Option<String>,
}

impl DatabaseArgs {
    /// The database to measure against, or `None` when this process was only asked to seed one.
    pub async fn open(&self, candidates: usize, connections: u32) -> Result<Option<BenchDatabase>> {
        if let Some(url) = &self.seed_into {
            let pool = connect(url, 4).await?;
            api::seed::seed_database(&pool, candidates, DATA_SEED).await?;
            return Ok(None);
        }
        Ok(Some(BenchDatabase::open(self.database_url.as_deref(), candidates, connections).await?))
    }
}

/// A benchmark's database: migrated, seeded, and holding at least one candidate.
pub struct BenchDatabase {
    pub pool: PgPool,
    /// Candidates in the database.
    pub candidates: i64,
    /// The private cluster when the run started one; it stops when this is dropped.
    pub cluster: Option<PrivatePostgres>,
}

impl BenchDatabase {
    /// Connects to `database_url`, or starts a private cluster and seeds `candidates` into it.
    async fn open(database_url: Option<&str>, candidates: usize, connections: u32) -> Result<BenchDatabase> {
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
        Ok(BenchDatabase { pool, candidates: count, cluster })
    }
}

/// The server's state over `pool` as `vivier serve` builds it, with a random session key and no
/// SMTP server (emails stay in the outbox).
pub fn server_state(pool: &PgPool) -> Result<AppState> {
    let settings = Settings {
        session_keys: SessionKeys::random(),
        public_url: "http://127.0.0.1:8080".to_owned(),
        demo_mailbox: false,
        map_style_url: None,
        map_origins: Vec::new(),
        metrics_token: None,
        trusted_proxies: Vec::new(),
        source_code_url: None,
        notification_stream_lifetime: Duration::ZERO,
    };
    let mailer = Mailer::new(None, "Vivier <no-reply@vivier.localhost>")?;
    Ok(AppState::new(pool.clone(), settings, mailer))
}

/// The ids of the candidates sourcing can find (active, looking for a job), in an order shuffled
/// with [`DATA_SEED`], for benchmarks that update candidates.
pub async fn searchable_candidate_ids(pool: &PgPool) -> Result<Vec<i64>> {
    let mut candidate_ids: Vec<i64> = sqlx::query_scalar(
        "select c.user_id from candidates c join users u on u.id = c.user_id
         where u.active and c.in_research order by c.user_id",
    )
    .fetch_all(pool)
    .await?;
    ensure!(!candidate_ids.is_empty(), "no searchable candidate to update");
    candidate_ids.shuffle(&mut ChaCha8Rng::seed_from_u64(DATA_SEED));
    Ok(candidate_ids)
}
