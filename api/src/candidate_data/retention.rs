//! The retention job: a candidate account nobody used for two years is erased. Thirty days
//! before, the candidate is warned by email; logging in (or opening the app with a valid session)
//! in between moves `last_active_at` and clears the warning, which keeps the account.
//!
//! Runs daily on every server (`vivier serve`); replicas running it at once do not warn twice
//! (the warning is claimed by an update) and erasing twice erases nothing more. Time is a
//! parameter, so tests move it instead of waiting.

use std::time::Duration;

use chrono::{DateTime, Utc};

use super::erasure::erase_candidate;
use crate::mail::EmailKind;
use crate::mail::{Mailing, account_notice};

/// How long an account may stay unused.
pub const INACTIVITY_LIMIT_DAYS: i32 = 730;
/// How long before the erasure the candidate is warned.
pub const WARNING_DAYS: i32 = 30;
/// How often the job runs on a server (it also deletes the rate-limit counters past their window,
/// the search appearances of erased candidates, the profile views past their days, the quota
/// uses of past days, the idempotency keys past their day, and the old sent emails and spent
/// links of the outbox).
const RUN_EVERY: Duration = Duration::from_secs(24 * 60 * 60);

/// What one run did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct RetentionRun {
    pub warned: Vec<i64>,
    pub erased: Vec<i64>,
}

/// Warns and erases what is due at `now`.
pub async fn run_once(state: &Mailing, now: DateTime<Utc>) -> anyhow::Result<RetentionRun> {
    // warned at most once per period of inactivity: the claim is the update itself, in the
    // transaction of the warnings' emails
    let mut transaction = state.db.begin().await?;
    let warned: Vec<i64> = sqlx::query_scalar(
        "update users set retention_warned_at = $1
         where discriminator = 'candidate' and retention_warned_at is null
           and last_active_at <= $1 - make_interval(days => $2 - $3)
         returning id",
    )
    .bind(now)
    .bind(INACTIVITY_LIMIT_DAYS)
    .bind(WARNING_DAYS)
    .fetch_all(&mut *transaction)
    .await?;
    for &user_id in &warned {
        let email =
            account_notice(&mut transaction, &state.settings, EmailKind::RetentionWarning, user_id, None).await?;
        state.mailer.enqueue(&mut *transaction, email).await?;
    }
    transaction.commit().await?;
    let mut run = RetentionRun { warned, erased: Vec::new() };
    // only accounts warned a full period before: one that was never warned is warned first
    let due: Vec<i64> = sqlx::query_scalar(
        "select id from users
         where discriminator = 'candidate' and last_active_at <= $1 - make_interval(days => $2)
           and retention_warned_at <= $1 - make_interval(days => $3)
         order by id",
    )
    .bind(now)
    .bind(INACTIVITY_LIMIT_DAYS)
    .bind(WARNING_DAYS)
    .fetch_all(&state.db)
    .await?;
    for user_id in due {
        let mut transaction = state.db.begin().await?;
        if erase_candidate(&mut transaction, user_id).await? {
            run.erased.push(user_id);
        }
        transaction.commit().await?;
    }
    Ok(run)
}

/// Runs the job now and then once a day, for as long as the server runs.
pub async fn run_daily(state: Mailing) {
    let mut ticks = tokio::time::interval(RUN_EVERY);
    loop {
        ticks.tick().await;
        match run_once(&state, Utc::now()).await {
            Ok(run) => tracing::info!(warned = run.warned.len(), erased = run.erased.len(), "retention job ran"),
            Err(error) => tracing::error!(error = format!("{error:#}"), "retention job failed"),
        }
        if let Err(error) = crate::rate_limit::delete_expired(&state.db).await {
            tracing::error!(%error, "cannot delete expired rate-limit counters");
        }
        if let Err(error) = crate::search_demand::runs::delete_orphan_appearances(&state.db).await {
            tracing::error!(%error, "cannot delete the appearances of erased candidates");
        }
        if let Err(error) = crate::profile_views::forget_old(&state.db).await {
            tracing::error!(%error, "cannot delete the profile views past their days");
        }
        if let Err(error) = crate::quotas::forget_past_days(&state.db).await {
            tracing::error!(%error, "cannot delete the quota uses of past days");
        }
        if let Err(error) = crate::idempotent_requests::forget_expired(&state.db).await {
            tracing::error!(%error, "cannot delete the idempotency keys past their day");
        }
        match crate::mail::retention::forget_old(&state.db, Utc::now(), state.mailer.sends_for_real()).await {
            Ok(forgotten) => {
                tracing::info!(deleted = forgotten.deleted, redacted = forgotten.redacted, "outbox pruned")
            }
            Err(error) => tracing::error!(%error, "cannot delete the old sent emails and spent links"),
        }
    }
}
