//! `/api/api/candidate/educations`: the candidate's educations ("formations").
//!
//! Spec section 5: valid when the name, the degree, the institution, the specialization, the
//! place and the period are given and 1 to 4 soft skills chosen. Pictures are optional (at most
//! [`MAX_PICTURES`], a limit of ours: the spec sets none).

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use uuid::Uuid;

use super::records::{
    self, CheckContext, Checked, NoFilter, PeriodInput, Record, RecordKind, SharedParts, SharedRows, check_period,
    check_pictures, check_softskills, reference_id,
};
use super::{NamedItem, PictureView, SoftSkillView};
use crate::error::Result;
use crate::job_criteria::List;
use crate::places::{LocalizationInput, Place};
use crate::validation::Checks;

/// Pictures of one education.
pub const MAX_PICTURES: usize = 10;

records::record_routes! {
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

pub struct Education;

pub struct EducationColumns {
    name: String,
    degree: i16,
    institution: String,
    specialization: i16,
    period: records::Period,
}

impl Record for Education {
    const KIND: RecordKind = RecordKind::Education;
    type Request = EducationRequest;
    type Own = EducationColumns;
    type View = EducationView;
    type Filter = NoFilter;

    async fn check(
        request: &EducationRequest,
        context: &CheckContext<'_>,
        checks: &mut Checks,
    ) -> Result<Option<Checked<EducationColumns>>> {
        let reference = context.reference;
        let before = checks.count();
        let name = checks.text("name", request.name.as_deref(), 200);
        let degree = reference_id(checks, reference, List::DegreesById, "degree", request.degree);
        let institution = checks.text("institution", request.institution.as_deref(), 200);
        let specialization =
            reference_id(checks, reference, List::EducationSpecializations, "specialization", request.specialization);
        let localization = Place::resolve(request.localization.as_ref(), "localization", checks);
        let period = check_period(checks, &request.period);
        let softskills = check_softskills(checks, reference, &request.softskills, records::SOFT_SKILLS_PER_RECORD);
        let pictures = check_pictures(context, checks, &request.pictures, 0..=MAX_PICTURES).await?;
        if checks.count() > before {
            return Ok(None);
        }
        Ok(Some(Checked {
            own: EducationColumns {
                name,
                degree: degree.expect("checked"),
                institution,
                specialization: specialization.expect("checked"),
                period: period.expect("checked"),
            },
            shared: SharedParts { localization, car_method: None, softskills, pictures },
        }))
    }

    async fn write(
        connection: &mut PgConnection,
        candidate_id: i64,
        id: Option<i64>,
        own: &EducationColumns,
        rows: &SharedRows,
    ) -> sqlx::Result<i64> {
        sqlx::query_scalar(
            "insert into educations (id, candidate_id, name, degree_id, institution, education_specialization_id,
                                     localization_id, start_date, end_date, is_current)
             values (coalesce($1, nextval(pg_get_serial_sequence('educations', 'id'))), $2, $3, $4, $5, $6, $7, $8,
                     $9, $10)
             on conflict (id) do update set
                 name = excluded.name, degree_id = excluded.degree_id, institution = excluded.institution,
                 education_specialization_id = excluded.education_specialization_id,
                 localization_id = excluded.localization_id, start_date = excluded.start_date,
                 end_date = excluded.end_date, is_current = excluded.is_current, updated_at = now()
             returning id",
        )
        .bind(id)
        .bind(candidate_id)
        .bind(&own.name)
        .bind(own.degree)
        .bind(&own.institution)
        .bind(own.specialization)
        .bind(rows.localization_id)
        .bind(own.period.start_date)
        .bind(own.period.end_date)
        .bind(own.period.is_current)
        .fetch_one(connection)
        .await
    }

    fn item_sql() -> String {
        format!(
            "jsonb_build_object(
            'id', r.id, 'name', r.name, 'institution', r.institution,
            'degree', {degree}, 'specialization', {specialization},
            'start_date', r.start_date, 'end_date', r.end_date, 'is_current', r.is_current,
            'force_logo', r.force_logo,
            {shared})",
            degree = records::named_json("degrees", "r.degree_id"),
            specialization = records::named_json("education_specializations", "r.education_specialization_id"),
            shared = records::shared_parts_json(RecordKind::Education),
        )
    }
}
