//! The candidate's side of their profile, end to end: the four kinds of record (experiences,
//! educations, projects, hobbies) under `/api/api/candidate/...`, the profile update and the job
//! search (`POST /api/api/candidates/{id}`), the studies (`PATCH /api/api/candidates`), languages, pictures, the profile's completion, the
//! CV view (`GET /api/api/experiences`) and the reads of a profile's parts by slug.
//!
//! Every write checks the rules of spec section 5 on the server (422 with each field's rule
//! codes), keeps the profile's completion current in its transaction, and reaches the sourcing
//! matcher through the change-log triggers of the tables it writes (migrations 0006 and 0007
//! project the candidate's search document in the same transaction). A candidate only ever
//! writes their own profile: another candidate's record or id is a 404.

mod completion;
mod cv;
mod educations;
mod experiences;
mod hobbies;
mod job_search;
mod languages;
mod pictures;
mod profile;
mod projects;
mod public_reads;
mod record_parts;
mod record_routes;
mod records;
mod studies;

use serde::{Deserialize, Serialize};

pub use pictures::{PICTURE_JSON_SQL, PictureView};

use super::routes::{Access, RouteTable};
use crate::auth::Role;

pub fn routes(table: &mut RouteTable) {
    experiences::routes(table);
    educations::routes(table);
    projects::routes(table);
    hobbies::routes(table);
    pictures::routes(table);
    cv::routes(table);
    public_reads::routes(table);
    let candidate = Access::Only(Role::Candidate);
    table.add(candidate, utoipa_axum::routes!(profile::update_candidate));
    table.add(candidate, utoipa_axum::routes!(languages::update_candidate_languages));
    table.add(candidate, utoipa_axum::routes!(studies::patch_candidate));
}

/// An item of a reference list, named in the caller's language.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct NamedItem {
    pub id: i64,
    pub name: String,
}

/// A soft skill chosen on a record.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SoftSkillView {
    pub id: i64,
    pub name: String,
    /// The soft-skill family's id.
    pub category: i64,
}

/// Records with a period: current ones first, then the latest started.
const RECORD_ORDER_SQL: &str = "r.is_current desc, r.start_date desc, r.id desc";
