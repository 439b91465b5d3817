//! The rows' keyword texts as a segment keeps them: each row's text compressed on its own, end to
//! end in one buffer, with where each row's frame ends and how many words the text has (what
//! keyword relevance weighs occurrences by).
//!
//! The texts were half of a replica's memory (677 MB of a million seeded profiles), and a search
//! reads them only to explain its hits (a few dozen texts per query), a merge to rebuild its run.
//! So each segment large enough trains a zstd dictionary on a sample of its own texts and
//! compresses every row against it, in a frame of its own: one text decompresses alone, in about
//! a microsecond, and the dictionary carries the words and phrases profiles share, which a
//! 700-byte text on its own could not (lz4 without one gains 1.24× on them).
//! A segment too small to train a dictionary on keeps its texts as they are. Measured in
//! BENCHMARKS.md ("The rows' texts compressed").
//!
//! A segment's image ([`crate::image`]) saves the frames and the dictionary as they are, so a
//! restart neither tokenizes nor compresses a million texts again. It checks the offsets and each
//! frame's header (the size it claims), not the texts: decompressing a million frames to check them
//! was a sixth of a restart, and the caller's checksum over the whole image already tells a damaged
//! one. A frame that still fails to decompress reads as an empty text (never a panic): searches
//! keep the run's postings, a merge would index the empty text, and the indexer's verification
//! (`VIVIER_INDEX_VERIFY_SECONDS`) reports the document as differing from the database; a restart
//! after deleting the snapshot folder loads from Postgres.

use std::borrow::Cow;
use std::cell::RefCell;
use std::io::{self, Write};

use rayon::prelude::*;
use zstd::zstd_safe::{self, CCtx, CDict, CParameter, DCtx, DDict};

use crate::image::{ImageError, ImageReader, put_blob, put_u32s};
use crate::model::CandidateDoc;

/// Segments with fewer rows keep their texts as they are: too few samples for a dictionary, and
/// too little text for one to matter (the batches and small merged runs).
const ROWS_FOR_A_DICTIONARY: usize = 4096;
/// At most this many texts are sampled (evenly over the rows) to train the dictionary.
const TRAINING_SAMPLES: usize = 20_000;
/// zstd's advice for a dictionary; 64 KB compressed 0.4 % less, 256 KB no better (BENCHMARKS.md).
const DICTIONARY_BYTES: usize = 112 << 10;
/// zstd's default level: level 9 saved another 15 % but compressed six times slower.
const COMPRESSION_LEVEL: i32 = 3;
/// Rows compressed per task of the pool.
const ROWS_PER_TASK: usize = 4096;
/// The largest text a frame of an image read back may claim: a damaged image never sizes an
/// allocation beyond it. A profile's pieces are far smaller; an image holding a larger text is
/// refused (the replica then loads from Postgres), while the segment that built it reads it.
const LARGEST_TEXT_READ_BACK: u64 = 16 << 20;

/// The dictionary a segment's frames were compressed against.
struct Dictionary {
    bytes: Vec<u8>,
    decoder: DDict<'static>,
}

impl Dictionary {
    fn new(bytes: Vec<u8>) -> Option<Dictionary> {
        let decoder = DDict::try_create(&bytes)?;
        Some(Dictionary { bytes, decoder })
    }
}

pub(crate) struct RowTexts {
    /// The rows' frames end to end; each is a row's text, compressed when `dictionary` is some
    /// (its header checked when read back, see the module's documentation).
    frames: Vec<u8>,
    /// Where each row's frame starts, and the end of the last one: one more than the rows.
    offsets: Vec<usize>,
    /// Per row ([`crate::text::text_word_count`]).
    pub words: Vec<u32>,
    /// `None` when the texts are kept as they are.
    dictionary: Option<Dictionary>,
}

thread_local! {
    /// A decompression context per thread: creating one costs more than a text's decompression.
    static DECOMPRESSION: RefCell<DCtx<'static>> = RefCell::new(DCtx::create());
}

/// A compression context for a dictionary's frames: without the dictionary's id (the segment
/// knows it), with the text's size (to size its decompression).
fn frame_writer<'a>(dictionary: &'a CDict<'a>) -> CCtx<'a> {
    let mut context = CCtx::create();
    context.set_parameter(CParameter::DictIdFlag(false)).expect("zstd knows its own parameters");
    context.ref_cdict(dictionary).expect("a dictionary zstd built");
    context
}

