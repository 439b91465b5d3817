//! Offers as a candidate meets them: `GET /api/api/offers/for-me`, the live offers the candidate
//! fits, best first, each with its score and the same per-criterion explanation a partner reads
//! about a hit (computed by the engine: [`crate::job_offers::OfferIndex`]); `GET /api/api/offers`,
//! the live offers around a place (on a map), filtered by category and contract, each marked
//! with the candidate's fit; `GET /api/api/offers/{id}`, one offer with the candidate's fit and
//! application.
//!
//! A candidate who is not looking for a job (`in_research` off) is not in the engine: "offers
//! for me" says so (`looking: false`) and lists nothing; browsing still works.

use std::collections::HashMap;

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa_axum::routes;

use super::applications::{APPLICATION_SELECT, ApplicationView};
use super::{OFFER_SELECT, OfferView};
use crate::app::AppState;
use crate::auth::{CurrentUser, Role};
use crate::error::{Error, Result};
use crate::extract::{Json, Path, Query};
use crate::http::routes::{Access, RouteTable};
use crate::http::sourcing::results::{Explanation, explain_without_keywords, rounded_score};
use crate::job_offers::{LIVE, fit_to, looking_document, offer_query_of};
use crate::locale::Locale;
use matcher::Hit;
use sqlx::AssertSqlSafe;

pub fn routes(table: &mut RouteTable) {
    let candidate = Access::Only(Role::Candidate);
    table.add(candidate, routes!(offers_for_me));
    table.add(candidate, routes!(browse_offers));
    table.add(candidate, routes!(read_offer));
}

/// The most offers "offers for me" lists.
const FOR_ME_SIZE: usize = 50;
/// The most offers one page of browsing lists.
const BROWSE_MAX: i64 = 100;

/// An offer and how the candidate fits it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct OfferFit<'a> {
    offer: OfferView,
    /// 0 to 100; null when the candidate does not fit the offer's criteria.
    score: Option<f64>,
    breakdown: Option<Explanation<'a>>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct OffersForMe<'a> {
    /// Whether the candidate looks for a job: without it, no offer is matched.
    looking: bool,
    /// How many live offers the candidate fits (the list shows the best [`FOR_ME_SIZE`]).
    total: usize,
    offers: Vec<OfferFit<'a>>,
}

/// The live offers the candidate fits, best first, with their hits; `None` when the candidate
/// is not looking for a job.
async fn fitting_offers(state: &AppState, candidate_id: i64) -> Result<Option<Vec<(i64, Hit)>>> {
    let Some(doc) = looking_document(&state.db, &state.engine, candidate_id).await? else {
        return Ok(None);
    };
    state.offers.fitting(&state.db, &doc).await.map(Some)
}

/// The live offers of `ids`, as `reader` reads them, in no particular order.
async fn live_offers(state: &AppState, reader: i64, locale: Locale, ids: &[i64]) -> Result<HashMap<i64, OfferView>> {
    let offers: Vec<OfferView> =
        sqlx::query_as(AssertSqlSafe(format!("{} where o.id = any($3) and {LIVE}", *OFFER_SELECT)))
            .bind(reader)
            .bind(locale.code())
            .bind(ids)
            .fetch_all(&state.db)
            .await?;
    Ok(offers.into_iter().map(|offer| (offer.id, offer)).collect())
}

