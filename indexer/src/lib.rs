//! Feeds the matcher from Postgres, the store of record.
