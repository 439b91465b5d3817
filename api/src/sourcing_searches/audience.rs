//! Whose candidates a partner may find: the [`Audience`] the matcher filters every search with.
//! Every partner may find the candidates who let every recruiter find them; the schools that
//! work with a partner (a link in `partner_schools` the partner accepted) add their candidates who
//! let their school's recruiters find them. Read afresh for each search, so that a link made or removed counts at
//! once; a saved search's alerts are compiled with the audience of the moment.

use std::collections::HashMap;

use matcher::Audience;
use sqlx::PgPool;

use crate::error::Result;

/// The audience of partner `partner_id`.
pub async fn audience_of(db: &PgPool, partner_id: i64) -> Result<Audience> {
    let schools: Vec<i64> = sqlx::query_scalar(
        "select school_id from partner_schools where partner_id = $1 and accepted_at is not null order by school_id",
    )
    .bind(partner_id)
    .fetch_all(db)
    .await?;
    Ok(Audience { everyone: true, schools })
}

/// The audiences of the partners who own a search with alerts, by partner.
pub async fn alerting_audiences(db: &PgPool) -> Result<HashMap<i64, Audience>> {
    let rows: Vec<(i64, Vec<i64>)> = sqlx::query_as(
        "select p.partner_id, coalesce(array_agg(l.school_id order by l.school_id) filter (where l.school_id is not null), '{}')
         from (select distinct partner_id from sourcing_searches where saved and alerts <> 'off') p
         left join partner_schools l on l.partner_id = p.partner_id and l.accepted_at is not null
         group by p.partner_id",
    )
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(|(partner_id, schools)| (partner_id, Audience { everyone: true, schools })).collect())
}
