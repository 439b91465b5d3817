//! Checking the matcher against the database: a fresh projection of every searchable candidate
//! compared with what the matcher and the cards hold. Run now and then by the follow loop (see
//! [`crate::IndexerOptions::verify_interval`]), and by tests and the bench after a run.

use matcher::Matcher;
use sqlx::PgPool;

use crate::Error;
use crate::cards::CandidateCards;
use crate::change_log;
use crate::follower::{Follower, read_in_snapshot, snapshot_transaction};
use crate::projection::{ProjectedBatch, Source};

/// How a comparison of the matcher with a fresh projection came out.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Verification {
    /// The highest seq applied when the comparison ran.
    pub applied_seq: i64,
    /// Searchable candidates in the database.
    pub expected_documents: usize,
    /// Documents in the matcher.
    pub indexed_documents: usize,
    /// Searchable candidates the matcher lacks (at most 20 listed).
    pub missing: Vec<i64>,
    /// Candidates whose document differs from their projection (at most 20 listed).
    pub different: Vec<i64>,
    /// Documents of candidates that are not searchable any more, or gone.
    pub extra: usize,
    /// Candidates that could not be projected.
    pub failed: Vec<i64>,
}

impl Verification {
    /// Whether the matcher holds exactly the projection: every document, nothing else.
    pub fn is_exact(&self) -> bool {
        self.missing.is_empty()
            && self.different.is_empty()
            && self.extra == 0
            && self.failed.is_empty()
            && self.expected_documents == self.indexed_documents
    }
}

/// Compares `matcher` and `cards` with `batch`, a fresh projection of every searchable candidate;
/// a candidate whose document or card differs counts as different.
fn compare_with_projection(batch: ProjectedBatch, matcher: &Matcher, cards: &CandidateCards) -> Verification {
    const LISTED: usize = 20;
    let mut verification = Verification {
        expected_documents: batch.documents.len() + batch.failures.len(),
        indexed_documents: matcher.len(),
        failed: batch.failures.iter().map(|failure| failure.candidate_id).collect(),
        ..Verification::default()
    };
    let mut present = 0;
    let stored_cards = cards.read();
    for (expected, expected_card) in batch.documents.iter().zip(&batch.cards) {
        match matcher.document(expected.candidate_id) {
            Some(indexed) => {
                present += 1;
                let same = &indexed == expected && stored_cards.get(&expected.candidate_id) == Some(expected_card);
                if !same && verification.different.len() < LISTED {
                    verification.different.push(expected.candidate_id);
                }
            }
            None if verification.missing.len() < LISTED => verification.missing.push(expected.candidate_id),
            None => {}
        }
    }
    // every other stored document belongs to a candidate the projection does not produce
    let failed_but_indexed =
        batch.failures.iter().filter(|failure| matcher.document(failure.candidate_id).is_some()).count();
    verification.extra = matcher.len().saturating_sub(present + failed_but_indexed);
    // a card without a document is as wrong as a document without a card
    verification.extra = verification.extra.max(stored_cards.len().saturating_sub(matcher.len()));
    verification
}

/// Compares `matcher` with a fresh projection of the database (for tests and the bench: the
/// caller makes sure the log is quiet and applied).
pub async fn verify_against_projection(
    pool: &PgPool,
    matcher: &Matcher,
    cards: &CandidateCards,
) -> Result<Verification, Error> {
    let mut transaction = snapshot_transaction(pool).await?;
    let batch = read_in_snapshot(pool, &mut transaction, Source::Fresh).await?;
    transaction.commit().await?;
    Ok(compare_with_projection(batch, matcher, cards))
}

impl Follower {
    /// Compares the matcher with a fresh projection of the database, provided every change
    /// visible in the comparison's snapshot has been applied; `None` when some are not yet.
    pub async fn verify(&self) -> Result<Option<Verification>, Error> {
        let mut transaction = snapshot_transaction(&self.pool).await?;
        if change_log::has_rows_after(&mut transaction, &self.position).await? {
            return Ok(None);
        }
        let batch = read_in_snapshot(&self.pool, &mut transaction, Source::Fresh).await?;
        transaction.commit().await?;
        let mut verification = compare_with_projection(batch, &self.matcher, &self.cards);
        verification.applied_seq = self.last_applied_seq;
        Ok(Some(verification))
    }
}
