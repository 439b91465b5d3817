//! `/api/api/candidate/projects`: the candidate's personal and academic projects (`discr`).
//!
//! Spec section 5: valid when the name, the category (one of the project's kind), the place and
//! the period are given, with at least one picture and 1 to 4 soft skills. The CAR method is
//! optional, but whole when given: a part written alone is refused (each missing part
//! `required`) rather than silently dropped. `GET ?discr=personal|academic` lists one kind.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use uuid::Uuid;

use super::records::{
    self, CarMethod, CarMethodInput, CheckContext, Checked, PeriodInput, Record, RecordKind, SharedParts, SharedRows,
    check_car_method, check_period, check_pictures, check_softskills,
};
use super::{NamedItem, PictureView, SoftSkillView};
use crate::error::{Result, RuleCode};
use crate::places::{LocalizationInput, Place};
use crate::validation::Checks;

/// Pictures of one project: at least one (spec section 9), at most ten (ours).
pub const PICTURES: std::ops::RangeInclusive<usize> = 1..=10;

records::record_routes! {
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

pub struct Project;

pub struct ProjectColumns {
    name: String,
    category: i32,
    discr: &'static str,
    period: records::Period,
}

fn parse_discr(text: Option<&str>) -> Option<&'static str> {
    match text? {
        "personal" => Some("personal"),
        "academic" => Some("academic"),
        _ => None,
    }
}

impl Record for Project {
    const KIND: RecordKind = RecordKind::Project;
    type Request = ProjectRequest;
    type Own = ProjectColumns;
    type View = ProjectView;
    type Filter = ProjectListQuery;

    async fn check(
        request: &ProjectRequest,
        context: &CheckContext<'_>,
        checks: &mut Checks,
    ) -> Result<Option<Checked<ProjectColumns>>> {
        let before = checks.count();
        let name = checks.text("name", request.name.as_deref(), 200);
        let discr = parse_discr(request.discr.as_deref());
        if discr.is_none() {
            checks.fail("discr", if request.discr.is_none() { RuleCode::Required } else { RuleCode::Invalid });
        }
        match (request.category, discr) {
            (None, _) => checks.fail("category", RuleCode::Required),
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
                    checks.fail("category", RuleCode::Unknown);
                }
            }
            (Some(_), None) => {}
        }
        let localization = Place::resolve(request.localization.as_ref(), "localization", checks);
        let period = check_period(checks, &request.period);
        let car_method = check_car_method(checks, request.car_method.as_ref(), false);
        let softskills =
            check_softskills(checks, context.reference, &request.softskills, records::SOFT_SKILLS_PER_RECORD);
        let pictures = check_pictures(context, checks, &request.pictures, PICTURES).await?;
        if checks.count() > before {
            return Ok(None);
        }
        Ok(Some(Checked {
            own: ProjectColumns {
                name,
                category: request.category.expect("checked"),
                discr: discr.expect("checked"),
                period: period.expect("checked"),
            },
            shared: SharedParts { localization, car_method, softskills, pictures },
        }))
    }

    async fn write(
        connection: &mut PgConnection,
        candidate_id: i64,
        id: Option<i64>,
        own: &ProjectColumns,
        rows: &SharedRows,
    ) -> sqlx::Result<i64> {
        sqlx::query_scalar(
            "insert into projects (id, candidate_id, kind, name, project_category_id, localization_id, car_method_id,
                                   start_date, end_date, is_current)
             values (coalesce($1, nextval(pg_get_serial_sequence('projects', 'id'))), $2, $3::project_kind, $4, $5,
                     $6, $7, $8, $9, $10)
             on conflict (id) do update set
                 kind = excluded.kind, name = excluded.name, project_category_id = excluded.project_category_id,
                 localization_id = excluded.localization_id, car_method_id = excluded.car_method_id,
                 start_date = excluded.start_date, end_date = excluded.end_date, is_current = excluded.is_current,
                 updated_at = now()
             returning id",
        )
        .bind(id)
        .bind(candidate_id)
        .bind(own.discr)
        .bind(&own.name)
        .bind(own.category)
        .bind(rows.localization_id)
        .bind(rows.car_method_id)
        .bind(own.period.start_date)
        .bind(own.period.end_date)
        .bind(own.period.is_current)
        .fetch_one(connection)
        .await
    }

    const FILTER_SQL: &'static str = "r.kind::text = $4";

    fn item_sql() -> String {
        format!(
            "jsonb_build_object(
            'id', r.id, 'name', r.name, 'discr', r.kind, 'category', {category},
            'start_date', r.start_date, 'end_date', r.end_date, 'is_current', r.is_current,
            {shared})",
            category = records::named_json("project_categories", "r.project_category_id"),
            shared = records::shared_parts_json(RecordKind::Project),
        )
    }

    fn filter_value(filter: &ProjectListQuery) -> Option<String> {
        filter.discr.clone()
    }
}
