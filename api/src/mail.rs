//! Emails: every message is recorded in `outbox_emails`; with an SMTP server configured it is
//! also sent through it (lettre). Without one (the demo), the mailbox page lists the outbox so
//! a person can follow the links.
//!
//! Sending happens on a background task: the answer of a request never waits for SMTP, and
//! its timing does not tell whether an email was sent (password reset of an unknown address).

use lettre::message::{Mailbox, MultiPart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use sqlx::PgPool;

use crate::http::locale::Locale;

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

/// Escapes text for inclusion in the HTML part.
fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// Builds an email from paragraphs and one main link, with the unsubscribe footer every email
/// carries.
pub fn compose(
    locale: Locale,
    to: &str,
    user_id: Option<i64>,
    subject: String,
    paragraphs: &[String],
    action: Option<(&str, String)>,
    unsubscribe_link: String,
) -> Email {
    let footer = match locale {
        Locale::Fr => "Vous ne souhaitez plus recevoir les actualités de Vivier ? Se désabonner :",
        Locale::En => "No longer want Vivier news? Unsubscribe:",
    };
    let mut text = paragraphs.join("\n\n");
    let mut html = paragraphs.iter().map(|p| format!("<p>{}</p>", escape_html(p))).collect::<String>();
    let mut links = Vec::new();
    if let Some((label, url)) = &action {
        let separator = if locale == Locale::Fr { " : " } else { ": " };
        text.push_str(&format!("\n\n{label}{separator}{url}"));
        html.push_str(&format!(
            "<p><a href=\"{}\" style=\"background:#1f6f5c;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none\">{}</a></p>",
            escape_html(url),
            escape_html(label)
        ));
        links.push(url.clone());
    }
    text.push_str(&format!("\n\n--\n{footer} {unsubscribe_link}\n"));
    html.push_str(&format!(
        "<hr><p style=\"color:#666;font-size:12px\">{} <a href=\"{}\">{}</a></p>",
        escape_html(footer),
        escape_html(&unsubscribe_link),
        escape_html(&unsubscribe_link)
    ));
    links.push(unsubscribe_link);
    Email { user_id, to: to.to_owned(), subject, text, html, links }
}
