//! The foreign keys and secondary indexes of the tables the seed fills by COPY, dropped before
//! the load and put back after it, in the seed's transaction: Postgres then checks each foreign
//! key with one join and builds each index with one sort, instead of a lookup and an insertion
//! per row. Measured on `vivier seed --candidates 100000`, see the commit that brought it.
//!
//! Everything is read back from the catalog (`pg_get_constraintdef`, `pg_get_indexdef`), so
//! the migrations stay the one definition of the schema. Primary keys and unique constraints
//! stay: the load's ids rely on them.

use sqlx::{AssertSqlSafe, PgConnection};

/// What was dropped, to be put back by [`DeferredChecks::restore`].
pub struct DeferredChecks {
    /// (table, constraint name, definition)
    foreign_keys: Vec<(String, String, String)>,
    /// (index name, definition)
    indexes: Vec<(String, String)>,
}

impl DeferredChecks {
    /// Drops the foreign keys declared on `tables` and their indexes that back no constraint.
    pub async fn drop_on(connection: &mut PgConnection, tables: &[&str]) -> sqlx::Result<DeferredChecks> {
        let tables: Vec<String> = tables.iter().map(|table| (*table).to_owned()).collect();
        let foreign_keys: Vec<(String, String, String)> = sqlx::query_as(
            "select conrelid::regclass::text, quote_ident(conname), pg_get_constraintdef(oid) from pg_constraint
             where contype = 'f' and conrelid = any(select to_regclass(name) from unnest($1::text[]) as name)",
        )
        .bind(&tables)
        .fetch_all(&mut *connection)
        .await?;
        let indexes: Vec<(String, String)> = sqlx::query_as(
            "select indexrelid::regclass::text, pg_get_indexdef(indexrelid) from pg_index
             where indrelid = any(select to_regclass(name) from unnest($1::text[]) as name)
               and not exists (select 1 from pg_constraint where conindid = indexrelid)",
        )
        .bind(&tables)
        .fetch_all(&mut *connection)
        .await?;
        for (table, name, _) in &foreign_keys {
            sqlx::query(AssertSqlSafe(format!("alter table {table} drop constraint {name}")))
                .execute(&mut *connection)
                .await?;
        }
        for (name, _) in &indexes {
            sqlx::query(AssertSqlSafe(format!("drop index {name}"))).execute(&mut *connection).await?;
        }
        Ok(DeferredChecks { foreign_keys, indexes })
    }

    /// Builds the indexes again and adds the foreign keys back, checking every row.
    pub async fn restore(self, connection: &mut PgConnection) -> sqlx::Result<()> {
        // Postgres builds no index on a table with queued trigger events: the deferred soft-skill
        // checks (migration 0009) run now instead of at commit, and are deferred again after
        // (every deferrable constraint of the schema is initially deferred)
        sqlx::query("set constraints all immediate").execute(&mut *connection).await?;
        sqlx::query("set constraints all deferred").execute(&mut *connection).await?;
        for (_, definition) in &self.indexes {
            sqlx::query(AssertSqlSafe(definition.as_str())).execute(&mut *connection).await?;
        }
        for (table, name, definition) in &self.foreign_keys {
            sqlx::query(AssertSqlSafe(format!("alter table {table} add constraint {name} {definition}")))
                .execute(&mut *connection)
                .await?;
        }
        Ok(())
    }
}
