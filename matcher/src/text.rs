//! The tantivy side of a segment: an in-RAM index over the categorical fields and the free text.
//!
//! Keywords are analyzed twice, once with a French and once with an English analyzer (simple
//! tokenizer, lower-casing, ASCII folding, Snowball stemmer). A keyword term matches a document when
//! its French stem occurs in the French-analyzed text or its English stem in the English-analyzed
//! text; a document matches the keywords when every term matches. The same analyzers are used by the
//! oracle on the raw text, so the inverted index is checked against a plain token scan.

use std::collections::{HashMap, HashSet};

use tantivy::collector::{Collector, SegmentCollector};
use tantivy::columnar::Column;
use tantivy::indexer::NoMergePolicy;
use tantivy::query::{BooleanQuery, Occur, Query, TermQuery};
use tantivy::schema::{Field, INDEXED, IndexRecordOption, NumericOptions, Schema, TextFieldIndexing, TextOptions};
use tantivy::tokenizer::{
    AsciiFoldingFilter, Language, LowerCaser, RemoveLongFilter, SimpleTokenStream, SimpleTokenizer, Stemmer,
    TextAnalyzer, Token, TokenStream, Tokenizer,
};
use tantivy::{DocId, Index, IndexWriter, Score, Searcher, SegmentOrdinal, SegmentReader, TantivyDocument, Term};

use crate::model::CandidateDoc;

const FRENCH_TOKENIZER: &str = "vivier_fr";
const ENGLISH_TOKENIZER: &str = "vivier_en";

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

/// The indexing tokenizer of one language: the words of [`SimpleTokenizer`], each replaced by
/// what the full [`analyzer`] makes of it, remembered per word. Stemming dominates indexing time
/// and vocabularies are small; the analyzer filters tokens one at a time, so analyzing a word alone
/// gives exactly what analyzing it inside its text gives. tantivy clones the tokenizer for each of
/// its indexing threads, so each thread keeps its own memory of stems and tokenizes in parallel.
#[derive(Clone)]
struct CachedStemmer {
    words: SimpleTokenizer,
    analyzer: TextAnalyzer,
    /// A word and its stem; `None` when the analyzer drops the word (too long).
    stems: HashMap<String, Option<String>>,
}

impl CachedStemmer {
    fn new(language: Language) -> CachedStemmer {
        CachedStemmer { words: SimpleTokenizer::default(), analyzer: analyzer(language), stems: HashMap::new() }
    }
}

impl Tokenizer for CachedStemmer {
    type TokenStream<'a> = CachedStemStream<'a>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> CachedStemStream<'a> {
        CachedStemStream {
            words: self.words.token_stream(text),
            analyzer: &mut self.analyzer,
            stems: &mut self.stems,
            token: Token::default(),
        }
    }
}

struct CachedStemStream<'a> {
    words: SimpleTokenStream<'a>,
    analyzer: &'a mut TextAnalyzer,
    stems: &'a mut HashMap<String, Option<String>>,
    token: Token,
}

impl TokenStream for CachedStemStream<'_> {
    fn advance(&mut self) -> bool {
        while self.words.advance() {
            let word = self.words.token();
            if !self.stems.contains_key(&word.text) {
                let stem = tokens(self.analyzer, &word.text).pop();
                self.stems.insert(word.text.clone(), stem);
            }
            let Some(stem) = &self.stems[&word.text] else { continue };
            self.token.text.clear();
            self.token.text.push_str(stem);
            self.token.offset_from = word.offset_from;
            self.token.offset_to = word.offset_to;
            self.token.position = self.token.position.wrapping_add(1);
            return true;
        }
        false
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
    contract: Field,
    degree: Field,
    language_level: Field,
    soft_skill: Field,
    text_french: Field,
    text_english: Field,
}

