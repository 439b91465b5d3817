//! The matcher's image written and read back, without the server around it: how much of a
//! restart from a snapshot is the matcher's own (BENCHMARKS.md, "Restart from a snapshot").
//!
//! `cargo run --release -p benches --bin snapshot-bench -- --candidates 1000000`

use std::time::Instant;

use anyhow::{Result, ensure};
use benches::{CANDIDATE_SEED, french_places, memory_mib};
use clap::Parser;
use matcher::{Matcher, workload};

/// Builds a matcher over S1 candidates, writes its image and reads it back, and prints a RESULT line.
#[derive(Parser, Debug)]
struct Options {
    /// Number of S1 candidates.
    #[arg(long, default_value_t = 1_000_000)]
    candidates: usize,
    /// Timed reads of the image.
    #[arg(long, default_value_t = 3)]
    rounds: usize,
}

fn main() -> Result<()> {
    let options = Options::parse();
    let docs = workload::candidates(&french_places(), options.candidates, CANDIDATE_SEED);
    let started = Instant::now();
    let matcher = Matcher::build(docs);
    let build_s = started.elapsed().as_secs_f64();

    let started = Instant::now();
    let mut image = Vec::new();
    matcher.freeze().write_to(&mut image)?;
    let write_s = started.elapsed().as_secs_f64();
    let expected = matcher.len();
    drop(matcher);

    let mut reads = Vec::with_capacity(options.rounds);
    for _ in 0..options.rounds {
        let restored = Matcher::new();
        let started = Instant::now();
        restored.load_image(&image)?;
        reads.push(started.elapsed().as_secs_f64());
        ensure!(restored.len() == expected, "{} documents read back of {expected}", restored.len());
    }
    let fastest = reads.iter().copied().fold(f64::INFINITY, f64::min);
    println!(
        "RESULT snapshot candidates={} build_s={build_s:.2} write_s={write_s:.2} image_mb={:.0} read_s={} fastest_read_s={fastest:.2} peak_rss_mib={:.0}",
        options.candidates,
        image.len() as f64 / 1e6,
        reads.iter().map(|seconds| format!("{seconds:.2}")).collect::<Vec<_>>().join(","),
        memory_mib("VmHWM"),
    );
    Ok(())
}
