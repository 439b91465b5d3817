//! Offline place search for the localization picker: communes, departments, regions and
//! countries from the shipped geodata, in memory, answering in microseconds.
//!
//! Matching folds case and accents, treats hyphens and apostrophes as spaces, and reads
//! "saint"/"st" (and "sainte"/"ste") as the same word, so "st etienne" finds Saint-Étienne and
//! "orleans" finds Orléans. Every query word must begin a word of the name, in any order. A
//! query of digits looks up postcodes (communes) and department codes.
//!
//! Order: the user sees the best matches first, because an autocomplete whose first line is
//! not what they typed is useless: exact names, then names that start with the query, then
//! names that merely contain its words; within each, larger places first (population for
//! communes; countries, regions and departments rank as large places), then the name. The
//! spec's "sorted by name" is available as `sort=name`, which sorts the same page by name.

use std::cmp::Reverse;
use std::sync::LazyLock;

use serde::Serialize;

use crate::geodata;
use crate::places::PlaceKind;

/// One place as the picker suggests it: the place, with what tells homonyms apart. Picked, it is
/// sent back as a [`crate::places::LocalizationInput`] and stored as a [`crate::places::Place`].
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PlaceSuggestion {
    /// INSEE code (communes), department or region code, or ISO 3166-1 alpha-2 (countries).
    pub id: String,
    pub name: String,
    pub lat: f64,
    pub lng: f64,
    #[serde(rename = "type")]
    pub kind: PlaceKind,
    /// Postcodes of a commune (Lyon has nine).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub postcodes: Vec<String>,
    /// Department code and name of a commune, to tell homonyms apart.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub department: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub department_name: Option<String>,
    /// ISO country code of the place.
    pub country_code: String,
}

struct Entry {
    place: PlaceSuggestion,
    /// Normalised names (a country has its French and its English one).
    names: Vec<String>,
    /// Larger is more important; ties of relevance go to the larger place.
    weight: u64,
    /// Position of the name in alphabetical order: the last tie-break, without comparing strings.
    name_rank: u32,
}

/// How well a name matched; smaller is better.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Relevance {
    Exact,
    Prefix,
    Words,
    Postcode,
}

/// The order of place suggestions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum PlaceOrder {
    #[default]
    Relevance,
    Name,
}

pub struct PlaceIndex {
    entries: Vec<Entry>,
    /// (whole name, entry) for every name, sorted: names starting with the query in one range.
    names: Vec<(String, u32)>,
    /// (word, entry) for every word of every name, sorted: a word prefix is a binary search.
    words: Vec<(String, u32)>,
    /// (postcode or department code, entry), sorted.
    codes: Vec<(String, u32)>,
}

/// The index over the shipped data, built on first use.
pub static PLACES: LazyLock<PlaceIndex> = LazyLock::new(PlaceIndex::build);

/// Folded ([`crate::folding::fold`]), with saint(e) → st(e) as French place names abbreviate it.
pub fn normalize(text: &str) -> String {
    crate::folding::fold(text)
        .split(' ')
        .map(|word| match word {
            "saint" => "st",
            "sainte" => "ste",
            other => other,
        })
        .collect::<Vec<_>>()
        .join(" ")
}

