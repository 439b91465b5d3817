//! The HTTP surface: one module per resource registering its routes, with the access each
//! requires, in one [`routes::RouteTable`]; all mounted under `/api` over one [`AppState`],
//! plus the built web app for every other path.
//!
//! `/api/...` never falls back to the web app: an unknown API path is a JSON 404, so a client
//! bug never receives an HTML page it would try to parse.

mod accounts;
mod candidate_account;
mod candidate_profile;
mod candidates;
mod client_config;
mod client_ip;
mod companies;
mod disc;
mod geo;
mod health;
mod localizations;
mod mailbox;
mod notifications;
mod observability;
mod offers;
mod ping;
mod project_categories;
mod public_profile_page;
mod reference_lists;
mod reports;
pub mod routes;
mod schools;
mod sessions;
mod soft_skill_percentages;
pub(crate) mod sourcing;
mod tour;
mod web_app;

/// For the handler benchmark, which builds the engine's query from a search body as the handler does.
pub use sourcing::SearchCreateRequest;

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use axum::{Extension, Router};
use indexer::IndexerStatus;
use indexer::cards::CandidateCards;
use matcher::Matcher;
use sqlx::PgPool;
use tokio::sync::Semaphore;
use utoipa::OpenApi;
use utoipa_swagger_ui::SwaggerUi;

use crate::auth::session::{SessionChecks, SessionKeys};
use crate::error::{Error, ErrorCode};
use crate::job_criteria::ReferenceLists;
use crate::mail::Mailer;
use crate::rate_limit::RateLimiter;
use routes::{RouteInfo, RouteTable};

/// The caller's language lives beside the mailer, which needs it too; resource modules reach it
/// here as well.
pub use crate::locale;
pub use accounts::TERMS_VERSION;
pub(crate) use accounts::{account_notice, unsubscribe_link};
pub use client_ip::{ClientIp, parse_trusted_proxy};
pub(crate) use sourcing::alert_queries;

/// Largest request body accepted by default; upload routes raise it for themselves.
const DEFAULT_BODY_LIMIT_BYTES: usize = 64 * 1024;

/// What every handler can reach. Cheap to clone.
#[derive(Clone)]
pub struct AppState {
    pub db: PgPool,
    pub settings: Arc<Settings>,
    pub mailer: Arc<Mailer>,
    pub limits: Arc<RateLimits>,
    /// Session checks that passed recently.
    pub session_checks: Arc<SessionChecks>,
    /// The in-memory sourcing engine, kept current by the indexer task.
    pub matcher: Arc<Matcher>,
    /// What search hits show of each candidate the matcher holds, kept current with it.
    pub cards: Arc<CandidateCards>,
    /// What the indexer reports about the matcher (health, metrics).
    pub indexer: Arc<IndexerStatus>,
    /// Bounds the searches running at once on the rayon pool.
    pub search_permits: Arc<Semaphore>,
    /// The candidate pool's soft-skill profile, recomputed every few minutes.
    pub pool_soft_skill_shares: Arc<soft_skill_percentages::PoolShares>,
    /// The searches partners ran since they were last stored (see [`crate::search_demand`]).
    pub search_runs: Arc<crate::search_demand::runs::SearchRunLog>,
    /// Figures of the HTTP traffic, the pool and the matcher, rendered at `/api/metrics`.
    pub metrics: Arc<observability::Metrics>,
    /// Set on SIGTERM: readiness answers 503 so that load balancers drain this server.
    pub stopping: Arc<AtomicBool>,
    /// The saved searches with alerts, compiled for percolation.
    pub alerts: Arc<crate::alerts::percolate::AlertIndex>,
    /// Which partners' notifications just changed, for their open notification streams.
    pub partner_signals: Arc<crate::alerts::live::PartnerSignals>,
    /// The reference lists job criteria are checked against, read on first use.
    reference_lists: Arc<tokio::sync::OnceCell<ReferenceLists>>,
}

