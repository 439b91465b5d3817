//! The localization picker's search over every commune, department, region and country.
//!
//! Criterion times a few typical queries; then, because the target is a tail latency (p99
//! ≤ 1 ms), a second pass times 5,000 queries one by one (prefixes of commune names of every
//! length, postcodes, countries in both languages) and prints their percentiles.

use std::hint::black_box;
use std::time::Instant;

use api::geodata;
use api::localization_search::{PLACES, PlaceOrder};
use criterion::Criterion;

fn typical_queries(criterion: &mut Criterion) {
    // build the index outside the timed loops
    black_box(PLACES.search("lyon", &[], 10, PlaceOrder::Relevance));
    let mut group = criterion.benchmark_group("localization_search");
    for query in ["p", "sa", "saint", "st etienne", "orleans", "aix en pro", "69001", "allemagne", "germany"] {
        group.bench_function(query, |bencher| {
            bencher.iter(|| black_box(PLACES.search(black_box(query), &[], 10, PlaceOrder::Relevance)))
        });
    }
    group.finish();
}

/// Queries people type: the first 1 to 8 letters of commune names (every 7th commune),
/// postcodes, and country names.
fn query_mix() -> Vec<String> {
    let mut queries = Vec::new();
    for (index, commune) in geodata::communes().iter().enumerate().step_by(7) {
        let letters = 1 + index % 8;
        queries.push(commune.name.chars().take(letters).collect());
        if index % 5 == 0 {
            queries.push(commune.postcodes.first().cloned().unwrap_or_default());
        }
    }
    for country in geodata::countries() {
        queries.push(country.name_en.clone());
        queries.push(country.name_fr.chars().take(4).collect());
    }
    queries.truncate(5_000);
    queries
}

fn percentiles() {
    let queries = query_mix();
    let mut micros: Vec<f64> = queries
        .iter()
        .map(|query| {
            let started = Instant::now();
            black_box(PLACES.search(query, &[], 10, PlaceOrder::Relevance));
            started.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    micros.sort_by(f64::total_cmp);
    let at = |fraction: f64| micros[((micros.len() - 1) as f64 * fraction).round() as usize];
    println!(
        "RESULT localization_search queries={} p50_us={:.1} p99_us={:.1} max_us={:.1}",
        micros.len(),
        at(0.50),
        at(0.99),
        micros[micros.len() - 1]
    );
}

fn main() {
    black_box(PLACES.search("lyon", &[], 10, PlaceOrder::Relevance));
    percentiles();
    let mut criterion = Criterion::default().configure_from_args();
    typical_queries(&mut criterion);
    criterion.final_summary();
}
