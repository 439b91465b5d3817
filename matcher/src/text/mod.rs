//! The tantivy side of a segment: an in-RAM index over the job categories and the free text, what
//! the keyword plans read (the other filters are answered from the segment's columns, which every
//! plan measured found faster).
//!
//! Keywords are analyzed twice, once with a French and once with an English analyzer (simple
//! tokenizer, lower-casing, ASCII folding, Snowball stemmer). A keyword term matches a document when
//! its French stem occurs in the French-analyzed text or its English stem in the English-analyzed
//! text; a document matches the keywords when every term matches. The same analyzers are used by the
//! oracle on the raw text, so the inverted index is checked against a plain token scan.
//!
//! The index holds both analyses in one field, each word of a text with its stems tagged with their
//! language (see [`SAME_STEM`]): a word whose stems agree costs one token instead of two. Term
//! frequencies are recorded: how often a keyword occurs ranks the matches (see
//! [`crate::semantics::keyword_relevance`]); they are read only for the rows a search ranks (see
//! [`TextRows::relevances`]). Building a million real profiles spent most of
//! its time here.

mod stems;

use rustc_hash::FxHashMap;
use stems::BilingualStems;

use tantivy::collector::{Collector, SegmentCollector};
use tantivy::columnar::Column;
use tantivy::indexer::NoMergePolicy;
use tantivy::postings::{Postings, SegmentPostings};
use tantivy::query::{BooleanQuery, Occur, Query, TermQuery};
use tantivy::schema::{Field, INDEXED, IndexRecordOption, NumericOptions, Schema, TextFieldIndexing, TextOptions};
use tantivy::tokenizer::{
    AsciiFoldingFilter, Language, LowerCaser, RemoveLongFilter, SimpleTokenizer, Stemmer, TextAnalyzer, TokenStream,
    Tokenizer,
};
use tantivy::{
    DocId, DocSet, Index, IndexWriter, Score, Searcher, SegmentOrdinal, SegmentReader, SingleSegmentIndexWriter,
    TantivyDocument, Term,
};

use crate::model::CandidateDoc;
use crate::semantics::keyword_relevance;

const BILINGUAL_TOKENIZER: &str = "vivier_bilingual";

fn analyzer(language: Language) -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(40))
        .filter(LowerCaser)
        .filter(AsciiFoldingFilter)
        .filter(Stemmer::new(language))
        .build()
}

fn tokens(analyzer: &mut TextAnalyzer, text: &str) -> Vec<String> {
    let mut stream = analyzer.token_stream(text);
    let mut out = Vec::new();
    while stream.advance() {
        out.push(stream.token().text.clone());
    }
    out
}

/// The words an analyzer keeps, lower-cased but not stemmed: what a keyword term is shown as.
fn word_analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default()).filter(RemoveLongFilter::limit(40)).filter(LowerCaser).build()
}

/// One keyword term: the word as typed (lower-cased), stemmed both ways.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeywordTerm {
    pub word: String,
    pub french: String,
    pub english: String,
}

/// The terms of a keyword string. Words longer than 40 bytes are dropped by both analyzers; an
/// empty list means "no keyword filter".
pub fn keyword_terms(keywords: &str) -> Vec<KeywordTerm> {
    let words = tokens(&mut word_analyzer(), keywords);
    let french = tokens(&mut analyzer(Language::French), keywords);
    let english = tokens(&mut analyzer(Language::English), keywords);
    // The analyzers share the tokenizer and the length filter, so the lists align one to one.
    words
        .into_iter()
        .zip(french.into_iter().zip(english))
        .map(|(word, (french, english))| KeywordTerm { word, french, english })
        .collect()
}

/// The number of words of a text that the analyzers keep (the length that
/// [`crate::semantics::keyword_relevance`] weighs occurrences by). Cheap: no stemming.
pub fn text_word_count(text: &str) -> u32 {
    let mut stream = SimpleTokenizer::default();
    let mut stream = stream.token_stream(text);
    let mut count = 0u32;
    while stream.advance() {
        count += u32::from(stream.token().text.len() < 40);
    }
    count
}

/// The French- and English-analyzed words of a text with their counts: what the oracle and
/// percolation match keywords against, and the engine explains a hit from.
pub struct TextTokens {
    french: FxHashMap<String, u32>,
    english: FxHashMap<String, u32>,
}

impl TextTokens {
    pub fn of(text: &str) -> TextTokens {
        let count = |language| {
            let mut counts = FxHashMap::default();
            for token in tokens(&mut analyzer(language), text) {
                *counts.entry(token).or_insert(0) += 1;
            }
            counts
        };
        TextTokens { french: count(Language::French), english: count(Language::English) }
    }

