//! The outbox worker: the one sender of every email. Each server runs one; they share the
//! queue (`outbox_emails`) safely:
//!
//! - a worker claims due rows with `FOR UPDATE SKIP LOCKED` and, in the same statement, counts
//!   the attempt and pushes `next_attempt_at` a lease ahead, so no other worker takes them while
//!   it sends (and a worker that dies mid-send leaves them to be taken again after the lease);
//! - a sent row gets `sent_at` and is never claimed again;
//! - the rows are the whole queue, nothing is held in memory: the email of a change that
//!   committed on a server killed before sending it goes out from the next worker to run, that
//!   server restarted or another replica;
//! - a failed send records its error and waits `next_attempt_at`, doubling from
//!   [`OutboxOptions::first_retry`] up to an hour, for at most [`MAX_ATTEMPTS`] attempts.
//!
//! Without a transport (the demo), there is no worker: rows stay for the demo mailbox to list.

use std::sync::Arc;
use std::time::Duration;

use sqlx::PgPool;

use super::{Email, Mailer, Transport};

/// After this many failed attempts an email is left unsent (its last error says why).
pub const MAX_ATTEMPTS: i32 = 8;

/// Tuning of the worker; the defaults suit a server.
#[derive(Clone, Debug)]
pub struct OutboxOptions {
    /// Rows claimed at once.
    pub batch: i64,
    /// How long a claim keeps other workers off a row.
    pub lease: Duration,
    /// The wait after a first failure; it doubles with each further one, up to an hour.
    pub first_retry: Duration,
    /// Look for due rows this often even when nobody wrote one here (retries, other servers).
    pub poll: Duration,
}

impl Default for OutboxOptions {
    fn default() -> Self {
        OutboxOptions {
            batch: 20,
            lease: Duration::from_secs(300),
            first_retry: Duration::from_secs(30),
            poll: Duration::from_secs(10),
        }
    }
}

#[derive(sqlx::FromRow)]
struct Claimed {
    id: i64,
    user_id: Option<i64>,
    to_email: String,
    subject: String,
    text_body: String,
    html_body: String,
    list_unsubscribe_url: Option<String>,
    attempts: i32,
}

/// What one pass did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Pass {
    pub sent: usize,
    pub failed: usize,
}

/// Claims the due rows (up to a batch), sends them and records the outcome of each.
pub async fn send_due(db: &PgPool, transport: &dyn Transport, options: &OutboxOptions) -> anyhow::Result<Pass> {
    let claimed: Vec<Claimed> = sqlx::query_as(
        "update outbox_emails set attempts = attempts + 1, next_attempt_at = now() + $2
         where id in (select id from outbox_emails
                      where sent_at is null and next_attempt_at <= now() and attempts < $3
                      order by next_attempt_at, id limit $1 for update skip locked)
         returning id, user_id, to_email, subject, text_body, html_body, list_unsubscribe_url, attempts",
    )
    .bind(options.batch)
    .bind(options.lease)
    .bind(MAX_ATTEMPTS)
    .fetch_all(db)
    .await?;
    let mut pass = Pass::default();
    for row in claimed {
        let email = Email {
            user_id: row.user_id,
            to: row.to_email,
            subject: row.subject,
            text: row.text_body,
            html: row.html_body,
            links: Vec::new(),
            list_unsubscribe_url: row.list_unsubscribe_url,
            link_token: None,
        };
        match transport.deliver(&email).await {
            Ok(()) => {
                sqlx::query("update outbox_emails set sent_at = now(), last_error = null where id = $1")
                    .bind(row.id)
                    .execute(db)
                    .await?;
                pass.sent += 1;
            }
            Err(error) => {
                // the address is personal data: log the outbox id, not the recipient
                tracing::warn!(
                    outbox_id = row.id,
                    attempts = row.attempts,
                    error = format!("{error:#}"),
                    "delivery failed"
                );
                let wait = options.first_retry.saturating_mul(1 << (row.attempts - 1).clamp(0, 16));
                sqlx::query("update outbox_emails set last_error = $2, next_attempt_at = now() + $3 where id = $1")
                    .bind(row.id)
                    .bind(format!("{error:#}"))
                    .bind(wait.min(Duration::from_secs(3600)))
                    .execute(db)
                    .await?;
                pass.failed += 1;
            }
        }
    }
    Ok(pass)
}

/// Sends due emails for as long as the server runs: after each write here, and every poll.
pub async fn run(db: PgPool, mailer: Arc<Mailer>, options: OutboxOptions) {
    let Some(transport) = mailer.transport.clone() else {
        return;
    };
    loop {
        match send_due(&db, transport.as_ref(), &options).await {
            // a full batch may have more behind it
            Ok(pass) if (pass.sent + pass.failed) as i64 >= options.batch => continue,
            Ok(_) => {}
            Err(error) => tracing::error!(error = format!("{error:#}"), "outbox pass failed"),
        }
        tokio::select! {
            () = mailer.written.notified() => {}
            () = tokio::time::sleep(options.poll) => {}
        }
    }
}
