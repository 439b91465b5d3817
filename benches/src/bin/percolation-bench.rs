//! Percolation of saved-search alerts: one changed candidate document tested against every saved
//! search with alerts, as the alert task does after each batch the indexer applies.
//!
//! `cargo run --release -p benches --bin percolation-bench -- --searches 100000 --candidates 1000000`
//!
//! The saved searches are S1 queries (`matcher::workload::queries`, radius 10 km, population-
//! weighted places, Zipf categories), compiled into a [`matcher::Percolator`]; the candidates are
//! S1 documents (`workload::candidates`), of which `--samples` are percolated one at a time, each
//! timed alone, as a change of that candidate ("started matching": its document before, another
//! candidate's localizations and categories after, so both percolations run). It ends with one
//! line: `RESULT searches=… candidates=… samples=… build_s=… p50_ms=… p99_ms=… mean_ms=… max_ms=…
//! place_only_p99_ms=… matches_mean=…`, where `place_only` leaves out the documents with a
//! whole-country localization (which meet every search of their categories in the country).

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
    /// Changes percolated, each timed alone.
    #[arg(long, default_value_t = 20_000)]
    samples: usize,
}

fn country_wide(doc: &CandidateDoc) -> bool {
    doc.localizations.iter().any(|localization| matches!(localization, JobLocalization::Country { .. }))
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
    let mut all = Vec::new();
    let mut place_only = Vec::new();
    let mut matches = 0usize;
    for (index, before) in candidates.iter().step_by(step).take(options.samples).enumerate() {
        // the change: the candidate takes another candidate's places and categories
        let other = &candidates[(index * 7919 + 1) % candidates.len()];
        let after = CandidateDoc {
            localizations: other.localizations.clone(),
            job_categories: other.job_categories.clone(),
            ..before.clone()
        };
        let timer = Instant::now();
        let started = percolator.started_matching(Some(before), &after);
        let elapsed_ms = timer.elapsed().as_secs_f64() * 1e3;
        matches += started.len();
        all.push(elapsed_ms);
        if !country_wide(before) && !country_wide(&after) {
            place_only.push(elapsed_ms);
        }
    }
    let summary = LatencySummary::of(&all);
    let place_summary = LatencySummary::of(&place_only);
    println!(
        "RESULT searches={} candidates={} samples={} build_s={build_s:.2} p50_ms={:.4} p99_ms={:.4} mean_ms={:.4} max_ms={:.3} place_only_p99_ms={:.4} matches_mean={:.2}",
        options.searches,
        options.candidates,
        all.len(),
        summary.p50,
        summary.p99,
        summary.mean,
        summary.max,
        place_summary.p99,
        matches as f64 / all.len().max(1) as f64,
    );
    Ok(())
}
