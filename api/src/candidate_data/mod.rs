//! Everything the platform holds on one candidate, as one whole: what "download my data" gives
//! ([`export`]), what "delete my account" and the retention job erase ([`erasure`]), and the
//! retention job itself ([`retention`]). Kept apart from the HTTP layer because the daily job
//! erases accounts with the very code the candidate's own request runs.

pub mod erasure;
pub mod export;
pub mod retention;
