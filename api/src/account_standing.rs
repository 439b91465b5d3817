//! Changing where an account stands (see [`AccountStanding`]): an operator approves, refuses,
//! suspends or reinstates an account, and an approved partner approves a colleague of their
//! company. One function does it for both so that the rules, the audit line and the email to the
//! person are always the same, written in one transaction.

use axum::http::StatusCode;

use crate::app::AppState;
use crate::audit::{AuditAction, AuditEvent};
use crate::auth::{AccountStanding, Role};
use crate::error::{Error, ErrorCode, Result, RuleCode};
use crate::mail::{EmailKind, account_notice};

/// The longest reason an operator may give.
pub const MAX_REASON_CHARS: usize = 1000;

/// What moving an account from `from` to `to` is, or why it may not be done.
pub fn transition(from: AccountStanding, to: AccountStanding) -> Result<AuditAction> {
    use AccountStanding::{Approved, Pending, Refused, Suspended};
    match (from, to) {
        _ if from == to => Err(Error::Conflict {
            code: ErrorCode::StandingUnchanged,
            message: "the account already stands there".to_owned(),
        }),
        (Pending | Refused, Approved) => Ok(AuditAction::AccountApproved),
        (Suspended, Approved) => Ok(AuditAction::AccountReinstated),
        (Pending, Refused) => Ok(AuditAction::AccountRefused),
        (Pending | Approved, Suspended) => Ok(AuditAction::AccountSuspended),
        _ => Err(Error::Conflict {
            code: ErrorCode::StandingTransitionNotAllowed,
            message: format!("an account cannot go from {from:?} to {to:?}").to_lowercase(),
        }),
    }
}

fn email_of(action: AuditAction) -> EmailKind {
    match action {
        AuditAction::AccountRefused => EmailKind::AccountRefused,
        AuditAction::AccountSuspended => EmailKind::AccountSuspended,
        AuditAction::AccountReinstated => EmailKind::AccountReinstated,
        _ => EmailKind::AccountApproved,
    }
}

/// The reason a change to `to` needs (refusals and suspensions say why), checked; `None` for
/// an approval, whatever was sent.
pub fn checked_reason(to: AccountStanding, reason: Option<&str>) -> Result<Option<String>> {
    if to == AccountStanding::Approved {
        return Ok(None);
    }
    let reason = reason.map(str::trim).unwrap_or_default();
    if reason.is_empty() {
        return Err(Error::invalid("reason", RuleCode::Required));
    }
    if reason.chars().count() > MAX_REASON_CHARS {
        return Err(Error::invalid("reason", RuleCode::TooLong));
    }
    Ok(Some(reason.to_owned()))
}

/// Moves account `subject` to `to`, on behalf of `actor`: checks the move, records it in the
/// audit log and queues the email that tells the person, all in one transaction. Operators'
/// accounts are not changed this way; an unknown or deactivated account is a 404.
pub async fn change(
    state: &AppState,
    actor: i64,
    subject: i64,
    to: AccountStanding,
    reason: Option<String>,
) -> Result<()> {
    let mut transaction = state.db.begin().await?;
    // "no key" so that the email's unsubscribe row (a foreign key to users) can still be written
    let current: Option<(String, AccountStanding)> =
        sqlx::query_as("select discriminator::text, standing from users where id = $1 and active for no key update")
            .bind(subject)
            .fetch_optional(&mut *transaction)
            .await?;
    let (discriminator, from) = current.ok_or(Error::NotFound)?;
    if Role::from_discriminator(&discriminator) == Some(Role::Operator) {
        return Err(Error::Rejected {
            status: StatusCode::CONFLICT,
            code: ErrorCode::OperatorAccount,
            message: "operators' accounts are not changed here".to_owned(),
        });
    }
    let action = transition(from, to)?;
    sqlx::query("update users set standing = $2, standing_reason = $3, standing_changed_at = now() where id = $1")
        .bind(subject)
        .bind(to)
        .bind(&reason)
        .execute(&mut *transaction)
        .await?;
    let event = AuditEvent { actor: Some(actor), action, subject: Some(subject), detail: reason.as_deref() };
    event.record(&mut *transaction).await?;
    let email = account_notice(&mut transaction, &state.settings, email_of(action), subject, reason).await?;
    state.mailer.enqueue(&mut *transaction, email).await.map_err(Error::Internal)?;
    transaction.commit().await?;
    // this server applies the change at once; others within the session check's lifetime
    state.session_checks.forget(subject);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_move_is_named_or_refused() {
        use AccountStanding::*;
        assert_eq!(transition(Pending, Approved).unwrap(), AuditAction::AccountApproved);
        assert_eq!(transition(Refused, Approved).unwrap(), AuditAction::AccountApproved);
        assert_eq!(transition(Suspended, Approved).unwrap(), AuditAction::AccountReinstated);
        assert_eq!(transition(Pending, Refused).unwrap(), AuditAction::AccountRefused);
        assert_eq!(transition(Approved, Suspended).unwrap(), AuditAction::AccountSuspended);
        for (from, to) in [(Approved, Refused), (Suspended, Refused), (Approved, Pending), (Refused, Suspended)] {
            assert!(transition(from, to).is_err(), "{from:?} to {to:?}");
        }
        assert!(matches!(
            transition(Approved, Approved),
            Err(Error::Conflict { code: ErrorCode::StandingUnchanged, .. })
        ));
    }

    #[test]
    fn refusals_and_suspensions_need_a_reason_of_bounded_length() {
        assert_eq!(checked_reason(AccountStanding::Approved, Some("ignored")).unwrap(), None);
        assert!(checked_reason(AccountStanding::Refused, Some("  ")).is_err());
        assert!(checked_reason(AccountStanding::Suspended, Some(&"x".repeat(1001))).is_err());
        assert_eq!(
            checked_reason(AccountStanding::Refused, Some(" Not a school ")).unwrap().as_deref(),
            Some("Not a school")
        );
    }
}
