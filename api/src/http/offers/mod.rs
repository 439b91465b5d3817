//! Job offers. A partner writes one (`POST /api/api/job/offers`), keeps it as a draft or
//! publishes it ([`publication`]), and reads their own with how many applied
//! (`GET /api/api/job/offers`, `GET .../{id}`). Candidates meet the live ones ([`for_candidates`]:
//! those they fit, ranked by the engine, and those around a place), apply ([`applications`]),
//! and the partner moves each applicant through the steps of hiring ([`applicants`]).
//!
//! The spec does not show an offer's fields; a recruiter expects: a title, the job category and
//! trade, the contract type, its duration (and how flexible it is) and start date, where (a place
//! and a radius), the minimum degree, languages with a level, soft-skill families, a description
//! and a closing date. Those are also what a sourcing search needs, so an offer pre-fills the
//! sourcing form, and the engine matches offers and candidates both ways
//! ([`crate::job_offers`]). The company is the partner's own.

mod applicants;
mod applications;
mod for_candidates;
mod publication;

use std::sync::LazyLock;

use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa_axum::routes;

use super::locale::Locale;
use super::routes::{Access, RouteTable};
use crate::app::AppState;
use crate::auth::{CurrentUser, Role};
use crate::error::{Error, Result, RuleCode};
use crate::extract::{Json, Path};
use crate::http::candidate_profile::NamedItem;
use crate::job_criteria::{JobCriteriaInput, LanguageLevel, List, MONTHS, in_range, known_ids};
use crate::places::{PLACE_JSON_SQL, Place};
use crate::validation::Checks;
use sqlx::AssertSqlSafe;

pub fn routes(table: &mut RouteTable) {
    let partner = Access::Vetted(Role::Partner);
    table.add(partner, routes!(list_offers));
    table.add(partner, routes!(create_offer));
    table.add(partner, routes!(get_offer));
    publication::routes(table);
    for_candidates::routes(table);
    applications::routes(table);
    applicants::routes(table);
}

/// Where an offer stands: a draft only its partner sees, published (live for candidates until
/// its closing date), or closed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, sqlx::Type, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
#[sqlx(type_name = "job_offer_status", rename_all = "lowercase")]
pub enum OfferStatus {
    Draft,
    Published,
    Closed,
}

/// The body of `POST /api/api/job/offers`: the shared job criteria, the one contract offered,
/// and what only an offer has.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct OfferCreateRequest {
    #[schema(max_length = 200)]
    title: Option<String>,
    #[serde(flatten)]
    job_criteria: JobCriteriaInput,
    /// A trade of that category (optional).
    job: Option<i32>,
    /// The contract offered; on a permanent one (`permanent` in `/api/api/contract/types`: the
    /// CDI) the duration may be absent or null.
    contract_type: Option<i16>,
    /// Months the duration may differ by, default 0.
    #[schema(minimum = 0, maximum = 120)]
    duration_flexibility: Option<i16>,
    #[schema(max_length = 10000)]
    description: Option<String>,
    /// The last day candidates may apply, `YYYY-MM-DD`, today or later; none: until closed.
    closes_on: Option<String>,
    /// Publish at once (default: keep as a draft).
    publish: Option<bool>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct OfferCreateResponse {
    id: i64,
}

/// An optional date that must not be in the past.
fn closing_date(checks: &mut Checks, text: Option<&str>) -> Option<NaiveDate> {
    let date = crate::job_criteria::required_date(checks, "closes_on", Some(text?))?;
    if date < Utc::now().date_naive() {
        checks.fail("closes_on", RuleCode::DateInThePast);
    }
    Some(date)
}

#[utoipa::path(
    post, path = "/api/api/job/offers", request_body = OfferCreateRequest,
    responses((status = 201, body = OfferCreateResponse, description = "written, as a draft unless `publish`"))
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
    let criteria = request.job_criteria.check(reference, request.contract_type.as_slice(), &mut checks);
    let contract_type = request.contract_type.unwrap_or_else(|| {
        checks.fail("contract_type", RuleCode::Required);
        0
    });
    if request.contract_type.is_some() {
        known_ids(&mut checks, reference, List::ContractTypes, "contract_type", &[contract_type]);
    }
    let flexibility = in_range(&mut checks, "duration_flexibility", request.duration_flexibility.unwrap_or(0), MONTHS);
    let closes_on = closing_date(&mut checks, request.closes_on.as_deref());
    checks.known_row(&state.db, "job", "jobs", request.job).await?;
    checks.finish()?;
    let criteria = criteria.expect("checked above");
    let mut transaction = state.db.begin().await?;
    let localization_id = criteria.localization.insert(&mut transaction).await?;
    let id: i64 = sqlx::query_scalar(
        "insert into job_offers (partner_id, company_id, title, job_category_id, job_id, contract_type_id, duration,
                                 start_at, localization_id, radius, degree_level, description, duration_flexibility,
                                 closes_on)
         select $1, p.company_id, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13 from partners p where p.user_id = $1
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
    .bind(flexibility)
    .bind(closes_on)
    .fetch_one(&mut *transaction)
    .await?;
    criteria.insert_lists(&mut transaction, "job_offer", id).await?;
    if request.publish == Some(true) {
        publication::publish(&state, &mut transaction, id).await?;
    }
    transaction.commit().await?;
    Ok((StatusCode::CREATED, Json(OfferCreateResponse { id })))
}

