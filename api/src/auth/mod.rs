//! Who is calling: sessions (a signed cookie), roles, one-time tokens sent by email, and the
//! password policy and strength rule. Route access itself is declared in [`crate::http::routes`].

pub mod login_throttle;
pub mod password_policy;
pub mod password_strength;
pub mod session;
pub mod tokens;

use serde::Serialize;

/// The three kinds of user of spec section 1, and the operators who run the platform.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize, utoipa::ToSchema, sqlx::Type)]
#[serde(rename_all = "lowercase")]
#[sqlx(type_name = "user_role", rename_all = "lowercase")]
pub enum Role {
    Candidate,
    School,
    Partner,
    /// A person of the team running Vivier: approves schools and partners, suspends accounts.
    Operator,
}

impl Role {
    pub fn from_discriminator(discriminator: &str) -> Option<Self> {
        match discriminator {
            "candidate" => Some(Role::Candidate),
            "school" => Some(Role::School),
            "partner" => Some(Role::Partner),
            "operator" => Some(Role::Operator),
            _ => None,
        }
    }

    /// The database's name of the role (`user_role`).
    pub fn discriminator(self) -> &'static str {
        match self {
            Role::Candidate => "candidate",
            Role::School => "school",
            Role::Partner => "partner",
            Role::Operator => "operator",
        }
    }
}

/// Where an account stands with the operators (`users.standing`): new schools and partners wait
/// for approval; a refused account says why; a suspended one is shut out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize, utoipa::ToSchema, sqlx::Type)]
#[serde(rename_all = "lowercase")]
#[sqlx(type_name = "account_standing", rename_all = "lowercase")]
pub enum AccountStanding {
    Pending,
    Approved,
    Refused,
    Suspended,
}

impl AccountStanding {
    /// Why this standing keeps its account from a route that needs an approved one, if it does.
    pub fn refusal(self) -> Option<crate::error::Error> {
        use crate::error::{Error, ErrorCode};
        let (code, message) = match self {
            AccountStanding::Approved => return None,
            AccountStanding::Pending => (ErrorCode::AccountPending, "the account waits for an operator's approval"),
            AccountStanding::Refused => (ErrorCode::AccountRefused, "an operator refused the account"),
            AccountStanding::Suspended => (ErrorCode::AccountSuspended, "an operator suspended the account"),
        };
        Some(Error::Rejected { status: axum::http::StatusCode::FORBIDDEN, code, message: message.to_owned() })
    }
}

/// The logged-in user of a request, put in the request by the access check of its route.
#[derive(Debug, Clone, Copy)]
pub struct CurrentUser {
    pub id: i64,
    pub role: Role,
    pub standing: AccountStanding,
    pub session_version: i32,
}

impl CurrentUser {
    /// A candidate's own routes name them by `{id}` in the path, and it must be the caller's
    /// id. Any other is a 404, as another candidate's record is: the answer does not tell
    /// whether that id exists.
    pub fn require_own_id(&self, id_or_slug: &str) -> crate::error::Result<()> {
        if id_or_slug == self.id.to_string() { Ok(()) } else { Err(crate::error::Error::NotFound) }
    }
}
