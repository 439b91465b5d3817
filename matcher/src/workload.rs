//! The standard workload S1, generated deterministically from a seed (feature `workload`).
//!
//! Shared by the benchmarks and the demo-data seeder. It takes the weighted places as input
//! (communes with their population) rather than reading files, so it stays independent of where
//! the geodata lives.
//!
//! S1: candidates with homes drawn population-weighted over the places; 1–5 job localizations
//! (the extras within about 30 km of home), about 5 % accepting the whole country; 1–3 of 40 job
//! categories (Zipf); 1–3 of 6 contract types; degree 0–8; availability over 6 months; minimum
//! durations in {0, 1, 3, 6, 12, 18, 24, 36}; 1–3 of 30 languages with levels; soft-skill
//! percentages over 8 categories summing to 100 (or all 0); a few words of free text. Queries:
//! points drawn population-weighted (the first one at the most populated place, central Paris with
//! the real communes), radius 10 km, top 20.

use std::collections::HashMap;

use chrono::NaiveDate;
use rand::distr::Distribution;
use rand::distr::weighted::WeightedIndex;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::model::{
    Audience, CandidateDoc, CountryCode, FindableBy, JobLocalization, LanguageRequirement, LanguageSkill,
    QueryLocalization, SoftSkillShare, SortOrder, SourcingQuery,
};

/// A place candidates can live and work in, weighted by its population.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WeightedPlace {
    pub place_id: u32,
    pub lat: f64,
    pub lng: f64,
    pub population: u32,
    pub country: CountryCode,
}

/// Number of job categories (ids 1..=40).
pub const JOB_CATEGORIES: u16 = 40;
/// Number of contract types (ids 1..=6).
pub const CONTRACT_TYPES: u16 = 6;
/// Number of languages (ids 1..=30, 1 = French, 2 = English).
pub const LANGUAGES: u16 = 30;
/// Number of soft-skill categories (ids 1..=8).
pub const SOFT_SKILL_CATEGORIES: u16 = 8;
/// The minimum contract durations candidates choose from, in months.
pub const MINIMUM_DURATIONS: [u16; 8] = [0, 1, 3, 6, 12, 18, 24, 36];

/// The first availability date of the workload; availabilities and start dates span 6 months.
pub fn reference_date() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 9, 1).unwrap_or(NaiveDate::MIN)
}

const AVAILABILITY_SPAN_DAYS: u64 = 182;

const WORDS_FRENCH: [&str; 24] = [
    "développeur",
    "web",
    "cuisinier",
    "électricien",
    "infirmière",
    "comptable",
    "gestion",
    "projet",
    "commercial",
    "logistique",
    "maintenance",
    "chantier",
    "vente",
    "client",
    "données",
    "réseau",
    "formation",
    "équipe",
    "stage",
    "alternance",
    "boulangerie",
    "soudure",
    "accueil",
    "animation",
];
const WORDS_ENGLISH: [&str; 16] = [
    "developer",
    "software",
    "cooking",
    "nursing",
    "accounting",
    "management",
    "project",
    "sales",
    "logistics",
    "maintenance",
    "customer",
    "data",
    "network",
    "training",
    "team",
    "internship",
];

/// Zipf weights 1/k for k = 1..=count.
fn zipf(count: u16) -> WeightedIndex<f64> {
    WeightedIndex::new((1..=count).map(|rank| 1.0 / f64::from(rank))).expect("weights are positive")
}

/// Draws places by population and finds places near a point.
struct PlaceSampler<'a> {
    places: &'a [WeightedPlace],
    by_population: WeightedIndex<u64>,
    /// Places per 0.1° cell.
    grid: HashMap<(i32, i32), Vec<u32>>,
    most_populated: usize,
}

const CELL_DEGREES: f64 = 0.1;

fn cell_of(lat: f64, lng: f64) -> (i32, i32) {
    ((lat / CELL_DEGREES).floor() as i32, (lng / CELL_DEGREES).floor() as i32)
}

