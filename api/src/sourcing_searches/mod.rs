//! A partner's sourcing search as the product keeps it: the criteria as checked and turned into
//! the matcher's query ([`criteria`]), and the saved searches in Postgres ([`store`]). The sourcing
//! routes and the alerts both read them, so they live beside the HTTP layer, not in it.

pub mod criteria;
pub mod store;

use sqlx::PgPool;

use crate::error::Result;

/// The saved searches with alerts on, as matcher queries keyed by their id (for percolation).
pub async fn alert_queries(db: &PgPool) -> Result<Vec<(i64, matcher::SourcingQuery)>> {
    let searches = store::alert_searches(db).await?;
    Ok(searches.into_iter().map(|stored| (stored.id, stored.criteria.query(criteria::Page::COUNTS_ONLY))).collect())
}