    /// How often a term occurs: the number of words whose French stem is the term's French stem,
    /// or of words whose English stem is its English stem, whichever is more (0 when absent).
    pub fn occurrences(&self, term: &KeywordTerm) -> u32 {
        let french = self.french.get(&term.french).copied().unwrap_or(0);
        let english = self.english.get(&term.english).copied().unwrap_or(0);
        french.max(english)
    }
}

/// The markers that tell a stem's origin in the one text field (stems are letters and digits, so a
/// marker never starts a stem):
///
/// | a word whose French and English stems are | indexed as           |
/// |-------------------------------------------|----------------------|
/// | the same `s`                              | `=s`                 |
/// | `f` and `e`, different                    | `<f` and `>e`        |
///
/// A keyword term `(f, e)` then matches a document holding any of `=f`, `<f`, `=e`, `>e`: its
/// French stem among the French-analyzed words or its English stem among the English-analyzed ones.
const SAME_STEM: char = '=';
const FRENCH_STEM: char = '<';
const ENGLISH_STEM: char = '>';

struct Fields {
    row: Field,
    category: Field,
    text: Field,
}

fn schema() -> (Schema, Fields) {
    let mut builder = Schema::builder();
    let text_options = TextOptions::default().set_indexing_options(
        TextFieldIndexing::default()
            .set_tokenizer(BILINGUAL_TOKENIZER)
            .set_index_option(IndexRecordOption::WithFreqs)
            .set_fieldnorms(false),
    );
    let fields = Fields {
        row: builder.add_u64_field("row", NumericOptions::default().set_fast()),
        category: builder.add_u64_field("category", INDEXED),
        text: builder.add_text_field("text", text_options),
    };
    (builder.build(), fields)
}

impl Fields {
    /// The tantivy document of the candidate at `row`.
    fn document(&self, row: usize, doc: &CandidateDoc) -> TantivyDocument {
        let mut document = TantivyDocument::default();
        document.add_u64(self.row, row as u64);
        for &category in &doc.job_categories {
            document.add_u64(self.category, u64::from(category));
        }
        if !doc.text.is_empty() {
            // Indexed, not stored: the segment's columns keep the text.
            document.add_text(self.text, &doc.text);
        }
        document
    }
}

/// The largest set indexed by one segment writer; larger ones use tantivy's indexing threads.
const SMALL_SET_MAX_DOCUMENTS: usize = 50_000;

/// The memory budget of a small set's segment writer, per document and within bounds: tantivy
/// sizes its term table (8 bytes an entry, from 1,024 to 524,288 entries) to fit in a third of it,
/// and grows the table if more terms come.
const SMALL_BUDGET_PER_DOCUMENT: usize = 4_096;
const SMALL_BUDGET_MIN: usize = 100_000;
const SMALL_BUDGET_MAX: usize = 20_000_000;

/// The tantivy index of one segment, rows numbered like the segment's columns.
pub(crate) struct TextIndex {
    searcher: Searcher,
    fields: Fields,
}

/// A job category and keywords, answered by tantivy.
pub(crate) struct TextFilter<'a> {
    pub job_category: u16,
    pub keywords: &'a [KeywordTerm],
}

/// The rows that want a category and match keywords, sorted, each with where tantivy found it. How
/// often a row's text holds each keyword is read only for the rows a search ranks (see
/// [`TextRows::relevances`]): those pass every other criterion too, far fewer than the keywords
/// find, and reading frequencies for every found row cost a keyword search about a fifth of its
/// time.
pub(crate) struct TextRows<'a> {
    pub rows: Vec<u32>,
    /// For the i-th row, its tantivy segment and document.
    found_at: Vec<(SegmentOrdinal, DocId)>,
    index: &'a TextIndex,
    variants: Vec<TermVariants>,
}

impl TextRows<'_> {
    /// The keyword relevance of each `(row, words)` pair: a listed row whose text has `words`
    /// words (0 for a row not listed). The rows' postings are read in document order, one
    /// segment at a time.
    pub(crate) fn relevances(&self, rows: &[(u32, u32)]) -> Vec<f64> {
        let mut relevances = vec![0.0; rows.len()];
        let mut order: Vec<(SegmentOrdinal, DocId, usize)> = rows
            .iter()
            .enumerate()
            .filter_map(|(position, &(row, _))| {
                let index = self.rows.binary_search(&row).ok()?;
                let (segment, doc) = self.found_at[index];
                Some((segment, doc, position))
            })
            .collect();
        order.sort_unstable();
        let mut occurrences = vec![0; self.variants.len()];
        for same_segment in order.chunk_by(|a, b| a.0 == b.0) {
            let segment = self.index.searcher.segment_reader(same_segment[0].0);
            let Ok(mut postings) = TermPostings::open_all(segment, self.index.fields.text, &self.variants) else {
                continue; // a RAM segment always opens
            };
            for &(_, doc, position) in same_segment {
                for (count, term) in occurrences.iter_mut().zip(&mut postings) {
                    *count = term.occurrences_in(doc);
                }
                relevances[position] = keyword_relevance(&occurrences, rows[position].1);
            }
        }
        relevances
    }
}

