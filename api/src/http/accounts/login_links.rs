//! "Email me a login link": a person who knows their address but not their password (or would
//! rather not type it on this device) gets a link that logs them in once, within
//! [`TokenKind::Login`]'s lifetime (15 minutes), through `POST /api/api/auth/login/with-token`.
//!
//! The link is worth exactly what a password reset link is worth (whoever reads the mailbox may
//! take the account either way), so it is given under the same conditions: the answer is the same
//! 204 whether the address has an account or not, after the same work
//! ([`super::link_requests`]); requests are limited per client address and per typed address. Only an account whose
//! address is validated, active and not suspended gets an email; following the link checks the
//! last two again. Setting a password or changing the address voids every link still open
//! (`tokens::revoke_all`), this one included.

use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;

use super::link_requests::{LinkEmail, mail_link};
use crate::auth::tokens::TokenKind;
use crate::error::Result;
use crate::extract::Json;
use crate::http::{AppState, ClientIp};
use crate::locale::Locale;
use crate::mail::{EmailKind, Recipient};
use crate::validation::Checks;

#[derive(Deserialize, utoipa::ToSchema)]
pub struct LoginLinkRequest {
    /// The address of the account to log in to.
    email: Option<String>,
}

#[utoipa::path(
    post, path = "/api/api/auth/login-links", request_body = LoginLinkRequest,
    responses(
        (status = 204, description = "a login link is emailed if the address has a validated, active account; the answer is the same otherwise"),
        (status = 422, body = crate::error::ErrorBody, description = "email: required, invalid_email"),
        (status = 429, body = crate::error::ErrorBody, description = "more than 50 requests an hour from one client address, or 3 for one account address"),
    )
)]
pub async fn request_login_link(
    State(state): State<AppState>,
    ClientIp(client_ip): ClientIp,
    Json(request): Json<LoginLinkRequest>,
) -> Result<StatusCode> {
    let mut checks = Checks::new();
    let email = checks.email("email", request.email.as_deref());
    checks.finish()?;
    state.limits.login_links_per_ip.hit(&state.db, &client_ip.to_string()).await?;
    state.limits.login_links_per_account.hit(&state.db, &email).await?;
    let account: Option<(i64, String, String, String)> = sqlx::query_as(
        "select id, email, firstname, locale from users
         where lower(email) = $1 and active and email_validated_at is not null and standing <> 'suspended'",
    )
    .bind(&email)
    .fetch_optional(&state.db)
    .await?;
    let owner = account.map(|(user_id, address, firstname, locale)| Recipient {
        user_id,
        email: address,
        firstname,
        locale: Locale::from_code(&locale),
    });
    let login = LinkEmail { token: TokenKind::Login, email: EmailKind::LoginLink, page: "/login/with-token" };
    mail_link(&state, &email, owner, login).await?;
    Ok(StatusCode::NO_CONTENT)
}