/// The size a frame says its text has, if its header reads.
fn claimed_size(frame: &[u8]) -> Option<u64> {
    zstd_safe::get_frame_content_size(frame).ok()?
}

/// The text a frame holds, or `None` when it does not decompress to UTF-8 of the size it says.
fn decompress(frame: &[u8], dictionary: &DDict<'_>) -> Option<String> {
    let size = claimed_size(frame)?;
    let mut text = Vec::with_capacity(size as usize);
    let written =
        DECOMPRESSION.with_borrow_mut(|context| context.decompress_using_ddict(&mut text, frame, dictionary)).ok()?;
    (written as u64 == size).then_some(())?;
    String::from_utf8(text).ok()
}

/// A dictionary trained on up to [`TRAINING_SAMPLES`] non-empty texts spread over the rows;
/// `None` when there are too few rows or zstd finds nothing to learn.
fn train(texts: &[&str]) -> Option<Dictionary> {
    if texts.len() < ROWS_FOR_A_DICTIONARY {
        return None;
    }
    let step = texts.len().div_ceil(TRAINING_SAMPLES);
    let samples: Vec<&[u8]> =
        texts.iter().step_by(step).filter(|text| !text.is_empty()).map(|text| text.as_bytes()).collect();
    Dictionary::new(zstd::dict::from_samples(&samples, DICTIONARY_BYTES).ok()?)
}

/// Some rows' frames end to end, with each frame's end (from the start of these frames).
struct Frames {
    bytes: Vec<u8>,
    ends: Vec<usize>,
    words: Vec<u32>,
}

fn compress_rows(texts: &[&str], dictionary: Option<&CDict<'_>>) -> Frames {
    let mut frames = Frames {
        bytes: Vec::new(),
        ends: Vec::with_capacity(texts.len()),
        words: texts.iter().map(|text| crate::text::text_word_count(text)).collect(),
    };
    let mut writer = dictionary.map(frame_writer);
    let mut frame = Vec::new();
    for text in texts {
        match &mut writer {
            Some(writer) => {
                frame.reserve(zstd_safe::compress_bound(text.len()));
                writer.compress2(&mut frame, text.as_bytes()).expect("the frame has zstd's bound");
                frames.bytes.extend_from_slice(&frame);
            }
            None => frames.bytes.extend_from_slice(text.as_bytes()),
        }
        frames.ends.push(frames.bytes.len());
    }
    frames
}

impl RowTexts {
    /// The texts of the documents, in their order.
    pub(crate) fn of(docs: &[CandidateDoc]) -> RowTexts {
        RowTexts::from_texts(&docs.iter().map(|doc| doc.text.as_str()).collect::<Vec<_>>())
    }

    /// These texts as rows, compressed when there are enough of them, with their words counted.
    fn from_texts(texts: &[&str]) -> RowTexts {
        let dictionary = train(texts);
        let encoder = dictionary.as_ref().map(|dictionary| CDict::create(&dictionary.bytes, COMPRESSION_LEVEL));
        let pieces: Vec<Frames> =
            texts.par_chunks(ROWS_PER_TASK).map(|texts| compress_rows(texts, encoder.as_ref())).collect();
        let mut frames = Vec::with_capacity(pieces.iter().map(|piece| piece.bytes.len()).sum());
        let mut offsets = Vec::with_capacity(texts.len() + 1);
        let mut words = Vec::with_capacity(texts.len());
        offsets.push(0);
        for piece in pieces {
            let start = frames.len();
            offsets.extend(piece.ends.iter().map(|end| start + end));
            frames.extend_from_slice(&piece.bytes);
            words.extend_from_slice(&piece.words);
        }
        RowTexts { frames, offsets, words, dictionary }
    }

    pub(crate) fn rows(&self) -> usize {
        self.words.len()
    }

    fn frame(&self, row: usize) -> &[u8] {
        &self.frames[self.offsets[row]..self.offsets[row + 1]]
    }

