//! What the outbox keeps, and for how long: a sent email is kept [`SENT_KEPT_DAYS`] days (to
//! answer "did you send it?"), then deleted; the secret of a one-time link (a reset, a
//! validation, an invitation) is blanked from its message as soon as the link is used or
//! expired, so that the outbox, its backups and the demo mailbox hold no link that still works
//! for longer than the link itself. Unsent rows stay for the worker while it still tries them;
//! once it gave up, or when no SMTP server is configured (the demo mailbox is then their only
//! reader), they go after the same days as sent ones.
//!
//! The retention job runs it daily (`crate::candidate_data::retention`); replicas running it at
//! once do the same updates, which change nothing the second time.

use chrono::{DateTime, Utc};
use sqlx::PgPool;

use super::outbox::MAX_ATTEMPTS;

/// How long a sent email is kept.
pub const SENT_KEPT_DAYS: i32 = 30;

/// What stands for a blanked secret in a stored message (its link then says `token=redacted`).
const REDACTED: &str = "redacted";

/// What one run did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct OutboxForgotten {
    /// Sent rows deleted.
    pub deleted: u64,
    /// Rows whose one-time link was blanked.
    pub redacted: u64,
}

/// Deletes the rows sent [`SENT_KEPT_DAYS`] days before `now`, and the unsent ones created then
/// that nobody will send: given up after [`MAX_ATTEMPTS`], or any when the mailer does not send
/// for real (no SMTP server: the demo mailbox is their only reader). Blanks the secrets of the
/// links that are used, expired or replaced at `now`.
pub async fn forget_old(db: &PgPool, now: DateTime<Utc>, sends_for_real: bool) -> sqlx::Result<OutboxForgotten> {
    // `sent_at` is never before `created_at`: the condition on the latter lets the index serve
    let deleted = sqlx::query(
        "delete from outbox_emails
         where created_at < $1 - make_interval(days => $2)
           and (sent_at < $1 - make_interval(days => $2) or (sent_at is null and (attempts >= $3 or $4)))",
    )
    .bind(now)
    .bind(SENT_KEPT_DAYS)
    .bind(MAX_ATTEMPTS)
    .bind(!sends_for_real)
    .execute(db)
    .await?
    .rows_affected();
    // a link is open while a token of one of the three kinds of links still opens it; the
    // secret is base64url, which neither JSON nor HTML escapes, so a plain replace finds it
    let redacted = sqlx::query(
        "with spent as (
             select o.id from outbox_emails o
             cross join lateral (select sha256(convert_to(o.link_token, 'UTF8')) as hash) secret
             where o.link_token is not null
               and not exists (select 1 from user_tokens t
                               where t.token_hash = secret.hash and t.used_at is null and t.expires_at > $1)
               and not exists (select 1 from school_invitations i
                               where i.token_hash = secret.hash and i.answer is null and i.expires_at > $1)
               and not exists (select 1 from recruiter_invitations i
                               where i.token_hash = secret.hash and i.answer is null and i.expires_at > $1))
         update outbox_emails o
         set text_body = replace(o.text_body, o.link_token, $2), html_body = replace(o.html_body, o.link_token, $2),
             links = replace(o.links::text, o.link_token, $2)::jsonb, link_token = null
         from spent where o.id = spent.id",
    )
    .bind(now)
    .bind(REDACTED)
    .execute(db)
    .await?
    .rows_affected();
    Ok(OutboxForgotten { deleted, redacted })
}
