//! Account life cycle, one file per job: [`sign_up`] (three sign-ups and the validation of the
//! address), [`passwords`] (reset and change), [`email_change`], [`unsubscribe`] and the
//! [`notification_preferences`] it switches. This module
//! registers their routes and holds what several of them share.

mod email_change;
mod notification_preferences;
mod passwords;
mod sign_up;
mod unsubscribe;

pub use passwords::{PasswordChangeQuery, PasswordChangeRequest, change_password};

pub(crate) use passwords::send_invitation;
pub use sign_up::TERMS_VERSION;
pub(crate) use unsubscribe::unsubscribe_link;

use utoipa_axum::routes;

use super::AppState;
use super::routes::{Access, RouteTable};
use crate::auth::Role;
use crate::auth::password_policy;
use crate::error::{Error, ErrorCode, Result, RuleCode};
use crate::locale::Locale;
use crate::mail::{Email, EmailKind, Letter};
use crate::validation::Checks;

pub fn routes(table: &mut RouteTable) {
    table.add(Access::Public, routes!(sign_up::create_candidate));
    table.add(Access::Public, routes!(sign_up::create_school));
    table.add(Access::Public, routes!(sign_up::create_partner));
    table.add(Access::Public, routes!(sign_up::validate_account));
    table.add(Access::Public, routes!(passwords::request_password_reset));
    table.add(Access::Public, routes!(passwords::reset_password));
    table.add(Access::Authenticated, routes!(email_change::request_email_renewal));
    table.add(Access::Public, routes!(email_change::confirm_email_renewal));
    table.add(Access::Only(Role::Partner), routes!(passwords::change_partner_password));
    table.add(Access::Public, routes!(unsubscribe::unsubscribe));
    table.add(
        Access::Authenticated,
        routes!(
            notification_preferences::get_notification_preferences,
            notification_preferences::set_notification_preference
        ),
    );
}

pub(super) fn check_password(checks: &mut Checks, field: &str, password: Option<&str>, email: &str) -> String {
    let password = password.unwrap_or_default();
    if password.is_empty() {
        checks.fail(field, RuleCode::Required);
    } else if !password_policy::accepts(password, email) {
        checks.fail(field, RuleCode::PasswordPolicy);
    }
    password.to_owned()
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

/// Who an account email goes to.
struct Recipient {
    user_id: i64,
    email: String,
    firstname: String,
    locale: Locale,
}

/// A notice about the account to user `user_id`, in their language, whose link is the login page.
pub(crate) async fn account_notice(state: &AppState, kind: EmailKind, user_id: i64) -> Result<Email> {
    let (email, firstname, locale): (String, String, String) =
        sqlx::query_as("select email, firstname, locale from users where id = $1")
            .bind(user_id)
            .fetch_one(&state.db)
            .await?;
    let to = Recipient { user_id, email, firstname, locale: Locale::from_code(&locale) };
    let login_url = format!("{}/login", state.settings.public_url);
    account_email(state, kind, to, login_url).await
}

/// One of the account emails, whose main link is `action_url`, with the news unsubscribe link.
async fn account_email(state: &AppState, kind: EmailKind, to: Recipient, action_url: String) -> Result<Email> {
    let letter = Letter {
        kind,
        locale: to.locale,
        unsubscribe_url: unsubscribe::unsubscribe_link(state, to.user_id, "news").await?,
        to: to.email,
        user_id: Some(to.user_id),
        firstname: to.firstname,
        action_url: Some(action_url),
        lines: Vec::new(),
        more: 0,
    };
    letter.compose().map_err(|error| Error::Internal(error.into()))
}
