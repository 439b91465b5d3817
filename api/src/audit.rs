//! The audit log: what operators did, and what approving colleagues did (an approval whose
//! actor is a partner), so that a decision
//! about someone's account can always be traced to a person and a reason. Written in the
//! transaction of the change it records; read by operators in `/admin/journal`.

use serde::Serialize;

/// What happened, as the log names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema, sqlx::Type)]
#[serde(rename_all = "snake_case")]
#[sqlx(type_name = "audit_action", rename_all = "snake_case")]
pub enum AuditAction {
    AccountApproved,
    AccountRefused,
    AccountSuspended,
    /// A suspension was lifted.
    AccountReinstated,
    /// An operator account was created from the command line.
    OperatorCreated,
    /// An institution a school asked for was created.
    InstitutionCreated,
    InstitutionRequestRefused,
    /// A partner's daily quotas were changed.
    QuotaChanged,
}

/// One event to record: who did it (`None`: the command line), to whom, and the words that
/// explain it (a reason, an institution's name).
pub struct AuditEvent<'a> {
    pub actor: Option<i64>,
    pub action: AuditAction,
    pub subject: Option<i64>,
    pub detail: Option<&'a str>,
}

impl AuditEvent<'_> {
    /// Writes the event; the subject's name is copied so that the line still reads after the
    /// account is erased.
    pub async fn record(&self, connection: impl sqlx::PgExecutor<'_>) -> sqlx::Result<()> {
        sqlx::query(
            "insert into audit_events (actor_id, action, subject_id, subject_name, detail)
             values ($1, $2, $3, (select firstname || ' ' || lastname from users where id = $3), $4)",
        )
        .bind(self.actor)
        .bind(self.action)
        .bind(self.subject)
        .bind(self.detail)
        .execute(connection)
        .await?;
        Ok(())
    }
}
