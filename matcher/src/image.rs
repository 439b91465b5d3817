//! A matcher's state written to bytes and read back: a server restarts from a local snapshot of
//! its matcher instead of indexing every candidate again (the indexer's `snapshot` module owns the
//! file, its header, its checksum and the rules for when a snapshot may be used).
//!
//! Each run is written as it is: its documents in row order (without their texts, in a layout of
//! their own: [`documents`]), its dead rows, the rows' texts as the segment keeps them (compressed,
//! with their dictionary) and their word counts, and the files of its tantivy indexes.
//! Reading back opens the tantivy files on every core, then rebuilds the columns from the
//! documents, decoded one at a time (no million documents held), and the geo shards from the
//! columns; the rows' order is kept (no spatial sort): indexing and tokenizing the
//! texts was most of a build's time (see [`crate::text`]). Every part is
//! length-prefixed, so a truncated or damaged image is an error, never a panic; but only a
//! checksum over the whole (the caller's) tells a damaged image from a sound one.
//!
//! An image belongs to the build that wrote it: the documents' layout, the analyzers and the
//! tantivy format may differ in another, so callers never read an image another build wrote.

use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::Ordering;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::Matcher;
use crate::runs::{Run, Snapshot};
use crate::segment::{RowTexts, Segment};
use crate::text::TextFiles;
use documents::EncodedDocuments;

mod documents;

/// Why an image cannot be read back.
#[derive(Debug, thiserror::Error)]
pub enum ImageError {
    #[error("the image ends early")]
    Truncated,
    #[error("the image is malformed: {0}")]
    Malformed(String),
    #[error("a text index of the image does not open: {0}")]
    Text(#[from] tantivy::TantivyError),
}

/// A state of a matcher, frozen for writing: changes applied later do not show in it.
pub struct FrozenMatcher {
    state: Arc<Snapshot>,
}

impl FrozenMatcher {
    /// Live documents in this state.
    pub fn len(&self) -> usize {
        self.state.live()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Writes the image that [`Matcher::load_image`] reads.
    pub fn write_to(&self, out: &mut impl Write) -> io::Result<()> {
        put_length(out, self.state.runs.len())?;
        for run in &self.state.runs {
            put_length(out, run.rows())?;
            put_length(out, run.dead.len())?;
            for word in run.dead.iter() {
                out.write_all(&word.to_le_bytes())?;
            }
            for row in 0..run.rows() as u32 {
                documents::put_document(out, &run.segment.columns.document(row, false))?;
            }
            run.segment.columns.texts.write_to(out)?;
            run.segment.text_index.write_to(out)?;
        }
        Ok(())
    }
}

impl Matcher {
    /// The current state, to write as an image without holding up searches or batches.
    pub fn freeze(&self) -> FrozenMatcher {
        FrozenMatcher { state: self.snapshot() }
    }

