//! Criterion benches of the matcher on S1 at 10k, 100k and 1M candidates (fixed seeds; the
//! workload and the matcher are built outside the timed loops).

use std::hint::black_box;

use benches::{CANDIDATE_SEED, QUERY_SEED, french_places};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use matcher::{Matcher, workload};

fn sourcing(criterion: &mut Criterion) {
    let places = french_places();
    let queries = workload::queries(&places, 200, QUERY_SEED);
    let mut group = criterion.benchmark_group("sourcing_s1_200_queries");
    group.sample_size(20);
    for candidates in [10_000, 100_000, 1_000_000] {
        let matcher = Matcher::build(workload::candidates(&places, candidates, CANDIDATE_SEED));
        let one_thread = rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("a thread pool");
        group.bench_with_input(BenchmarkId::new("one_thread", candidates), &matcher, |bencher, matcher| {
            one_thread.install(|| {
                bencher.iter(|| {
                    for query in &queries {
                        black_box(matcher.search(query));
                    }
                })
            })
        });
        group.bench_with_input(BenchmarkId::new("all_threads", candidates), &matcher, |bencher, matcher| {
            bencher.iter(|| {
                for query in &queries {
                    black_box(matcher.search(query));
                }
            })
        });
    }
    group.finish();
}

fn build(criterion: &mut Criterion) {
    let places = french_places();
    let mut group = criterion.benchmark_group("build_s1");
    group.sample_size(10);
    for candidates in [10_000, 100_000] {
        let docs = workload::candidates(&places, candidates, CANDIDATE_SEED);
        group.bench_with_input(BenchmarkId::from_parameter(candidates), &docs, |bencher, docs| {
            bencher.iter_batched(|| docs.clone(), Matcher::build, criterion::BatchSize::LargeInput)
        });
    }
    group.finish();
}

criterion_group!(benches, sourcing, build);
criterion_main!(benches);