#[utoipa::path(
    get, path = "/api/api/offers/for-me",
    responses((status = 200, body = OffersForMe, description = "the live offers the candidate fits, best fit first"))
)]
pub async fn offers_for_me(State(state): State<AppState>, user: CurrentUser, locale: Locale) -> Result<Response> {
    let Some(doc) = looking_document(&state.db, &state.engine, user.id).await? else {
        return Ok(Json(OffersForMe { looking: false, total: 0, offers: Vec::new() }).into_response());
    };
    let (fitting, best) = state.offers.best_fitting(&state.db, &doc, FOR_ME_SIZE).await?;
    let ids: Vec<i64> = best.iter().map(|(id, _)| *id).collect();
    let mut offers = live_offers(&state, user.id, locale, &ids).await?;
    // an offer whose closing date passed since the index was built drops out here; one beyond the
    // best few still counts in the total until the next publication or closure rebuilds the index
    let total = fitting - (ids.len() - offers.len());
    let reference = state.reference_lists().await?;
    let offers = best
        .iter()
        .filter_map(|(id, hit)| {
            Some(OfferFit {
                offer: offers.remove(id)?,
                score: Some(rounded_score(hit.score)),
                breakdown: Some(explain_without_keywords(reference, locale, &hit.breakdown)),
            })
        })
        .collect();
    Ok(Json(OffersForMe { looking: true, total, offers }).into_response())
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct BrowseQuery {
    /// The centre of the area (with `lng`); absent: the whole country, newest first.
    #[param(minimum = -90, maximum = 90)]
    lat: Option<f64>,
    #[param(minimum = -180, maximum = 180)]
    lng: Option<f64>,
    /// Kilometres around the centre, 1 to 200 (default 30).
    #[param(minimum = 1, maximum = 200)]
    radius: Option<i16>,
    job_category: Option<i16>,
    contract_type: Option<i16>,
    /// 1 to 100 (default 50).
    #[param(minimum = 1, maximum = 100)]
    limit: Option<i64>,
    #[param(minimum = 0, maximum = 10000)]
    offset: Option<i64>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct BrowsedOffer<'a> {
    #[serde(flatten)]
    fit: OfferFit<'a>,
    /// From the centre asked for to the offer's place; null without a centre.
    distance_km: Option<f64>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct BrowsedOffers<'a> {
    total: i64,
    offers: Vec<BrowsedOffer<'a>>,
}

#[derive(sqlx::FromRow)]
struct Nearby {
    id: i64,
    distance_km: Option<f64>,
    total: i64,
}

#[utoipa::path(
    get, path = "/api/api/offers", params(BrowseQuery),
    responses((status = 200, body = BrowsedOffers, description = "live offers, nearest first (newest first without a centre)"))
)]
pub async fn browse_offers(
    State(state): State<AppState>,
    user: CurrentUser,
    locale: Locale,
    Query(query): Query<BrowseQuery>,
) -> Result<Response> {
    let centre =
        query.lat.zip(query.lng).filter(|(lat, lng)| (-90.0..=90.0).contains(lat) && (-180.0..=180.0).contains(lng));
    let radius = f64::from(query.radius.unwrap_or(30).clamp(1, 200));
    let nearby: Vec<Nearby> = sqlx::query_as(AssertSqlSafe(format!(
        "select o.id, d.km as distance_km, count(*) over () as total
         from job_offers o join localizations l on l.id = o.localization_id
         cross join lateral (
             select 2 * 6371 * asin(sqrt(power(sin(radians(l.lat - $1) / 2), 2)
                    + cos(radians($1)) * cos(radians(l.lat)) * power(sin(radians(l.lng - $2) / 2), 2))) as km
         ) d
         where {LIVE} and ($1::float8 is null or d.km <= $3)
           and ($4::smallint is null or o.job_category_id = $4) and ($5::smallint is null or o.contract_type_id = $5)
         order by d.km nulls last, o.published_at desc, o.id desc limit $6 offset $7"
    )))
    .bind(centre.map(|(lat, _)| lat))
    .bind(centre.map(|(_, lng)| lng))
    .bind(radius)
    .bind(query.job_category)
    .bind(query.contract_type)
    .bind(query.limit.unwrap_or(50).clamp(1, BROWSE_MAX))
    .bind(query.offset.unwrap_or(0).clamp(0, 10_000))
    .fetch_all(&state.db)
    .await?;
    let ids: Vec<i64> = nearby.iter().map(|row| row.id).collect();
    let mut offers = live_offers(&state, user.id, locale, &ids).await?;
    let fitting: HashMap<i64, Hit> = fitting_offers(&state, user.id).await?.unwrap_or_default().into_iter().collect();
    let reference = state.reference_lists().await?;
    let total = nearby.first().map_or(0, |row| row.total);
    let offers = nearby
        .into_iter()
        .filter_map(|row| {
            let hit = fitting.get(&row.id);
            Some(BrowsedOffer {
                fit: OfferFit {
                    offer: offers.remove(&row.id)?,
                    score: hit.map(|hit| rounded_score(hit.score)),
                    breakdown: hit.map(|hit| explain_without_keywords(reference, locale, &hit.breakdown)),
                },
                distance_km: row.distance_km.map(|km| (km * 10.0).round() / 10.0),
            })
        })
        .collect();
    Ok(Json(BrowsedOffers { total, offers }).into_response())
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct OfferForCandidate<'a> {
    #[serde(flatten)]
    fit: OfferFit<'a>,
    /// The candidate's application to it, if any (withdrawn ones included).
    application: Option<ApplicationView>,
}

#[utoipa::path(
    get, path = "/api/api/offers/{id}", params(("id" = i64, Path)),
    responses(
        (status = 200, body = OfferForCandidate),
        (status = 404, body = crate::error::ErrorBody, description = "no live offer has this id, and the candidate did not apply to it"),
    )
)]
pub async fn read_offer(
    State(state): State<AppState>,
    user: CurrentUser,
    locale: Locale,
    Path(id): Path<i64>,
) -> Result<Response> {
    let application: Option<ApplicationView> = sqlx::query_as(AssertSqlSafe(format!(
        "{} where a.candidate_id = $2 and a.job_offer_id = $3",
        *APPLICATION_SELECT
    )))
    .bind(locale.code())
    .bind(user.id)
    .bind(id)
    .fetch_optional(&state.db)
    .await?;
    let offer: Option<OfferView> = sqlx::query_as(AssertSqlSafe(format!(
        "{} where o.id = $3 and ({LIVE} or exists (select 1 from job_applications a
                                                where a.job_offer_id = o.id and a.candidate_id = $1))",
        *OFFER_SELECT
    )))
    .bind(user.id)
    .bind(locale.code())
    .bind(id)
    .fetch_optional(&state.db)
    .await?;
    let offer = offer.ok_or(Error::NotFound)?;
    let hit = match offer_query_of(&state.db, id).await? {
        Some(query) => fit_to(&state.db, &state.engine, user.id, &query).await?,
        None => None,
    };
    let reference = state.reference_lists().await?;
    let fit = OfferFit {
        offer,
        score: hit.as_ref().map(|hit| rounded_score(hit.score)),
        breakdown: hit.as_ref().map(|hit| explain_without_keywords(reference, locale, &hit.breakdown)),
    };
    Ok(Json(OfferForCandidate { fit, application }).into_response())
}
