//! The emails about a person's own account (validation, reset, invitation, notices): one
//! [`Letter`] shape whose main link is the action, with the "news" unsubscribe link, or the link
//! of their own type for notifications one may turn off ([`subscribed_notice`]), and the
//! unsubscribe links themselves. Background jobs (retention, alert digests) and the account
//! routes both write them, so they live with the mail rather than with either.
//!
//! Each takes the connection of the transaction that causes the email: the subscription row an
//! unsubscribe link needs is written in it, with the account it belongs to at sign-up.

use std::sync::Arc;

use sqlx::{PgConnection, PgPool};

use crate::app::Settings;
use crate::auth::tokens;
use crate::error::{Error, Result};
use crate::locale::Locale;
use crate::mail::{Email, EmailKind, Letter, Mailer};

/// What a background job needs to write emails: the database (the outbox is a table), the
/// settings (links and unsubscribe tokens) and the mailer. Cheap to clone.
#[derive(Clone)]
pub struct Mailing {
    pub db: PgPool,
    pub settings: Arc<Settings>,
    pub mailer: Arc<Mailer>,
}

/// Who an account email goes to.
pub struct Recipient {
    pub user_id: i64,
    pub email: String,
    pub firstname: String,
    pub locale: Locale,
}

/// A notice about the account to user `user_id`, in their language, whose link is the login page;
/// `detail` is what the message quotes (see [`Letter::detail`]).
pub async fn account_notice(
    connection: &mut PgConnection,
    settings: &Settings,
    kind: EmailKind,
    user_id: i64,
    detail: Option<String>,
) -> Result<Email> {
    let (email, firstname, locale): (String, String, String) =
        sqlx::query_as("select email, firstname, locale from users where id = $1")
            .bind(user_id)
            .fetch_one(&mut *connection)
            .await?;
    let to = Recipient { user_id, email, firstname, locale: Locale::from_code(&locale) };
    let login_url = format!("{}/login", settings.public_url);
    account_email_quoting(&mut *connection, settings, kind, to, login_url, detail).await
}

/// One of the account emails, whose main link is `action_url`, with the news unsubscribe link.
pub async fn account_email(
    connection: &mut PgConnection,
    settings: &Settings,
    kind: EmailKind,
    to: Recipient,
    action_url: String,
) -> Result<Email> {
    account_email_quoting(connection, settings, kind, to, action_url, None).await
}

/// A notification of `notification_type` (`messages`...) to user `user_id`, in their language,
/// whose unsubscribe link turns that type off; `None` when they turned it off already.
pub async fn subscribed_notice(
    connection: &mut PgConnection,
    settings: &Settings,
    kind: EmailKind,
    user_id: i64,
    notification_type: &str,
    action_url: String,
    detail: String,
) -> Result<Option<Email>> {
    let (email, firstname, locale, subscribed): (String, String, String, bool) = sqlx::query_as(
        "select u.email, u.firstname, u.locale,
                not exists (select 1 from notification_subscriptions n
                            where n.user_id = u.id and n.type = $2 and not n.subscribed)
         from users u where u.id = $1",
    )
    .bind(user_id)
    .bind(notification_type)
    .fetch_one(&mut *connection)
    .await?;
    if !subscribed {
        return Ok(None);
    }
    let letter = Letter {
        kind,
        locale: Locale::from_code(&locale),
        unsubscribe_url: Some(unsubscribe_link(&mut *connection, settings, user_id, notification_type).await?),
        to: email,
        user_id: Some(user_id),
        firstname,
        action_url: Some(action_url),
        lines: Vec::new(),
        more: 0,
        detail: Some(detail),
    };
    letter.compose().map(Some).map_err(|error| Error::Internal(error.into()))
}

/// [`account_email`] quoting `detail` (see [`Letter::detail`]).
pub async fn account_email_quoting(
    connection: &mut PgConnection,
    settings: &Settings,
    kind: EmailKind,
    to: Recipient,
    action_url: String,
    detail: Option<String>,
) -> Result<Email> {
    let letter = Letter {
        kind,
        locale: to.locale,
        unsubscribe_url: Some(unsubscribe_link(connection, settings, to.user_id, "news").await?),
        to: to.email,
        user_id: Some(to.user_id),
        firstname: to.firstname,
        action_url: Some(action_url),
        lines: Vec::new(),
        more: 0,
        detail,
    };
    letter.compose().map_err(|error| Error::Internal(error.into()))
}

/// The unsubscribe link of a user for one notification type (see
/// [`crate::auth::session::SessionKeys::unsubscribe_token`]); its hash is kept for lookup.
pub async fn unsubscribe_link(
    connection: &mut PgConnection,
    settings: &Settings,
    user_id: i64,
    notification_type: &str,
) -> Result<String> {
    let token = settings.session_keys.unsubscribe_token(user_id, notification_type);
    sqlx::query(
        "insert into notification_subscriptions (user_id, type, unsubscribe_token_hash) values ($1, $2, $3)
         on conflict (user_id, type) do update set unsubscribe_token_hash = excluded.unsubscribe_token_hash",
    )
    .bind(user_id)
    .bind(notification_type)
    .bind(tokens::sha256(&token))
    .execute(&mut *connection)
    .await?;
    Ok(format!("{}{UNSUBSCRIBE_PAGE}?token={token}&type={notification_type}", settings.public_url))
}

/// The page an unsubscribe link opens (the web app's, which says what it turned off).
const UNSUBSCRIBE_PAGE: &str = "/notifications/desinscrire";

/// Where a mail client posts a one-click unsubscribe (RFC 8058), with the query of the page's
/// link: the token and the notification type.
pub const ONE_CLICK_UNSUBSCRIBE_PATH: &str = "/api/api/notifications/unsubscribe/one-click";

/// The one-click address (`List-Unsubscribe`) of an unsubscribe link made by [`unsubscribe_link`].
pub(super) fn one_click_unsubscribe_url(unsubscribe_url: &str) -> String {
    unsubscribe_url.replacen(UNSUBSCRIBE_PAGE, ONE_CLICK_UNSUBSCRIBE_PATH, 1)
}
