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
use axum::routing::MethodFilter;
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use super::AppState;
use super::locale::Locale;
use super::routes::{Access, RouteTable};
use crate::auth::{CurrentUser, Role};
use crate::error::{Error, Result};
use crate::extract::{Json, Path};
use crate::localization_input::LocalizationInput;
use crate::validation::Checks;

pub fn routes(table: &mut RouteTable) {
    let partner = Access::Only(Role::Partner);
    table.add(MethodFilter::GET, "/api/job/offers", partner, list_offers);
    table.add(MethodFilter::POST, "/api/job/offers", partner, create_offer);
    table.add(MethodFilter::GET, "/api/job/offers/{id}", partner, get_offer);
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct OfferLanguage {
    id: Option<i16>,
    level: Option<i16>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct OfferCreateRequest {
    title: Option<String>,
    job_category: Option<i16>,
    /// A trade of that category (optional).
    job: Option<i32>,
    contract_type: Option<i16>,
    /// Months.
    duration: Option<i16>,
    /// `YYYY-MM-DD`
    start_at: Option<String>,
    localization: Option<LocalizationInput>,
    radius: Option<i16>,
    degree: Option<i16>,
    #[serde(default)]
    languages: Vec<OfferLanguage>,
    #[serde(default)]
    softskills_categories: Vec<i16>,
    description: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct OfferCreateResponse {
    id: i64,
}

async fn exists(state: &AppState, table: &str, id: i64) -> Result<bool> {
    Ok(sqlx::query_scalar(&format!("select exists (select 1 from {table} where id = $1)"))
        .bind(id)
        .fetch_one(&state.db)
        .await?)
}

#[utoipa::path(
    post, path = "/api/api/job/offers", request_body = OfferCreateRequest,
    responses((status = 201, body = OfferCreateResponse), (status = 422, body = crate::error::ErrorBody))
)]
pub async fn create_offer(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(request): Json<OfferCreateRequest>,
) -> Result<(StatusCode, Json<OfferCreateResponse>)> {
    let mut checks = Checks::new();
    let title = checks.text("title", request.title.as_deref(), 200);
    let description = checks.optional_text("description", request.description.as_deref(), 10_000).unwrap_or_default();
    let mut required_id = |field: &str, value: Option<i64>| {
        value.or_else(|| {
            checks.fail(field, "required");
            None
        })
    };
    let job_category = required_id("job_category", request.job_category.map(i64::from));
    let contract_type = required_id("contract_type", request.contract_type.map(i64::from));
    let duration = request.duration.unwrap_or(-1);
    if !(0..=120).contains(&duration) {
        checks.fail("duration", if request.duration.is_none() { "required" } else { "out_of_range" });
    }
    let start_at = match request.start_at.as_deref().map(str::trim).filter(|text| !text.is_empty()) {
        None => {
            checks.fail("start_at", "required");
            None
        }
        Some(text) => NaiveDate::parse_from_str(text, "%Y-%m-%d").ok().or_else(|| {
            checks.fail("start_at", "invalid_date");
            None
        }),
    };
    let place = LocalizationInput::resolve(request.localization.as_ref(), "localization", &mut checks);
    let radius = request.radius.unwrap_or(10);
    if !(1..=200).contains(&radius) {
        checks.fail("radius", "out_of_range");
    }
    let degree = request.degree.unwrap_or(1);
    if !(0..=8).contains(&degree) {
        checks.fail("degree", "out_of_range");
    }
    for (table, field, id) in [
        ("job_categories", "job_category", job_category),
        ("contract_types", "contract_type", contract_type),
        ("jobs", "job", request.job.map(i64::from)),
    ] {
        if let Some(id) = id
            && !exists(&state, table, id).await?
        {
            checks.fail(field, "unknown");
        }
    }
    let mut languages: Vec<(i16, i16)> = Vec::new();
    for language in &request.languages {
        match (language.id, language.level.unwrap_or(3)) {
            (Some(id), level) if (1..=6).contains(&level) && exists(&state, "languages", i64::from(id)).await? => {
                if !languages.iter().any(|(known, _)| *known == id) {
                    languages.push((id, level));
                }
            }
            _ => checks.fail("languages", "invalid"),
        }
    }
    for category in &request.softskills_categories {
        if !exists(&state, "soft_skill_categories", i64::from(*category)).await? {
            checks.fail("softskills_categories", "unknown");
        }
    }
    checks.finish()?;
    let place = place.expect("checked above");
    let mut transaction = state.db.begin().await?;
    let localization_id = place.insert(&mut transaction).await?;
    let id: i64 = sqlx::query_scalar(
        "insert into job_offers (partner_id, company_id, title, job_category_id, job_id, contract_type_id, duration,
                                 start_at, localization_id, radius, degree_level, description)
         select $1, p.company_id, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11 from partners p where p.user_id = $1
         returning id",
    )
    .bind(user.id)
    .bind(&title)
    .bind(job_category.map(|id| id as i16))
    .bind(request.job)
    .bind(contract_type.map(|id| id as i16))
    .bind(duration)
    .bind(start_at)
    .bind(localization_id)
    .bind(radius)
    .bind(degree)
    .bind(&description)
    .fetch_one(&mut *transaction)
    .await?;
    let (language_ids, levels): (Vec<i16>, Vec<i16>) = languages.into_iter().unzip();
    sqlx::query(
        "insert into job_offer_languages (job_offer_id, language_id, level) select $1, unnest($2::smallint[]), unnest($3::smallint[])",
    )
    .bind(id)
    .bind(language_ids)
    .bind(levels)
    .execute(&mut *transaction)
    .await?;
    let mut categories = request.softskills_categories.clone();
    categories.sort_unstable();
    categories.dedup();
    sqlx::query(
        "insert into job_offer_soft_skill_categories (job_offer_id, soft_skill_category_id) select $1, unnest($2::smallint[])",
    )
    .bind(id)
    .bind(categories)
    .execute(&mut *transaction)
    .await?;
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
    /// `{value, type, lat, lng, id, country_code}`, as the localization picker gives it.
    #[schema(value_type = Object)]
    localization: serde_json::Value,
    radius: i16,
    degree: i16,
    /// `[{id, level}]`
    #[schema(value_type = Object)]
    languages: serde_json::Value,
    softskills_categories: Vec<i16>,
    description: String,
    created_at: DateTime<Utc>,
}

