//! The rows' keyword texts as a segment keeps them: end to end in one string, with where each
//! row's text ends and how many words it has (what keyword relevance weighs occurrences by).
//!
//! A segment's image ([`crate::image`]) saves them as they are, so that a restart neither
//! tokenizes a million texts again (most of rebuilding the columns) nor allocates a string per
//! document: it checks the offsets, then that each row's text is UTF-8, on every core. The
//! texts are kept as bytes so that this check is the only one (a row's text is checked again
//! when it is read, which a search does only for the few hits it explains).

use std::io::{self, Write};

use crate::image::{ImageError, ImageReader, put_blob, put_u32s};
use crate::model::CandidateDoc;

pub(crate) struct RowTexts {
    /// Each row's text is UTF-8 (checked when built or read).
    text: Vec<u8>,
    /// Where each row's text starts, and the end of the last one: one more than the rows.
    offsets: Vec<usize>,
    /// Per row ([`crate::text::text_word_count`]).
    pub words: Vec<u32>,
}

impl RowTexts {
    /// The texts of the documents, in their order.
    pub(crate) fn of(docs: &[CandidateDoc]) -> RowTexts {
        RowTexts::from_texts(&docs.iter().map(|doc| doc.text.as_str()).collect::<Vec<_>>())
    }

    /// These texts as rows, with their words counted. On one thread: a build counts them beside
    /// the text index's own threads, which would otherwise wait on each other.
    fn from_texts(texts: &[&str]) -> RowTexts {
        let words = texts.iter().map(|text| crate::text::text_word_count(text)).collect();
        let mut text = Vec::with_capacity(texts.iter().map(|text| text.len()).sum());
        let mut offsets = Vec::with_capacity(texts.len() + 1);
        offsets.push(0);
        for row in texts {
            text.extend_from_slice(row.as_bytes());
            offsets.push(text.len());
        }
        RowTexts { text, offsets, words }
    }

    pub(crate) fn rows(&self) -> usize {
        self.words.len()
    }

    pub(crate) fn text_of(&self, row: u32) -> &str {
        let row = row as usize;
        std::str::from_utf8(&self.text[self.offsets[row]..self.offsets[row + 1]])
            .expect("every row's text is checked when built or read")
    }

    pub(crate) fn heap_bytes(&self) -> usize {
        self.text.capacity() + self.offsets.capacity() * size_of::<usize>() + self.words.capacity() * size_of::<u32>()
    }

    pub(crate) fn write_to(&self, out: &mut impl Write) -> io::Result<()> {
        put_blob(out, &self.text)?;
        // 64 bits: a segment of ten million candidates holds more than 4 GB of text
        let ends: Vec<u8> = self.offsets[1..].iter().flat_map(|&end| (end as u64).to_le_bytes()).collect();
        put_blob(out, &ends)?;
        put_u32s(out, &self.words)
    }

    /// Reads the texts of `rows` rows, refusing any that is not UTF-8 or offsets out of order.
    pub(crate) fn read_from(input: &mut ImageReader<'_>, rows: usize) -> Result<RowTexts, ImageError> {
        use rayon::prelude::*;
        let malformed = |what: &str| ImageError::Malformed(format!("the rows' texts: {what}"));
        let text = input.blob()?;
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
        if offsets[rows] != text.len() {
            return Err(malformed("the last end is not the end of the text"));
        }
        if !offsets.par_windows(2).all(|row| std::str::from_utf8(&text[row[0]..row[1]]).is_ok()) {
            return Err(malformed("a text that is not UTF-8"));
        }
        Ok(RowTexts { text: copy_on_every_core(text), offsets, words })
    }
}

/// `bytes` copied by several threads at once: hundreds of megabytes of fresh pages are filled
/// faster so.
fn copy_on_every_core(bytes: &[u8]) -> Vec<u8> {
    use rayon::prelude::*;
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

    #[test]
    fn texts_read_back_as_written() {
        let original = RowTexts::from_texts(&["Soudeuse TIG à Lyon", "", "chef de projet, anglais courant"]);
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
    fn an_end_inside_a_character_or_a_wrong_row_count_is_refused() {
        let bytes = written(&RowTexts::from_texts(&["à", "b"]));
        assert!(RowTexts::read_from(&mut ImageReader::new(&bytes), 3).is_err());
        // the text "àb" is 3 bytes: its blob, then the ends' blob, whose first end (2) moves to 1
        let first_end = 8 + 3 + 8;
        let mut inside = bytes.clone();
        inside[first_end] = 1;
        assert!(matches!(RowTexts::read_from(&mut ImageReader::new(&inside), 2), Err(ImageError::Malformed(_))));
        let mut not_utf8 = bytes.clone();
        not_utf8[8] = 0xff;
        assert!(matches!(RowTexts::read_from(&mut ImageReader::new(&not_utf8), 2), Err(ImageError::Malformed(_))));
        let mut backwards = bytes;
        backwards[first_end] = 3;
        backwards[first_end + 8] = 2;
        assert!(matches!(RowTexts::read_from(&mut ImageReader::new(&backwards), 2), Err(ImageError::Malformed(_))));
    }
}
