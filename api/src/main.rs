//! The `vivier` command: `serve`, `migrate`, `seed`, `openapi`.

use std::process::ExitCode;

use api::config::{Cli, Command};
use clap::Parser;
use tracing_subscriber::EnvFilter;

#[tokio::main]
async fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,tower_http=info,tantivy=warn")),
        )
        .init();
    let cli = Cli::parse();
    let outcome = match cli.command {
        Command::Serve(args) => api::serve::run(args).await,
        Command::Migrate(args) => migrate(args).await,
        Command::Seed(args) => api::seed::run(args).await,
        Command::Openapi => print_openapi(),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
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

fn print_openapi() -> anyhow::Result<()> {
    println!("{}", api::http::openapi_document().to_pretty_json()?);
    Ok(())
}