impl<'a> PlaceSampler<'a> {
    fn new(places: &'a [WeightedPlace]) -> PlaceSampler<'a> {
        assert!(!places.is_empty(), "the workload needs at least one place");
        // Every place keeps a small weight so that unknown populations still get drawn sometimes.
        let by_population = WeightedIndex::new(places.iter().map(|place| u64::from(place.population) + 1))
            .expect("weights are positive");
        let mut grid: HashMap<(i32, i32), Vec<u32>> = HashMap::new();
        for (index, place) in places.iter().enumerate() {
            grid.entry(cell_of(place.lat, place.lng)).or_default().push(index as u32);
        }
        let most_populated =
            (0..places.len()).max_by_key(|&index| (places[index].population, std::cmp::Reverse(index))).unwrap_or(0);
        PlaceSampler { places, by_population, grid, most_populated }
    }

    fn weighted(&self, rng: &mut impl Rng) -> &'a WeightedPlace {
        &self.places[self.by_population.sample(rng)]
    }

    /// A place about `within_km` or less from `home` (home itself when nothing is found).
    fn near(&self, home: &'a WeightedPlace, within_km: f64, rng: &mut impl Rng) -> &'a WeightedPlace {
        for _ in 0..8 {
            let distance = within_km * rng.random::<f64>().sqrt();
            let bearing = rng.random::<f64>() * std::f64::consts::TAU;
            let lat = home.lat + distance / 111.2 * bearing.cos();
            let lng = home.lng + distance / (111.2 * home.lat.to_radians().cos().max(0.1)) * bearing.sin();
            if let Some(cell) = self.grid.get(&cell_of(lat, lng))
                && let Some(&index) = cell.choose(rng)
            {
                return &self.places[index as usize];
            }
        }
        home
    }
}

/// Distinct values drawn from `distribution` (ids start at 1).
fn distinct_ids(count: usize, distribution: &impl Distribution<usize>, rng: &mut impl Rng) -> Vec<u16> {
    let mut ids: Vec<u16> = Vec::with_capacity(count);
    while ids.len() < count {
        let id = distribution.sample(rng) as u16 + 1;
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    ids
}

/// Percentages over the soft-skill categories summing to 100 (largest remainder rounding).
fn soft_skill_profile(rng: &mut impl Rng) -> Vec<SoftSkillShare> {
    let all_zero = rng.random_bool(0.05);
    let weights: Vec<f64> = (0..SOFT_SKILL_CATEGORIES).map(|_| rng.random::<f64>().powi(2)).collect();
    let sum: f64 = weights.iter().sum::<f64>().max(f64::MIN_POSITIVE);
    let exact: Vec<f64> = weights.iter().map(|weight| weight / sum * 100.0).collect();
    let mut percents: Vec<u8> = exact.iter().map(|share| share.floor() as u8).collect();
    let mut missing = 100 - percents.iter().map(|&percent| u32::from(percent)).sum::<u32>();
    let mut by_remainder: Vec<usize> = (0..exact.len()).collect();
    by_remainder.sort_by(|&a, &b| (exact[b] - exact[b].floor()).total_cmp(&(exact[a] - exact[a].floor())));
    for &index in by_remainder.iter().cycle() {
        if missing == 0 {
            break;
        }
        percents[index] += 1;
        missing -= 1;
    }
    (1..=SOFT_SKILL_CATEGORIES)
        .zip(percents)
        .map(|(category, percent)| SoftSkillShare { category, percent: if all_zero { 0 } else { percent } })
        .collect()
}

/// The S1 candidates: `count` documents with ids 1..=count.
pub fn candidates(places: &[WeightedPlace], count: usize, seed: u64) -> Vec<CandidateDoc> {
    let sampler = PlaceSampler::new(places);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let categories = zipf(JOB_CATEGORIES);
    let contracts = WeightedIndex::new([35, 25, 10, 10, 10, 10]).expect("weights are positive");
    let degrees = WeightedIndex::new([10, 5, 12, 15, 8, 25, 10, 10, 5]).expect("weights are positive");
    let languages = zipf(LANGUAGES);
    let localization_counts = WeightedIndex::new([40, 25, 15, 10, 10]).expect("weights are positive");

    (1..=count as i64)
        .map(|candidate_id| {
            let home = sampler.weighted(&mut rng);
            let place = |place: &WeightedPlace| JobLocalization::Place {
                place_id: place.place_id,
                lat: place.lat,
                lng: place.lng,
                country: place.country,
            };
            let localizations = if rng.random_bool(0.05) {
                let mut localizations = vec![JobLocalization::Country { country: home.country }];
                if rng.random_bool(0.5) {
                    localizations.insert(0, place(home));
                }
                localizations
            } else {
                let extras = localization_counts.sample(&mut rng);
                let mut localizations = vec![place(home)];
                localizations.extend((0..extras).map(|_| place(sampler.near(home, 30.0, &mut rng))));
                localizations
            };
            let job_categories = distinct_ids(rng.random_range(1..=3), &categories, &mut rng);
            let contract_types = distinct_ids(rng.random_range(1..=3), &contracts, &mut rng);
            let language_count = rng.random_range(1..=3);
            let mut spoken = Vec::with_capacity(language_count);
            if rng.random_bool(0.85) {
                spoken.push(LanguageSkill { language: 1, level: 6 });
            }
            while spoken.len() < language_count {
                let language = languages.sample(&mut rng) as u16 + 1;
                if spoken.iter().all(|skill: &LanguageSkill| skill.language != language) {
                    spoken.push(LanguageSkill { language, level: rng.random_range(1..=6) });
                }
            }
            let words = rng.random_range(2..=6);
            let text = (0..words)
                .map(|_| {
                    if rng.random_bool(0.6) {
                        *WORDS_FRENCH.choose(&mut rng).unwrap_or(&"")
                    } else {
                        *WORDS_ENGLISH.choose(&mut rng).unwrap_or(&"")
                    }
                })
                .collect::<Vec<_>>()
                .join(" ");
            CandidateDoc {
                candidate_id,
                localizations,
                job_categories,
                contract_types,
                minimum_duration_months: *MINIMUM_DURATIONS.choose(&mut rng).unwrap_or(&0),
                available_from: reference_date() + chrono::Days::new(rng.random_range(0..AVAILABILITY_SPAN_DAYS)),
                degree_level: degrees.sample(&mut rng) as u8,
                languages: spoken,
                soft_skills: soft_skill_profile(&mut rng),
                searchable: rng.random_bool(0.97),
                findable_by: FindableBy::Everyone,
                school_id: None,
                text,
            }
        })
        .collect()
}

/// Number of schools candidates belong to (ids 1..=SCHOOLS) in [`assign_schools`].
pub const SCHOOLS: i64 = 2_000;

/// Puts 60 % of the candidates in a school (uniform over [`SCHOOLS`]), a quarter of whom let only
/// their school's partners find them. Drawn from a generator of its own, so that the other fields
/// stay those of [`candidates`] with the same seed.
pub fn assign_schools(docs: &mut [CandidateDoc], seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5c4f_01d5);
    for doc in docs {
        if rng.random_bool(0.6) {
            doc.school_id = Some(rng.random_range(1..=SCHOOLS));
            if rng.random_bool(0.25) {
                doc.findable_by = FindableBy::SchoolPartners;
            }
        }
    }
}

/// Gives every query the audience of an approved partner whom three schools work with (drawn from
/// a generator of its own, like [`assign_schools`]).
pub fn assign_audiences(queries: &mut [SourcingQuery], seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xa0d1_e5ce);
    for query in queries {
        let mut schools: Vec<i64> = (0..3).map(|_| rng.random_range(1..=SCHOOLS)).collect();
        schools.sort_unstable();
        schools.dedup();
        query.audience = Audience { everyone: true, schools };
    }
}