    /// Replaces the matcher's content with an image [`FrozenMatcher::write_to`] wrote (in this
    /// build); on an error the matcher is left as it was.
    pub fn load_image(&self, image: &[u8]) -> Result<(), ImageError> {
        let mut input = ImageReader::new(image);
        let mut next = Snapshot::default();
        for _ in 0..input.length()? {
            next.runs.push(read_run(&mut input, self.next_run_id.fetch_add(1, Ordering::Relaxed))?);
        }
        if !input.input.is_empty() {
            return Err(ImageError::Malformed("bytes after the last run".to_owned()));
        }
        next.drop_empty_runs();
        let _writing = self.writer.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        self.publish(next);
        Ok(())
    }
}

fn read_run(input: &mut ImageReader<'_>, id: u64) -> Result<Run, ImageError> {
    let rows = input.length()?;
    let words = input.length()?;
    if words != rows.div_ceil(64) {
        return Err(ImageError::Malformed(format!("{words} words of dead rows for {rows} rows")));
    }
    let dead: Vec<u64> = (0..words).map(|_| input.word()).collect::<Result<_, _>>()?;
    let dead_rows = dead.iter().map(|word| word.count_ones() as usize).sum::<usize>();
    if dead_rows > rows {
        return Err(ImageError::Malformed("more dead rows than rows".to_owned()));
    }
    let encoded: Vec<&[u8]> = (0..rows).map(|_| input.blob()).collect::<Result<_, _>>()?;
    let texts = RowTexts::read_from(input, rows)?;
    let text_files = TextFiles::read_from(input)?;
    let text_index = text_files.open()?;
    if text_index.documents() != rows {
        return Err(ImageError::Malformed(format!("{} text documents for {rows} rows", text_index.documents())));
    }
    let segment = Segment::restore(&EncodedDocuments(encoded), texts, text_index)?;
    Ok(Run { id, segment: Arc::new(segment), dead: Arc::new(dead), live: rows - dead_rows })
}

pub fn put_length(out: &mut impl Write, length: usize) -> io::Result<()> {
    out.write_all(&(length as u64).to_le_bytes())
}

/// Numbers, after their count.
pub fn put_u32s(out: &mut impl Write, numbers: &[u32]) -> io::Result<()> {
    put_length(out, numbers.len() * 4)?;
    numbers.iter().try_for_each(|number| out.write_all(&number.to_le_bytes()))
}

/// A byte string, after its length.
pub fn put_blob(out: &mut impl Write, bytes: &[u8]) -> io::Result<()> {
    put_length(out, bytes.len())?;
    out.write_all(bytes)
}

/// A value in MessagePack (serde's compact binary form that tagged enums can use), after its length.
pub fn put_value<T: Serialize>(out: &mut impl Write, value: &T) -> io::Result<()> {
    put_blob(out, &rmp_serde::to_vec(value).map_err(io::Error::other)?)
}

/// Reads what the `put_` functions wrote, checking every length against what is left.
pub struct ImageReader<'a> {
    input: &'a [u8],
}

impl<'a> ImageReader<'a> {
    pub fn new(input: &'a [u8]) -> ImageReader<'a> {
        ImageReader { input }
    }

    /// What is left to read.
    pub fn rest(&self) -> &'a [u8] {
        self.input
    }

    pub fn take(&mut self, count: usize) -> Result<&'a [u8], ImageError> {
        if count > self.input.len() {
            return Err(ImageError::Truncated);
        }
        let (taken, rest) = self.input.split_at(count);
        self.input = rest;
        Ok(taken)
    }

    /// The next `N` bytes, for a number's `from_le_bytes`.
    pub fn array<const N: usize>(&mut self) -> Result<[u8; N], ImageError> {
        Ok(self.take(N)?.try_into().expect("N bytes taken"))
    }

    pub fn byte(&mut self) -> Result<u8, ImageError> {
        Ok(self.take(1)?[0])
    }

    fn word(&mut self) -> Result<u64, ImageError> {
        Ok(u64::from_le_bytes(self.array()?))
    }

    /// A size that is no count of what follows (a range's rows).
    pub(crate) fn size(&mut self) -> Result<usize, ImageError> {
        let size = self.word()?;
        usize::try_from(size)
            .ok()
            .filter(|&size| size <= u32::MAX as usize)
            .ok_or_else(|| ImageError::Malformed(format!("a size of {size}")))
    }

    /// A length or a count: every item takes a byte at least, so one larger than what is left of
    /// the image is malformed at once (and never sizes an allocation).
    pub fn length(&mut self) -> Result<usize, ImageError> {
        let length = self.word()?;
        usize::try_from(length)
            .ok()
            .filter(|&length| length <= self.input.len())
            .ok_or_else(|| ImageError::Malformed(format!("a length of {length}")))
    }

    /// What [`put_u32s`] wrote.
    pub fn u32s(&mut self) -> Result<Vec<u32>, ImageError> {
        let bytes = self.blob()?;
        if bytes.len() % 4 != 0 {
            return Err(ImageError::Malformed(format!("{} bytes of numbers", bytes.len())));
        }
        Ok(bytes.chunks_exact(4).map(|number| u32::from_le_bytes(number.try_into().expect("four bytes"))).collect())
    }

    pub fn blob(&mut self) -> Result<&'a [u8], ImageError> {
        let length = self.length()?;
        self.take(length)
    }

    pub fn value<T: DeserializeOwned>(&mut self) -> Result<T, ImageError> {
        decode(self.blob()?)
    }
}

/// A value [`put_value`] wrote, without its length.
pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ImageError> {
    rmp_serde::from_slice(bytes).map_err(|error| ImageError::Malformed(error.to_string()))
}
