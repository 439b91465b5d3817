//! The matcher's integration tests, in one binary: property tests against the brute-force oracle
//! and worked examples of the semantics.

mod examples;
mod percolation;
mod properties;
