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
//! The index holds both analyses in one field, each distinct word of a text once, its stems tagged
//! with their language (see [`SAME_STEM`]): a word whose stems agree costs one token instead of
//! two, a repeated word nothing. Building a million real profiles spent most of its time here.

use std::collections::HashSet;

use rustc_hash::FxHashMap;

use tantivy::collector::{Collector, SegmentCollector};
use tantivy::columnar::Column;
use tantivy::indexer::NoMergePolicy;
use tantivy::query::{BooleanQuery, Occur, Query, TermQuery};
use tantivy::schema::{Field, INDEXED, IndexRecordOption, NumericOptions, Schema, TextFieldIndexing, TextOptions};
use tantivy::tokenizer::{
    AsciiFoldingFilter, Language, LowerCaser, RemoveLongFilter, SimpleTokenStream, SimpleTokenizer, Stemmer,
    TextAnalyzer, Token, TokenStream, Tokenizer,
};
use tantivy::{
    DocId, Index, IndexWriter, Score, Searcher, SegmentOrdinal, SegmentReader, SingleSegmentIndexWriter,
    TantivyDocument, Term,
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

/// One keyword term, stemmed both ways.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeywordTerm {
    pub french: String,
    pub english: String,
}

/// The terms of a keyword string. Words longer than 40 bytes are dropped by both analyzers; an
/// empty list means "no keyword filter".
pub fn keyword_terms(keywords: &str) -> Vec<KeywordTerm> {
    let french = tokens(&mut analyzer(Language::French), keywords);
    let english = tokens(&mut analyzer(Language::English), keywords);
    // Both analyzers share the tokenizer and the length filter, so the lists align one to one.
    french.into_iter().zip(english).map(|(french, english)| KeywordTerm { french, english }).collect()
}

/// The French and English token sets of a text, for the oracle.
pub fn text_token_sets(text: &str) -> (HashSet<String>, HashSet<String>) {
    let french = tokens(&mut analyzer(Language::French), text).into_iter().collect();
    let english = tokens(&mut analyzer(Language::English), text).into_iter().collect();
    (french, english)
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

/// What a word is indexed as, and the last text it was seen in.
#[derive(Clone)]
struct WordEntry {
    /// No token when the analyzers drop the word (too long), else one or two (see [`SAME_STEM`]).
    tokens: Box<[String]>,
    last_text: u64,
}

/// The indexing tokenizer: the words of [`SimpleTokenizer`], each replaced by the tokens of its
/// French and English stems, and each distinct word of a text given once (presence is all the
/// index records). The analyzer filters tokens one at a time, so analyzing a word alone gives
/// exactly what analyzing it inside its text gives; stemming dominated indexing time and
/// vocabularies are small, so each word is analyzed once and remembered. tantivy clones the
/// tokenizer for each of its indexing threads, so each thread keeps its own memory and tokenizes in
/// parallel.
#[derive(Clone)]
struct BilingualStems {
    words: SimpleTokenizer,
    memory: StemMemory,
}

/// The words a [`BilingualStems`] has met, with their tokens.
#[derive(Clone)]
struct StemMemory {
    french: TextAnalyzer,
    english: TextAnalyzer,
    /// The position in `entries` of each word met.
    positions: FxHashMap<String, u32>,
    entries: Vec<WordEntry>,
    /// Counts the texts tokenized, to tell a word's first occurrence in the current one.
    texts: u64,
}

impl BilingualStems {
    fn new() -> BilingualStems {
        let memory = StemMemory {
            french: analyzer(Language::French),
            english: analyzer(Language::English),
            positions: FxHashMap::default(),
            entries: Vec::new(),
            texts: 0,
        };
        BilingualStems { words: SimpleTokenizer::default(), memory }
    }
}

impl StemMemory {
    /// The position of the entry of `word`, analyzed now if it is new.
    fn entry_of(&mut self, word: &str) -> usize {
        if let Some(&position) = self.positions.get(word) {
            return position as usize;
        }
        let french = tokens(&mut self.french, word).pop();
        let english = tokens(&mut self.english, word).pop();
        let tokens: Box<[String]> = match (french, english) {
            (Some(french), Some(english)) if french == english => Box::new([format!("{SAME_STEM}{french}")]),
            (Some(french), Some(english)) => {
                Box::new([format!("{FRENCH_STEM}{french}"), format!("{ENGLISH_STEM}{english}")])
            }
            _ => Box::new([]),
        };
        self.entries.push(WordEntry { tokens, last_text: 0 });
        self.positions.insert(word.to_owned(), (self.entries.len() - 1) as u32);
        self.entries.len() - 1
    }
}

impl Tokenizer for BilingualStems {
    type TokenStream<'a> = BilingualStemStream<'a>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> BilingualStemStream<'a> {
        self.memory.texts += 1;
        BilingualStemStream {
            words: self.words.token_stream(text),
            memory: &mut self.memory,
            pending: None,
            token: Token::default(),
        }
    }
}

