//! Daily quotas against scraping: per approved partner and per day, distinct searches and
//! distinct profile opens are capped ([`DEFAULT_DAILY_SEARCHES`], [`DEFAULT_DAILY_PROFILE_OPENS`],
//! or the partner's own, which an operator may raise), and so are the candidates asked to get
//! in touch ([`DAILY_CONTACT_REQUESTS`]). A use is a distinct thing per day (a
//! search's criteria, a candidate), so paging through results or reopening a profile costs
//! nothing more. Counted in Postgres (`partner_quota_uses`, unlogged like the rate limits); a day
//! is a UTC day, and the retention job deletes the past days.

use axum::http::StatusCode;
use chrono::{Timelike, Utc};
use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::error::{Error, ErrorCode, Result};

pub const DEFAULT_DAILY_SEARCHES: i32 = 300;
pub const DEFAULT_DAILY_PROFILE_OPENS: i32 = 200;
/// Distinct candidates a partner asks to get in touch with a day; not raised per partner: a
/// recruiter writing to more people a day than this is mass-mailing, not hiring.
pub const DAILY_CONTACT_REQUESTS: i32 = 50;

/// What a quota counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, sqlx::Type)]
#[sqlx(type_name = "quota_kind", rename_all = "lowercase")]
pub enum QuotaKind {
    Search,
    Profile,
    Contact,
}

/// The subject of a search's use: a hash of its criteria (without the page).
pub fn search_subject(criteria: &impl Serialize) -> String {
    let bytes = serde_json::to_vec(criteria).expect("criteria serialize");
    Sha256::digest(&bytes)[..16].iter().map(|byte| format!("{byte:02x}")).collect()
}

/// Counts `subject` against partner `partner_id`'s quota of `kind` today, or refuses with 429
/// `daily_quota_reached` when the quota is spent and `subject` is new today.
pub async fn take(db: &sqlx::PgPool, partner_id: i64, kind: QuotaKind, subject: &str) -> Result<()> {
    let taken: Option<i32> = sqlx::query_scalar(
        "with already as (
             select 1 from partner_quota_uses
             where partner_id = $1 and day = current_date and kind = $2 and subject = $3
         ), inserted as (
             insert into partner_quota_uses (partner_id, kind, subject)
             select $1, $2, $3
             where not exists (select 1 from already)
               and (select count(*) from partner_quota_uses where partner_id = $1 and day = current_date and kind = $2)
                   < (select case $2 when 'search' then coalesce(daily_search_quota, $4)
                                     when 'profile' then coalesce(daily_profile_quota, $5)
                                     else $6 end
                      from partners where user_id = $1)
             on conflict do nothing
             returning 1
         )
         select 1 from already union all select 1 from inserted",
    )
    .bind(partner_id)
    .bind(kind)
    .bind(subject)
    .bind(DEFAULT_DAILY_SEARCHES)
    .bind(DEFAULT_DAILY_PROFILE_OPENS)
    .bind(DAILY_CONTACT_REQUESTS)
    .fetch_optional(db)
    .await?;
    if taken.is_some() {
        return Ok(());
    }
    let now = Utc::now();
    let seconds_to_midnight = 86_400 - u64::from(now.num_seconds_from_midnight());
    tracing::info!(partner_id, ?kind, "daily quota reached");
    Err(Error::Rejected {
        status: StatusCode::TOO_MANY_REQUESTS,
        code: ErrorCode::DailyQuotaReached,
        message: format!("today's quota is spent; it starts again in {seconds_to_midnight} seconds (midnight UTC)"),
    })
}

/// Deletes the uses of past days.
pub async fn forget_past_days(db: impl sqlx::PgExecutor<'_>) -> sqlx::Result<u64> {
    let deleted = sqlx::query("delete from partner_quota_uses where day < current_date").execute(db).await?;
    Ok(deleted.rows_affected())
}
