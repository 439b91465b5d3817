//! `GET /api/health` (readiness, for load balancers: "ok", "starting" or "stopping"),
//! `GET /api/health/live` (liveness, for process supervisors), `GET /api/health/details` (the
//! indexer's state, for operators) and `GET /api/metrics` (the same figures, the HTTP traffic,
//! the database pool, the email outbox, the alerts' percolation and the process's memory in the
//! Prometheus text format, for scrapers; `deploy/` holds a dashboard and alert rules over them).
//!
//! A server is ready once its matcher is loaded: until then `/api/health` answers 503 so that a
//! load balancer keeps sending sourcing searches to replicas that can answer them. It answers
//! 503 again from SIGTERM on, while the server still serves during its drain period, so that
//! the balancer stops sending it requests before it stops (see `serve.rs`). Liveness stays 200
//! through both: a supervisor restarting a loading or draining server would only make it worse.
//!
//! The details and the metrics tell about the data and the failures inside (last errors,
//! candidate ids): they need the operators' bearer token (`VIVIER_METRICS_TOKEN`), and answer
//! 404 on a server that has none configured. They are public routes of the route table because
//! the token is not a user session.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use indexer::{IndexerReport, Lag, Verification};
use metrics::{counter, describe_counter, describe_gauge, gauge};
use serde::Serialize;
use std::sync::atomic::Ordering;
use utoipa_axum::routes;

use super::routes::{Access, RouteTable};
use crate::app::AppState;
use crate::auth::tokens;
use crate::error::{Error, Result};
use crate::extract::Json;
use crate::process_memory;

pub fn routes(table: &mut RouteTable) {
    table.add(Access::Public, routes!(read_health));
    table.add(Access::Public, routes!(read_liveness));
    table.add(Access::Public, routes!(read_health_details));
    table.add(Access::Public, routes!(read_metrics));
}

/// Whether the request carries the operators' token; 404 when the server has none, so that an
/// unconfigured server does not even show the routes exist.
fn check_operator_token(state: &AppState, headers: &HeaderMap) -> Result<()> {
    let Some(expected) = state.settings.metrics_token.as_deref() else {
        return Err(Error::NotFound);
    };
    let given = headers
        .get(header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.strip_prefix("Bearer "))
        .unwrap_or_default();
    // comparing digests takes the same time whatever prefix of the token is right
    if tokens::sha256(given.trim()) == tokens::sha256(expected) { Ok(()) } else { Err(Error::Unauthorized) }
}

/// What anyone may know: whether the server can answer.
#[derive(Serialize, utoipa::ToSchema)]
pub struct HealthStatusResponse {
    /// Readiness: "ok" once the matcher is loaded, "starting" before, "stopping" once asked to
    /// stop; liveness: "alive".
    status: &'static str,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct HealthResponse {
    /// "ok" once the matcher is loaded, "starting" before.
    status: &'static str,
    version: &'static str,
    indexer: IndexerHealth,
}

/// Where the in-memory matcher stands against the database's change log.
#[derive(Serialize, utoipa::ToSchema)]
pub struct IndexerHealth {
    ready: bool,
    /// Highest change-log seq applied to the matcher.
    last_applied_seq: i64,
    /// Change-log rows committed since the indexer's last read of the log (absent before the
    /// first load, or when the database does not answer).
    lag_rows: Option<i64>,
    /// Age of the oldest of them, 0 when caught up.
    lag_ms: Option<u64>,
    /// Documents in the matcher.
    documents_indexed: u64,
    /// Candidates whose projection fails and is being retried.
    failing_candidates: u64,
    /// Duration of the last bulk load.
    load_ms: u64,
    /// The last load read the replica's snapshot of its matcher (then the change log since the
    /// snapshot), not every candidate from the database.
    loaded_from_snapshot: bool,
    last_error: Option<String>,
    /// The last comparison of the matcher with the database, when they are enabled.
    last_verification: Option<VerificationHealth>,
}

