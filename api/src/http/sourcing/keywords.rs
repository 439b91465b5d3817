//! Where a search's keywords were found in a hit's profile, for the explanation a partner reads:
//! the matcher counts each term's occurrences in the candidate's whole text; the card (headline
//! and name) tells which of those a recruiter sees first, and the rest is in the experiences,
//! projects and educations. A blind-first candidate's name is not in their text (migration
//! 0035): a keyword never finds them by it, and their explanation never says "name".

use indexer::cards::CandidateCard;
use matcher::KeywordCredit;
use matcher::text::{KeywordTerm, TextTokens};
use serde::Serialize;

/// A part of the profile a keyword was found in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum KeywordPlace {
    Headline,
    Name,
    /// The experiences, projects and educations.
    Background,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct KeywordExplanation {
    /// The keyword as the partner typed it, lower-cased.
    word: String,
    /// How often the profile holds it (inflections and accents aside, in French or English).
    occurrences: u32,
    /// Where: headline first, then name, then background.
    found_in: Vec<KeywordPlace>,
}

/// The explanation of each keyword credit, `terms` being the search's keyword terms in the
/// same order as the credits; `name_in_text` says whether the candidate's name is part of the
/// text the matcher counted in.
pub fn keyword_explanations(
    card: &CandidateCard,
    name_in_text: bool,
    terms: &[KeywordTerm],
    credits: &[KeywordCredit],
) -> Vec<KeywordExplanation> {
    if credits.is_empty() {
        return Vec::new();
    }
    let headline = TextTokens::of(card.headline.as_deref().unwrap_or(""));
    let name = TextTokens::of(&format!("{} {}", card.firstname, card.lastname));
    terms
        .iter()
        .zip(credits)
        .map(|(term, credit)| {
            let in_headline = headline.occurrences(term);
            let in_name = if name_in_text { name.occurrences(term) } else { 0 };
            let mut found_in = Vec::new();
            if in_headline > 0 {
                found_in.push(KeywordPlace::Headline);
            }
            if in_name > 0 {
                found_in.push(KeywordPlace::Name);
            }
            if credit.occurrences > in_headline + in_name {
                found_in.push(KeywordPlace::Background);
            }
            KeywordExplanation { word: credit.word.clone(), occurrences: credit.occurrences, found_in }
        })
        .collect()
}
