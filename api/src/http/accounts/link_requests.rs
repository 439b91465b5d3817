//! The emails of a link asked for by address (a password reset, a login link). The answer must
//! not tell whether the address has an account, and yet the email is written before the answer,
//! in the transaction of its token, so that a server that dies after answering loses no email.
//! So the two paths do the same work before the same answer: an address with an account gets a
//! token and its email in one transaction; one without gets the same letter rendered and written
//! in a savepoint that is rolled back, so that both commits write and flush the database's log.
//! What remains different (the token's row, the subscription row) is a few index writes inside
//! the same commit, small beside the requests' network and rate-limit work.

use sqlx::Connection;

use crate::auth::tokens::{self, TokenKind};
use crate::error::{Error, Result};
use crate::http::AppState;
use crate::locale::Locale;
use crate::mail::{EmailKind, Letter, Recipient, account_email};

/// Which link a request mails.
pub(super) struct LinkEmail {
    pub token: TokenKind,
    pub email: EmailKind,
    /// The web app's page the link opens (it posts the link's token back).
    pub page: &'static str,
}

/// Mails `link` to `account`, the account found for the typed `address` (if any) that may have
/// it; without one, does the same work and writes nothing (see the module's documentation).
pub(super) async fn mail_link(
    state: &AppState,
    address: &str,
    account: Option<Recipient>,
    link: LinkEmail,
) -> Result<()> {
    let mut transaction = state.db.begin().await?;
    match account {
        Some(owner) => {
            let token = tokens::create(&mut transaction, owner.user_id, link.token, None).await?;
            let url = format!("{}{}?token={token}", state.settings.public_url, link.page);
            let message = account_email(&mut transaction, &state.settings, link.email, owner, url).await?;
            state.mailer.enqueue(&mut *transaction, message).await.map_err(Error::Internal)?;
        }
        None => {
            let (token, _) = tokens::new_secret();
            let letter = Letter {
                kind: link.email,
                locale: Locale::Fr,
                to: address.to_owned(),
                user_id: None,
                firstname: String::new(),
                action_url: Some(format!("{}{}?token={token}", state.settings.public_url, link.page)),
                unsubscribe_url: None,
                lines: Vec::new(),
                more: 0,
                detail: None,
            };
            let message = letter.compose().map_err(|error| Error::Internal(error.into()))?;
            let mut written_for_nobody = transaction.begin().await?;
            state.mailer.enqueue(&mut *written_for_nobody, message).await.map_err(Error::Internal)?;
            written_for_nobody.rollback().await?;
        }
    }
    transaction.commit().await?;
    Ok(())
}