impl TextIndex {
    /// Indexes the documents, the i-th document getting row i.
    ///
    /// Large sets (a load, a rebuild) are split across tantivy's indexing threads. The indexer
    /// publishes most changes as runs of a few documents, and a tantivy `IndexWriter` costs the same
    /// for those as for thousands: it starts its threads and clears and walks a term table sized by
    /// its memory budget (at least 15 MB a thread). Small sets therefore go through one segment
    /// writer with a budget sized to them.
    pub(crate) fn build<'a>(documents: impl ExactSizeIterator<Item = &'a CandidateDoc>) -> TextIndex {
        let (schema, fields) = schema();
        let index = Index::create_in_ram(schema);
        index.tokenizers().register(BILINGUAL_TOKENIZER, TextAnalyzer::from(BilingualStems::new()));
        let count = documents.len();
        let tantivy_documents = documents
            .enumerate()
            .filter(|(_, doc)| doc.searchable) // never matches, so never needs to be found
            .map(|(row, doc)| fields.document(row, doc));
        let index = if count > SMALL_SET_MAX_DOCUMENTS {
            let threads = rayon::current_num_threads().clamp(1, 4);
            let mut writer: IndexWriter =
                index.writer_with_num_threads(threads, 400_000_000).expect("a RAM index writer always opens");
            // The segments the threads flush are kept as they are: merging them (tantivy's default
            // policy) made building a million real profiles grow faster than their number, and a
            // keyword query reads a few segments about as fast as one.
            writer.set_merge_policy(Box::new(NoMergePolicy));
            for document in tantivy_documents {
                writer.add_document(document).expect("adding to a RAM index cannot fail");
            }
            writer.commit().expect("committing a RAM index cannot fail");
            index
        } else {
            let budget = count.saturating_mul(SMALL_BUDGET_PER_DOCUMENT).clamp(SMALL_BUDGET_MIN, SMALL_BUDGET_MAX);
            let mut writer =
                SingleSegmentIndexWriter::new(index, budget).expect("a budget above the minimum always opens");
            for document in tantivy_documents {
                writer.add_document(document).expect("adding to a RAM index cannot fail");
            }
            writer.finalize().expect("finalizing a RAM index cannot fail")
        };
        let reader = index
            .reader_builder()
            .reload_policy(tantivy::ReloadPolicy::Manual)
            .try_into()
            .expect("a committed RAM index always opens");
        TextIndex { searcher: reader.searcher(), fields }
    }

    /// The rows of searchable documents that want the category and match the keywords.
    pub(crate) fn rows(&self, filter: &TextFilter<'_>) -> TextRows<'_> {
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = vec![(
            Occur::Must,
            Box::new(TermQuery::new(
                Term::from_field_u64(self.fields.category, u64::from(filter.job_category)),
                IndexRecordOption::Basic,
            )),
        )];
        let variants: Vec<TermVariants> =
            filter.keywords.iter().map(|term| TermVariants::of(self.fields.text, term)).collect();
        for term in &variants {
            let either_language: Vec<(Occur, Box<dyn Query>)> = term
                .all()
                .map(|token| {
                    let query = TermQuery::new(token.clone(), IndexRecordOption::Basic);
                    (Occur::Should, Box::new(query) as Box<dyn Query>)
                })
                .collect();
            clauses.push((Occur::Must, Box::new(BooleanQuery::new(either_language))));
        }
        let parts = self
            .searcher
            .search(&BooleanQuery::new(clauses), &RowCollector)
            .expect("searching a RAM index cannot fail");
        let (rows, slots) = merged_rows(&parts);
        let found: Vec<(SegmentOrdinal, DocId)> =
            parts.iter().flat_map(|part| part.docs.iter().map(|&doc| (part.segment, doc))).collect();
        let found_at = slots.into_iter().map(|slot| found[slot as usize]).collect();
        TextRows { rows, found_at, index: self, variants }
    }
}

