//! The Postgres pool and the embedded migrations of `migrations/`.

use std::time::Duration;

use sqlx::PgPool;
use sqlx::postgres::PgPoolOptions;

use crate::config::DatabaseArgs;

/// Every migration of the repository, compiled into the binary.
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../migrations");

/// Opens the pool, waiting a little for a database that is still starting.
pub async fn connect(args: &DatabaseArgs) -> anyhow::Result<PgPool> {
    let pool = PgPoolOptions::new()
        .max_connections(args.database_max_connections)
        .acquire_timeout(Duration::from_secs(10))
        .connect(&args.database_url)
        .await?;
    Ok(pool)
}

pub async fn migrate(pool: &PgPool) -> anyhow::Result<()> {
    MIGRATOR.run(pool).await?;
    Ok(())
}
