//! The S1 sourcing benchmark: Vivier's matcher against PostGIS and Typesense on the same data.
//!
//! `cargo run --release -p benches --bin sourcing-bench -- --candidates 1000000 --baselines postgis,typesense`

use std::time::Instant;

use anyhow::Result;
use benches::postgis::{self, PrivatePostgres};
use benches::typesense::TypesenseServer;
use benches::{CANDIDATE_SEED, LatencySummary, QUERY_SEED, french_places, memory_mib, process_cpu_s, thread_cpu_ms};
use clap::Parser;
use matcher::workload::WeightedPlace;
use matcher::{CandidateDoc, Matcher, SearchOptions, SearchPlan, SourcingQuery, oracle, workload};

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
    /// Give each query one keyword from the candidates' vocabulary (the baselines do not index the
    /// texts, so they are not run with it).
    #[arg(long, conflicts_with = "baselines")]
    keywords: bool,
    /// After the queries as given, time them again with one keyword each, on the same build, and
    /// print a second RESULT line (`keywords=true`): one build serves both workloads.
    #[arg(long, conflicts_with_all = ["baselines", "keywords"])]
    also_keywords: bool,
    /// Time one thread only (skip the pass on the whole pool).
    #[arg(long)]
    one_thread_only: bool,
    /// Hits each query ranks (the top 20 of a results page by default; a published offer
    /// ranks the 1,000 candidates it tells of).
    #[arg(long, default_value_t = 20)]
    limit: usize,
    /// Put 60 % of the candidates in one of 2,000 schools (a quarter of them findable by their
    /// school's partners only) and give each query the audience of a partner three schools work
    /// with: the audience filter on, its school path included.
    #[arg(long)]
    audiences: bool,
    /// Also time each forced query plan (geo-first, text-first) on one thread.
    #[arg(long)]
    compare_plans: bool,
    /// Also check every result against the brute-force oracle, on one thread and with the scan split
    /// across the pool (slow: seconds per query at 1M; the oracle runs for several queries at once
    /// on the pool, on documents generated again after the build so that the RSS is the engine's).
    #[arg(long)]
    check_oracle: bool,
    /// With `--check-oracle`, check this many queries spread evenly over the list (0: all).
    #[arg(long, default_value_t = 0)]
    oracle_sample: usize,
    /// Also list this many of the slowest queries on one thread (median over the rounds).
    #[arg(long, default_value_t = 0)]
    slowest: usize,
    /// Port of the private PostGIS cluster (127.0.0.1).
    #[arg(long, default_value_t = 54390)]
    postgres_port: u16,
    /// Port of the Typesense server (127.0.0.1; the next port is its peering port).
    #[arg(long, default_value_t = 18108)]
    typesense_port: u16,
}

/// Wall-clock and on-CPU milliseconds per query (the latter meaningful on one thread only).
fn time_queries(matcher: &Matcher, queries: &[SourcingQuery], rounds: usize, plan: SearchPlan) -> (Vec<f64>, Vec<f64>) {
    for query in queries {
        std::hint::black_box(matcher.search_with_plan(query, plan));
    }
    let mut wall = Vec::with_capacity(queries.len() * rounds);
    let mut cpu = Vec::with_capacity(queries.len() * rounds);
    for _ in 0..rounds {
        for query in queries {
            let cpu_before = thread_cpu_ms();
            let started = Instant::now();
            std::hint::black_box(matcher.search_with_plan(query, plan));
            wall.push(started.elapsed().as_secs_f64() * 1e3);
            cpu.push(thread_cpu_ms() - cpu_before);
        }
    }
    (wall, cpu)
}

fn time_typesense(
    runtime: &tokio::runtime::Runtime,
    server: &TypesenseServer,
    queries: &[SourcingQuery],
) -> Result<LatencySummary> {
    for query in queries {
        runtime.block_on(server.search(query))?;
    }
    // One timed pass after the warm-up: Typesense queries take hundreds of milliseconds here.
    let mut samples = Vec::new();
    for query in queries {
        let started = Instant::now();
        runtime.block_on(server.search(query))?;
        samples.push(started.elapsed().as_secs_f64() * 1e3);
    }
    let summary = LatencySummary::of(&samples);
    print_summary("typesense", &summary);
    Ok(summary)
}

fn print_summary(label: &str, summary: &LatencySummary) {
    println!(
        "{label:<28} mean {:.3} ms  p50 {:.3} ms  p99 {:.3} ms  max {:.3} ms",
        summary.mean, summary.p50, summary.p99, summary.max
    );
}

