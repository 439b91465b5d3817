//! The operators' area (`/admin` in the web app): the approval queue and the search of accounts
//! ([`accounts`]: approve, refuse, suspend, reinstate), the institutions schools asked for
//! ([`institution_requests`]) and the audit log ([`audit_log`]). Operators only; every decision
//! goes through [`crate::account_standing`] or writes its own audit line.

mod accounts;
mod audit_log;
mod institution_requests;

use utoipa_axum::routes;

use super::routes::{Access, RouteTable};
use crate::auth::Role;

pub fn routes(table: &mut RouteTable) {
    let operator = Access::Only(Role::Operator);
    table.add(operator, routes!(accounts::list_accounts));
    table.add(operator, routes!(accounts::change_standing));
    table.add(operator, routes!(accounts::change_quotas));
    table.add(operator, routes!(institution_requests::list_institution_requests));
    table.add(operator, routes!(institution_requests::accept_institution_request));
    table.add(operator, routes!(institution_requests::refuse_institution_request));
    table.add(operator, routes!(audit_log::list_audit_events));
}