/// Server settings handlers need.
pub struct Settings {
    pub session_keys: SessionKeys,
    /// Origin of the web app, for links in emails (`http://127.0.0.1:8080`).
    pub public_url: String,
    /// Whether the demo mailbox (`GET /api/mailbox`) lists the outbox.
    pub demo_mailbox: bool,
    /// A tile server's MapLibre style for the sourcing map; `None`: the offline style.
    pub map_style_url: Option<String>,
    /// The bearer token of `/api/health/details` and `/api/metrics`; `None`: they answer 404.
    pub metrics_token: Option<String>,
    /// Where users can get the running code's source (AGPL-3.0 §13), linked from the footer.
    pub source_code_url: Option<String>,
    /// Proxies whose forwarding headers give the client's address (see [`ClientIp`]).
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// How long a notification stream stays open before the browser reconnects (zero: it
    /// sends the current count and ends).
    pub notification_stream_lifetime: std::time::Duration,
}

impl Settings {
    /// Cookies are marked Secure when the site is served over https.
    pub fn secure_cookies(&self) -> bool {
        self.public_url.starts_with("https://")
    }
}

/// The rate limiters of the routes people could abuse. Windows and counts are chosen so that
/// a person who mistypes never meets them, and a script guessing passwords gets a few dozen
/// tries an hour. Counted in Postgres: the same for a client whichever replica answers.
pub struct RateLimits {
    pub reports_per_ip: RateLimiter,
    pub logins_per_ip: RateLimiter,
    pub logins_per_account: RateLimiter,
    pub tokens_per_ip: RateLimiter,
    pub password_resets_per_ip: RateLimiter,
    pub password_resets_per_account: RateLimiter,
    pub sign_ups_per_ip: RateLimiter,
    /// Each email change request mails a link to an address the caller chooses.
    pub email_changes_per_ip: RateLimiter,
    pub email_changes_per_account: RateLimiter,
}

impl Default for RateLimits {
    fn default() -> Self {
        let minutes = |count: u64| Duration::from_secs(60 * count);
        Self {
            reports_per_ip: RateLimiter::new("reports_per_ip", 5, minutes(10)),
            logins_per_ip: RateLimiter::new("logins_per_ip", 30, minutes(15)),
            logins_per_account: RateLimiter::new("logins_per_account", 10, minutes(15)),
            tokens_per_ip: RateLimiter::new("tokens_per_ip", 30, minutes(15)),
            password_resets_per_ip: RateLimiter::new("password_resets_per_ip", 10, minutes(60)),
            password_resets_per_account: RateLimiter::new("password_resets_per_account", 3, minutes(60)),
            sign_ups_per_ip: RateLimiter::new("sign_ups_per_ip", 10, minutes(60)),
            email_changes_per_ip: RateLimiter::new("email_changes_per_ip", 10, minutes(60)),
            email_changes_per_account: RateLimiter::new("email_changes_per_account", 3, minutes(60)),
        }
    }
}

impl AppState {
    /// A state with an empty matcher that no indexer feeds yet (see [`AppState::with_index`]).
    pub fn new(db: PgPool, settings: Settings, mailer: Mailer) -> Self {
        Self {
            db,
            settings: Arc::new(settings),
            mailer: Arc::new(mailer),
            limits: Arc::new(RateLimits::default()),
            session_checks: Arc::default(),
            matcher: Arc::new(Matcher::new()),
            cards: Arc::new(CandidateCards::new()),
            indexer: Arc::new(IndexerStatus::new()),
            // a few searches per core keep the cores busy; more would only queue inside rayon
            search_permits: Arc::new(Semaphore::new(2 * rayon::current_num_threads())),
            pool_soft_skill_shares: Arc::default(),
            search_runs: Arc::default(),
            metrics: Arc::default(),
            stopping: Arc::default(),
            alerts: Arc::default(),
            partner_signals: Arc::default(),
            reference_lists: Arc::default(),
        }
    }

