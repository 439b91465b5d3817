//! Whose candidates a partner may find: the [`Audience`] the matcher filters every search with.
//! An approved partner may find the candidates who let every recruiter find them; the schools that
//! work with a partner (a link in `partner_schools` the partner accepted) add their candidates who
//! let their school's recruiters find them. A partner still waiting for an operator's approval
//! finds only the candidates of the schools that work with them (a school that invited them, or
//! whose request they accepted): a school vouches for the recruiters it brings, the platform for
//! the rest. Read afresh for each search, so that a link or an approval counts at once; a saved
//! search's alerts are compiled with the audience of the moment.

use std::collections::HashMap;

use matcher::Audience;
use sqlx::{AssertSqlSafe, PgPool};

use crate::auth::AccountStanding;
use crate::error::Result;

/// The part of the audience's SQL both queries share: `u` is the partner's user row.
const AUDIENCE_COLUMNS: &str = "u.standing = 'approved' as everyone,
    coalesce(array_agg(l.school_id order by l.school_id) filter (where l.school_id is not null), '{}') as schools";

/// The links that count: accepted by the partner, whose account is approved or waiting.
const COUNTED_LINKS: &str = "left join partner_schools l on l.partner_id = u.id and l.accepted_at is not null and u.standing in ('approved', 'pending')";

/// The audience of partner `partner_id`.
pub async fn audience_of(db: &PgPool, partner_id: i64) -> Result<Audience> {
    let (everyone, schools): (bool, Vec<i64>) = sqlx::query_as(AssertSqlSafe(format!(
        "select {AUDIENCE_COLUMNS} from users u {COUNTED_LINKS} where u.id = $1 group by u.id"
    )))
    .bind(partner_id)
    .fetch_one(db)
    .await?;
    Ok(Audience { everyone, schools })
}

/// The audiences of the partners who own a search with alerts, by partner.
pub async fn alerting_audiences(db: &PgPool) -> Result<HashMap<i64, Audience>> {
    let rows: Vec<(i64, bool, Vec<i64>)> = sqlx::query_as(AssertSqlSafe(format!(
        "select u.id, {AUDIENCE_COLUMNS}
         from users u {COUNTED_LINKS}
         where u.id in (select partner_id from sourcing_searches where saved and alerts <> 'off')
         group by u.id"
    )))
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(|(partner_id, everyone, schools)| (partner_id, Audience { everyone, schools })).collect())
}

/// Whether partner `partner_id`, of `standing`, is a waiting partner that a school works with:
/// one who may already source, among that school's candidates only.
pub async fn is_school_scoped(db: &PgPool, partner_id: i64, standing: AccountStanding) -> sqlx::Result<bool> {
    if standing != AccountStanding::Pending {
        return Ok(false);
    }
    sqlx::query_scalar(
        "select exists (select 1 from partner_schools where partner_id = $1 and accepted_at is not null)",
    )
    .bind(partner_id)
    .fetch_one(db)
    .await
}
