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
use tantivy::query::{BooleanQuery, Occur, Query, TermQuery};
use tantivy::schema::{Field, INDEXED, IndexRecordOption, NumericOptions, Schema, TextFieldIndexing, TextOptions};
use tantivy::tokenizer::{
    AsciiFoldingFilter, Language, LowerCaser, PreTokenizedString, RemoveLongFilter, SimpleTokenizer, Stemmer,
    TextAnalyzer, Token,
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

/// Analyzes texts word by word, remembering each word's stems: stemming dominates indexing time
/// and vocabularies are small. The analyzers filter tokens one at a time, so analyzing a word alone
/// gives exactly what analyzing it inside its text gives.
struct CachedAnalyzers {
    words: TextAnalyzer,
    french: TextAnalyzer,
    english: TextAnalyzer,
    stems: HashMap<String, (Option<String>, Option<String>)>,
}

impl CachedAnalyzers {
    fn new() -> CachedAnalyzers {
        CachedAnalyzers {
            words: TextAnalyzer::from(SimpleTokenizer::default()),
            french: analyzer(Language::French),
            english: analyzer(Language::English),
            stems: HashMap::new(),
        }
    }

    /// The French and English token lists of a text.
    fn analyze(&mut self, text: &str) -> (Vec<Token>, Vec<Token>) {
        let (mut french, mut english) = (Vec::new(), Vec::new());
        let mut stream = self.words.token_stream(text);
        while stream.advance() {
            let word = stream.token();
            if !self.stems.contains_key(&word.text) {
                let french_stem = tokens(&mut self.french, &word.text).pop();
                let english_stem = tokens(&mut self.english, &word.text).pop();
                self.stems.insert(word.text.clone(), (french_stem, english_stem));
            }
            let (french_stem, english_stem) = &self.stems[&word.text];
            let token = |text: &String, position: usize| Token {
                offset_from: word.offset_from,
                offset_to: word.offset_to,
                position,
                text: text.clone(),
                position_length: 1,
            };
            if let Some(stem) = french_stem {
                french.push(token(stem, french.len()));
            }
            if let Some(stem) = english_stem {
                english.push(token(stem, english.len()));
            }
        }
        (french, english)
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
        index.tokenizers().register(FRENCH_TOKENIZER, analyzer(Language::French));
        index.tokenizers().register(ENGLISH_TOKENIZER, analyzer(Language::English));
        let mut analyzers = CachedAnalyzers::new();
        let large = documents.len() > 50_000;
        let (threads, budget) =
            if large { (rayon::current_num_threads().clamp(1, 4), 400_000_000) } else { (1, 20_000_000) };
        let mut writer: IndexWriter =
            index.writer_with_num_threads(threads, budget).expect("a RAM index writer always opens");
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
                let (french, english) = analyzers.analyze(&doc.text);
                // The text itself is not stored: the segment's columns keep it.
                document.add_pre_tokenized_text(
                    fields.text_french,
                    PreTokenizedString { text: String::new(), tokens: french },
                );
                document.add_pre_tokenized_text(
                    fields.text_english,
                    PreTokenizedString { text: String::new(), tokens: english },
                );
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
