//! `/api/api/candidate/educations`: the candidate's educations ("formations").
//!
//! Spec section 5: valid when the name, the degree, the institution, the specialization, the
//! place and the period are given and 1 to 4 soft skills chosen. Pictures are optional (at most
//! [`MAX_PICTURES`], a limit of ours: the spec sets none).

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::records::{
    self, CheckContext, CheckOutcome, Checked, NoFilter, PeriodInput, Record, RowQuery, SharedParts, check_period,
};
use super::{NamedItem, PictureView, SoftSkillView};

use crate::job_criteria::List;
use crate::places::{LocalizationInput, Place};

/// Pictures of one education.
pub const MAX_PICTURES: usize = 10;

super::record_routes::record_routes! {
    record: Education, request: EducationRequest, view: EducationView, filter: NoFilter,
    list: ("/api/api/candidate/educations", "list_educations", "create_education"),
    item: ("/api/api/candidate/educations/{id}", "edit_education", "delete_education"),
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct EducationRequest {
    /// The diploma's or the course's name.
    name: Option<String>,
    /// A degree's id (`/api/api/candidate/degrees`).
    degree: Option<i16>,
    /// The school or university, as the candidate writes it.
    institution: Option<String>,
    /// An education specialization's id.
    specialization: Option<i16>,
    localization: Option<LocalizationInput>,
    #[serde(flatten)]
    period: PeriodInput,
    /// Soft-skill ids, 1 to 4.
    #[serde(default)]
    softskills: Vec<i16>,
    /// Upload ids of the caller's pictures, in display order.
    #[serde(default)]
    pictures: Vec<Uuid>,
}

#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct EducationView {
    id: i64,
    name: String,
    degree: NamedItem,
    institution: String,
    specialization: NamedItem,
    localization: Place,
    start_date: NaiveDate,
    end_date: Option<NaiveDate>,
    is_current: bool,
    force_logo: bool,
    softskills: Vec<SoftSkillView>,
    pictures: Vec<PictureView>,
}

pub struct EducationColumns {
    name: String,
    degree: i16,
    institution: String,
    specialization: i16,
}

impl Record for Education {
    type Own = EducationColumns;
    const COLUMNS: &'static [&'static str] = &["name", "degree_id", "institution", "education_specialization_id"];

    async fn check(request: &EducationRequest, context: &mut CheckContext<'_>) -> CheckOutcome<EducationColumns> {
        let name = context.checks.text("name", request.name.as_deref(), 200);
        let degree = context.reference_id(List::DegreesById, "degree", request.degree);
        let institution = context.checks.text("institution", request.institution.as_deref(), 200);
        let specialization =
            context.reference_id(List::EducationSpecializations, "specialization", request.specialization);
        let localization = Place::resolve(request.localization.as_ref(), "localization", &mut context.checks);
        let period = check_period(&mut context.checks, &request.period);
        let softskills = context.softskills(&request.softskills, records::SOFT_SKILLS_PER_RECORD);
        let pictures = context.pictures(&request.pictures, 0..=MAX_PICTURES).await?;
        let (Some(degree), Some(specialization), Some(period)) = (degree, specialization, period) else {
            return Ok(None);
        };
        Ok(Some(Checked {
            own: EducationColumns { name, degree, institution, specialization },
            shared: SharedParts { localization, period: Some(period), softskills, pictures, ..SharedParts::default() },
        }))
    }

    fn bind_own<'q>(query: RowQuery<'q>, own: &'q EducationColumns) -> RowQuery<'q> {
        query.bind(&own.name).bind(own.degree).bind(&own.institution).bind(own.specialization)
    }

    fn own_json_sql() -> String {
        format!(
            "'name', r.name, 'institution', r.institution, 'degree', {degree}, 'specialization', {specialization},
             'force_logo', r.force_logo",
            degree = records::named_json("degrees", "r.degree_id"),
            specialization = records::named_json("education_specializations", "r.education_specialization_id"),
        )
    }
}
