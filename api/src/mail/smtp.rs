//! The SMTP transport (lettre): an outbox row becomes a MIME message, text and HTML, with the
//! one-click unsubscribe headers of RFC 8058 on notifications and digests. Large mail providers
//! require them of bulk senders, and show an "unsubscribe" button that posts to the address
//! without the person leaving their mailbox (see `crate::http::accounts` for the route).

use lettre::message::header::{HeaderName, HeaderValue};
use lettre::message::{Mailbox, MultiPart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use super::{Delivery, Email, Transport};

/// SMTP through lettre.
pub(super) struct Smtp {
    pub transport: AsyncSmtpTransport<Tokio1Executor>,
    pub from: Mailbox,
}

impl Transport for Smtp {
    fn deliver<'a>(&'a self, email: &'a Email) -> Delivery<'a> {
        Box::pin(async move {
            self.transport.send(message(&self.from, email)?).await?;
            Ok(())
        })
    }
}

/// The message that carries `email` from `from`.
fn message(from: &Mailbox, email: &Email) -> anyhow::Result<Message> {
    let mut builder = Message::builder().from(from.clone()).to(email.to.parse()?).subject(&email.subject);
    if let Some(url) = &email.list_unsubscribe_url {
        // RFC 2369's angle brackets; the POST header says the address takes a one-click POST
        builder = builder
            .raw_header(HeaderValue::new(HeaderName::new_from_ascii_str("List-Unsubscribe"), format!("<{url}>")))
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe-Post"),
                "List-Unsubscribe=One-Click".to_owned(),
            ));
    }
    Ok(builder.multipart(MultiPart::alternative_plain_html(email.text.clone(), email.html.clone()))?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn email(list_unsubscribe_url: Option<&str>) -> Email {
        Email {
            user_id: Some(7),
            to: "lea@example.org".to_owned(),
            subject: "Hello".to_owned(),
            text: "text".to_owned(),
            html: "<p>html</p>".to_owned(),
            links: Vec::new(),
            list_unsubscribe_url: list_unsubscribe_url.map(str::to_owned),
            link_token: None,
        }
    }

    fn headers_of(email: &Email) -> String {
        let from: Mailbox = "Vivier <no-reply@example.org>".parse().unwrap();
        let formatted = String::from_utf8(message(&from, email).unwrap().formatted()).unwrap();
        formatted.split("\r\n\r\n").next().unwrap().to_owned()
    }

    #[test]
    fn a_notification_says_where_to_unsubscribe_in_one_click() {
        let url = "https://vivier.example.org/api/api/notifications/unsubscribe/one-click?token=b&type=offers";
        let headers = headers_of(&email(Some(url)));

        assert!(headers.contains(&format!("\r\nList-Unsubscribe: <{url}>\r\n")), "{headers}");
        assert!(headers.contains("\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click"), "{headers}");
    }

    #[test]
    fn an_account_email_has_no_unsubscribe_header() {
        let headers = headers_of(&email(None));

        assert!(!headers.contains("List-Unsubscribe"), "{headers}");
    }
}
