//! Changing the account's address: it asks for the current password (a session left open is
//! not enough to take the account), the new address gets a link, and the change happens only
//! when that link is followed, so that a typo never locks a user out. Following it voids every
//! other link still open (an older change, a reset sent to the old address) and tells the old
//! address, with a link that undoes a change its owner did not make ([`super::email_restoration`]).

use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;

use super::email_restoration::restoration_link;
use super::passwords::check_current_password;
use super::{email_taken_on_race, follow_link};
use crate::auth::CurrentUser;
use crate::auth::tokens::{self, TokenKind};
use crate::error::{Error, ErrorCode, Result};
use crate::extract::{Json, Path};
use crate::http::sessions::invalid_token;
use crate::http::{AppState, ClientIp};
use crate::locale::Locale;
use crate::mail::EmailKind;
use crate::mail::{Recipient, account_email, account_email_quoting};
use crate::validation::Checks;

#[derive(Deserialize, utoipa::ToSchema)]
pub struct EmailRenewalRequest {
    /// The new address, to be confirmed by a link sent there.
    email: Option<String>,
    /// The account's password (required).
    current_password: Option<String>,
}

#[utoipa::path(
    post, path = "/api/api/user/renewal-email-tokens", request_body = EmailRenewalRequest,
    responses(
        (status = 204, description = "a confirmation link was sent to the new address"),
        (status = 409, body = crate::error::ErrorBody, description = "email_taken"),
        (status = 422, body = crate::error::ErrorBody, description = "email: required, invalid_email; current_password: wrong_password"),
        (status = 429, body = crate::error::ErrorBody, description = "more than 3 requests an hour for one account, or 10 password checks in 15 minutes"),
    )
)]
pub async fn request_email_renewal(
    State(state): State<AppState>,
    ClientIp(client_ip): ClientIp,
    user: CurrentUser,
    Json(request): Json<EmailRenewalRequest>,
) -> Result<StatusCode> {
    let mut checks = Checks::new();
    let new_email = checks.email("email", request.email.as_deref());
    let stored_hash: Option<String> =
        sqlx::query_scalar("select password_hash from users where id = $1").bind(user.id).fetch_one(&state.db).await?;
    check_current_password(&state, &mut checks, user.id, request.current_password.as_deref(), stored_hash).await?;
    checks.finish()?;
    // every request mails someone: limited like password resets, per address and per account
    state.limits.email_changes_per_ip.hit(&state.db, &client_ip.to_string()).await?;
    state.limits.email_changes_per_account.hit(&state.db, &user.id.to_string()).await?;
    let taken: bool = sqlx::query_scalar("select exists (select 1 from users where lower(email) = $1)")
        .bind(&new_email)
        .fetch_one(&state.db)
        .await?;
    if taken {
        return Err(Error::Conflict {
            code: ErrorCode::EmailTaken,
            message: "this email already has an account".into(),
        });
    }
    let mut transaction = state.db.begin().await?;
    let token = tokens::create(&mut transaction, user.id, TokenKind::EmailRenewal, Some(&new_email)).await?;
    let (firstname, locale): (String, String) =
        sqlx::query_as("update users set is_email_renewal = true where id = $1 returning firstname, locale")
            .bind(user.id)
            .fetch_one(&mut *transaction)
            .await?;
    let link = format!("{}/inscription/valider?token={token}&kind=email", state.settings.public_url);
    let owner = Recipient { user_id: user.id, email: new_email, firstname, locale: Locale::from_code(&locale) };
    let message = account_email(&mut transaction, &state.settings, EmailKind::EmailChange, owner, link).await?;
    state.mailer.enqueue(&mut *transaction, message).await.map_err(Error::Internal)?;
    transaction.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(
    post, path = "/api/api/user/renewal-email-tokens/{token}",
    params(("token" = String, Path, description = "the token of the confirmation link")),
    responses(
        (status = 204, description = "the account's email is now the new address"),
        (status = 400, body = crate::error::ErrorBody, description = "invalid_token"),
        (status = 409, body = crate::error::ErrorBody, description = "email_taken"),
        (status = 429, body = crate::error::ErrorBody),
    )
)]
pub async fn confirm_email_renewal(
    State(state): State<AppState>,
    ClientIp(client_ip): ClientIp,
    Path(token): Path<String>,
) -> Result<StatusCode> {
    let (mut transaction, consumed) = follow_link(&state, client_ip, &token, TokenKind::EmailRenewal).await?;
    let new_email = consumed.new_email.ok_or_else(invalid_token)?;
    let (old_email, firstname, locale): (String, String, String) = sqlx::query_as(
        "update users u set email = $2, is_email_renewal = false, email_validated_at = now()
         from users before where u.id = $1 and before.id = u.id
         returning before.email, u.firstname, u.locale",
    )
    .bind(consumed.user_id)
    .bind(&new_email)
    .fetch_one(&mut *transaction)
    .await
    .map_err(email_taken_on_race)?;
    tokens::revoke_all(&mut transaction, consumed.user_id).await?;
    let undo_link = restoration_link(&mut transaction, &state, consumed.user_id, &old_email).await?;
    let old_owner =
        Recipient { user_id: consumed.user_id, email: old_email, firstname, locale: Locale::from_code(&locale) };
    let notice = account_email_quoting(
        &mut transaction,
        &state.settings,
        EmailKind::EmailChanged,
        old_owner,
        undo_link,
        Some(new_email),
    )
    .await?;
    state.mailer.enqueue(&mut *transaction, notice).await.map_err(Error::Internal)?;
    transaction.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}