#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct OfferView {
    id: i64,
    title: String,
    status: OfferStatus,
    /// Published and not past its closing date: candidates see it and may apply.
    live: bool,
    #[schema(value_type = NamedItem)]
    company: sqlx::types::Json<NamedItem>,
    #[schema(value_type = NamedItem)]
    job_category: sqlx::types::Json<NamedItem>,
    job: Option<i32>,
    #[schema(value_type = NamedItem)]
    contract_type: sqlx::types::Json<NamedItem>,
    /// Months; null for a permanent contract, which has no end.
    #[schema(required = true)]
    duration: Option<i16>,
    duration_flexibility: i16,
    start_at: NaiveDate,
    #[schema(value_type = Place)]
    localization: sqlx::types::Json<Place>,
    radius: i16,
    degree: i16,
    /// Sorted by language id.
    #[schema(value_type = Vec<LanguageLevel>)]
    languages: sqlx::types::Json<Vec<LanguageLevel>>,
    softskills_categories: Vec<i16>,
    description: String,
    created_at: DateTime<Utc>,
    published_at: Option<DateTime<Utc>>,
    closes_on: Option<NaiveDate>,
    /// For the offer's partner: its applications, withdrawn ones aside; null for anyone else.
    application_count: Option<i64>,
    /// For the offer's partner: those still `new`; null for anyone else.
    new_application_count: Option<i64>,
}

/// The offers `o` as [`OfferView`]s: `$1` is the reader's id (the partner sees their counts),
/// `$2` the language; the caller adds its `where`.
static OFFER_SELECT: LazyLock<String> = LazyLock::new(|| {
    format!(
        "
    select o.id, o.title, o.status, {live} as live,
           jsonb_build_object('id', c.id, 'name', c.name) as company,
           jsonb_build_object('id', o.job_category_id, 'name', label($2, jc.label_fr, jc.label_en)) as job_category,
           o.job_id as job,
           jsonb_build_object('id', o.contract_type_id, 'name', label($2, ct.label_fr, ct.label_en)) as contract_type,
           o.duration, o.duration_flexibility, o.start_at,
           {PLACE_JSON_SQL} as localization,
           o.radius, o.degree_level as degree,
           coalesce((select jsonb_agg(jsonb_build_object('id', ol.language_id, 'level', ol.level) order by ol.language_id)
                     from job_offer_languages ol where ol.job_offer_id = o.id), '[]') as languages,
           array(select soft_skill_category_id from job_offer_soft_skill_categories s where s.job_offer_id = o.id
                 order by soft_skill_category_id) as softskills_categories,
           o.description, o.created_at, o.published_at, o.closes_on,
           case when o.partner_id = $1 then counts.applications end as application_count,
           case when o.partner_id = $1 then counts.new_applications end as new_application_count
    from job_offers o
    join companies c on c.id = o.company_id
    join job_categories jc on jc.id = o.job_category_id
    join contract_types ct on ct.id = o.contract_type_id
    join localizations l on l.id = o.localization_id
    cross join lateral (
        select count(*) filter (where a.status <> 'withdrawn') as applications,
               count(*) filter (where a.status = 'new') as new_applications
        from job_applications a where a.job_offer_id = o.id and o.partner_id = $1
    ) counts",
        live = crate::job_offers::LIVE,
    )
});

#[utoipa::path(get, path = "/api/api/job/offers", responses((status = 200, body = Vec<OfferView>, description = "the partner's offers, newest first")))]
pub async fn list_offers(
    State(state): State<AppState>,
    user: CurrentUser,
    locale: Locale,
) -> Result<Json<Vec<OfferView>>> {
    let offers = sqlx::query_as(AssertSqlSafe(format!(
        "{} where o.partner_id = $1 order by o.created_at desc, o.id desc",
        *OFFER_SELECT
    )))
    .bind(user.id)
    .bind(locale.code())
    .fetch_all(&state.db)
    .await?;
    Ok(Json(offers))
}

#[utoipa::path(
    get, path = "/api/api/job/offers/{id}", params(("id" = i64, Path)),
    responses((status = 200, body = OfferView), (status = 404, description = "not one of the partner's offers"))
)]
pub async fn get_offer(
    State(state): State<AppState>,
    user: CurrentUser,
    locale: Locale,
    Path(id): Path<i64>,
) -> Result<Json<OfferView>> {
    own_offer_view(&state, &user, locale, id).await.map(Json)
}

/// The partner's own offer `id` (404 for anyone else's).
async fn own_offer_view(state: &AppState, user: &CurrentUser, locale: Locale, id: i64) -> Result<OfferView> {
    let offer: Option<OfferView> =
        sqlx::query_as(AssertSqlSafe(format!("{} where o.partner_id = $1 and o.id = $3", *OFFER_SELECT)))
            .bind(user.id)
            .bind(locale.code())
            .bind(id)
            .fetch_optional(&state.db)
            .await?;
    offer.ok_or(Error::NotFound)
}
