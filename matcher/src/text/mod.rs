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
//! [`crate::semantics::keyword_relevance`]); they are read only for the rows a search counts (see
//! [`KeywordCursor`]). Building a million real profiles spent most of its time here.
//!
//! The index is split into tantivy indexes over consecutive ranges of rows ([`TextIndex`]), built
//! side by side, each holding one document per row of its range (an empty one for a hidden
//! profile): a row's document is its offset in its range, with no lookup. So a search that has
//! found candidates some other way (the geo scan of their category) asks whether each holds the
//! keywords by seeking the keywords' postings in document order, which costs what those candidates
//! number, not what the keywords' postings hold; a scan that would ask about many more candidates
//! than the postings hold reads them whole into a bitset of rows first
//! ([`KeywordFilter::row_bits`]); and a search whose keywords are rare lists their rows from the
//! postings. The plan picks among the three from the counts (see `search/mod.rs`).

mod files;
mod keywords;
mod stems;

pub(crate) use files::TextFiles;
use keywords::TermVariants;
pub(crate) use keywords::{KeywordCursor, KeywordFilter};

use rustc_hash::FxHashMap;
use stems::BilingualStems;

use tantivy::collector::{Collector, SegmentCollector};
use tantivy::directory::RamDirectory;
use tantivy::query::{BooleanQuery, Occur, Query, TermQuery};
use tantivy::schema::{Field, INDEXED, IndexRecordOption, Schema, TextFieldIndexing, TextOptions};
use tantivy::tokenizer::{
    AsciiFoldingFilter, Language, LowerCaser, RemoveLongFilter, SimpleTokenizer, Stemmer, TextAnalyzer, TokenStream,
    Tokenizer, TokenizerManager,
};
use tantivy::{
    DocId, Index, Score, Searcher, SegmentOrdinal, SegmentReader, SingleSegmentIndexWriter, TantivyDocument, Term,
};

use crate::model::CandidateDoc;

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
/// percolation match keywords against (the engine reads the same counts from its postings).
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
        category: builder.add_u64_field("category", INDEXED),
        text: builder.add_text_field("text", text_options),
    };
    (builder.build(), fields)
}