    /// A row's text; empty if its frame does not decompress to UTF-8, which only a damaged image
    /// whose checksum still matched could hold (see the module's documentation).
    pub(crate) fn text_of(&self, row: u32) -> Cow<'_, str> {
        let frame = self.frame(row as usize);
        let text = match &self.dictionary {
            Some(dictionary) => decompress(frame, &dictionary.decoder).map(Cow::Owned),
            None => std::str::from_utf8(frame).ok().map(Cow::Borrowed),
        };
        text.unwrap_or_default()
    }

    /// Whether a row's frame reads back: a header claiming at most [`LARGEST_TEXT_READ_BACK`]
    /// bytes, or UTF-8 when the texts are kept as they are.
    fn frame_reads_back(&self, row: usize) -> bool {
        let frame = self.frame(row);
        match &self.dictionary {
            Some(_) => claimed_size(frame).is_some_and(|size| size <= LARGEST_TEXT_READ_BACK),
            None => std::str::from_utf8(frame).is_ok(),
        }
    }

    pub(crate) fn heap_bytes(&self) -> usize {
        // zstd's decoding tables of a dictionary take about as much as the dictionary again
        let dictionary = self.dictionary.as_ref().map_or(0, |dictionary| 2 * dictionary.bytes.capacity());
        self.frames.capacity()
            + self.offsets.capacity() * size_of::<usize>()
            + self.words.capacity() * size_of::<u32>()
            + dictionary
    }

    pub(crate) fn write_to(&self, out: &mut impl Write) -> io::Result<()> {
        put_blob(out, self.dictionary.as_ref().map_or(&[][..], |dictionary| &dictionary.bytes))?;
        put_blob(out, &self.frames)?;
        // 64 bits: a segment of ten million candidates may hold more than 4 GB of text
        let ends: Vec<u8> = self.offsets[1..].iter().flat_map(|&end| (end as u64).to_le_bytes()).collect();
        put_blob(out, &ends)?;
        put_u32s(out, &self.words)
    }

    /// Reads the texts of `rows` rows, refusing offsets out of order, a frame whose header does not
    /// read and, kept as they are, a text that is not UTF-8.
    pub(crate) fn read_from(input: &mut ImageReader<'_>, rows: usize) -> Result<RowTexts, ImageError> {
        let malformed = |what: &str| ImageError::Malformed(format!("the rows' texts: {what}"));
        let dictionary = match input.blob()? {
            [] => None,
            bytes => Some(Dictionary::new(bytes.to_vec()).ok_or_else(|| malformed("a dictionary zstd refuses"))?),
        };
        let frames = input.blob()?;
        let ends = input.blob()?;
        let words = input.u32s()?;
        if ends.len() != rows * 8 || words.len() != rows {
            return Err(malformed("not one end and one word count per row"));
        }
        let mut offsets = Vec::with_capacity(rows + 1);
        offsets.push(0);
        for end in ends.chunks_exact(8) {
            let end = usize::try_from(u64::from_le_bytes(end.try_into().expect("eight bytes")))
                .map_err(|_| malformed("an end past the address space"))?;
            if end < offsets[offsets.len() - 1] {
                return Err(malformed("ends out of order"));
            }
            offsets.push(end);
        }
        if offsets[rows] != frames.len() {
            return Err(malformed("the last end is not the end of the frames"));
        }
        let texts = RowTexts { frames: copy_on_every_core(frames), offsets, words, dictionary };
        if !(0..rows).into_par_iter().all(|row| texts.frame_reads_back(row)) {
            return Err(malformed("a frame whose header does not read or a text that is not UTF-8"));
        }
        Ok(texts)
    }
}

