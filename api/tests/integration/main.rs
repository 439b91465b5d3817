//! Integration tests: the real router against a real Postgres, a fresh database per test
//! (`#[sqlx::test]` creates it from `DATABASE_URL` and applies the migrations).
//! One test binary for the crate keeps link time down.

mod support;

mod accounts;
mod alerts;
mod authorization_matrix;
mod blind_first;
mod candidate_account;
mod candidate_job_search;
mod candidate_profile;
mod candidate_uploads;
mod candidates;
mod contacts;
mod demo_data;
mod disc_tour;
mod email_preferences;
mod email_restoration;
mod findability;
mod idempotency;
mod indexer;
mod localizations;
mod login_links;
mod login_throttle;
mod mailbox;
mod notification_events;
mod offers;
mod outbox;
mod recruiter_invitations;
mod reference_lists;
mod replicas;
mod reports;
mod saved_searches;
mod schema;
mod school_partners;
mod schools;
mod search_demand;
mod security;
mod skeleton;
mod snapshots;
mod sourcing;
mod trust;