/// The outcome of comparing the matcher with a fresh projection of the database.
#[derive(Serialize, utoipa::ToSchema)]
pub struct VerificationHealth {
    /// Highest change-log seq applied when the comparison ran.
    applied_seq: i64,
    /// The matcher held exactly the projection.
    exact: bool,
    expected_documents: usize,
    indexed_documents: usize,
    missing: Vec<i64>,
    different: Vec<i64>,
    extra: usize,
    failed: Vec<i64>,
}

impl From<Verification> for VerificationHealth {
    fn from(verification: Verification) -> Self {
        VerificationHealth {
            applied_seq: verification.applied_seq,
            exact: verification.is_exact(),
            expected_documents: verification.expected_documents,
            indexed_documents: verification.indexed_documents,
            missing: verification.missing,
            different: verification.different,
            extra: verification.extra,
            failed: verification.failed,
        }
    }
}

impl IndexerHealth {
    fn new(report: IndexerReport, lag: Option<Lag>) -> Self {
        IndexerHealth {
            ready: report.ready,
            last_applied_seq: report.last_applied_seq,
            lag_rows: lag.map(|lag| lag.rows),
            lag_ms: lag.map(|lag| lag.milliseconds),
            documents_indexed: report.documents,
            failing_candidates: report.failing_candidates,
            load_ms: report.load_ms,
            loaded_from_snapshot: report.loaded_from_snapshot,
            last_error: report.last_error,
            last_verification: report.last_verification.map(VerificationHealth::from),
        }
    }
}

/// The matcher's lag measured now; `None` when it cannot be (logged: health must still answer).
async fn measure_lag(state: &AppState) -> Option<Lag> {
    match indexer::current_lag(&state.db, &state.indexer).await {
        Ok(lag) => lag,
        Err(error) => {
            tracing::warn!(%error, "cannot measure the indexer lag");
            None
        }
    }
}

#[utoipa::path(
    get,
    path = "/api/health",
    responses(
        (status = 200, description = "Ready: the matcher is loaded", body = HealthStatusResponse),
        (status = 503, description = "Still loading the matcher, or stopping", body = HealthStatusResponse),
    )
)]
pub async fn read_health(State(state): State<AppState>) -> (StatusCode, Json<HealthStatusResponse>) {
    if state.stopping.load(Ordering::Relaxed) {
        (StatusCode::SERVICE_UNAVAILABLE, Json(HealthStatusResponse { status: "stopping" }))
    } else if state.indexer.report().ready {
        (StatusCode::OK, Json(HealthStatusResponse { status: "ok" }))
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, Json(HealthStatusResponse { status: "starting" }))
    }
}

#[utoipa::path(
    get,
    path = "/api/health/live",
    responses((status = 200, description = "The process answers", body = HealthStatusResponse))
)]
pub async fn read_liveness() -> Json<HealthStatusResponse> {
    Json(HealthStatusResponse { status: "alive" })
}

#[utoipa::path(
    get,
    path = "/api/health/details",
    responses(
        (status = 200, description = "The matcher is loaded", body = HealthResponse),
        (status = 401, description = "Missing or wrong operator token", body = crate::error::ErrorBody),
        (status = 404, description = "No operator token configured on this server", body = crate::error::ErrorBody),
        (status = 503, description = "Still loading the matcher", body = HealthResponse),
    )
)]
pub async fn read_health_details(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<(StatusCode, Json<HealthResponse>)> {
    check_operator_token(&state, &headers)?;
    let report = state.indexer.report();
    let lag = measure_lag(&state).await;
    let status = if report.ready { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE };
    let body = HealthResponse {
        status: if report.ready { "ok" } else { "starting" },
        version: env!("CARGO_PKG_VERSION"),
        indexer: IndexerHealth::new(report, lag),
    };
    Ok((status, Json(body)))
}

/// The Prometheus text exposition format, version 0.0.4.
const PROMETHEUS_CONTENT_TYPE: &str = "text/plain; version=0.0.4; charset=utf-8";

#[utoipa::path(
    get,
    path = "/api/metrics",
    responses(
        (status = 200, description = "Prometheus text format", content_type = "text/plain", body = String),
        (status = 401, description = "Missing or wrong operator token", body = crate::error::ErrorBody),
        (status = 404, description = "No operator token configured on this server", body = crate::error::ErrorBody),
    )
)]
pub async fn read_metrics(State(state): State<AppState>, headers: HeaderMap) -> Result<Response> {
    check_operator_token(&state, &headers)?;
    let report = state.indexer.report();
    let lag = measure_lag(&state).await;
    let outbox = outbox_figures(&state.db).await;
    state.metrics.record(|| {
        record_indexer_figures(&state, &report, lag);
        record_operations_figures(&state, outbox);
    });
    Ok(([(header::CONTENT_TYPE, PROMETHEUS_CONTENT_TYPE)], state.metrics.render()).into_response())
}

