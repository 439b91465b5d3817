//! Percolation of saved-search alerts: one changed candidate document tested against every saved
//! search with alerts, as the alert task does after each batch the indexer applies.
//!
//! `cargo run --release -p benches --bin percolation-bench -- --searches 100000 --candidates 1000000`
//!
//! The saved searches are S1 queries (`matcher::workload::queries`, radius 10 km, population-
//! weighted places, Zipf categories), compiled into a [`matcher::Percolator`]; the candidates are
//! S1 documents (`workload::candidates`), of which `--samples` are each changed in every one of
//! the kinds below, each change percolated ("started matching": the document before and after)
//! and timed alone, the kinds interleaved so that they share the machine's state:
//! - `swap`: the candidate takes another candidate's places and job categories (both documents
//!   differ everywhere that percolation indexes);
//! - `add_place`: the candidate adds one place (another candidate's first place);
//! - `date`: the availability date moves, 1 to 60 days earlier for even samples, later for odd;
//! - `add_category`: the candidate adds one job category (the first of another candidate's that
//!   it lacks);
//! - `searchable_on`: the candidate makes a hidden profile searchable (every search it meets is
//!   new, as for a new candidate);
//! - `for_me`: no change: every query the candidate's document matches, ranked by score, the best
//!   50 with their hits, as "offers for me" asks of the live offers (the queries standing for
//!   offers).
//!
//! It prints one line per kind: `RESULT change=… searches=… candidates=… samples=… build_s=…
//! p50_ms=… p99_ms=… mean_ms=… max_ms=… place_only_p99_ms=… matches_mean=…`, where `place_only`
//! leaves out the changes where either document has a whole-country localization (which meets
//! every search of its categories in the country).

use std::time::Instant;

use anyhow::Result;
use benches::{CANDIDATE_SEED, LatencySummary, QUERY_SEED, french_places, memory_mib};
use clap::Parser;
use matcher::workload;
use matcher::{CandidateDoc, JobLocalization, Percolator};

#[derive(Parser, Debug)]
struct Options {
    /// Saved searches with alerts.
    #[arg(long, default_value_t = 100_000)]
    searches: usize,
    /// S1 candidates generated (the changed documents are drawn from them).
    #[arg(long, default_value_t = 1_000_000)]
    candidates: usize,
    /// Candidates changed, each in every kind of change, each change timed alone.
    #[arg(long, default_value_t = 20_000)]
    samples: usize,
}

/// The offers a candidate's "offers for me" page explains, the best of those they fit.
const FOR_ME_SIZE: usize = 50;

/// The kinds of change, in the order they are printed.
const KINDS: [&str; 6] = ["swap", "add_place", "date", "add_category", "searchable_on", "for_me"];

fn country_wide(doc: &CandidateDoc) -> bool {
    doc.localizations.iter().any(|localization| matches!(localization, JobLocalization::Country { .. }))
}

/// The document before and after the change of kind `kind` of the `index`th sampled candidate;
/// `others` are the candidates the new places and categories are taken from.
fn change(kind: &str, index: usize, before: &CandidateDoc, others: &[CandidateDoc]) -> (CandidateDoc, CandidateDoc) {
    let mut others = (0..others.len()).map(|offset| &others[(index * 7919 + 1 + offset) % others.len()]);
    let mut before = before.clone();
    let mut after = before.clone();
    match kind {
        "swap" => {
            let other = others.next().expect("other candidates");
            after.localizations = other.localizations.clone();
            after.job_categories = other.job_categories.clone();
        }
        "add_place" => {
            let place = others
                .flat_map(|other| other.localizations.first())
                .find(|place| matches!(place, JobLocalization::Place { .. }) && !before.localizations.contains(place))
                .expect("a candidate with a place");
            after.localizations.push(place.clone());
        }
        "date" => {
            let days = chrono::Days::new(1 + (index as u64 * 37) % 60);
            after.available_from =
                if index.is_multiple_of(2) { before.available_from - days } else { before.available_from + days };
        }
        "add_category" => {
            let category = others
                .flat_map(|other| other.job_categories.iter())
                .find(|category| !before.job_categories.contains(category))
                .expect("a candidate with another category");
            after.job_categories.push(*category);
        }
        "searchable_on" => {
            before.searchable = false;
            after.searchable = true;
        }
        "for_me" => {}
        _ => unreachable!("a kind of change"),
    }
    (before, after)
}

#[derive(Default)]
struct Timings {
    all: Vec<f64>,
    place_only: Vec<f64>,
    matches: usize,
}

fn main() -> Result<()> {
    let options = Options::parse();
    let places = french_places();
    let queries = workload::queries(&places, options.searches, QUERY_SEED);
    let started = Instant::now();
    let percolator = Percolator::build(queries.into_iter().enumerate().map(|(id, query)| (id as i64, query)));
    let build_s = started.elapsed().as_secs_f64();
    println!("{} saved searches compiled in {build_s:.2} s (RSS {:.0} MiB)", percolator.len(), memory_mib("VmRSS"));

    let candidates = workload::candidates(&places, options.candidates, CANDIDATE_SEED);
    let step = (candidates.len() / options.samples.max(1)).max(1);
    let mut timings: Vec<Timings> = KINDS.iter().map(|_| Timings::default()).collect();
    for (index, candidate) in candidates.iter().step_by(step).take(options.samples).enumerate() {
        for (kind, timings) in KINDS.iter().zip(&mut timings) {
            let (before, after) = change(kind, index, candidate, &candidates);
            let timer = Instant::now();
            let found = if *kind == "for_me" {
                percolator.ranked_top(&after.looking_at_offers(), FOR_ME_SIZE).0
            } else {
                percolator.started_matching(Some(&before), &after).len()
            };
            let elapsed_ms = timer.elapsed().as_secs_f64() * 1e3;
            timings.matches += found;
            timings.all.push(elapsed_ms);
            if !country_wide(&before) && !country_wide(&after) {
                timings.place_only.push(elapsed_ms);
            }
        }
    }
    for (kind, timings) in KINDS.iter().zip(&timings) {
        let summary = LatencySummary::of(&timings.all);
        let place_summary = LatencySummary::of(&timings.place_only);
        println!(
            "RESULT change={kind} searches={} candidates={} samples={} build_s={build_s:.2} p50_ms={:.4} p99_ms={:.4} mean_ms={:.4} max_ms={:.3} place_only_p99_ms={:.4} matches_mean={:.2}",
            options.searches,
            options.candidates,
            timings.all.len(),
            summary.p50,
            summary.p99,
            summary.mean,
            summary.max,
            place_summary.p99,
            timings.matches as f64 / timings.all.len().max(1) as f64,
        );
    }
    Ok(())
}
