//! Emails: every message is recorded in `outbox_emails`; with an SMTP server configured it is
//! also sent through it (lettre). Without one (the demo), the mailbox page lists the outbox so
//! a person can follow the links.
//!
//! What a message says is a template per language (`api/templates/emails`), see [`Letter`].
//!
//! Sending happens on a background task: the answer of a request never waits for SMTP, and
//! its timing does not tell whether an email was sent (password reset of an unknown address).

use lettre::message::{Mailbox, MultiPart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use sqlx::PgPool;

mod templates;

pub use templates::{EmailKind, Letter};

/// A message ready to record and send.
#[derive(Debug, Clone)]
pub struct Email {
    pub user_id: Option<i64>,
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: String,
    pub links: Vec<String>,
}

pub struct Mailer {
    smtp: Option<AsyncSmtpTransport<Tokio1Executor>>,
    from: Mailbox,
}

impl Mailer {
    /// `smtp_url` like `smtps://user:password@smtp.example.org` (None: record only).
    pub fn new(smtp_url: Option<&str>, from: &str) -> anyhow::Result<Self> {
        let smtp =
            smtp_url.map(|url| AsyncSmtpTransport::<Tokio1Executor>::from_url(url).map(|b| b.build())).transpose()?;
        Ok(Self { smtp, from: from.parse()? })
    }

    pub fn sends_for_real(&self) -> bool {
        self.smtp.is_some()
    }

    /// Records the email and sends it, on a background task.
    pub fn send_later(self: &std::sync::Arc<Self>, db: &PgPool, email: Email) {
        let mailer = self.clone();
        let db = db.clone();
        tokio::spawn(async move {
            if let Err(error) = mailer.record_and_send(&db, email).await {
                tracing::error!(error = format!("{error:#}"), "cannot record or send an email");
            }
        });
    }

    /// Records the email and sends it, before returning: for jobs that run outside a request.
    pub async fn send_now(&self, db: &PgPool, email: Email) -> anyhow::Result<()> {
        self.record_and_send(db, email).await
    }

    async fn record_and_send(&self, db: &PgPool, email: Email) -> anyhow::Result<()> {
        let id: i64 = sqlx::query_scalar(
            "insert into outbox_emails (user_id, to_email, subject, text_body, html_body, links)
             values ($1, $2, $3, $4, $5, $6) returning id",
        )
        .bind(email.user_id)
        .bind(&email.to)
        .bind(&email.subject)
        .bind(&email.text)
        .bind(&email.html)
        .bind(serde_json::json!(email.links))
        .fetch_one(db)
        .await?;
        let Some(smtp) = &self.smtp else {
            return Ok(());
        };
        let message = Message::builder()
            .from(self.from.clone())
            .to(email.to.parse()?)
            .subject(&email.subject)
            .multipart(MultiPart::alternative_plain_html(email.text.clone(), email.html.clone()))?;
        match smtp.send(message).await {
            Ok(_) => {
                sqlx::query("update outbox_emails set sent_at = now() where id = $1").bind(id).execute(db).await?;
            }
            Err(error) => {
                // the address is personal data: log the outbox id, not the recipient
                tracing::warn!(outbox_id = id, %error, "smtp delivery failed");
                sqlx::query("update outbox_emails set last_error = $2 where id = $1")
                    .bind(id)
                    .bind(error.to_string())
                    .execute(db)
                    .await?;
            }
        }
        Ok(())
    }
}