/// The S1 queries: points drawn population-weighted (the first at the most populated place),
/// radius 10 km, top 20, the other criteria drawn like the candidates'.
pub fn queries(places: &[WeightedPlace], count: usize, seed: u64) -> Vec<SourcingQuery> {
    let sampler = PlaceSampler::new(places);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let categories = zipf(JOB_CATEGORIES);
    let contracts = WeightedIndex::new([35, 25, 10, 10, 10, 10]).expect("weights are positive");
    (0..count)
        .map(|index| {
            let place = if index == 0 { &places[sampler.most_populated] } else { sampler.weighted(&mut rng) };
            let language_count = rng.random_range(0..=2);
            let languages = (0..language_count)
                .map(|position| LanguageRequirement { language: [2, 3][position], level: rng.random_range(2..=5) })
                .collect();
            let soft_skill_count = rng.random_range(0..=3);
            let soft_skill_categories = distinct_ids(soft_skill_count, &zipf(SOFT_SKILL_CATEGORIES), &mut rng);
            SourcingQuery {
                job_category: categories.sample(&mut rng) as u16 + 1,
                contract_types: distinct_ids(rng.random_range(1..=2), &contracts, &mut rng),
                duration_months: *[1u16, 3, 6, 12, 24].choose(&mut rng).unwrap_or(&6),
                start_date: reference_date() + chrono::Days::new(rng.random_range(0..AVAILABILITY_SPAN_DAYS)),
                localization: QueryLocalization::Point { lat: place.lat, lng: place.lng, country: place.country },
                radius_km: 10.0,
                minimum_degree: *[0u8, 1, 1, 1, 2, 3, 5].choose(&mut rng).unwrap_or(&1),
                languages,
                soft_skill_categories,
                duration_flexibility_months: *[0u16, 0, 1, 3].choose(&mut rng).unwrap_or(&0),
                keywords: None,
                limit: 20,
                offset: 0,
                sort: SortOrder::Score,
                restrict_to: None,
                audience: Audience::default(),
            }
        })
        .collect()
}

