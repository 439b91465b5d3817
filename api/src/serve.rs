//! `vivier serve`: migrate, then answer HTTP until asked to stop.

use std::net::SocketAddr;

use anyhow::Context;
use tokio::net::TcpListener;

use crate::config::ServeArgs;
use crate::db;
use crate::http::{self, AppState};

pub async fn run(args: ServeArgs) -> anyhow::Result<()> {
    let pool = db::connect(&args.database).await.context("cannot connect to the database")?;
    db::migrate(&pool).await.context("cannot apply migrations")?;
    if !args.web_dist.join("index.html").is_file() {
        tracing::warn!(web_dist = %args.web_dist.display(), "no built web app found: only the API is served");
    }
    let app = http::app(AppState::new(pool.clone()), &args.web_dist);
    let listener = TcpListener::bind(args.listen).await.with_context(|| format!("cannot listen on {}", args.listen))?;
    tracing::info!(address = %format!("http://{}", args.listen), "listening");
    axum::serve(listener, app.into_make_service_with_connect_info::<SocketAddr>())
        .with_graceful_shutdown(shutdown_signal())
        .await?;
    pool.close().await;
    tracing::info!("stopped");
    Ok(())
}

/// Resolves on Ctrl-C or SIGTERM; in-flight requests then finish before the server exits.
async fn shutdown_signal() {
    let interrupt = async {
        tokio::signal::ctrl_c().await.ok();
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(error) => {
                tracing::warn!(%error, "cannot listen for SIGTERM");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {},
        () = terminate => {},
    }
    tracing::info!("shutting down");
}
