//! Emails: every message is written to `outbox_emails`, a queue that one worker ([`outbox`])
//! drains for every email of the product. With an SMTP server configured the worker sends each
//! row through it ([`smtp`]) once, retrying failures with backoff; without one (the demo), rows
//! stay in the outbox and the mailbox page lists them so a person can follow the links.
//!
//! What a message says is a template per language (`api/templates/emails`), see [`Letter`].
//!
//! An email is written in the transaction of the change that causes it (the account and its
//! validation email, the token and its reset email, the alert events and their digest): it is
//! sent if and only if the change commits, and a server that dies after the commit leaves the
//! row for the next worker. A request's answer never waits for SMTP. Sent rows and the secrets
//! of spent links are not kept ([`retention`]).

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, Tokio1Executor};
use tokio::sync::Notify;

pub mod digests;
mod notices;
pub mod outbox;
pub mod retention;
mod smtp;
mod templates;

pub use notices::{
    Mailing, ONE_CLICK_UNSUBSCRIBE_PATH, Recipient, account_email, account_email_quoting, account_notice,
    subscribed_notice, unsubscribe_link,
};
pub use templates::{DigestLine, EmailKind, Letter};

/// A message ready to record and send.
#[derive(Debug, Clone)]
pub struct Email {
    pub user_id: Option<i64>,
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: String,
    pub links: Vec<String>,
    /// Where a mail client posts a one-click unsubscribe (`List-Unsubscribe`, RFC 8058): on
    /// notifications and digests only.
    pub list_unsubscribe_url: Option<String>,
    /// The secret of the one-time link the message carries, which [`retention`] blanks from
    /// the stored message once the link is used or expired.
    pub link_token: Option<String>,
}

/// What a delivery returns: done, or why not.
pub type Delivery<'a> = Pin<Box<dyn Future<Output = anyhow::Result<()>> + Send + 'a>>;

/// Where the outbox worker hands emails: SMTP on a server, a recorder in tests.
pub trait Transport: Send + Sync {
    fn deliver<'a>(&'a self, email: &'a Email) -> Delivery<'a>;
}

pub struct Mailer {
    transport: Option<Arc<dyn Transport>>,
    /// Wakes the outbox worker when a row is written.
    written: Notify,
}

impl Mailer {
    /// `smtp_url` like `smtps://user:password@smtp.example.org` (None: record only).
    pub fn new(smtp_url: Option<&str>, from: &str) -> anyhow::Result<Self> {
        let from: Mailbox = from.parse()?;
        let transport = smtp_url
            .map(|url| AsyncSmtpTransport::<Tokio1Executor>::from_url(url).map(|builder| builder.build()))
            .transpose()?
            .map(|transport| Arc::new(smtp::Smtp { transport, from }) as Arc<dyn Transport>);
        Ok(Self { transport, written: Notify::new() })
    }

    /// A mailer delivering through `transport` (tests record or fail deliveries).
    pub fn with_transport(transport: Arc<dyn Transport>) -> Self {
        Self { transport: Some(transport), written: Notify::new() }
    }

    pub fn sends_for_real(&self) -> bool {
        self.transport.is_some()
    }

    /// Writes the email to the outbox before returning, and wakes the worker. Given a
    /// transaction, the email is sent only if the change that causes it commits.
    pub async fn enqueue(&self, db: impl sqlx::PgExecutor<'_>, email: Email) -> anyhow::Result<i64> {
        let ids = self.enqueue_all(db, vec![email]).await?;
        Ok(ids[0])
    }

    /// Writes many emails to the outbox in one statement (an import's invitations), in the
    /// transaction of the change that causes them, and wakes the worker.
    pub async fn enqueue_all(&self, db: impl sqlx::PgExecutor<'_>, emails: Vec<Email>) -> anyhow::Result<Vec<i64>> {
        if emails.is_empty() {
            return Ok(Vec::new());
        }
        let column = |pick: fn(&Email) -> String| emails.iter().map(pick).collect::<Vec<_>>();
        let ids = sqlx::query_scalar(
            "insert into outbox_emails
                 (user_id, to_email, subject, text_body, html_body, links, list_unsubscribe_url, link_token)
             select * from unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::jsonb[],
                                  $7::text[], $8::text[])
             returning id",
        )
        .bind(emails.iter().map(|email| email.user_id).collect::<Vec<_>>())
        .bind(column(|email| email.to.clone()))
        .bind(column(|email| email.subject.clone()))
        .bind(column(|email| email.text.clone()))
        .bind(column(|email| email.html.clone()))
        .bind(emails.iter().map(|email| serde_json::json!(email.links)).collect::<Vec<_>>())
        .bind(emails.iter().map(|email| email.list_unsubscribe_url.clone()).collect::<Vec<_>>())
        .bind(emails.iter().map(|email| email.link_token.clone()).collect::<Vec<_>>())
        .fetch_all(db)
        .await?;
        self.written.notify_one();
        Ok(ids)
    }
}
