//! The `vivier` application: HTTP API, serving of the web app, migrations and demo data.
//! The binary in `main.rs` only parses the command line and calls into this library, so that
//! integration tests and benchmarks drive exactly the code users run.

pub mod account_standing;
pub mod alerts;
pub mod app;
pub mod audit;
pub mod auth;
pub mod blind_first;
pub mod candidate_data;
pub mod candidate_import;
pub mod codes;
pub mod compiled_queries;
pub mod config;
pub mod db;
pub mod disc;
pub mod engine;
pub mod error;
pub mod extract;
pub mod folding;
pub mod geodata;
pub mod http;
pub mod idempotent_requests;
pub mod job_criteria;
pub mod job_offers;
pub mod locale;
pub mod localization_search;
pub mod mail;
pub mod migrations;
pub mod operators;
pub mod password;
pub mod places;
pub mod process_memory;
pub mod profile_views;
pub mod quotas;
pub mod rate_limit;
pub mod search_demand;
pub mod seed;
pub mod serve;
pub mod slug;
pub mod sourcing_searches;
pub mod spreadsheet_cells;
pub mod validation;
