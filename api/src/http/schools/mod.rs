//! Schools run their area: campuses and their programs ([`campuses`]), their candidates (one
//! [`roster`] of who they are, filtered and paged: all of them in [`listing`], a campus's, added
//! one by one or detached, in [`candidates`]), the CSV import ([`import`]) and the
//! statistics of their candidates ([`statistics`]), the institutions list ([`institutions`]), the
//! partners a school works with ([`partners`]), the recruiters it invites
//! ([`recruiter_invitations`]) and the school's own profile ([`profile`]).
//!
//! Only school accounts call these routes (but the institutions list, which anyone reads, and the
//! partners list, which partners read too), and a school only ever reaches its own campuses and
//! candidates: another school's campus or candidate id is a 404, as a missing one is.

mod campuses;
mod candidates;
mod enrolment;
mod import;
mod institutions;
mod listing;
mod partners;
mod profile;
mod recruiter_invitations;
mod roster;
mod statistics;

use axum::extract::DefaultBodyLimit;
use serde::{Deserialize, Serialize};
use sqlx::PgExecutor;
use utoipa_axum::routes;

use super::routes::{Access, RouteTable};
use crate::auth::Role;
use crate::error::{Error, Result};

pub fn routes(table: &mut RouteTable) {
    // a waiting school sets up its profile and campuses; it reaches candidates and partners once
    // an operator approved it
    let school = Access::Only(Role::School);
    let approved_school = Access::Vetted(Role::School);
    table.add(school, routes!(campuses::list_campuses));
    table.add(school, routes!(campuses::create_campus));
    table.add(school, routes!(campuses::edit_campus));
    table.add(school, routes!(campuses::list_programs));
    table.add(approved_school, routes!(listing::list_candidates));
    table.add(approved_school, routes!(candidates::list_campus_candidates));
    table.add(approved_school, routes!(candidates::add_campus_candidate));
    table.add(approved_school, routes!(candidates::detach_candidate));
    for route in [routes!(import::check_import), routes!(import::import_candidates)] {
        let (schemas, paths, method_router) = route;
        let method_router = method_router.layer(DefaultBodyLimit::max(import::MAX_BODY_BYTES));
        table.add(approved_school, (schemas, paths, method_router));
    }
    table.add(approved_school, routes!(statistics::get_statistics));
    table.add(Access::Public, routes!(institutions::list_institutions));
    table.add(Access::Authenticated, routes!(institutions::request_institution));
    table.add(Access::VettedOneOf(&[Role::School, Role::Partner]), routes!(partners::list_partners));
    table.add(approved_school, routes!(partners::add_partner_school));
    table.add(approved_school, routes!(partners::remove_partner_school));
    table.add(approved_school, routes!(recruiter_invitations::invite_recruiter));
    table.add(approved_school, routes!(recruiter_invitations::list_recruiter_invitations));
    table.add(approved_school, routes!(recruiter_invitations::withdraw_recruiter_invitation));
    table.add(school, routes!(profile::get_school_profile));
    table.add(school, routes!(profile::update_school_profile));
}

/// A program of a campus.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema, sqlx::FromRow)]
pub struct ProgramView {
    pub id: i64,
    pub name: String,
}

/// Checks that `campus_id` is a campus of `school_id`; any other is a 404.
async fn own_campus(executor: impl PgExecutor<'_>, school_id: i64, campus_id: i64) -> Result<()> {
    let owned: bool = sqlx::query_scalar("select exists (select 1 from campuses where id = $1 and school_id = $2)")
        .bind(campus_id)
        .bind(school_id)
        .fetch_one(executor)
        .await?;
    if owned { Ok(()) } else { Err(Error::NotFound) }
}
