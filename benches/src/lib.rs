//! Shared set-up for the benchmarks: workloads built outside the timed loops, and the baselines
//! the sourcing bench compares the matcher with.

pub mod database;
pub mod freshness;
pub mod postgis;
pub mod typesense;

use matcher::CountryCode;
use matcher::workload::WeightedPlace;

/// The French communes as weighted places; a commune's place id is its position in
/// `api::geodata::communes()` plus one.
pub fn french_places() -> Vec<WeightedPlace> {
    api::geodata::communes()
        .iter()
        .enumerate()
        .map(|(index, commune)| WeightedPlace {
            place_id: index as u32 + 1,
            lat: commune.lat,
            lng: commune.lng,
            population: commune.population,
            country: CountryCode::FRANCE,
        })
        .collect()
}

/// The seed of the S1 candidates in every benchmark.
pub const CANDIDATE_SEED: u64 = 2026;
/// The seed of the S1 queries in every benchmark.
pub const QUERY_SEED: u64 = 7;

/// A field of `/proc/self/status` in MiB (`VmRSS` now, `VmHWM` the peak), 0 where unavailable.
pub fn memory_mib(field: &str) -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find(|line| line.starts_with(field))
                .and_then(|line| line.split_whitespace().nth(1).and_then(|kib| kib.parse::<f64>().ok()))
        })
        .map_or(0.0, |kib| kib / 1024.0)
}

/// Mean, median, 99th percentile and maximum of durations in milliseconds.
#[derive(Clone, Copy, Debug, Default)]
pub struct LatencySummary {
    pub mean: f64,
    pub p50: f64,
    pub p99: f64,
    pub max: f64,
}

impl LatencySummary {
    pub fn of(samples_ms: &[f64]) -> LatencySummary {
        if samples_ms.is_empty() {
            return LatencySummary::default();
        }
        let mut sorted = samples_ms.to_vec();
        sorted.sort_by(f64::total_cmp);
        let at = |quantile: f64| sorted[((sorted.len() - 1) as f64 * quantile).round() as usize];
        LatencySummary {
            mean: sorted.iter().sum::<f64>() / sorted.len() as f64,
            p50: at(0.5),
            p99: at(0.99),
            max: sorted[sorted.len() - 1],
        }
    }
}

/// CPU time this thread has run, in milliseconds (from `/proc/thread-self/schedstat`; 0 where
/// unavailable). On a shared machine wall-clock latency includes waiting for a core; this does not.
pub fn thread_cpu_ms() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|text| text.split_whitespace().next().and_then(|ns| ns.parse::<f64>().ok()))
        .map_or(0.0, |ns| ns / 1e6)
}

/// CPU time of the whole process (user + system), in seconds, from `/proc/self/stat`.
pub fn process_cpu_s() -> f64 {
    std::fs::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|text| {
            // Fields after the command name (which is in parentheses and may contain spaces).
            let fields: Vec<&str> = text.rsplit_once(')')?.1.split_whitespace().collect();
            let ticks = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
            Some(ticks / 100.0)
        })
        .unwrap_or(0.0)
}
