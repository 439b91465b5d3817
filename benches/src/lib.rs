//! Shared set-up for the benchmarks: workloads built outside the timed loops.