impl Fields {
    /// The tantivy document of a candidate: nothing for a hidden profile, which never matches and
    /// so never needs to be found, but keeps its place so that documents stay rows.
    fn document(&self, doc: &CandidateDoc) -> TantivyDocument {
        let mut document = TantivyDocument::default();
        if !doc.searchable {
            return document;
        }
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

/// Rows per tantivy index: enough ranges to build on every thread, few enough that a keyword
/// search reading the whole country opens each keyword's postings only a few dozen times.
const CHUNK_ROWS_MIN: usize = 65_536;
const CHUNK_ROWS_MAX: usize = 524_288;

/// The memory budget of a range's segment writer, per document and within bounds: tantivy sizes
/// its term table (8 bytes an entry, from 1,024 to 524,288 entries) to fit in a third of it, and
/// grows the table if more terms come. The indexer publishes most changes as runs of a few
/// documents, for which a writer sized for thousands would clear and walk a table for nothing.
const BUDGET_PER_DOCUMENT: usize = 4_096;
const BUDGET_MIN: usize = 100_000;
const BUDGET_MAX: usize = 20_000_000;

/// The tantivy indexes of one segment: the i-th covers rows `i * chunk_rows ..`, row
/// `i * chunk_rows + d` being its document `d`.
pub(crate) struct TextIndex {
    chunks: Vec<Searcher>,
    /// The files of each chunk's index (shared with its searcher), which a snapshot saves as they are.
    directories: Vec<RamDirectory>,
    chunk_rows: usize,
    fields: Fields,
}

impl TextIndex {
    /// Indexes the documents, the i-th document getting row i.
    pub(crate) fn build(documents: &[CandidateDoc]) -> TextIndex {
        let threads = rayon::current_num_threads().max(1);
        TextIndex::build_in_ranges(documents, documents.len().div_ceil(threads).clamp(CHUNK_ROWS_MIN, CHUNK_ROWS_MAX))
    }

    fn build_in_ranges(documents: &[CandidateDoc], chunk_rows: usize) -> TextIndex {
        use rayon::prelude::*;
        let (schema, fields) = schema();
        let (chunks, directories) =
            documents.par_chunks(chunk_rows).map(|chunk| build_chunk(&schema, &fields, chunk)).unzip();
        TextIndex { chunks, directories, chunk_rows, fields }
    }

    /// Bytes the tantivy indexes hold in RAM (their files' sizes); a chunk whose size cannot be
    /// read counts for nothing.
    pub(crate) fn heap_bytes(&self) -> usize {
        let chunk_bytes = |chunk: &Searcher| chunk.space_usage().map_or(0, |usage| usage.total().get_bytes() as usize);
        self.chunks.iter().map(chunk_bytes).sum()
    }

    /// The tantivy index and document of a row.
    #[inline]
    fn locate(&self, row: u32) -> (usize, DocId) {
        let row = row as usize;
        (row / self.chunk_rows, (row % self.chunk_rows) as DocId)
    }

    /// The keyword terms compiled against this index.
    pub(crate) fn keywords(&self, keywords: &[KeywordTerm]) -> KeywordFilter<'_> {
        let variants = keywords.iter().map(|term| TermVariants::of(self.fields.text, term)).collect();
        KeywordFilter { index: self, variants }
    }

    /// The rows (sorted) of searchable documents that want the category and hold every keyword:
    /// tantivy intersects the category's postings with each keyword's, driven by the shortest.
    pub(crate) fn rows(&self, job_category: u16, keywords: &KeywordFilter<'_>) -> Vec<u32> {
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = vec![(
            Occur::Must,
            Box::new(TermQuery::new(
                Term::from_field_u64(self.fields.category, u64::from(job_category)),
                IndexRecordOption::Basic,
            )),
        )];
        for term in &keywords.variants {
            let either_language: Vec<(Occur, Box<dyn Query>)> = term
                .all()
                .map(|token| {
                    let query = TermQuery::new(token.clone(), IndexRecordOption::Basic);
                    (Occur::Should, Box::new(query) as Box<dyn Query>)
                })
                .collect();
            clauses.push((Occur::Must, Box::new(BooleanQuery::new(either_language))));
        }
        let query = BooleanQuery::new(clauses);
        let mut rows = Vec::new();
        for (chunk, searcher) in self.chunks.iter().enumerate() {
            let start = (chunk * self.chunk_rows) as u32;
            let docs = searcher.search(&query, &DocCollector).expect("searching a RAM index cannot fail");
            rows.extend(docs.into_iter().map(|doc| start + doc));
        }
        rows
    }
}

fn tokenizers() -> TokenizerManager {
    let tokenizers = TokenizerManager::default();
    tokenizers.register(BILINGUAL_TOKENIZER, TextAnalyzer::from(BilingualStems::new()));
    tokenizers
}

/// Indexes one range of rows in one tantivy segment, its documents in row order.
fn build_chunk(schema: &Schema, fields: &Fields, documents: &[CandidateDoc]) -> (Searcher, RamDirectory) {
    let budget = documents.len().saturating_mul(BUDGET_PER_DOCUMENT).clamp(BUDGET_MIN, BUDGET_MAX);
    let directory = RamDirectory::create();
    let mut writer: SingleSegmentIndexWriter = Index::builder()
        .schema(schema.clone())
        .tokenizers(tokenizers())
        .single_segment_index_writer(directory.clone(), budget)
        .expect("a budget above the minimum always opens");
    for doc in documents {
        writer.add_document(fields.document(doc)).expect("adding to a RAM index cannot fail");
    }
    let index = writer.finalize().expect("finalizing a RAM index cannot fail");
    (searcher_of(&index).expect("a committed RAM index always opens"), directory)
}

/// A searcher over the index as it is (it never changes).
fn searcher_of(index: &Index) -> tantivy::Result<Searcher> {
    let reader: tantivy::IndexReader =
        index.reader_builder().reload_policy(tantivy::ReloadPolicy::Manual).try_into()?;
    Ok(reader.searcher())
}

/// Collects the documents a query finds in a one-segment index, in order.
struct DocCollector;

struct DocSegmentCollector {
    docs: Vec<DocId>,
}

impl Collector for DocCollector {
    type Fruit = Vec<DocId>;
    type Child = DocSegmentCollector;