/// Sets a gauge read at scrape time (inside the server's recorder).
fn set_gauge(name: &'static str, help: &'static str, value: f64) {
    describe_gauge!(name, help);
    gauge!(name).set(value);
}

/// Sets a counter kept elsewhere to its total (inside the server's recorder).
fn set_total(name: &'static str, help: &'static str, value: u64) {
    describe_counter!(name, help);
    counter!(name).absolute(value);
}

/// The state of the email outbox, shared by every server (`outbox_emails`).
#[derive(sqlx::FromRow)]
struct OutboxFigures {
    /// Emails not sent yet that will still be tried.
    pending: i64,
    /// Age of the oldest of them.
    oldest_pending_seconds: f64,
    /// Unsent emails whose last attempt failed (still tried, or given up).
    failing: i64,
    /// Unsent emails given up after the last attempt.
    abandoned: i64,
}

/// The outbox's figures now; `None` when the database does not answer (logged: the other
/// metrics must still be served).
async fn outbox_figures(db: &sqlx::PgPool) -> Option<OutboxFigures> {
    // the partial index of unsent rows (migration 0014) keeps this cheap however many were sent
    let figures = sqlx::query_as(
        "select count(*) filter (where attempts < $1) as pending,
                coalesce(extract(epoch from now() - min(created_at) filter (where attempts < $1)), 0)::float8
                    as oldest_pending_seconds,
                count(*) filter (where last_error is not null) as failing,
                count(*) filter (where attempts >= $1) as abandoned
         from outbox_emails where sent_at is null",
    )
    .bind(crate::mail::outbox::MAX_ATTEMPTS)
    .fetch_one(db)
    .await;
    figures.inspect_err(|error| tracing::warn!(%error, "cannot measure the outbox")).ok()
}

