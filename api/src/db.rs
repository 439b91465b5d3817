//! The Postgres pool and the embedded migrations of `migrations/`.

use std::time::Duration;

use sqlx::PgPool;
use sqlx::postgres::PgPoolOptions;

use crate::config::DatabaseArgs;

/// Every migration of the repository, compiled into the binary; applying them leaves alone the
/// migrations of a newer release (see [`migrate`]).
pub static MIGRATOR: sqlx::migrate::Migrator =
    sqlx::migrate::Migrator { ignore_missing: true, ..sqlx::migrate!("../migrations") };

/// Opens the pool, waiting a little for a database that is still starting.
pub async fn connect(args: &DatabaseArgs) -> anyhow::Result<PgPool> {
    let pool = PgPoolOptions::new()
        .max_connections(args.database_max_connections)
        .acquire_timeout(Duration::from_secs(10))
        .connect(&args.database_url)
        .await?;
    Ok(pool)
}

/// Applies the pending migrations. Migrations the binary does not know are left alone: a newer
/// release applied them, and this one still works on its schema (see [`crate::migrations`]).
pub async fn migrate(pool: &PgPool) -> anyhow::Result<()> {
    MIGRATOR.run(pool).await?;
    Ok(())
}

/// An `ilike` pattern matching the text anywhere, its `%`, `_` and `\` taken literally; `None`
/// for no text or blank text (no filter).
pub fn contains_pattern(text: Option<&str>) -> Option<String> {
    let text = text.map(str::trim).filter(|text| !text.is_empty())?;
    Some(format!("%{}%", text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")))
}