    fn for_segment(&self, _ordinal: SegmentOrdinal, _segment: &SegmentReader) -> tantivy::Result<Self::Child> {
        Ok(DocSegmentCollector { docs: Vec::new() })
    }

    fn requires_scoring(&self) -> bool {
        false
    }

    fn merge_fruits(&self, fruits: Vec<Vec<DocId>>) -> tantivy::Result<Vec<DocId>> {
        Ok(fruits.concat())
    }
}

impl SegmentCollector for DocSegmentCollector {
    type Fruit = Vec<DocId>;

    fn collect(&mut self, doc: DocId, _score: Score) {
        self.docs.push(doc);
    }

    fn harvest(self) -> Vec<DocId> {
        self.docs
    }
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use super::*;
    use crate::semantics::keyword_relevance;

    const WORDS: [&str; 6] = ["maçon", "soudure", "welding", "plombier", "drive", "logistique"];

    fn document(row: usize) -> CandidateDoc {
        let text = (0..row % 5).map(|word| WORDS[(row * 7 + word * 3) % WORDS.len()]).collect::<Vec<_>>().join(" ");
        CandidateDoc {
            candidate_id: row as i64,
            localizations: Vec::new(),
            job_categories: vec![(row % 3) as u16],
            contract_types: Vec::new(),
            minimum_duration_months: 0,
            available_from: NaiveDate::from_ymd_opt(2026, 1, 1).unwrap(),
            degree_level: 0,
            languages: Vec::new(),
            soft_skills: Vec::new(),
            searchable: !row.is_multiple_of(11),
            findable_by: Default::default(),
            school_id: None,
            text,
        }
    }

    #[test]
    fn rows_row_bits_and_cursor_agree_with_the_analyzed_text_across_ranges_of_rows() {
        let documents: Vec<CandidateDoc> = (0..200).map(document).collect();
        let index = TextIndex::build_in_ranges(&documents, 16);
        assert_eq!(index.chunks.len(), 13);
        for keywords in ["soudure", "plombier drive", "welding maçon", "absent"] {
            let terms = keyword_terms(keywords);
            let filter = index.keywords(&terms);
            let holds = |doc: &CandidateDoc| {
                let tokens = TextTokens::of(&doc.text);
                terms.iter().all(|term| tokens.occurrences(term) > 0)
            };
            let expected: Vec<u32> = documents
                .iter()
                .enumerate()
                .filter(|(_, doc)| doc.searchable && doc.job_categories == [1] && holds(doc))
                .map(|(row, _)| row as u32)
                .collect();
            assert_eq!(index.rows(1, &filter), expected, "{keywords}");
            let holding = documents.iter().filter(|doc| doc.searchable && holds(doc)).count();
            assert!(filter.documents_at_most(usize::MAX) >= holding, "{keywords}");
            if keywords == "absent" {
                assert_eq!(filter.documents_at_most(usize::MAX), 0);
            }
            assert!(filter.postings_at_most(usize::MAX) >= filter.documents_at_most(usize::MAX), "{keywords}");
            let bits = filter.row_bits(documents.len());
            let listed: Vec<bool> = (0..200).map(|row| bits[row / 64] >> (row % 64) & 1 == 1).collect();
            let holding: Vec<bool> = documents.iter().map(|doc| doc.searchable && holds(doc)).collect();
            assert_eq!(listed, holding, "{keywords}");
            // in order, then backwards (which reopens the postings)
            let mut cursor = filter.cursor();
            let rows: Vec<u32> = (0..200).chain((0..200).rev()).collect();
            for row in rows {
                let doc = &documents[row as usize];
                let expected = doc.searchable && holds(doc);
                assert_eq!(cursor.holds(row), expected, "{keywords} row {row}");
                if expected {
                    let tokens = TextTokens::of(&doc.text);
                    let occurrences: Vec<u32> = terms.iter().map(|term| tokens.occurrences(term)).collect();
                    assert_eq!(cursor.relevance(9), keyword_relevance(&occurrences, 9));
                    assert_eq!(cursor.relevance_of(row, 9), keyword_relevance(&occurrences, 9));
                    // asked again after another row, it is read again
                    let mut other = filter.cursor();
                    other.holds(0);
                    assert_eq!(other.relevance_of(row, 9), keyword_relevance(&occurrences, 9), "{keywords} {row}");
                }
            }
        }
    }
}
