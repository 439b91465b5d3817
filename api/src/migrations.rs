//! Migrations an operator controls: which of the binary's migrations a database lacks
//! (`vivier migrate --check`), and what `vivier serve` does about them (`--migrate`).
//!
//! During a rolling upgrade the new release's migrations are applied while the previous release
//! still serves, and an old replica may restart after them: every migration therefore keeps the
//! previous release's queries working (expand now, contract in a later release; see
//! DEPLOYING.md and the lint below), and a binary that finds migrations it does not know (a
//! newer release applied them) starts anyway.

use std::collections::HashMap;

use sqlx::PgPool;

use crate::db::MIGRATOR;

/// What `vivier serve` does with pending migrations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum MigrateMode {
    /// Apply them at start (several replicas starting at once take turns on a lock)
    Auto,
    /// Refuse to start while some are pending: `vivier migrate` runs them, once per upgrade
    Check,
    /// Start without looking (the schema is someone else's business)
    Never,
}

/// A migration of this binary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MigrationName {
    pub version: i64,
    pub description: String,
}

impl std::fmt::Display for MigrationName {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(formatter, "{:04} {}", self.version, self.description)
    }
}

/// How a database's schema compares with this binary's migrations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MigrationStatus {
    /// How many of this binary's migrations are applied.
    pub applied: usize,
    /// This binary's migrations the database lacks, oldest first.
    pub pending: Vec<MigrationName>,
    /// Applied versions this binary does not know: a newer release applied them.
    pub newer: Vec<i64>,
}

/// Compares the database with the binary's migrations. An error for a schema no release can
/// serve: a migration that failed half-way, or one changed after it was applied.
pub async fn status(pool: &PgPool) -> anyhow::Result<MigrationStatus> {
    let has_table: bool =
        sqlx::query_scalar("select to_regclass('_sqlx_migrations') is not null").fetch_one(pool).await?;
    let rows: Vec<(i64, bool, Vec<u8>)> = if has_table {
        sqlx::query_as("select version, success, checksum from _sqlx_migrations").fetch_all(pool).await?
    } else {
        Vec::new()
    };
    if let Some((version, ..)) = rows.iter().find(|(_, success, _)| !success) {
        anyhow::bail!(
            "migration {version} failed half-way: repair the schema by hand, then delete its row of _sqlx_migrations"
        );
    }
    let applied: HashMap<i64, Vec<u8>> = rows.into_iter().map(|(version, _, checksum)| (version, checksum)).collect();
    let known: Vec<_> = MIGRATOR.iter().filter(|migration| !migration.migration_type.is_down_migration()).collect();
    let mut status = MigrationStatus { applied: 0, pending: Vec::new(), newer: Vec::new() };
    for migration in &known {
        match applied.get(&migration.version) {
            Some(checksum) if checksum.as_slice() != &*migration.checksum => anyhow::bail!(
                "migration {} was changed after it was applied: this binary and the database disagree",
                migration.version
            ),
            Some(_) => status.applied += 1,
            None => status
                .pending
                .push(MigrationName { version: migration.version, description: migration.description.to_string() }),
        }
    }
    status.newer = applied.keys().copied().filter(|version| !known.iter().any(|m| m.version == *version)).collect();
    status.newer.sort_unstable();
    Ok(status)
}

/// Does what `mode` says before a server starts.
pub async fn prepare(pool: &PgPool, mode: MigrateMode) -> anyhow::Result<()> {
    if mode == MigrateMode::Never {
        tracing::info!("migrations not checked (--migrate never)");
        return Ok(());
    }
    let status = status(pool).await?;
    if !status.newer.is_empty() {
        tracing::warn!(
            versions = ?status.newer,
            "the database has migrations this release does not know: a newer release applied them (expected during a rolling upgrade)"
        );
    }
    if status.pending.is_empty() {
        return Ok(());
    }
    let pending = status.pending.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ");
    match mode {
        MigrateMode::Check => anyhow::bail!(
            "{} migrations pending ({pending}): run `vivier migrate`, or start with --migrate auto",
            status.pending.len()
        ),
        _ => {
            crate::db::migrate(pool).await?;
            tracing::info!(count = status.pending.len(), %pending, "migrations applied");
            Ok(())
        }
    }
}

#[cfg(test)]
mod rolling_upgrade_lint;
