//! The matcher saved on the replica's own disk, so that a restart serves within seconds: it reads
//! the snapshot and then the change log from the snapshot's position, instead of reading and
//! indexing every candidate again (17.6 s at 1M on the development machine, BENCHMARKS.md).
//!
//! # The file
//! `matcher.snapshot` in [`SnapshotOptions::directory`]: a magic number and the format's version;
//! the [`Header`] (which build wrote it, for which database, at which log position); the
//! candidates' cards; the matcher's image ([`matcher::image`]); then a CRC-32 of everything before
//! it. It is written beside, synced and renamed over the previous one, so a crash while writing
//! leaves the previous snapshot whole.
//!
//! # When a start uses it
//! When all of these hold, else the server loads from Postgres as before and logs why:
//! - it reads back whole (checksum) in this format;
//! - this build wrote it (version and commit: another build's analyzers and layouts may differ);
//! - for this database: the cluster's system identifier and the database's oid (a restored
//!   backup or a recreated database is another database, whose log positions mean nothing here);
//! - with the same migrations applied (the projection follows the schema);
//! - less than half the change log's retention ago: older log rows may be pruned (the rule of a
//!   replica cut off from the database, see [`crate::run`]).
//!
//! # When it is written
//! After each load from Postgres, then every [`SnapshotOptions::interval`] while the matcher
//! changes, on a blocking thread from a frozen state of the matcher: the follower only copies the
//! cards and its position.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use chrono::{DateTime, Utc};
use matcher::Matcher;
use matcher::image::{FrozenMatcher, ImageError, ImageReader, put_length, put_value};
use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;

use crate::cards::CandidateCard;
use crate::change_log::LogPosition;

mod card_layout;

const MAGIC: &[u8; 8] = b"VIVIERMS";
/// Bumped whenever the file's layout (not the image's: the build guards that) changes.
const FORMAT: u32 = 2;
const FILE_NAME: &str = "matcher.snapshot";

/// Where a server keeps its matcher's snapshot, and how often it writes it.
#[derive(Clone, Debug)]
pub struct SnapshotOptions {
    /// A folder of the server's own (not shared between replicas).
    pub directory: PathBuf,
    /// The build's version and commit: a snapshot of another build is never read.
    pub build: String,
    /// The shortest time between two snapshots while the matcher changes.
    pub interval: Duration,
}

/// The database a snapshot belongs to, and the schema it was projected with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DatabaseIdentity {
    system_identifier: i64,
    database_oid: i64,
    last_migration: i64,
}

impl DatabaseIdentity {
    pub async fn of(connection: &mut PgConnection) -> sqlx::Result<DatabaseIdentity> {
        let (system_identifier, database_oid, last_migration) = sqlx::query_as(
            "select (select system_identifier from pg_control_system()),
                    (select oid::int8 from pg_database where datname = current_database()),
                    (select coalesce(max(version), 0) from _sqlx_migrations where success)",
        )
        .fetch_one(connection)
        .await?;
        Ok(DatabaseIdentity { system_identifier, database_oid, last_migration })
    }
}

#[derive(Debug, Serialize, Deserialize)]
struct Header {
    build: String,
    database: DatabaseIdentity,
    written_at: DateTime<Utc>,
    position: LogPosition,
    last_applied_seq: i64,
    /// Candidates whose projection was failing: retried at once after a restore.
    failing: Vec<i64>,
}

/// What a follower hands over to be written: its state at one log position.
pub(crate) struct Capture {
    pub matcher: FrozenMatcher,
    pub cards: Vec<CandidateCard>,
    pub database: DatabaseIdentity,
    pub position: LogPosition,
    pub last_applied_seq: i64,
    pub failing: Vec<i64>,
}

/// What a restore gives the follower back.
pub(crate) struct Restored {
    pub cards: FxHashMap<i64, CandidateCard>,
    /// The candidates of the cards.
    pub indexed: FxHashSet<i64>,
    pub position: LogPosition,
    pub last_applied_seq: i64,
    pub failing: Vec<i64>,
    pub age: Duration,
}

