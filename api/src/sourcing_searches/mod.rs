//! A partner's sourcing search as the product keeps it: the criteria as checked and turned into
//! the matcher's query ([`criteria`]), and the saved searches in Postgres ([`store`]). The sourcing
//! routes and the alerts both read them, so they live beside the HTTP layer, not in it.

pub mod audience;
pub mod criteria;
pub mod store;

use sqlx::PgPool;

use crate::error::Result;

/// The saved searches with alerts on, as matcher queries keyed by their id (for percolation).
/// Each is compiled with its owner's audience of the moment.
pub async fn alert_queries(db: &PgPool) -> Result<Vec<(i64, matcher::SourcingQuery)>> {
    let searches = store::alert_searches(db).await?;
    let audiences = audience::alerting_audiences(db).await?;
    Ok(searches
        .into_iter()
        .map(|stored| {
            let audience = audiences.get(&stored.partner_id).cloned().unwrap_or_default();
            (stored.id, stored.criteria.query(criteria::Page::COUNTS_ONLY, audience))
        })
        .collect())
}
