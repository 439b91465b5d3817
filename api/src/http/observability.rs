//! What operators see of the HTTP traffic: an access log line per request with a request id,
//! and Prometheus figures (latency histograms per route template, counts by status), kept in
//! a `metrics` recorder rendered by `GET /api/metrics` (see `health.rs` for who may read it).
//!
//! The log never holds a URL's query string nor an API path's parameters: validation and
//! reset links carry their token in one or the other. API requests are logged by route
//! template (`/api/api/user/validation-tokens/validate/{token}`), pages and the API's
//! documentation by their path without its query. The recorder belongs to the server's state rather than being global, so that tests
//! running many servers in one process each read their own figures.

use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{MatchedPath, Request, State};
use axum::http::HeaderName;
use axum::middleware::Next;
use axum::response::Response;
use metrics::{counter, histogram};
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, RequestId, SetRequestIdLayer};
use tower_http::trace::TraceLayer;
use tracing::{Level, Span};

use crate::app::recorder::{Metrics, REQUEST_DURATION, REQUESTS};

/// Middleware of the API router: counts and times each request under its route template,
/// and names the template in the access log's span.
pub async fn track_requests(
    State(metrics): State<std::sync::Arc<Metrics>>,
    matched: Option<MatchedPath>,
    request: Request,
    next: Next,
) -> Response {
    let route = matched.as_ref().map_or("unmatched", MatchedPath::as_str).to_owned();
    Span::current().record("route", route.as_str());
    let method = request.method().as_str().to_owned();
    let started = Instant::now();
    let response = next.run(request).await;
    let elapsed = started.elapsed();
    let status = response.status().as_u16().to_string();
    metrics.record(|| {
        let labels = [("method", method), ("route", route), ("status", status)];
        histogram!(REQUEST_DURATION, &labels).record(elapsed.as_secs_f64());
        counter!(REQUESTS, &labels).increment(1);
    });
    response
}

/// The access log (one line at info per response, with its status and latency) and the
/// request id: taken from the balancer's `X-Request-Id` when it sets one, else drawn, and sent
/// back in the response.
pub fn with_access_log(site: Router) -> Router {
    let request_id = HeaderName::from_static("x-request-id");
    site.layer(PropagateRequestIdLayer::new(request_id.clone()))
        // no separate failure line: the access line has the status, and errors log their cause
        // (`error.rs`); a 503 of a loading or draining server is no error
        .layer(TraceLayer::new_for_http().make_span_with(request_span).on_response(log_response).on_failure(()))
        .layer(SetRequestIdLayer::new(request_id, MakeRequestUuid))
}

/// Paths of the probes balancers and scrapers call every few seconds: logged at debug only.
const PROBES: &[&str] = &["/api/health", "/api/health/live", "/api/metrics", "/api/ping"];

fn request_span(request: &Request) -> Span {
    let id = request.extensions().get::<RequestId>().and_then(|id| id.header_value().to_str().ok()).unwrap_or("-");
    let path = request.uri().path();
    // API paths may hold tokens and ids: the API router records their template instead
    let documentation = path.starts_with("/api/docs") || path == "/api/openapi.json";
    let shown_path = if path.starts_with("/api/") && !documentation { None } else { Some(path) };
    let method = request.method();
    if PROBES.contains(&path) {
        tracing::debug_span!("request", id, %method, path = shown_path, route = tracing::field::Empty)
    } else {
        tracing::info_span!("request", id, %method, path = shown_path, route = tracing::field::Empty)
    }
}

/// The access log line, at the level of the request's span.
fn log_response<B>(response: &axum::http::Response<B>, latency: Duration, span: &Span) {
    let status = response.status().as_u16();
    let latency_us = u64::try_from(latency.as_micros()).unwrap_or(u64::MAX);
    if span.metadata().is_some_and(|metadata| *metadata.level() == Level::INFO) {
        tracing::info!(status, latency_us, "answered");
    } else {
        tracing::debug!(status, latency_us, "answered");
    }
}
