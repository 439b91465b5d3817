//! The HTTP surface: one router per resource, merged under `/api` over one [`AppState`], plus
//! the built web app for every other path.
//!
//! `/api/...` never falls back to the web app: an unknown API path is a JSON 404, so a client
//! bug never receives an HTML page it would try to parse.

mod client_ip;
pub mod locale;
mod localizations;
mod ping;
mod reference_lists;
mod reports;

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{HeaderValue, header};
use sqlx::PgPool;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;
use utoipa::OpenApi;
use utoipa_swagger_ui::SwaggerUi;

use crate::error::Error;
use crate::rate_limit::RateLimiter;
use reference_lists::ReferenceListPaths;

pub use client_ip::ClientIp;

/// Largest request body accepted by default; upload routes raise it for themselves.
const DEFAULT_BODY_LIMIT_BYTES: usize = 64 * 1024;

/// What every handler can reach. Cheap to clone.
#[derive(Clone)]
pub struct AppState {
    pub db: PgPool,
    pub limits: Arc<RateLimits>,
}

/// The rate limiters of the routes people could abuse.
pub struct RateLimits {
    /// Problem reports per client address.
    pub reports_per_ip: RateLimiter,
}

impl AppState {
    pub fn new(db: PgPool) -> Self {
        let limits = RateLimits { reports_per_ip: RateLimiter::new(5, Duration::from_secs(600)) };
        Self { db, limits: Arc::new(limits) }
    }
}

#[derive(OpenApi)]
#[openapi(
    info(title = "Vivier API", description = "Recruitment and talent matching: candidates, schools and partners"),
    paths(ping::ping, reports::create_report, localizations::search_localizations),
    components(schemas(crate::error::ErrorBody)),
    modifiers(&ReferenceListPaths)
)]
pub struct ApiDoc;

/// The API alone, as mounted under `/api` (tests call this one).
pub fn api_router(state: AppState) -> Router {
    Router::new()
        .merge(ping::router())
        .merge(reports::router())
        .merge(reference_lists::router())
        .merge(localizations::router())
        .fallback(|| async { Error::NotFound })
        .layer(DefaultBodyLimit::max(DEFAULT_BODY_LIMIT_BYTES))
        .with_state(state)
}

/// The whole site: the API under `/api` and the web app from `web_dist` everywhere else.
pub fn app(state: AppState, web_dist: &Path) -> Router {
    // client-side routes (/dashboard/..., /candidat/...) all load index.html
    let index = ServeFile::new(web_dist.join("index.html"));
    let web_app = ServeDir::new(web_dist).append_index_html_on_directories(true).fallback(index);
    Router::new()
        // the docs page is mounted here, not in the API router, because it must know its
        // absolute address to fetch the document
        .merge(SwaggerUi::new("/api/docs").url("/api/openapi.json", ApiDoc::openapi()))
        .nest("/api", api_router(state))
        .fallback_service(web_app)
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(header::REFERRER_POLICY, HeaderValue::from_static("same-origin")))
        .layer(TraceLayer::new_for_http())
}
