//! The S1 sourcing benchmark: Vivier's matcher against PostGIS and Typesense on the same data.
//!
//! `cargo run --release -p benches --bin sourcing-bench -- --candidates 1000000 --baselines postgis,typesense`

use std::time::Instant;

use anyhow::Result;
use benches::{CANDIDATE_SEED, LatencySummary, QUERY_SEED, french_places, memory_mib};
use clap::Parser;
use matcher::{Matcher, SearchPlan, SourcingQuery, workload};

/// Runs the S1 queries and prints a RESULT line.
#[derive(Parser, Debug)]
struct Options {
    /// Number of S1 candidates.
    #[arg(long, default_value_t = 1_000_000)]
    candidates: usize,
    /// Number of S1 queries.
    #[arg(long, default_value_t = 200)]
    queries: usize,
    /// Timed passes over the queries (after one warm-up pass).
    #[arg(long, default_value_t = 5)]
    rounds: usize,
    /// Comma-separated baselines to run too: postgis, typesense.
    #[arg(long, value_delimiter = ',')]
    baselines: Vec<String>,
    /// Also time each forced query plan (geo-first, text-first) on one thread.
    #[arg(long)]
    compare_plans: bool,
}

fn time_queries(matcher: &Matcher, queries: &[SourcingQuery], rounds: usize, plan: SearchPlan) -> Vec<f64> {
    for query in queries {
        std::hint::black_box(matcher.search_with_plan(query, plan));
    }
    let mut samples = Vec::with_capacity(queries.len() * rounds);
    for _ in 0..rounds {
        for query in queries {
            let started = Instant::now();
            std::hint::black_box(matcher.search_with_plan(query, plan));
            samples.push(started.elapsed().as_secs_f64() * 1e3);
        }
    }
    samples
}

fn print_summary(label: &str, summary: &LatencySummary) {
    println!(
        "{label:<28} mean {:.3} ms  p50 {:.3} ms  p99 {:.3} ms  max {:.3} ms",
        summary.mean, summary.p50, summary.p99, summary.max
    );
}

fn main() -> Result<()> {
    let options = Options::parse();
    let places = french_places();
    let docs = workload::candidates(&places, options.candidates, CANDIDATE_SEED);
    let queries = workload::queries(&places, options.queries, QUERY_SEED);
    println!("S1: {} candidates over {} communes, {} queries", docs.len(), places.len(), queries.len());

    let rss_before_mib = memory_mib("VmRSS");
    let started = Instant::now();
    let matcher = Matcher::build(docs);
    let build_s = started.elapsed().as_secs_f64();
    let rss_mib = memory_mib("VmRSS");
    println!(
        "build {build_s:.2} s, RSS {rss_mib:.0} MiB after build (documents freed; {rss_before_mib:.0} MiB with the documents before, peak {:.0} MiB)",
        memory_mib("VmHWM")
    );

    let one_thread = rayon::ThreadPoolBuilder::new().num_threads(1).build()?;
    let single = one_thread.install(|| time_queries(&matcher, &queries, options.rounds, SearchPlan::Auto));
    let single_summary = LatencySummary::of(&single);
    print_summary("vivier 1 thread", &single_summary);
    let all = time_queries(&matcher, &queries, options.rounds, SearchPlan::Auto);
    print_summary(&format!("vivier {} threads", rayon::current_num_threads()), &LatencySummary::of(&all));
    if options.compare_plans {
        for plan in [SearchPlan::GeoFirst, SearchPlan::TextFirst] {
            let samples = one_thread.install(|| time_queries(&matcher, &queries, options.rounds, plan));
            print_summary(&format!("vivier 1 thread {plan:?}"), &LatencySummary::of(&samples));
        }
    }
    let first = matcher.search(&queries[0]);
    println!("query 0 (most populated commune): total {} candidates", first.total);
    let totals: Vec<usize> = queries.iter().map(|query| matcher.search(query).total).collect();
    println!(
        "matches per query: mean {:.0}, max {}",
        totals.iter().sum::<usize>() as f64 / totals.len().max(1) as f64,
        totals.iter().max().unwrap_or(&0)
    );

    println!(
        "RESULT n={} queries={} vivier_mean_ms={:.3} vivier_p50_ms={:.3} vivier_p99_ms={:.3} vivier_max_ms={:.3} build_s={:.2} rss_mb={:.0}",
        options.candidates,
        queries.len(),
        single_summary.mean,
        single_summary.p50,
        single_summary.p99,
        single_summary.max,
        build_s,
        rss_mib
    );
    Ok(())
}
