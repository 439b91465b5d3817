//! "This was not me": the email telling the old address that the account's address changed
//! carries a link that puts the old address back. Whoever changed it knew the password, so the
//! restoration also voids the password and every session and link, and mails the restored
//! address a link to choose a new password: the owner is back in, the intruder is out.

use axum::extract::State;
use axum::http::StatusCode;

use super::{email_taken_on_race, follow_link};
use crate::auth::tokens::{self, TokenKind};
use crate::error::{Error, Result};
use crate::extract::Path;
use crate::http::sessions::invalid_token;
use crate::http::{AppState, ClientIp};
use crate::locale::Locale;
use crate::mail::{EmailKind, Recipient, account_email};

/// The restoration link for `old_email`, to put in the email that tells that address of the
/// change; created in the transaction of the change.
pub(super) async fn restoration_link(
    connection: &mut sqlx::PgConnection,
    state: &AppState,
    user_id: i64,
    old_email: &str,
) -> Result<String> {
    let token = tokens::create(connection, user_id, TokenKind::EmailRestoration, Some(old_email)).await?;
    Ok(format!("{}/inscription/valider?token={token}&kind=restore", state.settings.public_url))
}

#[utoipa::path(
    post, path = "/api/api/user/restored-email-tokens/{token}",
    params(("token" = String, Path, description = "the token of the link sent to the former address")),
    responses(
        (status = 204, description = "the former address is the account's again; the password, every session and every other link are void, and a link to choose a new password was sent to that address"),
        (status = 400, body = crate::error::ErrorBody, description = "invalid_token"),
        (status = 409, body = crate::error::ErrorBody, description = "email_taken: another account has that address now"),
        (status = 429, body = crate::error::ErrorBody),
    )
)]
pub async fn restore_email(
    State(state): State<AppState>,
    ClientIp(client_ip): ClientIp,
    Path(token): Path<String>,
) -> Result<StatusCode> {
    let (mut transaction, consumed) = follow_link(&state, client_ip, &token, TokenKind::EmailRestoration).await?;
    let restored_email = consumed.new_email.ok_or_else(invalid_token)?;
    let (firstname, locale): (String, String) = sqlx::query_as(
        "update users set email = $2, email_validated_at = now(), is_email_renewal = false,
                password_hash = null, session_version = session_version + 1
         where id = $1 returning firstname, locale",
    )
    .bind(consumed.user_id)
    .bind(&restored_email)
    .fetch_one(&mut *transaction)
    .await
    .map_err(email_taken_on_race)?;
    // every open link goes, the restoration links of older changes too: they have served
    sqlx::query("update user_tokens set used_at = now() where user_id = $1 and used_at is null")
        .bind(consumed.user_id)
        .execute(&mut *transaction)
        .await?;
    let reset = tokens::create(&mut transaction, consumed.user_id, TokenKind::ResetPassword, None).await?;
    let link = format!("{}/mot-de-passe/reinitialiser?token={reset}", state.settings.public_url);
    let owner =
        Recipient { user_id: consumed.user_id, email: restored_email, firstname, locale: Locale::from_code(&locale) };
    let message = account_email(&mut transaction, &state.settings, EmailKind::PasswordReset, owner, link).await?;
    state.mailer.enqueue(&mut *transaction, message).await.map_err(Error::Internal)?;
    transaction.commit().await?;
    state.session_checks.forget(consumed.user_id);
    Ok(StatusCode::NO_CONTENT)
}