/// The `count` queries with the highest median time in `samples` (rounds of all queries in order),
/// with what makes them costly: category, place, matches, relaxations.
fn print_slowest(matcher: &Matcher, queries: &[SourcingQuery], samples: &[f64], count: usize) {
    let mut medians: Vec<(f64, usize)> = (0..queries.len())
        .map(|index| {
            let mut times: Vec<f64> = samples.iter().skip(index).step_by(queries.len()).copied().collect();
            times.sort_by(f64::total_cmp);
            (times.get(times.len() / 2).copied().unwrap_or(0.0), index)
        })
        .collect();
    medians.sort_by(|a, b| b.0.total_cmp(&a.0));
    for &(median_ms, index) in medians.iter().take(count) {
        let query = &queries[index];
        let result = matcher.search(query);
        println!(
            "slow query {index:>3}: {median_ms:.3} ms  category {:>2}  {:?}  languages {} soft skills {}  total {}  relax {:?}",
            query.job_category,
            query.localization,
            query.languages.len(),
            query.soft_skill_categories.len(),
            result.total,
            result.relax
        );
    }
}

/// Compares every result with the oracle's, on one thread and with the scan and the scoring split
/// across the global pool; returns the number of differing results.
fn differences_from_oracle(matcher: &Matcher, docs: &[CandidateDoc], queries: &[(usize, &SourcingQuery)]) -> usize {
    use rayon::prelude::*;
    let one_thread = rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("a thread pool");
    let split = SearchOptions { plan: SearchPlan::GeoFirst, parallel_min_entries: 1, ..SearchOptions::default() };
    let expected: Vec<_> = queries.par_iter().map(|(_, query)| oracle::search(docs, query)).collect();
    let mut differences = 0;
    for (&(index, query), expected) in queries.iter().zip(expected) {
        let single = one_thread.install(|| matcher.search(query));
        let parallel = matcher.search_with(query, split);
        for (label, actual) in [("one thread", single), ("split", parallel)] {
            if actual != expected {
                differences += 1;
                println!(
                    "query {index} differs from the oracle ({label}): total {} vs {}",
                    actual.total, expected.total
                );
            }
        }
    }
    differences
}

/// The S1 candidates of the options (with their schools under `--audiences`).
fn generate_docs(options: &Options, places: &[WeightedPlace]) -> Vec<CandidateDoc> {
    let mut docs = workload::candidates(places, options.candidates, CANDIDATE_SEED);
    if options.audiences {
        workload::assign_schools(&mut docs, CANDIDATE_SEED);
    }
    docs
}

/// `count` queries spread evenly over the list (all of them for 0), with their positions.
fn sampled(queries: &[SourcingQuery], count: usize) -> Vec<(usize, &SourcingQuery)> {
    let step = match count {
        0 => 1,
        count => queries.len().div_ceil(count).max(1),
    };
    queries.iter().enumerate().step_by(step).collect()
}