/// Sets the figures of what runs beside the API: the outbox, the alerts' percolation, the
/// process's memory and the database pool.
fn record_operations_figures(state: &AppState, outbox: Option<OutboxFigures>) {
    if let Some(outbox) = outbox {
        set_gauge(
            "vivier_outbox_pending_emails",
            "Emails not sent yet that will still be tried",
            outbox.pending as f64,
        );
        set_gauge(
            "vivier_outbox_oldest_pending_seconds",
            "Age of the oldest email not sent yet that will still be tried",
            outbox.oldest_pending_seconds,
        );
        set_gauge("vivier_outbox_failing_emails", "Unsent emails whose last attempt failed", outbox.failing as f64);
        set_gauge(
            "vivier_outbox_abandoned_emails",
            "Unsent emails given up after every attempt",
            outbox.abandoned as f64,
        );
    }
    let percolation = &state.alerts.progress;
    set_gauge(
        "vivier_alerts_percolation_lag_seconds",
        "How long the oldest batch applied to the matcher has waited for its alerts",
        percolation.lag().as_secs_f64(),
    );
    set_total("vivier_alerts_percolated_batches_total", "Batches percolated into alerts", percolation.batches_total());
    set_total(
        "vivier_alerts_lost_batches_total",
        "Batches given up after every attempt: their alerts were not written",
        percolation.lost_batches_total(),
    );
    let allocator = process_memory::allocator_bytes();
    let memory = [
        ("vivier_process_resident_memory_bytes", "Resident memory of the process", process_memory::resident_bytes()),
        (
            "vivier_process_peak_resident_memory_bytes",
            "Largest resident memory the process has had",
            process_memory::peak_resident_bytes(),
        ),
        ("vivier_process_memory_limit_bytes", "Memory limit of the process's cgroup", process_memory::limit_bytes()),
        (
            "vivier_allocator_allocated_bytes",
            "Memory the server has allocated and not freed",
            allocator.map(|bytes| bytes.allocated),
        ),
        (
            "vivier_allocator_resident_bytes",
            "Resident memory of the allocator: allocated, freed but not yet given back, bookkeeping",
            allocator.map(|bytes| bytes.resident),
        ),
    ];
    for (name, help, bytes) in memory {
        if let Some(bytes) = bytes {
            set_gauge(name, help, bytes as f64);
        }
    }
    set_gauge(
        "vivier_matcher_heap_bytes",
        "Estimate of the memory the matcher's current state holds",
        state.engine.matcher.heap_bytes() as f64,
    );
    set_gauge("vivier_db_pool_connections", "Connections the database pool holds", f64::from(state.db.size()));
    set_gauge(
        "vivier_db_pool_idle_connections",
        "Connections of the pool waiting for work",
        state.db.num_idle() as f64,
    );
    set_gauge(
        "vivier_db_pool_max_connections",
        "Largest number of connections the pool opens",
        f64::from(state.db.options().get_max_connections()),
    );
}

/// Sets the figures of the indexer's report, the matcher and the sourcing searches.
fn record_indexer_figures(state: &AppState, report: &IndexerReport, lag: Option<Lag>) {
    let ready = report.ready && !state.stopping.load(Ordering::Relaxed);
    set_gauge("vivier_ready", "1 while /api/health answers 200: loaded and not stopping", f64::from(u8::from(ready)));
    set_gauge("vivier_indexer_ready", "1 once the matcher is loaded", f64::from(u8::from(report.ready)));
    set_gauge(
        "vivier_indexer_last_applied_seq",
        "Highest change-log seq applied to the matcher",
        report.last_applied_seq as f64,
    );
    if let Some(lag) = lag {
        set_gauge(
            "vivier_indexer_lag_rows",
            "Change-log rows committed since the indexer's last read of the log",
            lag.rows as f64,
        );
        set_gauge(
            "vivier_indexer_lag_seconds",
            "Age of the oldest change-log row not read yet",
            lag.milliseconds as f64 / 1000.0,
        );
    }
    set_gauge("vivier_indexer_documents", "Documents in the matcher", report.documents as f64);
    set_gauge(
        "vivier_indexer_failing_candidates",
        "Candidates whose projection fails and is being retried",
        report.failing_candidates as f64,
    );
    set_gauge("vivier_indexer_load_seconds", "Duration of the last bulk load", report.load_ms as f64 / 1000.0);
    set_total(
        "vivier_indexer_applied_candidates_total",
        "Candidates read and applied from the change log",
        report.applied_candidates_total,
    );
    set_total(
        "vivier_indexer_projection_failures_total",
        "Failed candidate projections",
        report.projection_failures_total,
    );
    set_total(
        "vivier_indexer_reconnects_total",
        "Times the change listener lost its connection",
        report.reconnects_total,
    );
    set_total("vivier_indexer_catch_ups_total", "Reads of the change log", report.catch_ups_total);
    set_total(
        "vivier_indexer_pruned_rows_total",
        "Change-log rows deleted past the retention window",
        report.pruned_rows_total,
    );
    set_gauge("vivier_matcher_runs", "Runs a sourcing search visits", state.engine.matcher.run_count() as f64);
    set_total(
        "vivier_matcher_merges_total",
        "Merges of the matcher's runs done in the background",
        report.merges_total,
    );
    set_gauge(
        "vivier_search_permits_available",
        "Sourcing searches that may start now without waiting",
        state.engine.available_permits() as f64,
    );
}
