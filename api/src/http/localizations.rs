//! `GET /api/api/localizations`: the localization picker's search over communes, departments,
//! regions and countries shipped with the product (see [`crate::localization_search`]).

use serde::Deserialize;
use utoipa_axum::routes;

use super::locale::Locale;
use super::routes::{Access, RouteTable};
use crate::error::{Error, Result, RuleCode};
use crate::extract::{Json, Query};
use crate::geodata;
use crate::localization_search::{PLACES, PlaceOrder, PlaceSuggestion};
use crate::places::PlaceKind;

/// Longest query accepted; no place name is half as long.
const MAX_QUERY_CHARS: usize = 100;
const DEFAULT_LIMIT: usize = 10;
const MAX_LIMIT: usize = 50;

pub fn routes(table: &mut RouteTable) {
    table.add(Access::Public, routes!(search_localizations));
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct LocalizationSearchQuery {
    /// What the user typed: a name (accents, case and hyphens ignored) or a postcode.
    #[serde(default)]
    q: String,
    /// Comma-separated place types to keep: city, department, region, country (default all).
    #[serde(rename = "type")]
    #[param(pattern = r"^\s*(city|department|region|country)?\s*(,\s*(city|department|region|country)?\s*)*$")]
    types: Option<String>,
    /// How many places to return (default 10).
    #[param(minimum = 1, maximum = 50)]
    limit: Option<usize>,
    /// `relevance` (default: best matches first) or `name`.
    #[param(inline)]
    sort: Option<PlaceOrder>,
}

#[utoipa::path(
    get, path = "/api/api/localizations", params(LocalizationSearchQuery),
    responses(
        (status = 200, body = Vec<PlaceSuggestion>),
        (status = 422, description = "query too long, unknown type or bad limit", body = crate::error::ErrorBody),
    )
)]
pub async fn search_localizations(
    locale: Locale,
    Query(query): Query<LocalizationSearchQuery>,
) -> Result<Json<Vec<PlaceSuggestion>>> {
    // count characters without walking a huge string: bytes bound characters from above
    if query.q.len() > 4 * MAX_QUERY_CHARS || query.q.chars().count() > MAX_QUERY_CHARS {
        return Err(Error::invalid("q", RuleCode::TooLong));
    }
    let limit = query.limit.unwrap_or(DEFAULT_LIMIT);
    if !(1..=MAX_LIMIT).contains(&limit) {
        return Err(Error::invalid("limit", RuleCode::OutOfRange));
    }
    let mut types = Vec::new();
    for name in query.types.iter().flat_map(|types| types.split(',')).map(str::trim).filter(|name| !name.is_empty()) {
        let kind = PlaceKind::parse(name).ok_or(Error::invalid("type", RuleCode::OneOfCityDepartmentRegionCountry))?;
        types.push(kind);
    }
    let places = PLACES.search(&query.q, &types, limit, query.sort.unwrap_or_default());
    let english_names = locale == Locale::En;
    let answer = places
        .into_iter()
        .map(|place| {
            let mut place = place.clone();
            if english_names
                && place.kind == PlaceKind::Country
                && let Some(country) = geodata::countries().iter().find(|country| country.code == place.id)
            {
                place.name = country.name_en.clone();
            }
            place
        })
        .collect();
    Ok(Json(answer))
}