const OFFER_SELECT: &str = "
    select o.id, o.title,
           jsonb_build_object('id', c.id, 'name', c.name) as company,
           jsonb_build_object('id', o.job_category_id, 'name', label($2, jc.label_fr, jc.label_en)) as job_category,
           o.job_id as job,
           jsonb_build_object('id', o.contract_type_id, 'name', label($2, ct.label_fr, ct.label_en)) as contract_type,
           o.duration, o.start_at,
           jsonb_build_object('value', l.value, 'type', l.type, 'lat', l.lat, 'lng', l.lng,
                              'id', coalesce(l.commune_code, l.country_code::text), 'country_code', l.country_code) as localization,
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
    join localizations l on l.id = o.localization_id";

#[utoipa::path(get, path = "/api/api/job/offers", responses((status = 200, body = Vec<OfferView>, description = "the partner's offers, newest first")))]
pub async fn list_offers(
    State(state): State<AppState>,
    user: CurrentUser,
    locale: Locale,
) -> Result<Json<Vec<OfferView>>> {
    let offers =
        sqlx::query_as(&format!("{OFFER_SELECT} where o.partner_id = $1 order by o.created_at desc, o.id desc"))
            .bind(user.id)
            .bind(locale.code())
            .fetch_all(&state.db)
            .await?;
    Ok(Json(offers))
}

#[utoipa::path(
    get, path = "/api/api/job/offers/{id}", params(("id" = i64, Path)),
    responses((status = 200, body = OfferView), (status = 404, body = crate::error::ErrorBody))
)]
pub async fn get_offer(
    State(state): State<AppState>,
    user: CurrentUser,
    locale: Locale,
    Path(id): Path<i64>,
) -> Result<Json<OfferView>> {
    let offer: Option<OfferView> = sqlx::query_as(&format!("{OFFER_SELECT} where o.partner_id = $1 and o.id = $3"))
        .bind(user.id)
        .bind(locale.code())
        .bind(id)
        .fetch_optional(&state.db)
        .await?;
    offer.map(Json).ok_or(Error::NotFound)
}
