//! `/api/api/candidate/experiences`: the candidate's work experiences.
//!
//! Spec section 5: valid when the company, the position, the contract type and hourly scheme, the
//! job category, the place, the period, a complete CAR method and 1 to 4 soft skills are given.
//! `company_name` is the company as the candidate writes it; `company`, optional, links it to a
//! known company (whose logo the page may show).

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::records::{
    self, CarMethod, CarMethodInput, CheckContext, CheckOutcome, Checked, NoFilter, PeriodInput, Record, RowQuery,
    SharedParts, check_car_method, check_period,
};
use super::{NamedItem, SoftSkillView};

use crate::job_criteria::List;
use crate::places::{LocalizationInput, Place};

super::record_routes::record_routes! {
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

pub struct ExperienceColumns {
    company_name: String,
    company: Option<i64>,
    position_name: String,
    contract_type: i16,
    contract_hourly_scheme: i16,
    job_category: i16,
}

impl Record for Experience {
    type Own = ExperienceColumns;
    const COLUMNS: &'static [&'static str] = &[
        "company_name",
        "company_id",
        "position_name",
        "contract_type_id",
        "contract_hourly_scheme_id",
        "job_category_id",
    ];

    async fn check(request: &ExperienceRequest, context: &mut CheckContext<'_>) -> CheckOutcome<ExperienceColumns> {
        let company_name = context.checks.text("company_name", request.company_name.as_deref(), 200);
        context.checks.known_row(&context.state.db, "company", "companies", request.company).await?;
        let position_name = context.checks.text("position_name", request.position_name.as_deref(), 200);
        let contract_type = context.reference_id(List::ContractTypes, "contract_type", request.contract_type);
        let hourly_scheme =
            context.reference_id(List::ContractHourlySchemes, "contract_hourly_scheme", request.contract_hourly_scheme);
        let job_category = context.reference_id(List::JobCategories, "job_category", request.job_category);
        let localization = Place::resolve(request.localization.as_ref(), "localization", &mut context.checks);
        let period = check_period(&mut context.checks, &request.period);
        let car_method = check_car_method(&mut context.checks, request.car_method.as_ref(), true);
        let softskills = context.softskills(&request.softskills, records::SOFT_SKILLS_PER_RECORD);
        let (Some(contract_type), Some(contract_hourly_scheme), Some(job_category), Some(period)) =
            (contract_type, hourly_scheme, job_category, period)
        else {
            return Ok(None);
        };
        Ok(Some(Checked {
            own: ExperienceColumns {
                company_name,
                company: request.company,
                position_name,
                contract_type,
                contract_hourly_scheme,
                job_category,
            },
            shared: SharedParts { localization, car_method, period: Some(period), softskills, pictures: Vec::new() },
        }))
    }

    fn bind_own<'q>(query: RowQuery<'q>, own: &'q ExperienceColumns) -> RowQuery<'q> {
        query
            .bind(&own.company_name)
            .bind(own.company)
            .bind(&own.position_name)
            .bind(own.contract_type)
            .bind(own.contract_hourly_scheme)
            .bind(own.job_category)
    }

    fn own_json_sql() -> String {
        format!(
            "'company_name', r.company_name, 'position_name', r.position_name,
             'company', (select jsonb_build_object('id', c.id, 'name', c.name) from companies c where c.id = r.company_id),
             'company_logo', (select {picture} from companies c join uploads u on u.id = c.logo_id where c.id = r.company_id),
             'contract_type', {contract_type}, 'contract_hourly_scheme', {hourly_scheme},
             'job_category', {job_category}, 'force_logo', r.force_logo",
            picture = super::pictures::PICTURE_JSON_SQL,
            contract_type = records::named_json("contract_types", "r.contract_type_id"),
            hourly_scheme = records::named_json("contract_hourly_schemes", "r.contract_hourly_scheme_id"),
            job_category = records::named_json("job_categories", "r.job_category_id"),
        )
    }
}
