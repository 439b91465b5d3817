//! `/api/api/candidate/experiences`: the candidate's work experiences.
//!
//! Spec section 5: valid when the company, the position, the contract type and hourly scheme, the
//! job category, the place, the period, a complete CAR method and 1 to 4 soft skills are given.
//! `company_name` is the company as the candidate writes it; `company`, optional, links it to a
//! known company (whose logo the page may show).

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;

use super::records::{
    self, CarMethod, CarMethodInput, CheckContext, Checked, NoFilter, PeriodInput, Record, RecordKind, SharedParts,
    SharedRows, check_car_method, check_period, check_softskills, reference_id,
};
use super::{NamedItem, SoftSkillView};
use crate::error::Result;
use crate::job_criteria::List;
use crate::places::{LocalizationInput, Place};
use crate::validation::Checks;

records::record_routes! {
    record: Experience, request: ExperienceRequest, view: ExperienceView, filter: NoFilter,
    list: ("/api/api/candidate/experiences", "list_experiences", "create_experience"),
    item: ("/api/api/candidate/experiences/{id}", "edit_experience", "delete_experience"),
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ExperienceRequest {
    company_name: Option<String>,
    /// A known company's id (optional).
    company: Option<i64>,
    position_name: Option<String>,
    contract_type: Option<i16>,
    contract_hourly_scheme: Option<i16>,
    job_category: Option<i16>,
    localization: Option<LocalizationInput>,
    #[serde(flatten)]
    period: PeriodInput,
    car_method: Option<CarMethodInput>,
    /// Soft-skill ids, 1 to 4.
    #[serde(default)]
    softskills: Vec<i16>,
}

#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ExperienceView {
    id: i64,
    company_name: String,
    company: Option<NamedItem>,
    /// The known company's logo, when it has one.
    company_logo: Option<super::PictureView>,
    position_name: String,
    contract_type: NamedItem,
    contract_hourly_scheme: NamedItem,
    job_category: NamedItem,
    localization: Place,
    start_date: NaiveDate,
    end_date: Option<NaiveDate>,
    is_current: bool,
    force_logo: bool,
    car_method: CarMethod,
    softskills: Vec<SoftSkillView>,
}

pub struct Experience;

pub struct ExperienceColumns {
    company_name: String,
    company: Option<i64>,
    position_name: String,
    contract_type: i16,
    contract_hourly_scheme: i16,
    job_category: i16,
    period: records::Period,
}

impl Record for Experience {
    const KIND: RecordKind = RecordKind::Experience;
    type Request = ExperienceRequest;
    type Own = ExperienceColumns;
    type View = ExperienceView;
    type Filter = NoFilter;

    async fn check(
        request: &ExperienceRequest,
        context: &CheckContext<'_>,
        checks: &mut Checks,
    ) -> Result<Option<Checked<ExperienceColumns>>> {
        let reference = context.reference;
        let before = checks.count();
        let company_name = checks.text("company_name", request.company_name.as_deref(), 200);
        checks.known_row(&context.state.db, "company", "companies", request.company).await?;
        let position_name = checks.text("position_name", request.position_name.as_deref(), 200);
        let contract_type =
            reference_id(checks, reference, List::ContractTypes, "contract_type", request.contract_type);
        let contract_hourly_scheme = reference_id(
            checks,
            reference,
            List::ContractHourlySchemes,
            "contract_hourly_scheme",
            request.contract_hourly_scheme,
        );
        let job_category = reference_id(checks, reference, List::JobCategories, "job_category", request.job_category);
        let localization = Place::resolve(request.localization.as_ref(), "localization", checks);
        let period = check_period(checks, &request.period);
        let car_method = check_car_method(checks, request.car_method.as_ref(), true);
        let softskills = check_softskills(checks, reference, &request.softskills, records::SOFT_SKILLS_PER_RECORD);
        if checks.count() > before {
            return Ok(None);
        }
        Ok(Some(Checked {
            own: ExperienceColumns {
                company_name,
                company: request.company,
                position_name,
                contract_type: contract_type.expect("checked"),
                contract_hourly_scheme: contract_hourly_scheme.expect("checked"),
                job_category: job_category.expect("checked"),
                period: period.expect("checked"),
            },
            shared: SharedParts { localization, car_method, softskills, pictures: Vec::new() },
        }))
    }

    async fn write(
        connection: &mut PgConnection,
        candidate_id: i64,
        id: Option<i64>,
        own: &ExperienceColumns,
        rows: &SharedRows,
    ) -> sqlx::Result<i64> {
        sqlx::query_scalar(
            "insert into experiences (id, candidate_id, company_name, company_id, position_name, contract_type_id,
                                      contract_hourly_scheme_id, job_category_id, localization_id, car_method_id,
                                      start_date, end_date, is_current)
             values (coalesce($1, nextval(pg_get_serial_sequence('experiences', 'id'))), $2, $3, $4, $5, $6, $7, $8,
                     $9, $10, $11, $12, $13)
             on conflict (id) do update set
                 company_name = excluded.company_name, company_id = excluded.company_id,
                 position_name = excluded.position_name, contract_type_id = excluded.contract_type_id,
                 contract_hourly_scheme_id = excluded.contract_hourly_scheme_id,
                 job_category_id = excluded.job_category_id, localization_id = excluded.localization_id,
                 car_method_id = excluded.car_method_id, start_date = excluded.start_date,
                 end_date = excluded.end_date, is_current = excluded.is_current, updated_at = now()
             returning id",
        )
        .bind(id)
        .bind(candidate_id)
        .bind(&own.company_name)
        .bind(own.company)
        .bind(&own.position_name)
        .bind(own.contract_type)
        .bind(own.contract_hourly_scheme)
        .bind(own.job_category)
        .bind(rows.localization_id)
        .bind(rows.car_method_id)
        .bind(own.period.start_date)
        .bind(own.period.end_date)
        .bind(own.period.is_current)
        .fetch_one(connection)
        .await
    }

    fn item_sql() -> String {
        format!(
        "jsonb_build_object(
            'id', r.id, 'company_name', r.company_name, 'position_name', r.position_name,
            'company', (select jsonb_build_object('id', c.id, 'name', c.name) from companies c where c.id = r.company_id),
            'company_logo', (select {picture} from companies c join uploads u on u.id = c.logo_id where c.id = r.company_id),
            'contract_type', {contract_type}, 'contract_hourly_scheme', {hourly_scheme},
            'job_category', {job_category},
            'start_date', r.start_date, 'end_date', r.end_date, 'is_current', r.is_current,
            'force_logo', r.force_logo,
            {shared})",
        picture = super::pictures::PICTURE_JSON_SQL,
        contract_type = records::named_json("contract_types", "r.contract_type_id"),
        hourly_scheme = records::named_json("contract_hourly_schemes", "r.contract_hourly_scheme_id"),
        job_category = records::named_json("job_categories", "r.job_category_id"),
        shared = records::shared_parts_json(RecordKind::Experience),
    )
    }
}
