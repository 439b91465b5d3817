//! Passwords: the "forgot my password" email and its reset link, the invitation a school's
//! new candidate receives (whose link sets the first password on the same page), and the change
//! of a known password from the profile. Each revokes every other session of the user.
//!
//! A reset request answers the same whether the address is known or not, after the same work
//! ([`super::link_requests`]).

use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::check_password;
use super::link_requests::{LinkEmail, mail_link};
use crate::auth::password_strength::PasswordOwner;
use crate::auth::tokens::{self, TokenKind};
use crate::auth::{CurrentUser, session};
use crate::error::{Error, Result, RuleCode};
use crate::extract::{Json, Path, Query};
use crate::http::sessions::invalid_token;
use crate::http::{AppState, ClientIp};
use crate::locale::Locale;
use crate::mail::EmailKind;
use crate::mail::Recipient;
use crate::password;
use crate::validation::Checks;

#[derive(Deserialize, utoipa::ToSchema)]
pub struct PasswordResetRequest {
    email: Option<String>,
}

#[utoipa::path(
    post, path = "/api/api/users/reset-password", request_body = PasswordResetRequest,
    responses(
        (status = 204, description = "an email is sent if the account exists"),
        (status = 429, body = crate::error::ErrorBody),
    )
)]
pub async fn request_password_reset(
    State(state): State<AppState>,
    ClientIp(client_ip): ClientIp,
    Json(request): Json<PasswordResetRequest>,
) -> Result<StatusCode> {
    let mut checks = Checks::new();
    let email = checks.email("email", request.email.as_deref());
    checks.finish()?;
    state.limits.password_resets_per_ip.hit(&state.db, &client_ip.to_string()).await?;
    state.limits.password_resets_per_account.hit(&state.db, &email).await?;
    let account: Option<(i64, String, String)> =
        sqlx::query_as("select id, firstname, locale from users where lower(email) = $1 and active")
            .bind(&email)
            .fetch_optional(&state.db)
            .await?;
    let owner = account.map(|(user_id, firstname, locale)| Recipient {
        user_id,
        email: email.clone(),
        firstname,
        locale: Locale::from_code(&locale),
    });
    let reset = LinkEmail {
        token: TokenKind::ResetPassword,
        email: EmailKind::PasswordReset,
        page: "/mot-de-passe/reinitialiser",
    };
    mail_link(&state, &email, owner, reset).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct NewPasswordRequest {
    password: Option<String>,
}

#[utoipa::path(
    post, path = "/api/api/user/reset-password-tokens/reset/{token}", request_body = NewPasswordRequest,
    params(("token" = String, Path, description = "the token of the reset link")),
    responses(
        (status = 204, description = "password changed, every session revoked"),
        (status = 400, body = crate::error::ErrorBody, description = "invalid_token"),
        (status = 422, body = crate::error::ErrorBody, description = "password: required, password_policy, password_too_weak"),
    )
)]
pub async fn reset_password(
    State(state): State<AppState>,
    ClientIp(client_ip): ClientIp,
    Path(token): Path<String>,
    Json(request): Json<NewPasswordRequest>,
) -> Result<StatusCode> {
    state.limits.tokens_per_ip.hit(&state.db, &client_ip.to_string()).await?;
    let owner: Option<(String, String, String)> = sqlx::query_as(
        "select u.email, u.firstname, u.lastname from user_tokens t join users u on u.id = t.user_id
         where t.token_hash = $1 and t.kind in ('reset_password', 'invitation') and t.used_at is null
           and t.expires_at > now()",
    )
    .bind(tokens::sha256(&token))
    .fetch_optional(&state.db)
    .await?;
    let (email, firstname, lastname) = owner.ok_or_else(invalid_token)?;
    let owner = PasswordOwner { email: &email, firstname: &firstname, lastname: &lastname };
    let mut checks = Checks::new();
    let new_password = check_password(&mut checks, "password", request.password.as_deref(), &owner).await?;
    checks.finish()?;
    let hash = password::hash_off_runtime(new_password).await?;
    let mut transaction = state.db.begin().await?;
    // a school's invitation sets the first password through the same page
    let consumed = match tokens::consume(&mut transaction, &token, TokenKind::ResetPassword).await? {
        Some(consumed) => consumed,
        None => tokens::consume(&mut transaction, &token, TokenKind::Invitation).await?.ok_or_else(invalid_token)?,
    };
    // following the link proved the address too
    sqlx::query(
        "update users set password_hash = $2, session_version = session_version + 1,
                email_validated_at = coalesce(email_validated_at, now()) where id = $1",
    )
    .bind(consumed.user_id)
    .bind(hash)
    .execute(&mut *transaction)
    .await?;
    tokens::revoke_all(&mut transaction, consumed.user_id).await?;
    transaction.commit().await?;
    state.session_checks.forget(consumed.user_id);
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, utoipa::IntoParams)]
pub struct PasswordChangeQuery {
    /// Present (`?password`) when the request changes the password.
    pub password: Option<String>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct PasswordChangeRequest {
    current_password: Option<String>,
    password: Option<String>,
}

impl PasswordChangeRequest {
    /// Whether the body carries either password field.
    pub fn names_a_password(&self) -> bool {
        self.current_password.is_some() || self.password.is_some()
    }
}

#[utoipa::path(
    patch, path = "/api/api/partners", params(PasswordChangeQuery), request_body = PasswordChangeRequest,
    responses(
        (status = 204, description = "password changed; other sessions revoked, this one renewed"),
        (status = 422, body = crate::error::ErrorBody, description = "current_password: wrong_password; password: required, password_policy, password_too_weak"),
    )
)]
pub async fn change_partner_password(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(query): Query<PasswordChangeQuery>,
    Json(request): Json<PasswordChangeRequest>,
) -> Result<Response> {
    if query.password.is_none() {
        return Err(Error::invalid("password", RuleCode::QueryParameterExpected));
    }
    change_password(&state, user, &request).await
}

