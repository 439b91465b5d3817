//! Job offers of partners: `POST /api/api/job/offers`, and, for the partner's dashboard and the
//! "find candidates for this offer" button, `GET /api/api/job/offers` and `GET .../{id}`.
//!
//! The spec does not show an offer's fields; a recruiter expects: a title, the job category and
//! trade, the contract type, its duration and start date, where (a place and a radius), the
//! minimum degree, languages with a level, soft-skill families, and a description. Those are
//! also what a sourcing search needs, so an offer pre-fills the sourcing form. The company is
//! the partner's own.

use axum::extract::State;
use axum::http::StatusCode;
use std::sync::LazyLock;

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa_axum::routes;

use super::locale::Locale;
use super::routes::{Access, RouteTable};
use crate::app::AppState;
use crate::auth::{CurrentUser, Role};
use crate::error::{Error, Result, RuleCode};
use crate::extract::{Json, Path};
use crate::job_criteria::{JobCriteriaInput, List, known_ids};
use crate::places::{PLACE_JSON_SQL, Place};
use crate::validation::Checks;

pub fn routes(table: &mut RouteTable) {
    let partner = Access::Vetted(Role::Partner);
    table.add(partner, routes!(list_offers));
    table.add(partner, routes!(create_offer));
    table.add(partner, routes!(get_offer));
}

/// The body of `POST /api/api/job/offers`: the shared job criteria, the one contract offered,
/// and what only an offer has.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct OfferCreateRequest {
    title: Option<String>,
    #[serde(flatten)]
    job_criteria: JobCriteriaInput,
    /// A trade of that category (optional).
    job: Option<i32>,
    contract_type: Option<i16>,
    description: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct OfferCreateResponse {
    id: i64,
}

#[utoipa::path(
    post, path = "/api/api/job/offers", request_body = OfferCreateRequest,
    responses((status = 201, body = OfferCreateResponse))
)]
pub async fn create_offer(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(request): Json<OfferCreateRequest>,
) -> Result<(StatusCode, Json<OfferCreateResponse>)> {
    let reference = state.reference_lists().await?;
    let mut checks = Checks::new();
    let title = checks.text("title", request.title.as_deref(), 200);
    let description = checks.optional_text("description", request.description.as_deref(), 10_000).unwrap_or_default();
    let criteria = request.job_criteria.check(reference, &mut checks);
    let contract_type = request.contract_type.unwrap_or_else(|| {
        checks.fail("contract_type", RuleCode::Required);
        0
    });
    if request.contract_type.is_some() {
        known_ids(&mut checks, reference, List::ContractTypes, "contract_type", &[contract_type]);
    }
    checks.known_row(&state.db, "job", "jobs", request.job).await?;
    checks.finish()?;
    let criteria = criteria.expect("checked above");
    let mut transaction = state.db.begin().await?;
    let localization_id = criteria.localization.insert(&mut transaction).await?;
    let id: i64 = sqlx::query_scalar(
        "insert into job_offers (partner_id, company_id, title, job_category_id, job_id, contract_type_id, duration,
                                 start_at, localization_id, radius, degree_level, description)
         select $1, p.company_id, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11 from partners p where p.user_id = $1
         returning id",
    )
    .bind(user.id)
    .bind(&title)
    .bind(criteria.job_category)
    .bind(request.job)
    .bind(contract_type)
    .bind(criteria.duration)
    .bind(criteria.start_at)
    .bind(localization_id)
    .bind(criteria.radius)
    .bind(criteria.degree)
    .bind(&description)
    .fetch_one(&mut *transaction)
    .await?;
    criteria.insert_lists(&mut transaction, "job_offer", id).await?;
    transaction.commit().await?;
    Ok((StatusCode::CREATED, Json(OfferCreateResponse { id })))
}

#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct OfferView {
    id: i64,
    title: String,
    #[schema(value_type = Object)]
    company: serde_json::Value,
    #[schema(value_type = Object)]
    job_category: serde_json::Value,
    job: Option<i32>,
    #[schema(value_type = Object)]
    contract_type: serde_json::Value,
    duration: i16,
    start_at: NaiveDate,
    #[schema(value_type = Place)]
    localization: sqlx::types::Json<Place>,
    radius: i16,
    degree: i16,
    /// `[{id, level}]`
    #[schema(value_type = Object)]
    languages: serde_json::Value,
    softskills_categories: Vec<i16>,
    description: String,
    created_at: DateTime<Utc>,
}

static OFFER_SELECT: LazyLock<String> = LazyLock::new(|| {
    format!(
        "
    select o.id, o.title,
           jsonb_build_object('id', c.id, 'name', c.name) as company,
           jsonb_build_object('id', o.job_category_id, 'name', label($2, jc.label_fr, jc.label_en)) as job_category,
           o.job_id as job,
           jsonb_build_object('id', o.contract_type_id, 'name', label($2, ct.label_fr, ct.label_en)) as contract_type,
           o.duration, o.start_at,
           {PLACE_JSON_SQL} as localization,
           o.radius, o.degree_level as degree,
           coalesce((select jsonb_agg(jsonb_build_object('id', ol.language_id, 'level', ol.level) order by ol.language_id)
                     from job_offer_languages ol where ol.job_offer_id = o.id), '[]') as languages,
           array(select soft_skill_category_id from job_offer_soft_skill_categories s where s.job_offer_id = o.id
                 order by soft_skill_category_id) as softskills_categories,
           o.description, o.created_at
    from job_offers o
    join companies c on c.id = o.company_id
    join job_categories jc on jc.id = o.job_category_id
    join contract_types ct on ct.id = o.contract_type_id
    join localizations l on l.id = o.localization_id"
    )
});

#[utoipa::path(get, path = "/api/api/job/offers", responses((status = 200, body = Vec<OfferView>, description = "the partner's offers, newest first")))]
pub async fn list_offers(
    State(state): State<AppState>,
    user: CurrentUser,
    locale: Locale,
) -> Result<Json<Vec<OfferView>>> {
    let offers =
        sqlx::query_as(&format!("{} where o.partner_id = $1 order by o.created_at desc, o.id desc", *OFFER_SELECT))
            .bind(user.id)
            .bind(locale.code())
            .fetch_all(&state.db)
            .await?;
    Ok(Json(offers))
}

#[utoipa::path(
    get, path = "/api/api/job/offers/{id}", params(("id" = i64, Path)),
    responses((status = 200, body = OfferView))
)]
pub async fn get_offer(
    State(state): State<AppState>,
    user: CurrentUser,
    locale: Locale,
    Path(id): Path<i64>,
) -> Result<Json<OfferView>> {
    let offer: Option<OfferView> = sqlx::query_as(&format!("{} where o.partner_id = $1 and o.id = $3", *OFFER_SELECT))
        .bind(user.id)
        .bind(locale.code())
        .bind(id)
        .fetch_optional(&state.db)
        .await?;
    offer.map(Json).ok_or(Error::NotFound)
}