impl PlaceIndex {
    fn build() -> Self {
        let mut entries = Vec::new();
        let department_names: std::collections::HashMap<&str, &str> =
            geodata::departments().iter().map(|d| (d.code.as_str(), d.name.as_str())).collect();
        for commune in geodata::communes() {
            entries.push(Entry {
                name_rank: 0,
                names: vec![normalize(&commune.name)],
                weight: u64::from(commune.population),
                place: PlaceSuggestion {
                    id: commune.insee.clone(),
                    name: commune.name.clone(),
                    lat: commune.lat,
                    lng: commune.lng,
                    kind: PlaceKind::City,
                    postcodes: commune.postcodes.clone(),
                    department: Some(commune.department.clone()),
                    department_name: department_names.get(commune.department.as_str()).map(|name| name.to_string()),
                    country_code: "FR".to_owned(),
                },
            });
        }
        // larger than any commune's population: typing "Paris" shows the commune first only
        // because it is an exact match like the department, and larger
        const AREA_WEIGHT: u64 = 1_000_000;
        for department in geodata::departments() {
            entries.push(Entry {
                name_rank: 0,
                names: vec![normalize(&department.name)],
                weight: AREA_WEIGHT,
                place: PlaceSuggestion {
                    id: department.code.clone(),
                    name: department.name.clone(),
                    lat: department.lat,
                    lng: department.lng,
                    kind: PlaceKind::Department,
                    postcodes: Vec::new(),
                    department: None,
                    department_name: None,
                    country_code: "FR".to_owned(),
                },
            });
        }
        for region in geodata::regions() {
            entries.push(Entry {
                name_rank: 0,
                names: vec![normalize(&region.name)],
                weight: 2 * AREA_WEIGHT,
                place: PlaceSuggestion {
                    id: region.code.clone(),
                    name: region.name.clone(),
                    lat: region.lat,
                    lng: region.lng,
                    kind: PlaceKind::Region,
                    postcodes: Vec::new(),
                    department: None,
                    department_name: None,
                    country_code: "FR".to_owned(),
                },
            });
        }
        for country in geodata::countries() {
            let mut names = vec![normalize(&country.name_fr)];
            let english = normalize(&country.name_en);
            if english != names[0] {
                names.push(english);
            }
            entries.push(Entry {
                name_rank: 0,
                names,
                weight: 3 * AREA_WEIGHT,
                place: PlaceSuggestion {
                    id: country.code.clone(),
                    // the French name; the handler swaps in the caller's language
                    name: country.name_fr.clone(),
                    lat: country.lat,
                    lng: country.lng,
                    kind: PlaceKind::Country,
                    postcodes: Vec::new(),
                    department: None,
                    department_name: None,
                    country_code: country.code.clone(),
                },
            });
        }
        let mut alphabetical: Vec<usize> = (0..entries.len()).collect();
        alphabetical.sort_by(|a, b| entries[*a].names[0].cmp(&entries[*b].names[0]));
        for (rank, index) in alphabetical.into_iter().enumerate() {
            entries[index].name_rank = rank as u32;
        }
        let mut names = Vec::new();
        let mut words = Vec::new();
        let mut codes = Vec::new();
        for (index, entry) in entries.iter().enumerate() {
            let index = index as u32;
            for name in &entry.names {
                names.push((name.clone(), index));
                for word in name.split(' ') {
                    words.push((word.to_owned(), index));
                }
            }
            for postcode in &entry.place.postcodes {
                codes.push((postcode.clone(), index));
            }
            if entry.place.kind == PlaceKind::Department {
                codes.push((entry.place.id.to_lowercase(), index));
            }
        }
        names.sort_unstable();
        words.sort_unstable();
        words.dedup();
        codes.sort_unstable();
        codes.dedup();
        Self { entries, names, words, codes }
    }

