//! `vivier serve`: migrate, start the indexer that loads and follows the matcher, then answer
//! HTTP until asked to stop.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use anyhow::Context;
use indexer::cards::CandidateCards;
use indexer::{IndexerOptions, IndexerStatus};
use matcher::Matcher;
use tokio::net::TcpListener;
use tokio::sync::watch;

use crate::app::{AppState, Settings};
use crate::auth::session::SessionKeys;
use crate::config::ServeArgs;
use crate::db;
use crate::http::{self, WebApp};
use crate::mail::Mailer;

/// How long requests in flight may take to finish once the server stops accepting them.
const SHUTDOWN_GRACE_PERIOD: std::time::Duration = std::time::Duration::from_secs(10);
/// How often the searches partners ran are stored and evaluated for the candidates' visibility.
const SEARCH_DEMAND_FLUSH_INTERVAL: std::time::Duration = std::time::Duration::from_secs(5);

pub async fn run(args: ServeArgs) -> anyhow::Result<()> {
    if let Err(error) = args.check_exposure() {
        tracing::error!(%error, "refusing to start");
        return Err(error);
    }
    let pool = db::connect(&args.database).await.context("cannot connect to the database")?;
    crate::migrations::prepare(&pool, args.migrate_mode()).await.context("migrations")?;
    let web_app = args.web_dist.clone().map_or(WebApp::Embedded, WebApp::Folder);
    match &web_app {
        WebApp::Folder(folder) if !web_app.is_available() => {
            anyhow::bail!("no built web app in {} (no index.html): build it with npm run build", folder.display())
        }
        WebApp::Folder(folder) => tracing::info!(web_dist = %folder.display(), "serving the web app of a folder"),
        WebApp::Embedded if !web_app.is_available() => tracing::warn!(
            "this binary was compiled before the web app was built (no web/dist): only the API is served; \
             build the web app and the binary again, or pass --web-dist"
        ),
        WebApp::Embedded => {}
    }
    let session_keys = match &args.session_secret {
        Some(secret) if secret.len() >= 32 => SessionKeys::from_secret(secret.as_bytes()),
        Some(_) => anyhow::bail!("VIVIER_SESSION_SECRET must be at least 32 characters"),
        None => {
            tracing::warn!("no session secret configured: sessions will end when the server stops");
            SessionKeys::random()
        }
    };
    if args.source_code_url.is_none() && !args.listen.ip().is_loopback() {
        tracing::warn!("no VIVIER_SOURCE_CODE_URL: the AGPL asks a public server to offer its users the source code");
    }
    let public_url = args.public_url.clone().unwrap_or_else(|| format!("http://{}", args.listen));
    let settings = Settings {
        session_keys,
        public_url: public_url.trim_end_matches('/').to_owned(),
        demo_mailbox: args.demo_mailbox,
        map_style_url: args.map_style_url.clone(),
        map_origins: args.map_origins.clone(),
        metrics_token: args.metrics_token.clone().filter(|token| !token.is_empty()),
        trusted_proxies: args.trusted_proxies.clone(),
        source_code_url: args.source_code_url.clone().filter(|url| !url.trim().is_empty()),
        notification_stream_lifetime: Duration::from_secs(args.notification_stream_seconds),
    };
    log_security_settings(&args, &settings, &web_app);
    let mailer = Mailer::new(args.smtp_url.as_deref(), &args.mail_from).context("invalid mail settings")?;
    // the indexer loads the matcher in the background: /api/health answers 503 until it is done
    let matcher = Arc::new(Matcher::new());
    let cards = Arc::new(CandidateCards::new());
    let indexer_status = Arc::new(IndexerStatus::new());
    let alert_batches = crate::alerts::channel();
    let indexer_options = IndexerOptions {
        poll_interval: Duration::from_millis(args.index_poll_ms.max(10)),
        verify_interval: (args.index_verify_seconds > 0).then(|| Duration::from_secs(args.index_verify_seconds)),
        applied: Some(alert_batches.0),
        snapshot: snapshot_options(args.snapshot_dir.clone()),
        ..IndexerOptions::default()
    };
    let (stop_indexer, indexer_stopped) = watch::channel(false);
    let indexer_task = tokio::spawn(indexer::run(
        pool.clone(),
        matcher.clone(),
        cards.clone(),
        indexer_status.clone(),
        indexer_options,
        wait_for_stop(indexer_stopped),
    ));
    let state = AppState::new(pool.clone(), settings, mailer).with_index(matcher, cards, indexer_status);
    let stopping_flag = state.stopping.clone();
    let partner_signals = state.partner_signals.clone();
    let drain = Duration::from_secs(args.drain_seconds);
    let retention_task = tokio::spawn(crate::candidate_data::retention::run_daily(state.mailing()));
    let search_demand_task =
        tokio::spawn(crate::search_demand::runs::run_periodically(state.demand_inputs(), SEARCH_DEMAND_FLUSH_INTERVAL));
    let outbox_task = tokio::spawn(crate::mail::outbox::run(pool.clone(), state.mailer.clone(), Default::default()));
    let alert_tasks = crate::alerts::spawn(
        &state.mailing(),
        &state.alerts,
        alert_batches.1,
        Duration::from_secs(args.alert_digest_seconds),
    );
    let offer_digest_task =
        tokio::spawn(crate::job_offers::digest::run(state.mailing(), Duration::from_secs(args.alert_digest_seconds)));
    let app = http::app(state, web_app);
    let listener = TcpListener::bind(args.listen).await.with_context(|| format!("cannot listen on {}", args.listen))?;
    tracing::info!(address = %format!("http://{}", args.listen), "listening");
    let (stopping_sender, mut stopping) = watch::channel(false);
    let server = axum::serve(listener, app.into_make_service_with_connect_info::<SocketAddr>()).with_graceful_shutdown(
        async move {
            let signal = shutdown_signal().await;
            // open notification streams would hold the server up: their browsers reconnect,
            // to another replica once the balancers notice this one draining
            stopping_flag.store(true, Ordering::Relaxed);
            partner_signals.close_streams();
            if signal == Signal::Terminate && !drain.is_zero() {
                // readiness turns 503 while requests are still served, until balancers notice
                tracing::info!(seconds = drain.as_secs(), "draining: /api/health answers 503");
                tokio::time::sleep(drain).await;
            }
            let _ = stopping_sender.send(true);
        },
    );
    // in-flight requests get a grace period; a browser keeping a connection open does not
    // keep the server alive beyond it
    let grace_period_over = async move {
        let _ = stopping.wait_for(|stopping| *stopping).await;
        tokio::time::sleep(SHUTDOWN_GRACE_PERIOD).await;
    };
    tokio::select! {
        served = server => served?,
        () = grace_period_over => tracing::warn!("connections still open after the grace period: closing them"),
    }
    retention_task.abort();
    search_demand_task.abort();
    outbox_task.abort();
    alert_tasks.iter().for_each(tokio::task::JoinHandle::abort);
    offer_digest_task.abort();
    stop_indexer.send_replace(true);
    if let Err(error) = indexer_task.await {
        tracing::error!(%error, "the indexer task failed");
    }
    pool.close().await;
    tracing::info!("stopped");
    Ok(())
}

