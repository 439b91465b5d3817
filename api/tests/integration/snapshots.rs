//! A replica restarting from its snapshot of the matcher: it catches up with what changed since
//! the snapshot, and a damaged, cut, stale or foreign snapshot is ignored for a load from the
//! database. Equality with a fresh projection of the database is the verdict every time.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use api::seed;
use indexer::snapshot::file_in;
use indexer::{IndexerOptions, SnapshotOptions};
use sqlx::PgPool;

use crate::indexer::{assert_matcher_equals_database, change_profile, load_with, test_options};

/// A folder of its own for one test's snapshots, removed when dropped.
struct SnapshotFolder(PathBuf);

impl SnapshotFolder {
    fn new() -> SnapshotFolder {
        SnapshotFolder(std::env::temp_dir().join(format!("vivier-snapshot-{}", uuid::Uuid::new_v4())))
    }

    fn options(&self, build: &str) -> IndexerOptions {
        IndexerOptions {
            snapshot: Some(SnapshotOptions {
                directory: self.0.clone(),
                build: build.to_owned(),
                interval: Duration::ZERO,
            }),
            ..test_options()
        }
    }

    /// The snapshot's bytes once a load has written one other than `previous`.
    async fn written_over(&self, previous: &[u8]) -> Vec<u8> {
        let deadline = Instant::now() + Duration::from_secs(30);
        while Instant::now() < deadline {
            match std::fs::read(file_in(&self.0)) {
                Ok(bytes) if bytes != previous => return bytes,
                _ => tokio::time::sleep(Duration::from_millis(20)).await,
            }
        }
        panic!("no new snapshot written in {}", self.0.display());
    }

    fn replace_with(&self, bytes: &[u8]) {
        std::fs::write(file_in(&self.0), bytes).unwrap();
    }
}

impl Drop for SnapshotFolder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

async fn first_candidates(pool: &PgPool, count: i64) -> Vec<i64> {
    sqlx::query_scalar("select user_id from candidates order by user_id limit $1")
        .bind(count)
        .fetch_all(pool)
        .await
        .unwrap()
}

#[sqlx::test(migrations = "../migrations")]
async fn a_replica_restarts_from_its_snapshot_and_catches_up_with_what_changed_since(pool: PgPool) {
    seed::seed_database(&pool, 80, 5).await.unwrap();
    let folder = SnapshotFolder::new();
    let (first, status, follower) = load_with(&pool, folder.options("build 1")).await;
    assert!(!status.report().loaded_from_snapshot, "no snapshot yet: loaded from the database");
    let before = folder.written_over(&[]).await;
    drop((first, follower));

    // what changes while the replica is down: every kind of profile change, hides and returns
    for (round, candidate_id) in first_candidates(&pool, 14).await.into_iter().enumerate() {
        change_profile(&pool, candidate_id, round as i64).await.unwrap();
    }

    let (restarted, status, _follower) = load_with(&pool, folder.options("build 1")).await;
    assert!(status.report().loaded_from_snapshot);
    assert!(status.is_ready());
    assert_matcher_equals_database(&pool, &restarted).await;
    // caught up, it saves the matcher with the changes
    folder.written_over(&before).await;
}

#[sqlx::test(migrations = "../migrations")]
async fn a_damaged_cut_stale_or_foreign_snapshot_is_ignored_and_the_database_loaded(pool: PgPool) {
    seed::seed_database(&pool, 40, 6).await.unwrap();
    let folder = SnapshotFolder::new();
    let (_first, _, _follower) = load_with(&pool, folder.options("build 1")).await;
    let sound = folder.written_over(&[]).await;

    let mut damaged = sound.clone();
    let middle = damaged.len() / 2;
    damaged[middle] ^= 0x20;
    let cut = &sound[..sound.len() - 100];
    let stale = IndexerOptions { retention: Duration::from_millis(2), ..folder.options("build 1") };
    let cases: [(&str, &[u8], IndexerOptions); 4] = [
        ("one byte changed", &damaged, folder.options("build 1")),
        ("cut short", cut, folder.options("build 1")),
        ("written by another build", &sound, folder.options("build 2")),
        ("older than half the log's retention", &sound, stale),
    ];
    for (case, bytes, options) in cases {
        folder.replace_with(bytes);
        let (replica, status, _follower) = load_with(&pool, options).await;
        assert!(!status.report().loaded_from_snapshot, "{case}: loaded from the database instead");
        assert_matcher_equals_database(&pool, &replica).await;
        // the load saves the matcher anew: wait for it, lest it land on the next case's file
        folder.written_over(bytes).await;
    }

    // a migration applied since: the projection may have changed, so the snapshot is another schema's
    folder.replace_with(&sound);
    sqlx::query(
        "insert into _sqlx_migrations (version, description, success, checksum, execution_time)
         select max(version) + 1, 'a later release', true, '\\x00', 0 from _sqlx_migrations",
    )
    .execute(&pool)
    .await
    .unwrap();
    let (replica, status, _follower) = load_with(&pool, folder.options("build 1")).await;
    assert!(!status.report().loaded_from_snapshot, "after a migration: loaded from the database instead");
    assert_matcher_equals_database(&pool, &replica).await;
    folder.written_over(&sound).await;
}