    /// The reference lists job criteria are checked against and hits are named with, read
    /// from the database once.
    pub async fn reference_lists(&self) -> Result<&ReferenceLists, sqlx::Error> {
        self.reference_lists.get_or_try_init(|| ReferenceLists::load(&self.db)).await
    }

    /// The same state reading the matcher and cards an indexer feeds and reports on.
    pub fn with_index(self, matcher: Arc<Matcher>, cards: Arc<CandidateCards>, indexer: Arc<IndexerStatus>) -> Self {
        Self { matcher, cards, indexer, ..self }
    }
}

/// What the document says besides the routes, which the route table documents.
#[derive(OpenApi)]
#[openapi(
    info(title = "Vivier API", description = "Recruitment and talent matching: candidates, schools and partners"),
    components(schemas(crate::error::ErrorBody, crate::codes::ErrorCode, crate::codes::RuleCode))
)]
struct ApiDoc;

fn route_table() -> RouteTable {
    let mut table = RouteTable::new();
    ping::routes(&mut table);
    health::routes(&mut table);
    reports::routes(&mut table);
    reference_lists::routes(&mut table);
    geo::routes(&mut table);
    localizations::routes(&mut table);
    sessions::routes(&mut table);
    accounts::routes(&mut table);
    candidates::routes(&mut table);
    candidate_profile::routes(&mut table);
    candidate_account::routes(&mut table);
    mailbox::routes(&mut table);
    sourcing::routes(&mut table);
    notifications::routes(&mut table);
    offers::routes(&mut table);
    client_config::routes(&mut table);
    project_categories::routes(&mut table);
    soft_skill_percentages::routes(&mut table);
    disc::routes(&mut table);
    tour::routes(&mut table);
    schools::routes(&mut table);
    companies::routes(&mut table);
    table
}

/// Every API route with the access it requires (for the authorization-matrix test).
pub fn routes() -> Vec<RouteInfo> {
    route_table().into_parts().routes
}

/// The OpenAPI document of every route, served at `/api/openapi.json` and printed by
/// `vivier openapi` for the web app's generated types.
pub fn openapi_document() -> utoipa::openapi::OpenApi {
    let parts = route_table().into_parts();
    let mut document = ApiDoc::openapi();
    document.paths = parts.paths;
    let components = document.components.get_or_insert_with(Default::default);
    components.schemas.extend(parts.schemas);
    document
}

/// The API alone, as mounted under `/api`.
pub fn api_router(state: AppState) -> Router {
    route_table()
        .into_parts()
        .router
        .fallback(|| async { Error::NotFound })
        // the same JSON shape as every other error; axum still sets the Allow header
        .method_not_allowed_fallback(|| async {
            Error::Rejected {
                status: axum::http::StatusCode::METHOD_NOT_ALLOWED,
                code: ErrorCode::MethodNotAllowed,
                message: "this path does not accept that method".to_owned(),
            }
        })
        .layer(axum::middleware::from_fn_with_state(state.metrics.clone(), observability::track_requests))
        .layer(DefaultBodyLimit::max(DEFAULT_BODY_LIMIT_BYTES))
        .layer(Extension(state.clone()))
        .with_state(state)
}

/// The whole site: the API under `/api` and the web app from `web_dist` everywhere else.
pub fn app(state: AppState, web_dist: &Path) -> Router {
    let map_style_url = state.settings.map_style_url.clone();
    let page_state = public_profile_page::PageState { app: state.clone(), index_html: web_dist.join("index.html") };
    let site = Router::new()
        .route("/candidat/{slug}", axum::routing::get(public_profile_page::public_profile_page).with_state(page_state))
        // the docs page is mounted here, not in the API router, because it must know its
        // absolute address to fetch the document
        .merge(SwaggerUi::new("/api/docs").url("/api/openapi.json", openapi_document()))
        .nest("/api", api_router(state))
        .fallback_service(web_app::files(web_dist));
    observability::with_access_log(web_app::with_headers(site, map_style_url.as_deref()))
}
