//! The matcher's integration tests, in one binary: property tests against the brute-force oracle
//! worked examples of the semantics, and the matcher read back from its image.

mod examples;
mod images;
mod percolation;
mod properties;
