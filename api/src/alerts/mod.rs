//! Saved-search alerts: a partner who turns alerts on for a saved search hears of every
//! candidate who starts to match it, once per candidate and search.
//!
//! - [`percolate`]: the indexer reports each batch it applies (every upserted document before
//!   and after); the saved searches with alerts, held compiled in a [`matcher::Percolator`],
//!   tell which searches each candidate matches now and did not before. Each such pair becomes
//!   a row of `sourcing_search_matches`, unique per (search, candidate): whichever server writes
//!   it first notifies, the others (and a restart) find it there and do nothing.
//! - The rows are the partner's notifications (`/api/api/notifications`); [`live`] tells the
//!   partner's open pages the moment one is written.
//! - [`digest`]: `daily` searches are told of in one digest a day at most per partner, up to
//!   [`digest::DIGEST_SIZE`] candidates; `immediate` ones in one email per batch.
//!
//! Every server runs both tasks ([`spawn`]); the emails go through the outbox worker.

pub mod digest;
pub mod live;
pub mod percolate;
pub mod reason;

use std::sync::Arc;
use std::time::Duration;

use indexer::Transition;
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};

use crate::mail::Mailing;

/// How a saved search alerts its partner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum AlertMode {
    /// No notification (the default).
    #[default]
    Off,
    /// Notifications, and one digest email a day at most.
    Daily,
    /// Notifications, and an email as soon as candidates start to match.
    Immediate,
}

impl AlertMode {
    pub fn as_str(self) -> &'static str {
        match self {
            AlertMode::Off => "off",
            AlertMode::Daily => "daily",
            AlertMode::Immediate => "immediate",
        }
    }

    pub fn parse(value: &str) -> AlertMode {
        match value {
            "daily" => AlertMode::Daily,
            "immediate" => AlertMode::Immediate,
            _ => AlertMode::Off,
        }
    }
}

/// The channel the indexer reports applied batches on (see `IndexerOptions::applied`).
pub fn channel() -> (UnboundedSender<Vec<Transition>>, UnboundedReceiver<Vec<Transition>>) {
    unbounded_channel()
}

/// Starts the percolation of the indexer's batches and the periodic digest, for as long as the
/// server runs; abort the handles to stop them.
pub fn spawn(
    mailing: &Mailing,
    alerts: &Arc<percolate::AlertIndex>,
    batches: UnboundedReceiver<Vec<Transition>>,
    digest_every: Duration,
) -> [tokio::task::JoinHandle<()>; 2] {
    [
        tokio::spawn(percolate::run(mailing.clone(), alerts.clone(), batches)),
        tokio::spawn(digest::run(mailing.clone(), digest_every)),
    ]
}
