//! The tokenizer that indexes a text's French and English stems in one field (see
//! [`super::SAME_STEM`]), remembering each word it has analyzed.

use rustc_hash::FxHashMap;
use tantivy::tokenizer::{Language, SimpleTokenStream, SimpleTokenizer, TextAnalyzer, Token, TokenStream, Tokenizer};

use super::{ENGLISH_STEM, FRENCH_STEM, SAME_STEM, analyzer, tokens};

/// The tokens a word is indexed as: none when the analyzers drop the word (too long), else one or
/// two (see [`SAME_STEM`]).
type WordTokens = Box<[String]>;

/// The indexing tokenizer: the words of [`SimpleTokenizer`], each replaced by the tokens of its
/// French and English stems. The analyzer filters tokens one at a time, so analyzing a word alone
/// gives exactly what analyzing it inside its text gives; stemming dominated indexing time and
/// vocabularies are small, so each word is analyzed once and remembered. tantivy clones the
/// tokenizer for each of its indexing threads, so each thread keeps its own memory and tokenizes in
/// parallel.
#[derive(Clone)]
pub(super) struct BilingualStems {
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
    entries: Vec<WordTokens>,
}

impl BilingualStems {
    pub(super) fn new() -> BilingualStems {
        let memory = StemMemory {
            french: analyzer(Language::French),
            english: analyzer(Language::English),
            positions: FxHashMap::default(),
            entries: Vec::new(),
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
        let tokens: WordTokens = match (french, english) {
            (Some(french), Some(english)) if french == english => Box::new([format!("{SAME_STEM}{french}")]),
            (Some(french), Some(english)) => {
                Box::new([format!("{FRENCH_STEM}{french}"), format!("{ENGLISH_STEM}{english}")])
            }
            _ => Box::new([]),
        };
        self.entries.push(tokens);
        self.positions.insert(word.to_owned(), (self.entries.len() - 1) as u32);
        self.entries.len() - 1
    }
}

impl Tokenizer for BilingualStems {
    type TokenStream<'a> = BilingualStemStream<'a>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> BilingualStemStream<'a> {
        BilingualStemStream {
            words: self.words.token_stream(text),
            memory: &mut self.memory,
            pending: None,
            token: Token::default(),
        }
    }
}

pub(super) struct BilingualStemStream<'a> {
    words: SimpleTokenStream<'a>,
    memory: &'a mut StemMemory,
    /// The entry and the token within it to give next.
    pending: Option<(usize, usize)>,
    token: Token,
}

impl TokenStream for BilingualStemStream<'_> {
    fn advance(&mut self) -> bool {
        loop {
            if let Some((entry, index)) = self.pending.take()
                && let Some(next) = self.memory.entries[entry].get(index)
            {
                self.token.text.clear();
                self.token.text.push_str(next);
                self.token.position = self.token.position.wrapping_add(1);
                self.pending = Some((entry, index + 1));
                return true;
            }
            if !self.words.advance() {
                return false;
            }
            let word = self.words.token();
            let entry = self.memory.entry_of(&word.text);
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
