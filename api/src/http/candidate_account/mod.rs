//! The candidate's own account, beside their profile: sharing the profile by its slug
//! ([`sharing`]), deactivating it ([`deactivation`]), their data (download and erasure,
//! [`data`]), the language of their emails ([`settings`]), who may find them ([`findability`]),
//! how visible they are to partners ([`visibility`]), their school ([`school_membership`]) and
//! which companies looked at them ([`who_looked`]).

mod data;
mod deactivation;
mod findability;
mod school_membership;
mod settings;
mod sharing;
mod visibility;
mod who_looked;

use utoipa_axum::routes;

use super::routes::{Access, RouteTable};
use crate::auth::Role;

pub fn routes(table: &mut RouteTable) {
    let candidate = Access::Only(Role::Candidate);
    table.add(candidate, routes!(sharing::share_profile, sharing::unshare_profile));
    table.add(candidate, routes!(sharing::get_own_slug));
    table.add(candidate, routes!(deactivation::deactivate_candidate));
    table.add(candidate, routes!(data::export_candidate_data));
    table.add(candidate, routes!(data::erase_candidate_account));
    table.add(candidate, routes!(settings::complete_onboarding));
    table.add(candidate, routes!(visibility::get_visibility));
    table.add(candidate, routes!(findability::get_findability, findability::set_findability));
    table.add(candidate, routes!(school_membership::list_school_invitations));
    table.add(candidate, routes!(school_membership::accept_school_invitation));
    table.add(candidate, routes!(school_membership::refuse_school_invitation));
    table.add(candidate, routes!(school_membership::leave_school));
    table.add(candidate, routes!(who_looked::list_profile_views));
    table.add(Access::Authenticated, routes!(settings::update_email_locale));
}
