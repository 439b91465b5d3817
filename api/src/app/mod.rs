//! The application state: what every handler can reach, built once by `vivier serve` (or a test)
//! and cloned into each request. It lives outside the HTTP layer so that background tasks
//! (alerts, search demand, retention) and the HTTP layer both depend on it, never on each other.

pub mod recorder;
mod settings;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use indexer::IndexerStatus;
use indexer::cards::CandidateCards;
use matcher::Matcher;
use sqlx::PgPool;

pub use self::settings::{RateLimits, Settings};
use crate::auth::session::SessionChecks;
use crate::engine::Engine;
use crate::job_criteria::ReferenceLists;
use crate::mail::{Mailer, Mailing};
use crate::search_demand::runs::DemandInputs;

/// When the pool's soft-skill shares were last computed, and each family's share by family id
/// (names are added per call, in the caller's language).
pub type PoolShares = std::sync::Mutex<Option<(Instant, serde_json::Value)>>;

/// What every handler can reach. Cheap to clone.
#[derive(Clone)]
pub struct AppState {
    pub db: PgPool,
    pub settings: Arc<Settings>,
    pub mailer: Arc<Mailer>,
    pub limits: Arc<RateLimits>,
    /// Session checks that passed recently.
    pub session_checks: Arc<SessionChecks>,
    /// The in-memory sourcing engine, kept current by the indexer task, and the bridge to it.
    pub engine: Engine,
    /// What search hits show of each candidate the matcher holds, kept current with it.
    pub cards: Arc<CandidateCards>,
    /// What the indexer reports about the matcher (health, metrics).
    pub indexer: Arc<IndexerStatus>,
    /// The candidate pool's soft-skill profile, recomputed every few minutes.
    pub pool_soft_skill_shares: Arc<PoolShares>,
    /// The searches partners ran since they were last stored (see [`crate::search_demand`]).
    pub search_runs: Arc<crate::search_demand::runs::SearchRunLog>,
    /// Figures of the HTTP traffic, the pool and the matcher, rendered at `/api/metrics`.
    pub metrics: Arc<recorder::Metrics>,
    /// Set on SIGTERM: readiness answers 503 so that load balancers drain this server.
    pub stopping: Arc<AtomicBool>,
    /// The saved searches with alerts, compiled for percolation.
    pub alerts: Arc<crate::alerts::percolate::AlertIndex>,
    /// The live job offers, compiled for percolation ("offers for me").
    pub offers: Arc<crate::job_offers::OfferIndex>,
    /// Which partners' notifications just changed, for their open notification streams.
    pub partner_signals: Arc<crate::alerts::live::PartnerSignals>,
    /// The reference lists job criteria are checked against, read on first use.
    reference_lists: Arc<tokio::sync::OnceCell<ReferenceLists>>,
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
            engine: Engine::new(Arc::new(Matcher::new())),
            cards: Arc::new(CandidateCards::new()),
            indexer: Arc::new(IndexerStatus::new()),
            pool_soft_skill_shares: Arc::default(),
            search_runs: Arc::default(),
            metrics: Arc::default(),
            stopping: Arc::default(),
            alerts: Arc::default(),
            offers: Arc::default(),
            partner_signals: Arc::default(),
            reference_lists: Arc::default(),
        }
    }

    /// The reference lists job criteria are checked against and hits are named with, read
    /// from the database once.
    pub async fn reference_lists(&self) -> Result<&ReferenceLists, sqlx::Error> {
        self.reference_lists.get_or_try_init(|| ReferenceLists::load(&self.db)).await
    }

    /// What the background jobs that write emails need (alerts, retention).
    pub fn mailing(&self) -> Mailing {
        Mailing { db: self.db.clone(), settings: self.settings.clone(), mailer: self.mailer.clone() }
    }

    /// What storing and evaluating partners' searches needs (see [`crate::search_demand`]).
    pub fn demand_inputs(&self) -> DemandInputs {
        DemandInputs {
            db: self.db.clone(),
            engine: self.engine.clone(),
            runs: self.search_runs.clone(),
            indexer: self.indexer.clone(),
        }
    }

    /// The same state reading the matcher and cards an indexer feeds and reports on.
    pub fn with_index(self, matcher: Arc<Matcher>, cards: Arc<CandidateCards>, indexer: Arc<IndexerStatus>) -> Self {
        Self { engine: Engine::new(matcher), cards, indexer, ..self }
    }
}
