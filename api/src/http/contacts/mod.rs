//! From a match to a conversation, with the candidate's consent at each step (double opt-in):
//! a partner asks to get in touch ([`requests`]), the candidate reads how they fit the offer it
//! is about ([`received`]) and accepts or declines, and only an
//! accepted request shows each side the other's address and opens a thread of messages
//! ([`conversations`]). A candidate may block a company, whose recruiters can then ask no more
//! ([`blocks`]).
//!
//! Who sees what: a partner reaches only a candidate they could find in a search
//! (`partner_may_find`), and sees that candidate's name in their requests only while they could,
//! or once the candidate accepted; nobody sees an address before the acceptance, and a partner
//! reads a blind-first candidate's initials until they accept ([`crate::blind_first`]). A request
//! nobody answers counts as expired after 14 days (computed when read, so never late); a
//! declined partner waits 90 days before asking the same candidate again.

mod blocks;
mod conversations;
mod received;
mod requests;

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa_axum::routes;

use super::routes::{Access, RouteTable};
use crate::app::AppState;
use crate::auth::Role;
use crate::blind_first::shown_name;
use crate::error::{Error, Result};
use crate::mail::{EmailKind, subscribed_notice};

pub fn routes(table: &mut RouteTable) {
    table.add(Access::SourcingPartner, routes!(requests::ask_for_contact));
    table.add(Access::SourcingPartner, routes!(requests::list_sent_requests));
    let candidate = Access::Only(Role::Candidate);
    table.add(candidate, routes!(received::list_received_requests));
    table.add(candidate, routes!(requests::accept_request));
    table.add(candidate, routes!(requests::decline_request));
    table.add(candidate, routes!(blocks::list_blocked_companies));
    table.add(candidate, routes!(blocks::block_company));
    table.add(candidate, routes!(blocks::unblock_company));
    let either = Access::OneOf(&[Role::Candidate, Role::Partner]);
    table.add(either, routes!(conversations::list_conversations));
    table.add(either, routes!(conversations::read_conversation));
    table.add(either, routes!(conversations::write_message));
    table.add(either, routes!(conversations::close_conversation));
}

/// Where a contact request stands. `expired`: nobody answered within 14 days.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, sqlx::Type, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
#[sqlx(type_name = "contact_request_state", rename_all = "lowercase")]
pub enum ContactRequestState {
    Pending,
    Accepted,
    Declined,
    Expired,
}

/// A contact request as either side sees it.
#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct ContactRequestView {
    id: i64,
    state: ContactRequestState,
    /// The partner's message, plain text.
    message: String,
    /// The partner's offer the request is about.
    offer_id: Option<i64>,
    offer_title: Option<String>,
    company_id: i64,
    company: String,
    recruiter_firstname: String,
    recruiter_lastname: String,
    /// The recruiter's job title.
    recruiter_role: Option<String>,
    candidate_id: i64,
    /// For the partner: only while the candidate could still be found by them, or once they
    /// accepted (`null` otherwise: "no longer available"); initials ("C.") while `name_hidden`.
    candidate_firstname: Option<String>,
    candidate_lastname: Option<String>,
    /// For the partner: the candidate chose blind first and has not accepted yet.
    name_hidden: bool,
    /// Once accepted: the other side's email address (the candidate's for the partner, the
    /// recruiter's for the candidate).
    contact_email: Option<String>,
    created_at: DateTime<Utc>,
    /// A pending request expires then.
    expires_at: DateTime<Utc>,
    answered_at: Option<DateTime<Utc>>,
}

/// The query of [`ContactRequestView`]s: `$1` is whether the reader is the partner; the caller
/// adds its `where` on `r`.
const VIEW: &str = "select r.id,
        case when r.state = 'pending' and r.expires_at <= now() then 'expired'::contact_request_state
             else r.state end as state,
        r.message, r.offer_id, o.title as offer_title, p.company_id, co.name as company,
        pu.firstname as recruiter_firstname, pu.lastname as recruiter_lastname, p.role as recruiter_role,
        r.candidate_id,
        case when named.open then cu.firstname end as candidate_firstname,
        case when named.open then cu.lastname end as candidate_lastname,
        $1 and not partner_may_see_name(r.candidate_id, r.partner_id) as name_hidden,
        case when r.state = 'accepted' then case when $1 then cu.email else pu.email end end as contact_email,
        r.created_at, r.expires_at, r.answered_at
    from contact_requests r
    join partners p on p.user_id = r.partner_id
    join users pu on pu.id = r.partner_id
    join companies co on co.id = p.company_id
    join users cu on cu.id = r.candidate_id
    left join job_offers o on o.id = r.offer_id
    cross join lateral (
        select not $1 or r.state = 'accepted' or partner_may_find(r.candidate_id, r.partner_id) as open
    ) named";

impl ContactRequestView {
    /// The view with the candidate's names as its reader may see them.
    fn with_shown_name(mut self) -> Self {
        if let (Some(firstname), Some(lastname)) = (self.candidate_firstname.take(), self.candidate_lastname.take()) {
            let (firstname, lastname) = shown_name(firstname, lastname, self.name_hidden);
            (self.candidate_firstname, self.candidate_lastname) = (Some(firstname), Some(lastname));
        }
        self
    }
}

/// The column of `contact_requests` that names the caller's side.
fn own_side(user: &crate::auth::CurrentUser) -> &'static str {
    if user.role == Role::Partner { "partner_id" } else { "candidate_id" }
}

/// Queues the email of `kind` to user `user_id` in `connection`'s transaction, unless they
/// turned the "messages" notification type off; it links to the reader's dashboard.
async fn notify(
    state: &AppState,
    connection: &mut sqlx::PgConnection,
    kind: EmailKind,
    user_id: i64,
    role: Role,
    detail: String,
) -> Result<()> {
    let dashboard = match role {
        Role::Partner => "/dashboard/partenaire",
        _ => "/dashboard/candidate",
    };
    let action_url = format!("{}{dashboard}", state.settings.public_url);
    let email =
        subscribed_notice(&mut *connection, &state.settings, kind, user_id, "messages", action_url, detail).await?;
    if let Some(email) = email {
        state.mailer.enqueue(&mut *connection, email).await.map_err(Error::Internal)?;
    }
    Ok(())
}
