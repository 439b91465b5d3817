//! The candidates' daily digest of new offers: the live offers published since the last digest
//! that the candidate fits (rows of `job_offer_matches` written when each offer was published),
//! best fit first, [`DIGEST_SIZE`] at most and how many more "offers for me" lists. One a day at
//! most per candidate, claimed in `job_offer_digests` so that two servers never both send it; in
//! the candidate's language, with the `offers` unsubscribe link, and none to a candidate who
//! turned offers off (their rows are marked all the same, so nothing piles up).

use std::time::Duration;

use chrono::{DateTime, Utc};
use sqlx::{AssertSqlSafe, PgConnection};

use super::LIVE;
use crate::error::{Error, Result};
use crate::locale::Locale;
use crate::mail::digests::{claim_day, run_every};
use crate::mail::{DigestLine, EmailKind, Letter, Mailing, unsubscribe_link};

/// The most offers one email lists.
pub const DIGEST_SIZE: i64 = 10;

#[derive(sqlx::FromRow)]
struct OfferLine {
    offer_id: i64,
    title: String,
    company: String,
    place: String,
    /// How many offers the digest tells of (the window's count, before the limit).
    fitting: i64,
}

/// Emails candidate `candidate_id` about their unemailed matches of live offers and marks every
/// unemailed match emailed, in `transaction` (that of the day's claim). Returns whether an email
/// was written to the outbox.
async fn email_candidate(state: &Mailing, transaction: &mut PgConnection, candidate_id: i64) -> Result<bool> {
    let lines: Vec<OfferLine> = sqlx::query_as(AssertSqlSafe(format!(
        "select o.id as offer_id, o.title, co.name as company, l.value as place, count(*) over () as fitting
         from job_offer_matches m
         join job_offers o on o.id = m.job_offer_id
         join companies co on co.id = o.company_id
         join localizations l on l.id = o.localization_id
         where m.candidate_id = $1 and m.emailed_at is null and {LIVE}
         order by m.score desc, o.id limit $2"
    )))
    .bind(candidate_id)
    .bind(DIGEST_SIZE)
    .fetch_all(&mut *transaction)
    .await?;
    sqlx::query("update job_offer_matches set emailed_at = now() where candidate_id = $1 and emailed_at is null")
        .bind(candidate_id)
        .execute(&mut *transaction)
        .await?;
    let (email, firstname, locale, subscribed): (String, String, String, bool) = sqlx::query_as(
        "select u.email, u.firstname, u.locale,
                u.active and not exists (select 1 from notification_subscriptions n
                                         where n.user_id = u.id and n.type = 'offers' and not n.subscribed)
         from users u where u.id = $1",
    )
    .bind(candidate_id)
    .fetch_one(&mut *transaction)
    .await?;
    if lines.is_empty() || !subscribed {
        return Ok(false);
    }
    let more = usize::try_from(lines[0].fitting).unwrap_or(0).saturating_sub(lines.len());
    let public_url = &state.settings.public_url;
    let lines = lines
        .into_iter()
        .map(|line| DigestLine {
            title: line.title,
            context: line.company,
            reason: line.place,
            url: format!("{public_url}/offres/{}", line.offer_id),
        })
        .collect();
    let letter = Letter {
        kind: EmailKind::OfferDigest,
        locale: Locale::from_code(&locale),
        to: email,
        user_id: Some(candidate_id),
        firstname,
        action_url: Some(format!("{public_url}/dashboard/candidate/offres")),
        unsubscribe_url: Some(unsubscribe_link(&mut *transaction, &state.settings, candidate_id, "offers").await?),
        lines,
        more,
        detail: None,
    };
    let email = letter.compose().map_err(|error| Error::Internal(error.into()))?;
    state.mailer.enqueue(&mut *transaction, email).await.map_err(Error::Internal)?;
    Ok(true)
}

/// Sends the digests due at `now`: to each candidate with unemailed matches who had no digest in
/// the last 24 hours. Returns the candidates emailed.
pub async fn send_digests(state: &Mailing, now: DateTime<Utc>) -> Result<Vec<i64>> {
    let candidates: Vec<i64> = sqlx::query_scalar(
        "select distinct candidate_id from job_offer_matches where emailed_at is null order by candidate_id",
    )
    .fetch_all(&state.db)
    .await?;
    let mut emailed = Vec::new();
    for candidate_id in candidates {
        let mut transaction = state.db.begin().await?;
        if claim_day(&mut *transaction, "job_offer_digests", "candidate_id", candidate_id, now).await?
            && email_candidate(state, &mut transaction, candidate_id).await?
        {
            emailed.push(candidate_id);
        }
        transaction.commit().await?;
    }
    Ok(emailed)
}

/// Sends the due digests every `every`, for as long as the server runs.
pub async fn run(state: Mailing, every: Duration) {
    run_every(state, every, "offers", |state, now| async move { send_digests(&state, now).await }).await
}
