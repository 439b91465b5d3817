//! The `vivier` command: `serve`, `migrate`, `seed`, `openapi`, `admin create-operator`.

use std::process::ExitCode;

use api::config::{AdminCommand, Cli, Command, LogFormat};
use clap::Parser;
use tracing_subscriber::EnvFilter;

#[tokio::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,tower_http=info,tantivy=warn"));
    let logs = tracing_subscriber::fmt().with_env_filter(filter);
    match cli.log_format {
        LogFormat::Text => logs.init(),
        // one object per line, the request span's fields (id, route) beside each event's
        LogFormat::Json => logs.json().with_current_span(true).with_span_list(false).init(),
    }
    let outcome = match cli.command {
        Command::Serve(args) => api::serve::run(args).await,
        Command::Migrate(args) => migrate(args).await,
        Command::Seed(args) => api::seed::run(args).await,
        Command::Openapi => print_openapi(),
        Command::Admin(AdminCommand::CreateOperator(args)) => create_operator(args).await,
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

async fn create_operator(args: api::config::CreateOperatorArgs) -> anyhow::Result<()> {
    let link = api::operators::create_operator(&args).await?;
    println!("Operator {} created. Set the password within 14 days at:\n{link}", args.email.trim());
    Ok(())
}

fn print_openapi() -> anyhow::Result<()> {
    println!("{}", api::http::openapi_document().to_pretty_json()?);
    Ok(())
}