/// Why a snapshot was not used.
#[derive(Debug, thiserror::Error)]
pub enum Refusal {
    #[error("no snapshot yet")]
    Missing,
    #[error("cannot read the snapshot: {0}")]
    Io(#[from] io::Error),
    #[error("the snapshot is damaged: {0}")]
    Damaged(String),
    #[error("the snapshot's matcher is damaged: {0}")]
    Image(#[from] ImageError),
    #[error("the snapshot was written by another build ({0})")]
    OtherBuild(String),
    #[error("the snapshot belongs to another database or schema")]
    OtherDatabase,
    #[error("the snapshot is {0:?} old, past half the change log's retention")]
    Stale(Duration),
}

/// Writes `capture` as the snapshot of `options`, replacing the previous one whole.
pub(crate) fn write(options: &SnapshotOptions, capture: Capture) -> io::Result<u64> {
    std::fs::create_dir_all(&options.directory)?;
    let path = options.directory.join(FILE_NAME);
    let partial = options.directory.join(format!("{FILE_NAME}.partial"));
    let header = Header {
        build: options.build.clone(),
        database: capture.database,
        written_at: Utc::now(),
        position: capture.position,
        last_applied_seq: capture.last_applied_seq,
        failing: capture.failing,
    };
    let mut out = Checksummed {
        inner: BufWriter::with_capacity(1 << 20, File::create(&partial)?),
        crc: crc32fast::Hasher::new(),
        bytes: 0,
    };
    out.write_all(MAGIC)?;
    out.write_all(&FORMAT.to_le_bytes())?;
    put_value(&mut out, &header)?;
    put_length(&mut out, capture.cards.len())?;
    for card in &capture.cards {
        card_layout::put_card(&mut out, card)?;
    }
    capture.matcher.write_to(&mut out)?;
    let crc = out.crc.clone().finalize();
    let written = out.bytes + 4;
    let mut file = out.inner.into_inner().map_err(io::IntoInnerError::into_error)?;
    file.write_all(&crc.to_le_bytes())?;
    file.sync_all()?;
    std::fs::rename(&partial, &path)?;
    File::open(&options.directory)?.sync_all()?;
    Ok(written)
}

/// Reads the snapshot of `options` into `matcher` when it may be used for `database`, and
/// returns the rest of it; `retention` is the change log's.
pub(crate) fn restore(
    options: &SnapshotOptions,
    database: &DatabaseIdentity,
    retention: Duration,
    matcher: &Matcher,
) -> Result<Restored, Refusal> {
    let file = match File::open(options.directory.join(FILE_NAME)) {
        Ok(file) => file,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Err(Refusal::Missing),
        Err(error) => return Err(error.into()),
    };
    let (bytes, sum) = read_summed(&file)?;
    let damaged = |what: &str| Refusal::Damaged(what.to_owned());
    if bytes.len() < MAGIC.len() + 8 || &bytes[..MAGIC.len()] != MAGIC {
        return Err(damaged("not a snapshot"));
    }
    let (content, crc) = bytes.split_at(bytes.len() - 4);
    if sum.to_le_bytes() != crc {
        return Err(damaged("its checksum does not match"));
    }
    let mut input = ImageReader::new(&content[MAGIC.len()..]);
    if input.take(4)? != FORMAT.to_le_bytes() {
        return Err(damaged("another format"));
    }
    let header: Header = input.value()?;
    if header.build != options.build {
        return Err(Refusal::OtherBuild(header.build));
    }
    if &header.database != database {
        return Err(Refusal::OtherDatabase);
    }
    let age = (Utc::now() - header.written_at).to_std().unwrap_or_default();
    if age > retention / 2 {
        return Err(Refusal::Stale(age));
    }
    let encoded_cards: Vec<&[u8]> = (0..input.length()?).map(|_| input.blob()).collect::<Result<_, _>>()?;
    // the cards and the matcher are independent: both at once (the cards are done far sooner)
    let (cards, loaded) = rayon::join(
        || -> Result<_, ImageError> {
            let cards: Vec<CandidateCard> =
                encoded_cards.into_par_iter().map(card_layout::read_card).collect::<Result<_, _>>()?;
            let indexed: FxHashSet<i64> = cards.iter().map(|card| card.candidate_id).collect();
            Ok((cards.into_iter().map(|card| (card.candidate_id, card)).collect(), indexed))
        },
        || matcher.load_image(input.rest()),
    );
    let (cards, indexed) = cards?;
    loaded?;
    Ok(Restored {
        cards,
        indexed,
        position: header.position,
        last_applied_seq: header.last_applied_seq,
        failing: header.failing,
        age,
    })
}

/// Pieces of the file read and summed at once: a gigabyte at 1M candidates.
const READ_PIECE: usize = 32 << 20;

/// The whole file, and the CRC-32 of all of it but its last four bytes (where the sum is kept).
/// Read in pieces on every core: most of reading a large file is the kernel filling fresh pages,
/// which several cores do faster than one; the pieces' sums are then combined.
fn read_summed(file: &File) -> io::Result<(Vec<u8>, u32)> {
    use std::os::unix::fs::FileExt;
    let length = usize::try_from(file.metadata()?.len()).map_err(io::Error::other)?;
    let summed = length.saturating_sub(4);
    let mut bytes = vec![0; length];
    let sums = bytes
        .par_chunks_mut(READ_PIECE)
        .enumerate()
        .map(|(index, piece)| {
            let start = index * READ_PIECE;
            file.read_exact_at(piece, start as u64)?;
            let mut sum = crc32fast::Hasher::new();
            sum.update(&piece[..summed.saturating_sub(start).min(piece.len())]);
            Ok(sum)
        })
        .collect::<io::Result<Vec<_>>>()?;
    let mut whole = crc32fast::Hasher::new();
    sums.iter().for_each(|sum| whole.combine(sum));
    Ok((bytes, whole.finalize()))
}

/// A writer that sums what goes through it.
struct Checksummed<W> {
    inner: W,
    crc: crc32fast::Hasher,
    bytes: u64,
}

impl<W: Write> Write for Checksummed<W> {
    fn write(&mut self, buffer: &[u8]) -> io::Result<usize> {
        let written = self.inner.write(buffer)?;
        self.crc.update(&buffer[..written]);
        self.bytes += written as u64;
        Ok(written)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// The snapshot file of a folder (for tests that damage it).
pub fn file_in(directory: &Path) -> PathBuf {
    directory.join(FILE_NAME)
}