/// The rows the segments found, in order, each with its index among all the found rows (the
/// segments' rows one after the other). A segment lists its rows in increasing order (documents
/// are added in row order), so the lists are merged rather than sorted; a list out of order
/// would be sorted all the same.
fn merged_rows(parts: &[FoundRows]) -> (Vec<u32>, Vec<u32>) {
    let total: usize = parts.iter().map(|part| part.rows.len()).sum();
    if let [part] = parts
        && part.rows.is_sorted()
    {
        return (part.rows.clone(), (0..total as u32).collect());
    }
    let (mut rows, mut slots) = (Vec::with_capacity(total), Vec::with_capacity(total));
    if !parts.iter().all(|part| part.rows.is_sorted()) {
        let mut found: Vec<(u32, u32)> = parts.iter().flat_map(|part| &part.rows).copied().zip(0..).collect();
        found.sort_unstable();
        return found.into_iter().unzip();
    }
    let starts: Vec<u32> =
        parts.iter().scan(0, |start, part| Some(std::mem::replace(start, *start + part.rows.len() as u32))).collect();
    let mut next = vec![0usize; parts.len()];
    loop {
        let smallest =
            (0..parts.len()).filter_map(|part| parts[part].rows.get(next[part]).map(|&row| (row, part))).min();
        let Some((row, part)) = smallest else { break };
        rows.push(row);
        slots.push(starts[part] + next[part] as u32);
        next[part] += 1;
    }
    (rows, slots)
}

/// The indexed tokens a keyword term matches (see [`SAME_STEM`]): its French stem as `=f` or `<f`,
/// its English stem as `=e` or `>e`.
struct TermVariants {
    french: [Term; 2],
    english: [Term; 2],
}

impl TermVariants {
    fn of(field: Field, term: &KeywordTerm) -> TermVariants {
        let token = |marker: char, stem: &str| Term::from_field_text(field, &format!("{marker}{stem}"));
        TermVariants {
            french: [token(SAME_STEM, &term.french), token(FRENCH_STEM, &term.french)],
            english: [token(SAME_STEM, &term.english), token(ENGLISH_STEM, &term.english)],
        }
    }

    /// The distinct tokens (`=f` and `=e` are one when the stems agree).
    fn all(&self) -> impl Iterator<Item = &Term> {
        let same_stem_twice = self.french[0] == self.english[0];
        self.french.iter().chain(self.english.iter().skip(usize::from(same_stem_twice)))
    }
}

/// Collects the `row` fast field and the document of every matching document.
struct RowCollector;

/// What one tantivy segment found: its rows and, for each, its document.
struct FoundRows {
    segment: SegmentOrdinal,
    rows: Vec<u32>,
    docs: Vec<DocId>,
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

struct RowSegmentCollector {
    rows_column: Column<u64>,
    found: FoundRows,
}

impl Collector for RowCollector {
    type Fruit = Vec<FoundRows>;
    type Child = RowSegmentCollector;

    fn for_segment(&self, ordinal: SegmentOrdinal, segment: &SegmentReader) -> tantivy::Result<Self::Child> {
        Ok(RowSegmentCollector {
            rows_column: segment.fast_fields().u64("row")?,
            found: FoundRows { segment: ordinal, rows: Vec::new(), docs: Vec::new() },
        })
    }

    fn requires_scoring(&self) -> bool {
        false
    }

    fn merge_fruits(&self, fruits: Vec<Vec<FoundRows>>) -> tantivy::Result<Vec<FoundRows>> {
        Ok(fruits.into_iter().flatten().collect())
    }
}

impl SegmentCollector for RowSegmentCollector {
    type Fruit = Vec<FoundRows>;

    fn collect(&mut self, doc: DocId, _score: Score) {
        let Some(row) = self.rows_column.first(doc) else { return };
        self.found.rows.push(row as u32);
        self.found.docs.push(doc);
    }

    fn harvest(self) -> Vec<FoundRows> {
        vec![self.found]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part(rows: &[u32]) -> FoundRows {
        FoundRows { segment: 0, rows: rows.to_vec(), docs: Vec::new() }
    }

    #[test]
    fn segments_rows_are_merged_in_order_and_keep_their_slots() {
        let parts = [part(&[1, 4, 9]), part(&[0, 5]), part(&[2, 3, 10])];
        let (rows, slots) = merged_rows(&parts);
        assert_eq!(rows, [0, 1, 2, 3, 4, 5, 9, 10]);
        // slots count the rows of the parts one after the other: 1 is the first part's first
        assert_eq!(slots, [3, 0, 5, 6, 1, 4, 2, 7]);
        assert_eq!(merged_rows(&[part(&[3, 7])]), (vec![3, 7], vec![0, 1]));
    }

    #[test]
    fn a_segment_out_of_order_is_sorted_all_the_same() {
        let (rows, slots) = merged_rows(&[part(&[8, 2]), part(&[5])]);
        assert_eq!((rows, slots), (vec![2, 5, 8], vec![1, 2, 0]));
        assert_eq!(merged_rows(&[]), (vec![], vec![]));
    }
}
