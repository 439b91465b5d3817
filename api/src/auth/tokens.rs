//! One-time tokens sent by email (validation, password reset, email change, login links).
//! The link carries 32 random bytes; only their SHA-256 is stored, so a database leak gives
//! no usable link. A token is consumed by a single update, which makes reuse impossible even
//! when two requests race.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::Duration;
use rand::RngCore;
use sha2::{Digest, Sha256};
use sqlx::PgConnection;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenKind {
    Validation,
    ResetPassword,
    EmailRenewal,
    Login,
    /// A school created the account: the link sets its first password.
    Invitation,
    /// Sent to the old address after an email change: the link puts that address back.
    EmailRestoration,
}

impl TokenKind {
    fn as_sql(self) -> &'static str {
        match self {
            TokenKind::Validation => "validation",
            TokenKind::ResetPassword => "reset_password",
            TokenKind::EmailRenewal => "email_renewal",
            TokenKind::Login => "login",
            TokenKind::Invitation => "invitation",
            TokenKind::EmailRestoration => "email_restoration",
        }
    }

    /// How long a link stays valid.
    pub fn lifetime(self) -> Duration {
        match self {
            TokenKind::Validation => Duration::days(3),
            TokenKind::ResetPassword => Duration::hours(1),
            TokenKind::EmailRenewal => Duration::days(1),
            TokenKind::Login => Duration::minutes(15),
            TokenKind::Invitation => Duration::days(14),
            // long enough for someone away from their mail for a week to learn of the change
            TokenKind::EmailRestoration => Duration::days(7),
        }
    }
}

pub fn sha256(text: &str) -> Vec<u8> {
    Sha256::digest(text.as_bytes()).to_vec()
}

/// A fresh secret for a link, and the hash kept of it (the database never holds the secret).
pub fn new_secret() -> (String, Vec<u8>) {
    let mut secret = [0_u8; 32];
    rand::rng().fill_bytes(&mut secret);
    let token = URL_SAFE_NO_PAD.encode(secret);
    let hash = sha256(&token);
    (token, hash)
}

/// Creates a token for `user_id` and returns the secret to put in the link.
pub async fn create(
    connection: &mut PgConnection,
    user_id: i64,
    kind: TokenKind,
    new_email: Option<&str>,
) -> sqlx::Result<String> {
    let (token, hash) = new_secret();
    sqlx::query(
        "insert into user_tokens (user_id, kind, token_hash, new_email, expires_at)
         values ($1, $2::user_token_kind, $3, $4, now() + $5)",
    )
    .bind(user_id)
    .bind(kind.as_sql())
    .bind(hash)
    .bind(new_email)
    .bind(kind.lifetime())
    .execute(connection)
    .await?;
    Ok(token)
}

/// Voids every link still open for `user_id` (password reset, email change, login, invitation):
/// called whenever the password or the address changes, so that a link mailed before (perhaps to
/// an address the user no longer owns) cannot undo or bypass the change. A restoration link sent
/// to a former address stays: whoever took the account would otherwise void it by changing the
/// password.
pub async fn revoke_all(connection: &mut PgConnection, user_id: i64) -> sqlx::Result<()> {
    sqlx::query(
        "update user_tokens set used_at = now()
         where user_id = $1 and used_at is null and kind not in ('validation', 'email_restoration')",
    )
    .bind(user_id)
    .execute(connection)
    .await?;
    Ok(())
}

/// A consumed token: whose it was, and the address it confirms for an email change.
pub struct ConsumedToken {
    pub user_id: i64,
    pub new_email: Option<String>,
}

/// Marks the token used and returns its owner, or `None` when it is unknown, expired, used,
/// or of another kind.
pub async fn consume(
    connection: &mut PgConnection,
    token: &str,
    kind: TokenKind,
) -> sqlx::Result<Option<ConsumedToken>> {
    if token.is_empty() || token.len() > 100 {
        return Ok(None);
    }
    let row: Option<(i64, Option<String>)> = sqlx::query_as(
        "update user_tokens set used_at = now()
         where token_hash = $1 and kind = $2::user_token_kind and used_at is null and expires_at > now()
         returning user_id, new_email",
    )
    .bind(sha256(token))
    .bind(kind.as_sql())
    .fetch_optional(connection)
    .await?;
    Ok(row.map(|(user_id, new_email)| ConsumedToken { user_id, new_email }))
}