/// One line an operator reads to know how exposed this server is, whatever its configuration
/// files say.
fn log_security_settings(args: &ServeArgs, settings: &Settings, web_app: &WebApp) {
    let proxies = settings.trusted_proxies.iter().map(ToString::to_string).collect::<Vec<_>>().join(",");
    tracing::info!(
        version = crate::config::VERSION,
        listen = %args.listen,
        public_url = %settings.public_url,
        secure_cookies = settings.secure_cookies(),
        strict_transport_security = settings.secure_cookies(),
        session_secret = if args.session_secret.is_some() { "configured" } else { "random (loopback only)" },
        trusted_proxies = if proxies.is_empty() { "none" } else { proxies.as_str() },
        metrics = if settings.metrics_token.is_some() { "bearer token" } else { "off" },
        demo_mailbox = settings.demo_mailbox,
        smtp = args.smtp_url.is_some(),
        migrate = ?args.migrate_mode(),
        web_app = match web_app {
            WebApp::Embedded if web_app.is_available() => "embedded".to_owned(),
            WebApp::Embedded => "none (API only)".to_owned(),
            WebApp::Folder(folder) => folder.display().to_string(),
        },
        "security settings"
    );
}

/// Resolves once `true` is sent, or the sender is gone.
async fn wait_for_stop(mut stopped: watch::Receiver<bool>) {
    let _ = stopped.wait_for(|&stop| stop).await;
}

#[derive(Debug, PartialEq, Eq)]
enum Signal {
    Interrupt,
    Terminate,
}

/// Resolves on Ctrl-C or SIGTERM; in-flight requests then finish before the server exits.
/// SIGTERM, what process managers send, first drains the server from its balancers; Ctrl-C,
/// someone at a terminal, does not wait.
async fn shutdown_signal() -> Signal {
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
    let signal = tokio::select! {
        () = interrupt => Signal::Interrupt,
        () = terminate => Signal::Terminate,
    };
    tracing::info!(?signal, "shutting down");
    signal
}

/// Where the matcher's snapshots go, written every ten minutes while it changes; none for a build
/// that cannot tell its commit, whose snapshots another build could take for its own.
fn snapshot_options(directory: Option<std::path::PathBuf>) -> Option<indexer::SnapshotOptions> {
    let directory = directory?;
    if crate::config::VERSION.contains("unknown") {
        tracing::warn!("this build does not know its commit: the matcher is not saved to restart from");
        return None;
    }
    Some(indexer::SnapshotOptions {
        directory,
        build: crate::config::VERSION.to_owned(),
        interval: Duration::from_secs(600),
    })
}
