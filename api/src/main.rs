//! The `vivier` command: `serve`, `migrate`, `seed`, `openapi`, `admin create-operator`.

use std::process::ExitCode;

use api::config::{AdminCommand, Cli, Command, LogFormat};
use clap::Parser;
use tracing_subscriber::EnvFilter;

/// jemalloc rather than glibc's malloc: glibc's arenas keep what the matcher's load freed, 1.1 GB
/// of a 2.76 GB replica at 1M candidates (BENCHMARKS.md, "jemalloc against glibc's malloc").
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

#[tokio::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    api::process_memory::return_freed_memory_in_background();
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,tower_http=info,tantivy=warn"));
    let logs = tracing_subscriber::fmt().with_env_filter(filter);
    match cli.log_format {
        LogFormat::Text => logs.init(),
        // one object per line, the request span's fields (id, route) beside each event's
        LogFormat::Json => logs.json().with_current_span(true).with_span_list(false).init(),
    }
    let outcome = match cli.command {
        Command::Migrate(args) if args.check => check_migrations(args.database).await,
        Command::Serve(args) => api::serve::run(*args).await.map(|()| ExitCode::SUCCESS),
        Command::Migrate(args) => migrate(args.database).await.map(|()| ExitCode::SUCCESS),
        Command::Seed(args) => api::seed::run(args).await.map(|()| ExitCode::SUCCESS),
        Command::Openapi => print_openapi().map(|()| ExitCode::SUCCESS),
        Command::Admin(AdminCommand::CreateOperator(args)) => create_operator(args).await.map(|()| ExitCode::SUCCESS),
    };
    match outcome {
        Ok(code) => code,
        Err(error) => {
            tracing::error!(error = format!("{error:#}"), "vivier failed");
            ExitCode::FAILURE
        }
    }
}

async fn migrate(args: api::config::DatabaseArgs) -> anyhow::Result<()> {
    let pool = api::db::connect(&args).await?;
    api::db::migrate(&pool).await?;
    tracing::info!("migrations applied");
    Ok(())
}

/// What `vivier migrate --check` exits with when migrations are pending (1 is any error).
const MIGRATIONS_PENDING: u8 = 3;

/// Lists the pending migrations; the exit code says whether there are any.
async fn check_migrations(args: api::config::DatabaseArgs) -> anyhow::Result<ExitCode> {
    let pool = api::db::connect(&args).await?;
    let status = api::migrations::status(&pool).await?;
    if !status.newer.is_empty() {
        println!("applied by a newer release: {:?}", status.newer);
    }
    if status.pending.is_empty() {
        println!("up to date: {} migrations applied", status.applied);
        return Ok(ExitCode::SUCCESS);
    }
    println!("{} of {} migrations pending:", status.pending.len(), status.applied + status.pending.len());
    for migration in &status.pending {
        println!("  {migration}");
    }
    Ok(ExitCode::from(MIGRATIONS_PENDING))
}

async fn create_operator(args: api::config::CreateOperatorArgs) -> anyhow::Result<()> {
    let link = api::operators::create_operator(&args).await?;
    println!("Operator {} created. Set the password within 14 days at:\n{link}", args.email.trim());
    Ok(())
}

fn print_openapi() -> anyhow::Result<()> {
    println!("{}", serde_json::to_string_pretty(&api::http::openapi_document())?);
    Ok(())
}