struct BilingualStemStream<'a> {
    words: SimpleTokenStream<'a>,
    memory: &'a mut StemMemory,
    /// The entry and the token within it to give next.
    pending: Option<(usize, usize)>,
    token: Token,
}

impl TokenStream for BilingualStemStream<'_> {
    fn advance(&mut self) -> bool {
        loop {
            if let Some((entry, index)) = self.pending.take() {
                let tokens = &self.memory.entries[entry].tokens;
                if let Some(next) = tokens.get(index) {
                    self.token.text.clear();
                    self.token.text.push_str(next);
                    self.token.position = self.token.position.wrapping_add(1);
                    self.pending = Some((entry, index + 1));
                    return true;
                }
            }
            if !self.words.advance() {
                return false;
            }
            let word = self.words.token();
            let entry = self.memory.entry_of(&word.text);
            let text = self.memory.texts;
            if self.memory.entries[entry].last_text == text {
                continue; // already given for this text
            }
            self.memory.entries[entry].last_text = text;
            self.pending = Some((entry, 0));
            self.token.offset_from = word.offset_from;
            self.token.offset_to = word.offset_to;
        }
    }

    fn token(&self) -> &Token {
        &self.token
    }

    fn token_mut(&mut self) -> &mut Token {
        &mut self.token
    }
}

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
            .set_index_option(IndexRecordOption::Basic)
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

    /// The rows (sorted) of searchable documents that want the category and match the keywords.
    pub(crate) fn rows(&self, filter: &TextFilter<'_>) -> Vec<u32> {
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = vec![(
            Occur::Must,
            Box::new(TermQuery::new(
                Term::from_field_u64(self.fields.category, u64::from(filter.job_category)),
                IndexRecordOption::Basic,
            )),
        )];
        for term in filter.keywords {
            let mut tokens = vec![
                format!("{SAME_STEM}{}", term.french),
                format!("{FRENCH_STEM}{}", term.french),
                format!("{ENGLISH_STEM}{}", term.english),
            ];
            if term.english != term.french {
                tokens.push(format!("{SAME_STEM}{}", term.english));
            }
            let either_language: Vec<(Occur, Box<dyn Query>)> = tokens
                .iter()
                .map(|token| {
                    let query =
                        TermQuery::new(Term::from_field_text(self.fields.text, token), IndexRecordOption::Basic);
                    (Occur::Should, Box::new(query) as Box<dyn Query>)
                })
                .collect();
            clauses.push((Occur::Must, Box::new(BooleanQuery::new(either_language))));
        }
        let mut rows = self
            .searcher
            .search(&BooleanQuery::new(clauses), &RowCollector)
            .expect("searching a RAM index cannot fail");
        rows.sort_unstable();
        rows
    }
}

/// Collects the `row` fast field of every matching document.
struct RowCollector;

struct RowSegmentCollector {
    rows_column: Column<u64>,
    rows: Vec<u32>,
}

impl Collector for RowCollector {
    type Fruit = Vec<u32>;
    type Child = RowSegmentCollector;

    fn for_segment(&self, _ordinal: SegmentOrdinal, segment: &SegmentReader) -> tantivy::Result<Self::Child> {
        Ok(RowSegmentCollector { rows_column: segment.fast_fields().u64("row")?, rows: Vec::new() })
    }

    fn requires_scoring(&self) -> bool {
        false
    }

    fn merge_fruits(&self, fruits: Vec<Vec<u32>>) -> tantivy::Result<Vec<u32>> {
        Ok(fruits.concat())
    }
}

impl SegmentCollector for RowSegmentCollector {
    type Fruit = Vec<u32>;

    fn collect(&mut self, doc: DocId, _score: Score) {
        if let Some(row) = self.rows_column.first(doc) {
            self.rows.push(row as u32);
        }
    }

    fn harvest(self) -> Vec<u32> {
        self.rows
    }
}
