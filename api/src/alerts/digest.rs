//! Alert emails: the daily digest of `daily` searches (one a day at most per partner, up to
//! [`DIGEST_SIZE`] candidates and how many more the notifications page lists, none when nothing
//! is new) and the email of an `immediate` batch.
//! Both are in the partner's language, carry the `sourcing` unsubscribe link, and mark the events
//! they tell of, so that no event is emailed twice; the email is written in the transaction that
//! marks them (and that writes them, for an `immediate` batch), so that none is marked unemailed.
//!
//! The digest runs on every server every [`run`] interval (`--alert-digest-seconds`); a
//! partner's digest is claimed in `alert_digests` by a conditional upsert, so two servers never
//! both send it.

use std::time::Duration;

use chrono::{DateTime, Utc};
use sqlx::PgConnection;

use super::reason::MatchReason;
use crate::blind_first::shown_name;
use crate::error::{Error, Result};
use crate::locale::Locale;
use crate::mail::digests::{claim_day, run_every};
use crate::mail::{DigestLine, EmailKind, Letter, Mailing, unsubscribe_link};

/// The most candidates one email lists.
pub const DIGEST_SIZE: usize = 10;

#[derive(sqlx::FromRow)]
struct EventLine {
    search_id: i64,
    search_name: Option<String>,
    firstname: String,
    lastname: String,
    /// A blind-first candidate's initials stand for their name (`crate::blind_first`).
    name_hidden: bool,
    reason: sqlx::types::Json<MatchReason>,
    /// How many of the events are of candidates still looking (the window's count, before the limit).
    still_looking: i64,
}

/// Emails the partner about the events (the first [`DIGEST_SIZE`] of those whose candidate is
/// still looking), unless they unsubscribed from sourcing emails, and marks them emailed, in
/// `connection`'s transaction (that of the events or of the digest's claim). Returns whether an
/// email was written to the outbox.
pub async fn email_events(
    state: &Mailing,
    connection: &mut PgConnection,
    partner_id: i64,
    events: &[i64],
) -> Result<bool> {
    sqlx::query("update sourcing_search_matches set emailed_at = now() where id = any($1) and partner_id = $2")
        .bind(events)
        .bind(partner_id)
        .execute(&mut *connection)
        .await?;
    let (email, firstname, locale, unsubscribed): (String, String, String, bool) = sqlx::query_as(
        "select u.email, u.firstname, u.locale,
                exists (select 1 from notification_subscriptions n
                        where n.user_id = u.id and n.type = 'sourcing' and not n.subscribed)
         from users u where u.id = $1",
    )
    .bind(partner_id)
    .fetch_one(&mut *connection)
    .await?;
    if unsubscribed {
        return Ok(false);
    }
    let lines: Vec<EventLine> = sqlx::query_as(
        "select m.sourcing_search_id as search_id, s.name as search_name, u.firstname, u.lastname,
                not partner_may_see_name(m.candidate_id, m.partner_id) as name_hidden, m.reason,
                count(*) over () as still_looking
         from sourcing_search_matches m
         join sourcing_searches s on s.id = m.sourcing_search_id
         join candidates c on c.user_id = m.candidate_id join users u on u.id = m.candidate_id
         where m.id = any($1) and m.partner_id = $2 and c.in_research and u.active
         order by m.created_at, m.id limit $3",
    )
    .bind(events)
    .bind(partner_id)
    .bind(DIGEST_SIZE as i64)
    .fetch_all(&mut *connection)
    .await?;
    if lines.is_empty() {
        return Ok(false);
    }
    let more = usize::try_from(lines[0].still_looking).unwrap_or(0).saturating_sub(lines.len());
    let locale = Locale::from_code(&locale);
    let public_url = &state.settings.public_url;
    let lines = lines
        .into_iter()
        .map(|line| DigestLine {
            title: {
                let (firstname, lastname) = shown_name(line.firstname, line.lastname, line.name_hidden);
                format!("{firstname} {lastname}")
            },
            context: line.search_name.unwrap_or_else(|| format!("#{}", line.search_id)),
            reason: line.reason.0.line(locale),
            url: format!("{public_url}/dashboard/partenaire/sourcing/recherches/{}", line.search_id),
        })
        .collect();
    let letter = Letter {
        kind: EmailKind::AlertDigest,
        locale,
        to: email,
        user_id: Some(partner_id),
        firstname,
        action_url: Some(format!("{public_url}/dashboard/partenaire/notifications")),
        unsubscribe_url: Some(unsubscribe_link(&mut *connection, &state.settings, partner_id, "sourcing").await?),
        lines,
        more,
        detail: None,
    };
    let email = letter.compose().map_err(|error| Error::Internal(error.into()))?;
    state.mailer.enqueue(&mut *connection, email).await.map_err(Error::Internal)?;
    Ok(true)
}

/// Sends the digests due at `now`: to each partner with events of `daily` searches no email told
/// of, who had no digest in the last 24 hours. Returns the partners emailed.
pub async fn send_digests(state: &Mailing, now: DateTime<Utc>) -> Result<Vec<i64>> {
    let partners: Vec<i64> = sqlx::query_scalar(
        "select distinct m.partner_id from sourcing_search_matches m
         join sourcing_searches s on s.id = m.sourcing_search_id
         where m.emailed_at is null and s.alerts = 'daily' order by m.partner_id",
    )
    .fetch_all(&state.db)
    .await?;
    let mut emailed = Vec::new();
    for partner_id in partners {
        let mut transaction = state.db.begin().await?;
        if !claim_day(&mut *transaction, "alert_digests", "partner_id", partner_id, now).await? {
            continue;
        }
        let events: Vec<i64> = sqlx::query_scalar(
            "select m.id from sourcing_search_matches m join sourcing_searches s on s.id = m.sourcing_search_id
             where m.partner_id = $1 and m.emailed_at is null and s.alerts = 'daily' order by m.created_at, m.id",
        )
        .bind(partner_id)
        .fetch_all(&mut *transaction)
        .await?;
        if email_events(state, &mut transaction, partner_id, &events).await? {
            emailed.push(partner_id);
        } else {
            // nothing to tell after all: the day's digest is still to come
            sqlx::query("delete from alert_digests where partner_id = $1 and last_sent_at = $2")
                .bind(partner_id)
                .bind(now)
                .execute(&mut *transaction)
                .await?;
        }
        transaction.commit().await?;
    }
    Ok(emailed)
}

/// Sends the due digests every `every`, for as long as the server runs.
pub async fn run(state: Mailing, every: Duration) {
    run_every(state, every, "saved-search alerts", |state, now| async move { send_digests(&state, now).await }).await
}
