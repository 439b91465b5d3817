//! Account life cycle, one file per job: [`sign_up`] (three sign-ups and the validation of the
//! address), [`invitation_sign_up`] (a student joining from a school's invitation),
//! [`recruiter_sign_up`] (a recruiter joining from a school's invitation), [`passwords`] (reset
//! and change), [`login_links`] (logging in by a link sent by email), the two mailed by
//! [`link_requests`], [`email_change`] and its undoing ([`email_restoration`]), [`unsubscribe`]
//! and the [`notification_preferences`] it switches. This module registers their routes and
//! holds what several of them share.

mod email_change;
mod email_restoration;
mod invitation_sign_up;
mod link_requests;
mod login_links;
mod notification_preferences;
mod passwords;
mod recruiter_sign_up;
mod sign_up;
mod unsubscribe;

pub use passwords::{PasswordChangeQuery, PasswordChangeRequest, change_password};

pub use sign_up::TERMS_VERSION;

use utoipa_axum::routes;

use super::routes::{Access, RouteTable};
use crate::auth::password_policy;
use crate::auth::password_strength::{self, PasswordOwner};
use crate::auth::{Role, tokens};
use crate::error::{Error, ErrorCode, RuleCode};
use crate::http::sessions::invalid_token;
use crate::validation::Checks;
use sqlx::AssertSqlSafe;

pub fn routes(table: &mut RouteTable) {
    table.add(Access::Public, routes!(sign_up::create_candidate));
    table.add(Access::Public, routes!(sign_up::create_school));
    table.add(Access::Public, routes!(sign_up::create_partner));
    table.add(Access::Public, routes!(sign_up::validate_account));
    table.add(Access::Public, routes!(invitation_sign_up::preview_invitation));
    table.add(Access::Public, routes!(invitation_sign_up::create_invited_account));
    table.add(Access::Public, routes!(recruiter_sign_up::preview_recruiter_invitation));
    table.add(Access::Public, routes!(recruiter_sign_up::create_recruiter_account));
    table.add(Access::Public, routes!(passwords::request_password_reset));
    table.add(Access::Public, routes!(passwords::reset_password));
    table.add(Access::Public, routes!(login_links::request_login_link));
    table.add(Access::Authenticated, routes!(email_change::request_email_renewal));
    table.add(Access::Public, routes!(email_change::confirm_email_renewal));
    table.add(Access::Public, routes!(email_restoration::restore_email));
    table.add(Access::Only(Role::Partner), routes!(passwords::change_partner_password));
    table.add(Access::Public, routes!(unsubscribe::unsubscribe));
    table.add(Access::Public, routes!(unsubscribe::unsubscribe_in_one_click));
    table.add(
        Access::Authenticated,
        routes!(
            notification_preferences::get_notification_preferences,
            notification_preferences::set_notification_preference
        ),
    );
}

/// Checks a new password chosen by `owner`: present, following the composition rules
/// (`password_policy`), then hard enough to guess (`password_too_weak`).
pub(super) async fn check_password(
    checks: &mut Checks,
    field: &str,
    password: Option<&str>,
    owner: &PasswordOwner<'_>,
) -> crate::error::Result<String> {
    let password = password.unwrap_or_default();
    if password.is_empty() {
        checks.fail(field, RuleCode::Required);
    } else if !password_policy::accepts(password, owner.email) {
        checks.fail(field, RuleCode::PasswordPolicy);
    } else if !password_strength::is_strong_enough(password, owner).await? {
        checks.fail(field, RuleCode::PasswordTooWeak);
    }
    Ok(password.to_owned())
}

/// The open invitation (of a school to a student or to a recruiter) whose link carries `token`:
/// `select` reads it from the invitations table aliased `i`, whose token hash is `$1`, and is
/// completed here with the conditions of an open invitation, and a lock of its row when `lock`.
/// An unknown, answered, withdrawn or expired one is an `invalid_token`.
pub(super) async fn open_invitation<T>(
    connection: &mut sqlx::PgConnection,
    select: &str,
    token: &str,
    lock: bool,
) -> crate::error::Result<T>
where
    T: for<'r> sqlx::FromRow<'r, sqlx::postgres::PgRow> + Send + Unpin,
{
    if token.is_empty() || token.len() > 100 {
        return Err(invalid_token());
    }
    let lock = if lock { "for update of i" } else { "" };
    let sql = format!("{select} where i.token_hash = $1 and i.answer is null and i.expires_at > now() {lock}");
    let row = sqlx::query_as(AssertSqlSafe(&*sql)).bind(tokens::sha256(token)).fetch_optional(connection).await?;
    row.ok_or_else(invalid_token)
}

/// The start of a route that follows a link mailed to the user: one more use of a one-time link
/// from the client's address (rate-limited), and the token of `kind` consumed in the transaction
/// that makes its change; `invalid_token` when it is unknown, expired, used or of another kind.
pub(super) async fn follow_link(
    state: &crate::http::AppState,
    client_ip: std::net::IpAddr,
    token: &str,
    kind: tokens::TokenKind,
) -> crate::error::Result<(sqlx::Transaction<'static, sqlx::Postgres>, tokens::ConsumedToken)> {
    state.limits.tokens_per_ip.hit(&state.db, &client_ip.to_string()).await?;
    let mut transaction = state.db.begin().await?;
    let consumed = tokens::consume(&mut transaction, token, kind).await?.ok_or_else(invalid_token)?;
    Ok((transaction, consumed))
}

/// Two sign-ups with one address at the same instant: the second sees the unique index.
pub(super) fn email_taken_on_race(error: sqlx::Error) -> Error {
    match error.as_database_error().and_then(|database_error| database_error.constraint()) {
        Some("users_email_key") => {
            Error::Conflict { code: ErrorCode::EmailTaken, message: "this email already has an account".into() }
        }
        _ => Error::Database(error),
    }
}
