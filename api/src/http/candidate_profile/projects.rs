//! `/api/api/candidate/projects`: the candidate's personal and academic projects (`discr`).
//!
//! Spec section 5: valid when the name, the category (one of the project's kind), the place and
//! the period are given, with at least one picture and 1 to 4 soft skills. The CAR method is
//! optional, but whole when given: a part written alone is refused (each missing part
//! `required`) rather than silently dropped. `GET ?discr=personal|academic` lists one kind.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::records::{
    self, CarMethod, CarMethodInput, CheckContext, CheckOutcome, Checked, PeriodInput, Record, RowQuery, SharedParts,
    check_car_method, check_period,
};
use super::{NamedItem, PictureView, SoftSkillView};
use crate::error::RuleCode;
use crate::places::{LocalizationInput, Place};

/// Pictures of one project: at least one (spec section 9), at most ten (ours).
pub const PICTURES: std::ops::RangeInclusive<usize> = 1..=10;

super::record_routes::record_routes! {
    record: Project, request: ProjectRequest, view: ProjectView, filter: ProjectListQuery,
    list: ("/api/api/candidate/projects", "list_projects", "create_project"),
    item: ("/api/api/candidate/projects/{id}", "edit_project", "delete_project"),
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
pub struct ProjectListQuery {
    /// `personal` or `academic`: only the projects of that kind (default: both).
    discr: Option<String>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ProjectRequest {
    name: Option<String>,
    /// A project category's id, of the kind `discr` says.
    category: Option<i32>,
    /// `personal` or `academic`.
    discr: Option<String>,
    localization: Option<LocalizationInput>,
    #[serde(flatten)]
    period: PeriodInput,
    /// Optional; whole when given.
    car_method: Option<CarMethodInput>,
    /// Soft-skill ids, 1 to 4.
    #[serde(default)]
    softskills: Vec<i16>,
    /// Upload ids of the caller's pictures, in display order: 1 to 10.
    #[serde(default)]
    pictures: Vec<Uuid>,
}

#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ProjectView {
    id: i64,
    name: String,
    category: NamedItem,
    /// `personal` or `academic`.
    discr: String,
    localization: Place,
    start_date: NaiveDate,
    end_date: Option<NaiveDate>,
    is_current: bool,
    car_method: Option<CarMethod>,
    softskills: Vec<SoftSkillView>,
    pictures: Vec<PictureView>,
}

pub struct ProjectColumns {
    name: String,
    category: i32,
    discr: &'static str,
}

fn parse_discr(text: Option<&str>) -> Option<&'static str> {
    match text? {
        "personal" => Some("personal"),
        "academic" => Some("academic"),
        _ => None,
    }
}

impl Record for Project {
    type Own = ProjectColumns;
    const COLUMNS: &'static [&'static str] = &["kind::project_kind", "name", "project_category_id"];

    async fn check(request: &ProjectRequest, context: &mut CheckContext<'_>) -> CheckOutcome<ProjectColumns> {
        let name = context.checks.text("name", request.name.as_deref(), 200);
        let discr = parse_discr(request.discr.as_deref());
        if discr.is_none() {
            context.checks.fail("discr", if request.discr.is_none() { RuleCode::Required } else { RuleCode::Invalid });
        }
        match (request.category, discr) {
            (None, _) => context.checks.fail("category", RuleCode::Required),
            (Some(category), Some(discr)) => {
                // categories grow (schools add academic ones): asked, not held in memory; another
                // user's proposal is unknown here as in the lists (api/src/http/project_categories.rs)
                let known: bool = sqlx::query_scalar(
                    "select exists (select 1 from project_categories where id = $1 and kind::text = $2
                                    and (author_user_id is null or author_user_id = $3))",
                )
                .bind(category)
                .bind(discr)
                .bind(context.candidate_id)
                .fetch_one(&context.state.db)
                .await?;
                if !known {
                    context.checks.fail("category", RuleCode::Unknown);
                }
            }
            (Some(_), None) => {}
        }
        let localization = Place::resolve(request.localization.as_ref(), "localization", &mut context.checks);
        let period = check_period(&mut context.checks, &request.period);
        let car_method = check_car_method(&mut context.checks, request.car_method.as_ref(), false);
        let softskills = context.softskills(&request.softskills, records::SOFT_SKILLS_PER_RECORD);
        let pictures = context.pictures(&request.pictures, PICTURES).await?;
        let (Some(category), Some(discr), Some(period)) = (request.category, discr, period) else {
            return Ok(None);
        };
        Ok(Some(Checked {
            own: ProjectColumns { name, category, discr },
            shared: SharedParts { localization, car_method, period: Some(period), softskills, pictures },
        }))
    }

    fn bind_own<'q>(query: RowQuery<'q>, own: &'q ProjectColumns) -> RowQuery<'q> {
        query.bind(own.discr).bind(&own.name).bind(own.category)
    }

    const FILTER_SQL: &'static str = "r.kind::text = $4";

    fn own_json_sql() -> String {
        format!(
            "'name', r.name, 'discr', r.kind, 'category', {category}",
            category = records::named_json("project_categories", "r.project_category_id"),
        )
    }

    fn filter_value(filter: &ProjectListQuery) -> Option<String> {
        filter.discr.clone()
    }
}