fn schema() -> (Schema, Fields) {
    let mut builder = Schema::builder();
    let text_options = |tokenizer: &str| {
        TextOptions::default().set_indexing_options(
            TextFieldIndexing::default().set_tokenizer(tokenizer).set_index_option(IndexRecordOption::Basic),
        )
    };
    let fields = Fields {
        row: builder.add_u64_field("row", NumericOptions::default().set_fast()),
        category: builder.add_u64_field("category", INDEXED),
        contract: builder.add_u64_field("contract", INDEXED),
        degree: builder.add_u64_field("degree", INDEXED),
        language_level: builder.add_u64_field("language_level", INDEXED),
        soft_skill: builder.add_u64_field("soft_skill", INDEXED),
        text_french: builder.add_text_field("text_fr", text_options(FRENCH_TOKENIZER)),
        text_english: builder.add_text_field("text_en", text_options(ENGLISH_TOKENIZER)),
    };
    (builder.build(), fields)
}

/// The tantivy index of one segment, rows numbered like the segment's columns.
pub(crate) struct TextIndex {
    searcher: Searcher,
    fields: Fields,
}

/// A categorical or keyword restriction answered by tantivy.
pub(crate) struct TextFilter<'a> {
    pub job_category: u16,
    pub keywords: &'a [KeywordTerm],
}

impl TextIndex {
    /// Indexes the documents, the i-th document getting row i.
    pub(crate) fn build<'a>(documents: impl ExactSizeIterator<Item = &'a CandidateDoc>) -> TextIndex {
        let (schema, fields) = schema();
        let index = Index::create_in_ram(schema);
        index.tokenizers().register(FRENCH_TOKENIZER, TextAnalyzer::from(CachedStemmer::new(Language::French)));
        index.tokenizers().register(ENGLISH_TOKENIZER, TextAnalyzer::from(CachedStemmer::new(Language::English)));
        let large = documents.len() > 50_000;
        let (threads, budget) =
            if large { (rayon::current_num_threads().clamp(1, 4), 400_000_000) } else { (1, 20_000_000) };
        let mut writer: IndexWriter =
            index.writer_with_num_threads(threads, budget).expect("a RAM index writer always opens");
        // The segments the threads flush are kept as they are: merging them (tantivy's default
        // policy) made building a million real profiles grow faster than their number, and a
        // keyword query reads a few segments about as fast as one.
        writer.set_merge_policy(Box::new(NoMergePolicy));
        for (row, doc) in documents.enumerate() {
            if !doc.searchable {
                continue; // never matches, so never needs to be found
            }
            let mut document = TantivyDocument::default();
            document.add_u64(fields.row, row as u64);
            for &category in &doc.job_categories {
                document.add_u64(fields.category, u64::from(category));
            }
            for &contract in &doc.contract_types {
                document.add_u64(fields.contract, u64::from(contract));
            }
            document.add_u64(fields.degree, u64::from(doc.degree_level));
            for skill in &doc.languages {
                document.add_u64(fields.language_level, u64::from(skill.language) << 8 | u64::from(skill.level));
            }
            for share in doc.soft_skills.iter().filter(|share| share.percent > 0) {
                document.add_u64(fields.soft_skill, u64::from(share.category) << 8 | u64::from(share.percent));
            }
            if !doc.text.is_empty() {
                // Indexed, not stored: the segment's columns keep the text.
                document.add_text(fields.text_french, &doc.text);
                document.add_text(fields.text_english, &doc.text);
            }
            writer.add_document(document).expect("adding to a RAM index cannot fail");
        }
        writer.commit().expect("committing a RAM index cannot fail");
        drop(writer);
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
            let either_language = BooleanQuery::new(vec![
                (
                    Occur::Should,
                    Box::new(TermQuery::new(
                        Term::from_field_text(self.fields.text_french, &term.french),
                        IndexRecordOption::Basic,
                    )) as Box<dyn Query>,
                ),
                (
                    Occur::Should,
                    Box::new(TermQuery::new(
                        Term::from_field_text(self.fields.text_english, &term.english),
                        IndexRecordOption::Basic,
                    )),
                ),
            ]);
            clauses.push((Occur::Must, Box::new(either_language)));
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
