//! What a partner's search hit shows of a candidate beyond the matcher's document (name,
//! headline, availability as entered, public slug, degree), kept in memory beside the matcher.
//!
//! A sourcing search answers in well under a millisecond; reading these fields from Postgres for
//! each page of hits cost several times that. The projection reads them in the same query and
//! snapshot as the document, and the indexer applies cards and documents together: a card is
//! stored before its document is upserted and dropped after its document is removed, so every
//! document a search can see has its card.

use std::sync::{PoisonError, RwLock, RwLockReadGuard};

use chrono::NaiveDate;
use rustc_hash::FxHashMap;

/// The partner-visible fields of a searchable candidate that the matcher does not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CandidateCard {
    pub candidate_id: i64,
    pub firstname: Box<str>,
    pub lastname: Box<str>,
    pub headline: Option<Box<str>>,
    /// As the candidate entered it (the document's `available_from` fills an empty one in).
    pub availability: Option<NaiveDate>,
    /// The public profile's slug, only when the candidate shares the profile.
    pub public_slug: Option<Box<str>>,
    /// The level of the candidate's degree; `None` when they named none.
    pub degree_level: Option<u8>,
    /// The place id of the commune the candidate lives in; `None` for a home abroad.
    pub home_place_id: Option<u32>,
}

/// The cards of every candidate the matcher holds, by candidate id. Hashed with Fx rather than
/// SipHash: the ids are the database's own, and a restart builds the map of a million of them.
#[derive(Debug, Default)]
pub struct CandidateCards {
    cards: RwLock<FxHashMap<i64, CandidateCard>>,
}

impl CandidateCards {
    pub fn new() -> CandidateCards {
        CandidateCards::default()
    }

    /// A consistent view for reading several cards; writers wait while it is held, so hold it briefly.
    pub fn read(&self) -> RwLockReadGuard<'_, FxHashMap<i64, CandidateCard>> {
        self.cards.read().unwrap_or_else(PoisonError::into_inner)
    }

    /// Stores (or replaces) these cards.
    pub fn upsert(&self, cards: impl IntoIterator<Item = CandidateCard>) {
        let cards = cards.into_iter();
        let mut stored = self.cards.write().unwrap_or_else(PoisonError::into_inner);
        // a load from the database or a snapshot brings every card at once: one allocation
        stored.reserve(cards.size_hint().0);
        for card in cards {
            stored.insert(card.candidate_id, card);
        }
    }

    /// Replaces every card (a restart from a snapshot, whose map was built on other threads).
    pub fn replace(&self, cards: FxHashMap<i64, CandidateCard>) {
        *self.cards.write().unwrap_or_else(PoisonError::into_inner) = cards;
    }

    /// Drops the cards of these candidates.
    pub fn remove(&self, candidate_ids: &[i64]) {
        let mut stored = self.cards.write().unwrap_or_else(PoisonError::into_inner);
        for candidate_id in candidate_ids {
            stored.remove(candidate_id);
        }
    }
}