/// `bytes` copied by several threads at once: hundreds of megabytes of fresh pages are filled
/// faster so.
fn copy_on_every_core(bytes: &[u8]) -> Vec<u8> {
    const PIECE: usize = 8 << 20;
    let mut copy = vec![0; bytes.len()];
    copy.par_chunks_mut(PIECE).zip(bytes.par_chunks(PIECE)).for_each(|(to, from)| to.copy_from_slice(from));
    copy
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(texts: &RowTexts) -> Vec<u8> {
        let mut bytes = Vec::new();
        texts.write_to(&mut bytes).unwrap();
        bytes
    }

    /// Enough varied profile-like texts for a dictionary.
    fn many_texts() -> Vec<String> {
        let jobs = ["Soudeuse TIG", "Développeur web", "Chef de projet", "Data analyst", "Vendeuse"];
        let towns = ["Lyon", "Brest", "Nîmes", "Lille", "Tours", "Pau", "Metz"];
        (0..ROWS_FOR_A_DICTIONARY + 100)
            .map(|index| match index % 11 {
                0 => String::new(),
                _ => format!(
                    "{} à {}, {} ans d'expérience, anglais courant. Référence {index}.",
                    jobs[index % jobs.len()],
                    towns[index % towns.len()],
                    index % 13
                ),
            })
            .collect()
    }

    #[test]
    fn texts_read_back_as_written_kept_as_they_are() {
        let original = RowTexts::from_texts(&["Soudeuse TIG à Lyon", "", "chef de projet, anglais courant"]);
        assert!(original.dictionary.is_none(), "three rows are too few for a dictionary");
        let bytes = written(&original);
        let read = RowTexts::read_from(&mut ImageReader::new(&bytes), 3).unwrap();
        assert_eq!(
            (0..3).map(|row| read.text_of(row)).collect::<Vec<_>>(),
            ["Soudeuse TIG à Lyon", "", "chef de projet, anglais courant"]
        );
        assert_eq!(read.words, original.words);
        assert_eq!(read.words[0], 4);
    }

    #[test]
    fn texts_read_back_as_written_compressed() {
        let texts = many_texts();
        let rows: Vec<&str> = texts.iter().map(String::as_str).collect();
        let original = RowTexts::from_texts(&rows);
        assert!(original.dictionary.is_some());
        let total: usize = texts.iter().map(String::len).sum();
        assert!(original.frames.len() * 2 < total, "{} bytes of frames for {total} of text", original.frames.len());
        let read = RowTexts::read_from(&mut ImageReader::new(&written(&original)), rows.len()).unwrap();
        for (row, text) in rows.iter().enumerate() {
            assert_eq!(original.text_of(row as u32), *text);
            assert_eq!(read.text_of(row as u32), *text);
        }
        assert_eq!(read.words, original.words);
    }

    /// A damaged frame header is refused when read back; a frame damaged past its header reads
    /// as an empty text or another one, never a panic. A damaged dictionary may still decompress
    /// to other texts: only the caller's checksum over the whole image tells either.
    #[test]
    fn a_damaged_frame_is_refused_or_reads_without_a_panic() {
        let texts = many_texts();
        let rows: Vec<&str> = texts.iter().map(String::as_str).collect();
        let original = RowTexts::from_texts(&rows);
        let bytes = written(&original);
        let dictionary_length = u64::from_le_bytes(bytes[..8].try_into().unwrap()) as usize;
        let frames_start = 8 + dictionary_length + 8;
        // row 0 is empty: the frame of row 1
        let frame = frames_start + original.offsets[1]..frames_start + original.offsets[2];
        let (mut refused, mut read_empty) = (0, 0);
        for position in frame.clone() {
            let mut damaged = bytes.clone();
            damaged[position] ^= 0x5a;
            match RowTexts::read_from(&mut ImageReader::new(&damaged), rows.len()) {
                Err(error) => {
                    assert!(matches!(error, ImageError::Malformed(_)));
                    refused += 1;
                }
                Ok(read) => read_empty += usize::from(read.text_of(1).is_empty()),
            }
        }
        assert!(refused > 0, "a damaged magic number is refused");
        assert!(read_empty > 0, "a frame that no longer decompresses reads as an empty text");
        assert_eq!(RowTexts::read_from(&mut ImageReader::new(&bytes), rows.len()).unwrap().text_of(1), rows[1]);
    }

    #[test]
    fn an_end_inside_a_character_or_a_wrong_row_count_is_refused() {
        let bytes = written(&RowTexts::from_texts(&["à", "b"]));
        assert!(RowTexts::read_from(&mut ImageReader::new(&bytes), 3).is_err());
        // an empty dictionary (8 bytes), the text "àb" (3 bytes), then the ends, whose first (2)
        // moves to 1
        let first_end = 8 + 8 + 3 + 8;
        let mut inside = bytes.clone();
        inside[first_end] = 1;
        assert!(matches!(RowTexts::read_from(&mut ImageReader::new(&inside), 2), Err(ImageError::Malformed(_))));
        let mut not_utf8 = bytes.clone();
        not_utf8[16] = 0xff;
        assert!(matches!(RowTexts::read_from(&mut ImageReader::new(&not_utf8), 2), Err(ImageError::Malformed(_))));
        let mut backwards = bytes;
        backwards[first_end] = 3;
        backwards[first_end + 8] = 2;
        assert!(matches!(RowTexts::read_from(&mut ImageReader::new(&backwards), 2), Err(ImageError::Malformed(_))));
    }
}
