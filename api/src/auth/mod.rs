//! Who is calling: sessions (a signed cookie), roles, one-time tokens sent by email, and the
//! password policy. Route access itself is declared in [`crate::http::routes`].

pub mod password_policy;
pub mod session;
pub mod tokens;

use serde::Serialize;

/// The three kinds of user of spec section 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Candidate,
    School,
    Partner,
}

impl Role {
    pub fn from_discriminator(discriminator: &str) -> Option<Self> {
        match discriminator {
            "candidate" => Some(Role::Candidate),
            "school" => Some(Role::School),
            "partner" => Some(Role::Partner),
            _ => None,
        }
    }
}

/// The logged-in user of a request, put in the request by the access check of its route.
#[derive(Debug, Clone, Copy)]
pub struct CurrentUser {
    pub id: i64,
    pub role: Role,
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