    /// The pairs whose text starts with `prefix`.
    fn starting_with<'a>(pairs: &'a [(String, u32)], prefix: &'a str) -> impl Iterator<Item = &'a (String, u32)> + 'a {
        let start = pairs.partition_point(|(text, _)| text.as_str() < prefix);
        pairs[start..].iter().take_while(move |(text, _)| text.starts_with(prefix))
    }

    /// Entries having a word (or code) that starts with `prefix`.
    fn with_word_prefix<'a>(pairs: &'a [(String, u32)], prefix: &'a str) -> impl Iterator<Item = u32> + 'a {
        Self::starting_with(pairs, prefix).map(|(_, entry)| *entry)
    }

    fn relevance(entry: &Entry, query: &str, query_words: &[&str]) -> Option<Relevance> {
        entry
            .names
            .iter()
            .filter_map(|name| {
                if name == query {
                    Some(Relevance::Exact)
                } else if name.starts_with(query) {
                    Some(Relevance::Prefix)
                } else if query_words.iter().all(|query_word| name.split(' ').any(|word| word.starts_with(query_word)))
                {
                    Some(Relevance::Words)
                } else {
                    None
                }
            })
            .min()
    }

    /// The best `limit` places for `query`, filtered to `types` when not empty.
    pub fn search(&self, query: &str, types: &[PlaceKind], limit: usize, sort: PlaceOrder) -> Vec<&PlaceSuggestion> {
        let normalized = normalize(query);
        if normalized.is_empty() || limit == 0 {
            return Vec::new();
        }
        let query_words: Vec<&str> = normalized.split(' ').collect();
        let wanted = |entry: &Entry| types.is_empty() || types.contains(&entry.place.kind);
        let mut matches: Vec<(Relevance, u32)> = Vec::new();
        if normalized.bytes().all(|byte| byte.is_ascii_digit() || byte == b' ') {
            let code = normalized.replace(' ', "");
            for index in Self::with_word_prefix(&self.codes, &code) {
                if wanted(&self.entries[index as usize]) {
                    matches.push((Relevance::Postcode, index));
                }
            }
        } else {
            // names starting with the query rank above names merely containing its words: when
            // they fill the page (always, for one or two letters), the word index is not read
            for (name, index) in Self::starting_with(&self.names, &normalized) {
                if wanted(&self.entries[*index as usize]) {
                    let relevance = if *name == normalized { Relevance::Exact } else { Relevance::Prefix };
                    matches.push((relevance, *index));
                }
            }
            if matches.len() < limit {
                // the longest query word has the fewest candidates; the others filter
                let longest = query_words.iter().max_by_key(|word| word.len()).expect("not empty");
                for index in Self::with_word_prefix(&self.words, longest) {
                    let entry = &self.entries[index as usize];
                    if !wanted(entry) {
                        continue;
                    }
                    if let Some(relevance) = Self::relevance(entry, &normalized, &query_words) {
                        matches.push((relevance, index));
                    }
                }
            }
            if types.is_empty() || types.contains(&PlaceKind::Department) {
                // "2a", "2B": Corsican department codes
                for index in Self::with_word_prefix(&self.codes, &normalized).filter(|_| normalized.len() <= 3) {
                    if self.entries[index as usize].place.kind == PlaceKind::Department {
                        matches.push((Relevance::Postcode, index));
                    }
                }
            }
        }
        // one place once, with its best relevance
        matches.sort_unstable_by_key(|(relevance, index)| (*index, *relevance));
        matches.dedup_by_key(|(_, index)| *index);
        let rank = |(relevance, index): &(Relevance, u32)| {
            let entry = &self.entries[*index as usize];
            (*relevance, Reverse(entry.weight), entry.name_rank)
        };
        if matches.len() > limit {
            matches.select_nth_unstable_by_key(limit - 1, rank);
            matches.truncate(limit);
        }
        matches.sort_by_key(rank);
        let mut page: Vec<&PlaceSuggestion> =
            matches.iter().map(|(_, index)| &self.entries[*index as usize].place).collect();
        if sort == PlaceOrder::Name {
            page.sort_by_cached_key(|place| normalize(&place.name));
        }
        page
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(query: &str, types: &[PlaceKind]) -> Vec<String> {
        PLACES.search(query, types, 10, PlaceOrder::Relevance).iter().map(|place| place.name.clone()).collect()
    }

    #[test]
    fn normalising_folds_case_accents_separators_and_saint() {
        assert_eq!(normalize("Saint-Étienne"), "st etienne");
        assert_eq!(normalize("  L'Haÿ-les-Roses "), "l hay les roses");
        assert_eq!(normalize("Sainte-Foy-lès-Lyon"), "ste foy les lyon");
        assert_eq!(normalize("Œuilly"), "oeuilly");
    }

    #[test]
    fn finds_orleans_without_its_accent_first() {
        assert_eq!(names("orleans", &[PlaceKind::City])[0], "Orléans");
    }

    #[test]
    fn st_etienne_finds_saint_etienne() {
        let found = PLACES.search("st etienne", &[PlaceKind::City], 10, PlaceOrder::Relevance);
        assert_eq!(found[0].name, "Saint-Étienne");
        assert_eq!(found[0].department.as_deref(), Some("42"));
    }

    #[test]
    fn a_postcode_finds_its_communes() {
        let found = PLACES.search("69001", &[], 10, PlaceOrder::Relevance);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].name, "Lyon");
    }

    #[test]
    fn homonyms_carry_their_department() {
        let found = PLACES.search("saint martin", &[PlaceKind::City], 50, PlaceOrder::Relevance);
        assert!(found.len() >= 20);
        let departments: std::collections::HashSet<_> = found.iter().map(|place| place.department.clone()).collect();
        assert!(departments.len() > 10, "homonyms in many departments");
        assert!(found.iter().all(|place| place.department_name.is_some()));
    }

    #[test]
    fn a_country_is_found_by_its_french_or_english_name() {
        assert_eq!(PLACES.search("Allemagne", &[PlaceKind::Country], 5, PlaceOrder::Relevance)[0].id, "DE");
        assert_eq!(PLACES.search("germany", &[PlaceKind::Country], 5, PlaceOrder::Relevance)[0].id, "DE");
    }

    #[test]
    fn larger_places_come_first_among_equal_matches() {
        let found = names("lyon", &[PlaceKind::City]);
        assert_eq!(found[0], "Lyon");
    }

    #[test]
    fn empty_queries_find_nothing_and_one_letter_finds_big_places() {
        assert!(PLACES.search("  ", &[], 10, PlaceOrder::Relevance).is_empty());
        let found = PLACES.search("p", &[PlaceKind::City], 5, PlaceOrder::Relevance);
        assert_eq!(found.len(), 5);
        assert_eq!(found[0].name, "Paris");
    }

    #[test]
    fn sorting_by_name_keeps_the_same_page() {
        let by_relevance = PLACES.search("mar", &[PlaceKind::City], 10, PlaceOrder::Relevance);
        let by_name = PLACES.search("mar", &[PlaceKind::City], 10, PlaceOrder::Name);
        let mut expected: Vec<_> = by_relevance.iter().map(|place| place.id.clone()).collect();
        let mut got: Vec<_> = by_name.iter().map(|place| place.id.clone()).collect();
        assert!(by_name.windows(2).all(|pair| normalize(&pair[0].name) <= normalize(&pair[1].name)));
        expected.sort();
        got.sort();
        assert_eq!(expected, got);
    }
}
