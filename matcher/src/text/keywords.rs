//! A query's keywords against one segment's text index: how many documents hold them, which rows
//! do (sought to one row after another, or read whole into a bitset), and how often.

use tantivy::postings::{Postings, SegmentPostings};
use tantivy::schema::{Field, IndexRecordOption};
use tantivy::{DocId, DocSet, SegmentReader, Term};

use super::{ENGLISH_STEM, FRENCH_STEM, KeywordTerm, SAME_STEM, TextIndex};
use crate::semantics::keyword_relevance;

/// A query's keyword terms against one segment's text index.
pub(crate) struct KeywordFilter<'a> {
    pub(super) index: &'a TextIndex,
    pub(super) variants: Vec<TermVariants>,
}

impl KeywordFilter<'_> {
    /// How many documents may hold every keyword, counted up to a little past `limit`: for each
    /// term the documents holding any of its tokens (a document holding two is counted twice),
    /// the smallest over the terms. Reads only the term dictionaries.
    pub(crate) fn documents_at_most(&self, limit: usize) -> usize {
        self.variants.iter().map(|variants| self.term_documents_at_most(variants, limit)).min().unwrap_or(0)
    }

    /// The documents of every term's tokens, summed over the terms, counted up to a little past
    /// `limit`: what [`KeywordFilter::row_bits`] reads. Reads only the term dictionaries.
    pub(crate) fn postings_at_most(&self, limit: usize) -> usize {
        self.variants.iter().fold(0, |documents, variants| match documents > limit {
            true => documents,
            false => documents + self.term_documents_at_most(variants, limit - documents),
        })
    }

    /// The documents holding any of a term's tokens (a document holding two counted twice), counted
    /// up to a little past `limit`.
    fn term_documents_at_most(&self, variants: &TermVariants, limit: usize) -> usize {
        let field = self.index.fields.text;
        let mut documents = 0usize;
        for searcher in &self.index.chunks {
            let Ok(inverted_index) = searcher.segment_reader(0).inverted_index(field) else { continue };
            documents += variants
                .all()
                .map(|token| inverted_index.doc_freq(token).map_or(0, |count| count as usize))
                .sum::<usize>();
            if documents > limit {
                break;
            }
        }
        documents
    }

    /// A bit per row (`rows` bits, the index's rows), set for the rows that hold every keyword,
    /// read from each token's postings in one pass: for a scan that would otherwise ask about many
    /// more candidates than those postings hold, cheaper than seeking them to each candidate.
    pub(crate) fn row_bits(&self, rows: usize) -> Vec<u64> {
        let field = self.index.fields.text;
        let mut holding_all = vec![u64::MAX; rows.div_ceil(64)];
        let mut holding_term = vec![0u64; holding_all.len()];
        for variants in &self.variants {
            holding_term.fill(0);
            for (chunk, searcher) in self.index.chunks.iter().enumerate() {
                let start = chunk * self.index.chunk_rows;
                let Ok(inverted_index) = searcher.segment_reader(0).inverted_index(field) else { continue };
                for token in variants.all() {
                    let Ok(Some(mut postings)) = inverted_index.read_block_postings(token, IndexRecordOption::Basic)
                    else {
                        continue; // absent from this index (a RAM index always reads)
                    };
                    while !postings.docs().is_empty() {
                        for &doc in postings.docs() {
                            let row = start + doc as usize;
                            holding_term[row / 64] |= 1 << (row % 64);
                        }
                        postings.advance();
                    }
                }
            }
            for (all, term) in holding_all.iter_mut().zip(&holding_term) {
                *all &= term;
            }
        }
        holding_all
    }

    /// A cursor that tells which rows hold every keyword.
    pub(crate) fn cursor(&self) -> KeywordCursor<'_> {
        KeywordCursor {
            filter: self,
            chunk: usize::MAX,
            last_doc: 0,
            postings: Vec::new(),
            last_held: None,
            occurrences: vec![0; self.variants.len()],
        }
    }
}

/// Tells whether rows hold every keyword, and how often, by seeking the keywords' postings to each
/// row's document: rows asked in increasing order cost one pass over the postings (a row before
/// the last asked opens its index's postings again).
pub(crate) struct KeywordCursor<'a> {
    filter: &'a KeywordFilter<'a>,
    /// The index whose postings are open (`usize::MAX` before the first row).
    chunk: usize,
    last_doc: DocId,
    postings: Vec<TermPostings>,
    /// The last row that held every keyword, with each term's occurrences in it.
    last_held: Option<u32>,
    occurrences: Vec<u32>,
}