/// Times the queries on one thread (and on the whole pool unless `--one-thread-only`, and each
/// forced plan under `--compare-plans`), prints what it found, and returns the one-thread summary.
fn time_workload(
    matcher: &Matcher,
    queries: &[SourcingQuery],
    options: &Options,
    one_thread: &rayon::ThreadPool,
) -> LatencySummary {
    let (single, single_cpu) = one_thread.install(|| time_queries(matcher, queries, options.rounds, SearchPlan::Auto));
    let single_summary = LatencySummary::of(&single);
    print_summary("vivier 1 thread", &single_summary);
    println!("vivier 1 thread, mean on-CPU time {:.3} ms", LatencySummary::of(&single_cpu).mean);
    if options.slowest > 0 {
        print_slowest(matcher, queries, &single, options.slowest);
    }
    if !options.one_thread_only {
        let (all, _) = time_queries(matcher, queries, options.rounds, SearchPlan::Auto);
        print_summary(&format!("vivier {} threads", rayon::current_num_threads()), &LatencySummary::of(&all));
    }
    if options.compare_plans {
        for plan in [SearchPlan::GeoFirst, SearchPlan::TextFirst] {
            let (samples, _) = one_thread.install(|| time_queries(matcher, queries, options.rounds, plan));
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
    single_summary
}

fn main() -> Result<()> {
    let options = Options::parse();
    let places = french_places();
    let docs = generate_docs(&options, &places);
    let mut queries = workload::queries(&places, options.queries, QUERY_SEED);
    queries.iter_mut().for_each(|query| query.limit = options.limit);
    if options.keywords {
        workload::add_keywords(&mut queries, QUERY_SEED);
    }
    if options.audiences {
        workload::assign_audiences(&mut queries, QUERY_SEED);
    }
    println!(
        "S1: {} candidates over {} communes, {} queries{}",
        docs.len(),
        places.len(),
        queries.len(),
        if options.keywords { ", one keyword each" } else { "" }
    );
    if options.audiences {
        println!("audiences: schools and partner audiences assigned");
    }

    let baselines_wanted = |name: &str| options.baselines.iter().any(|baseline| baseline == name);
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    let postgres = if baselines_wanted("postgis") {
        let cluster = PrivatePostgres::start(options.postgres_port)?;
        let pool = runtime.block_on(postgis::connect(&cluster.url))?;
        let load_s = runtime.block_on(postgis::load(&pool, &docs))?;
        println!("postgis: loaded, indexed and clustered in {load_s:.1} s");
        Some((cluster, pool))
    } else {
        None
    };
    let typesense = if baselines_wanted("typesense") {
        let server = runtime.block_on(TypesenseServer::start(options.typesense_port))?;
        let load_s = runtime.block_on(server.load(&docs))?;
        println!("typesense: imported in {load_s:.1} s");
        Some(server)
    } else {
        None
    };

    let rss_before_mib = memory_mib("VmRSS");
    let cpu_before = process_cpu_s();
    let started = Instant::now();
    let matcher = Matcher::build(docs);
    let build_s = started.elapsed().as_secs_f64();
    let build_cpu_s = process_cpu_s() - cpu_before;
    let rss_mib = memory_mib("VmRSS");
    println!(
        "build {build_s:.2} s wall, {build_cpu_s:.2} s CPU, RSS {rss_mib:.0} MiB after build (documents freed; {rss_before_mib:.0} MiB with the documents before, peak {:.0} MiB)",
        memory_mib("VmHWM")
    );

    let one_thread = rayon::ThreadPoolBuilder::new().num_threads(1).build()?;
    let single_summary = time_workload(&matcher, &queries, &options, &one_thread);
    let keyword_queries = options.also_keywords.then(|| {
        let mut keyword_queries = queries.clone();
        workload::add_keywords(&mut keyword_queries, QUERY_SEED);
        keyword_queries
    });
    let keyword_summary = keyword_queries.as_ref().map(|keyword_queries| {
        println!("the same queries, one keyword each:");
        time_workload(&matcher, keyword_queries, &options, &one_thread)
    });

    if options.check_oracle {
        // generated again (same seeds) rather than kept beside the build, so the RSS is the engine's
        let docs = generate_docs(&options, &places);
        let mut checked: Vec<(usize, &SourcingQuery)> = sampled(&queries, options.oracle_sample);
        if let Some(keyword_queries) = &keyword_queries {
            checked.extend(sampled(keyword_queries, options.oracle_sample));
        }
        let differences = differences_from_oracle(&matcher, &docs, &checked);
        println!("oracle check: {differences} of {} results differ", checked.len() * 2);
    }

    let result_line = |summary: &LatencySummary| {
        format!(
            "RESULT n={} queries={} vivier_mean_ms={:.3} vivier_p50_ms={:.3} vivier_p99_ms={:.3} vivier_max_ms={:.3} build_s={:.2} rss_mb={:.0}",
            options.candidates,
            queries.len(),
            summary.mean,
            summary.p50,
            summary.p99,
            summary.max,
            build_s,
            rss_mib
        )
    };
    let mut result = result_line(&single_summary);

    if let Some((_cluster, pool)) = &postgres {
        let mut samples = Vec::new();
        let mut same_top20 = true;
        for (index, query) in queries.iter().enumerate() {
            runtime.block_on(postgis::search(pool, query))?; // warm-up
            let started = Instant::now();
            let (top, total) = runtime.block_on(postgis::search(pool, query))?;
            samples.push(started.elapsed().as_secs_f64() * 1e3);
            let ours = matcher.search(query);
            let ours_top: Vec<(i64, f64)> = ours.hits.iter().map(|hit| (hit.candidate_id, hit.score)).collect();
            let same = ours_top.len() == top.len()
                && ours_top.iter().zip(&top).all(|(a, b)| a.0 == b.0 && (a.1 - b.1).abs() <= 1e-9)
                && (ours.total as i64 == total || top.is_empty());
            if !same {
                same_top20 = false;
                println!(
                    "postgis differs on query {index}: ours {ours_top:?} (total {}), postgis {top:?} (total {total})",
                    ours.total
                );
            }
        }
        let summary = LatencySummary::of(&samples);
        print_summary("postgis", &summary);
        println!("postgis mean / vivier mean: {:.0}x", summary.mean / single_summary.mean);
        result.push_str(&format!(" postgis_mean_ms={:.3}", summary.mean));
        if let Some(server) = &typesense {
            let typesense_summary = time_typesense(&runtime, server, &queries)?;
            result.push_str(&format!(
                " typesense_p50_ms={:.3} typesense_p99_ms={:.3}",
                typesense_summary.p50, typesense_summary.p99
            ));
        }
        result.push_str(&format!(" same_top20={same_top20}"));
    } else if let Some(server) = &typesense {
        let typesense_summary = time_typesense(&runtime, server, &queries)?;
        result.push_str(&format!(
            " typesense_p50_ms={:.3} typesense_p99_ms={:.3}",
            typesense_summary.p50, typesense_summary.p99
        ));
    }
    println!("{result}");
    if let Some(summary) = &keyword_summary {
        println!("{} keywords=true", result_line(summary));
    }
    Ok(())
}