/// Gives each query one keyword, drawn from the candidates' vocabulary with their texts' mix of
/// French and English words, so keyword searches can be timed on the S1 data. About one candidate
/// in ten holds a given word.
pub fn add_keywords(queries: &mut [SourcingQuery], seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for query in queries {
        let words: &[&str] = if rng.random_bool(0.6) { &WORDS_FRENCH } else { &WORDS_ENGLISH };
        query.keywords = words.choose(&mut rng).map(|word| word.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn places() -> Vec<WeightedPlace> {
        (0..400)
            .map(|index| WeightedPlace {
                place_id: index + 1,
                lat: 43.0 + f64::from(index % 20) * 0.3,
                lng: -1.0 + f64::from(index / 20) * 0.4,
                population: 100 + (index * 7919) % 50_000,
                country: CountryCode::FRANCE,
            })
            .collect()
    }

    #[test]
    fn the_same_seed_gives_the_same_workload() {
        let places = places();
        assert_eq!(candidates(&places, 500, 7), candidates(&places, 500, 7));
        assert_eq!(queries(&places, 50, 7), queries(&places, 50, 7));
        assert_ne!(candidates(&places, 500, 7), candidates(&places, 500, 8));
    }

    #[test]
    fn candidates_follow_the_s1_shape() {
        let places = places();
        let docs = candidates(&places, 5_000, 1);
        assert_eq!(docs.len(), 5_000);
        let country_wide = docs
            .iter()
            .filter(|doc| doc.localizations.iter().any(|l| matches!(l, JobLocalization::Country { .. })))
            .count();
        assert!((150..=350).contains(&country_wide), "about 5 % country-wide, got {country_wide}");
        for doc in &docs {
            assert!((1..=5).contains(&doc.localizations.len()));
            assert!((1..=3).contains(&doc.job_categories.len()));
            assert!(doc.degree_level <= 8);
            assert!(MINIMUM_DURATIONS.contains(&doc.minimum_duration_months));
            let percent_sum: u32 = doc.soft_skills.iter().map(|share| u32::from(share.percent)).sum();
            assert!(percent_sum == 100 || percent_sum == 0);
            assert!(doc.languages.iter().all(|skill| (1..=6).contains(&skill.level)));
        }
    }

    #[test]
    fn the_first_query_is_at_the_most_populated_place() {
        let places = places();
        let heaviest = places.iter().max_by_key(|place| place.population).unwrap();
        let first = &queries(&places, 3, 1)[0];
        assert_eq!(
            first.localization,
            QueryLocalization::Point { lat: heaviest.lat, lng: heaviest.lng, country: CountryCode::FRANCE }
        );
    }
}