impl KeywordCursor<'_> {
    /// Whether the row's text holds every keyword term.
    pub(crate) fn holds(&mut self, row: u32) -> bool {
        let (chunk, doc) = self.filter.index.locate(row);
        if chunk != self.chunk || doc < self.last_doc {
            let segment = self.filter.index.chunks[chunk].segment_reader(0);
            let Ok(postings) = TermPostings::open_all(segment, self.filter.index.fields.text, &self.filter.variants)
            else {
                return false; // a RAM segment always opens
            };
            self.postings = postings;
            self.chunk = chunk;
        }
        self.last_doc = doc;
        self.last_held = None;
        for (count, term) in self.occurrences.iter_mut().zip(&mut self.postings) {
            *count = term.occurrences_in(doc);
            if *count == 0 {
                return false;
            }
        }
        self.last_held = Some(row);
        true
    }

    /// Of the last row that [`KeywordCursor::holds`] accepted, how often each term occurs.
    pub(crate) fn occurrences(&self) -> &[u32] {
        &self.occurrences
    }

    /// The keyword relevance of the last row that [`KeywordCursor::holds`] accepted, whose text
    /// has `words` words.
    pub(crate) fn relevance(&self, words: u32) -> f64 {
        keyword_relevance(&self.occurrences, words)
    }

    /// The keyword relevance of a row that holds every keyword, whose text has `words` words: the
    /// postings are sought to it unless it is the last row [`KeywordCursor::holds`] accepted.
    pub(crate) fn relevance_of(&mut self, row: u32, words: u32) -> f64 {
        if self.last_held != Some(row) {
            let holds = self.holds(row);
            debug_assert!(holds, "only a row holding every keyword has a relevance");
        }
        self.relevance(words)
    }
}

/// The indexed tokens a keyword term matches (see [`SAME_STEM`]): its French stem as `=f` or `<f`,
/// its English stem as `=e` or `>e`.
pub(super) struct TermVariants {
    french: [Term; 2],
    english: [Term; 2],
}

impl TermVariants {
    pub(super) fn of(field: Field, term: &KeywordTerm) -> TermVariants {
        let token = |marker: char, stem: &str| Term::from_field_text(field, &format!("{marker}{stem}"));
        TermVariants {
            french: [token(SAME_STEM, &term.french), token(FRENCH_STEM, &term.french)],
            english: [token(SAME_STEM, &term.english), token(ENGLISH_STEM, &term.english)],
        }
    }

    /// The distinct tokens (`=f` and `=e` are one when the stems agree).
    pub(super) fn all(&self) -> impl Iterator<Item = &Term> {
        let same_stem_twice = self.french[0] == self.english[0];
        self.french.iter().chain(self.english.iter().skip(usize::from(same_stem_twice)))
    }
}

/// The postings of one indexed token in a segment, absent when the token is not there.
struct TokenPostings(Option<SegmentPostings>);

impl TokenPostings {
    /// The token's frequency in `doc`; documents must be asked in increasing order.
    #[inline]
    fn frequency_in(&mut self, doc: DocId) -> u32 {
        let Some(postings) = &mut self.0 else { return 0 };
        if postings.doc() < doc {
            postings.seek(doc);
        }
        if postings.doc() == doc { postings.term_freq() } else { 0 }
    }
}

/// The postings of a keyword term's tokens in one segment (see [`TermVariants`]).
struct TermPostings {
    same_french: TokenPostings,
    french_only: TokenPostings,
    /// `None` when it is `same_french`'s token.
    same_english: Option<TokenPostings>,
    english_only: TokenPostings,
}

impl TermPostings {
    /// The postings, with frequencies, of every term's tokens in a segment.
    fn open_all(segment: &SegmentReader, text: Field, variants: &[TermVariants]) -> tantivy::Result<Vec<TermPostings>> {
        let inverted_index = segment.inverted_index(text)?;
        let open = |term: &Term| -> tantivy::Result<TokenPostings> {
            Ok(TokenPostings(inverted_index.read_postings(term, IndexRecordOption::WithFreqs)?))
        };
        variants
            .iter()
            .map(|variants| {
                // `=e` is `=f` when the stems agree (most words): read that list once
                let same_english = match variants.english[0] == variants.french[0] {
                    true => None,
                    false => Some(open(&variants.english[0])?),
                };
                Ok(TermPostings {
                    same_french: open(&variants.french[0])?,
                    french_only: open(&variants.french[1])?,
                    same_english,
                    english_only: open(&variants.english[1])?,
                })
            })
            .collect()
    }

    /// How often `doc` holds the term: as its French or its English stem, whichever is more
    /// (see [`TextTokens::occurrences`]). Documents must be asked in increasing order.
    fn occurrences_in(&mut self, doc: DocId) -> u32 {
        let same_french = self.same_french.frequency_in(doc);
        let same_english = self.same_english.as_mut().map_or(same_french, |same| same.frequency_in(doc));
        let in_french = same_french + self.french_only.frequency_in(doc);
        let in_english = same_english + self.english_only.frequency_in(doc);
        in_french.max(in_english)
    }
}