/// Checks `current` against the account's password (`current_password` fails as
/// `wrong_password` otherwise). Counted per account, as logins are, so that a stolen session
/// cannot guess the password at the speed of the machine.
pub(super) async fn check_current_password(
    state: &AppState,
    checks: &mut Checks,
    user_id: i64,
    current: Option<&str>,
    stored_hash: Option<String>,
) -> Result<()> {
    state.limits.password_checks_per_account.hit(&state.db, &user_id.to_string()).await?;
    if !password::verify_off_runtime(current.unwrap_or_default().to_owned(), stored_hash).await? {
        checks.fail("current_password", RuleCode::WrongPassword);
    }
    Ok(())
}

/// The password change of spec section 7 (`PATCH ...?password`), for the partner's route above
/// and the candidate's (`candidate_profile::studies`, which shares its path with the studies).
pub async fn change_password(state: &AppState, user: CurrentUser, request: &PasswordChangeRequest) -> Result<Response> {
    let (email, firstname, lastname, stored_hash): (String, String, String, Option<String>) =
        sqlx::query_as("select email, firstname, lastname, password_hash from users where id = $1")
            .bind(user.id)
            .fetch_one(&state.db)
            .await?;
    let mut checks = Checks::new();
    check_current_password(state, &mut checks, user.id, request.current_password.as_deref(), stored_hash).await?;
    let owner = PasswordOwner { email: &email, firstname: &firstname, lastname: &lastname };
    let new_password = check_password(&mut checks, "password", request.password.as_deref(), &owner).await?;
    checks.finish()?;
    let hash = password::hash_off_runtime(new_password).await?;
    let mut transaction = state.db.begin().await?;
    let session_version: i32 = sqlx::query_scalar(
        "update users set password_hash = $2, session_version = session_version + 1 where id = $1 returning session_version",
    )
    .bind(user.id)
    .bind(hash)
    .fetch_one(&mut *transaction)
    .await?;
    tokens::revoke_all(&mut transaction, user.id).await?;
    transaction.commit().await?;
    state.session_checks.forget(user.id);
    // every other device is logged out; this one gets a session of the new version
    let cookie = session::issue_cookie(
        &state.settings.session_keys,
        user.id,
        session_version,
        false,
        state.settings.secure_cookies(),
    );
    Ok((StatusCode::NO_CONTENT, [(header::SET_COOKIE, cookie)]).into_response())
}
