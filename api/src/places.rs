//! Places: the one model of "where" in the product. A candidate's home and the places they
//! would work in, a sourcing search's centre, an offer's place, a campus: each is a [`Place`]
//! of one [`PlaceKind`], read from the shipped geodata by its code.
//!
//! The wire shape is the localization picker's `{value, type, lat, lng, id, country_code}`,
//! where `id` is the INSEE code of a commune, a department or region code, or the ISO code of a
//! country. The database keeps the French code in `localizations.commune_code` (for every kind
//! but a country) and the country in `country_code`; [`PLACE_JSON_SQL`] reads a row back into
//! the wire shape and [`Place::insert`] writes one, so that rule lives here and nowhere else.
//!
//! The client's coordinates and names are not trusted: a place sent by a form is looked up by
//! its kind and code, and its name and point come from our data, so a forged request cannot put
//! a candidate in the sea.

use matcher::{CountryCode, QueryLocalization};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;

pub use indexer::place_ids::PlaceKind;

use crate::error::RuleCode;
use crate::geodata;
use crate::validation::Checks;

/// A place as a form sends it (the localization picker's shape). Only `type` and `id` are
/// read; the rest is what the picker showed and is replaced by our data.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
pub struct LocalizationInput {
    /// Name shown to the user (ignored: the name comes from our data).
    pub value: Option<String>,
    /// `city`, `department`, `region` or `country`.
    #[serde(rename = "type")]
    pub place_type: Option<String>,
    /// Ignored: the point comes from our data.
    pub lat: Option<f64>,
    /// Ignored: the point comes from our data.
    pub lng: Option<f64>,
    /// INSEE code of a commune, department or region code, or ISO country code.
    pub id: Option<String>,
    /// Ignored: the country comes from our data.
    pub country_code: Option<String>,
}

/// A place of our geodata, as stored, echoed and shown.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Place {
    /// The place's name (French name of a country).
    pub value: String,
    #[serde(rename = "type")]
    pub kind: PlaceKind,
    /// Centre of the place (a commune's town hall, a country's centroid).
    pub lat: Option<f64>,
    pub lng: Option<f64>,
    /// INSEE code of a commune, department or region code, ISO 3166-1 alpha-2 of a country.
    pub id: String,
    /// ISO 3166-1 alpha-2 code of the place's country.
    pub country_code: String,
}

/// A `localizations` row aliased `l` as the JSON of a [`Place`], for queries that read places.
pub const PLACE_JSON_SQL: &str = "jsonb_build_object('value', l.value, 'type', l.type, 'lat', l.lat, 'lng', l.lng, \
     'id', coalesce(l.commune_code, l.country_code::text), 'country_code', l.country_code::text)";

impl Place {
    /// The place of our data with this kind and code.
    pub fn find(kind: PlaceKind, code: &str) -> Option<Place> {
        let french = |value: &str, lat: f64, lng: f64, id: &str| Place {
            value: value.to_owned(),
            kind,
            lat: Some(lat),
            lng: Some(lng),
            id: id.to_owned(),
            country_code: "FR".to_owned(),
        };
        match kind {
            PlaceKind::City => geodata::commune_by_insee(code).map(|c| french(&c.name, c.lat, c.lng, &c.insee)),
            PlaceKind::Department => {
                geodata::departments().iter().find(|d| d.code == code).map(|d| french(&d.name, d.lat, d.lng, &d.code))
            }
            PlaceKind::Region => {
                geodata::regions().iter().find(|r| r.code == code).map(|r| french(&r.name, r.lat, r.lng, &r.code))
            }
            PlaceKind::Country => {
                let code = code.to_ascii_uppercase();
                geodata::countries().iter().find(|c| c.code == code).map(|country| Place {
                    value: country.name_fr.clone(),
                    kind,
                    lat: Some(country.lat),
                    lng: Some(country.lng),
                    id: country.code.clone(),
                    country_code: country.code.clone(),
                })
            }
        }
    }

    /// The place `input` names; records `required` or `invalid_localization` on `field`.
    pub fn resolve(input: Option<&LocalizationInput>, field: &str, checks: &mut Checks) -> Option<Place> {
        let Some(input) = input else {
            checks.fail(field, RuleCode::Required);
            return None;
        };
        let kind = input.place_type.as_deref().and_then(PlaceKind::parse);
        let code = input.id.as_deref().map(str::trim).unwrap_or_default();
        let place = kind.and_then(|kind| Place::find(kind, code));
        if place.is_none() {
            checks.fail(field, RuleCode::InvalidLocalization);
        }
        place
    }

    /// The French code kept in `localizations.commune_code`: every kind but a country has one.
    fn french_code(&self) -> Option<&str> {
        (self.kind != PlaceKind::Country).then_some(self.id.as_str())
    }

    /// Stores the place as a new `localizations` row and returns its id.
    pub async fn insert(&self, connection: &mut PgConnection) -> sqlx::Result<i64> {
        sqlx::query_scalar(
            "insert into localizations (value, type, lat, lng, commune_code, country_code)
             values ($1, $2::localization_type, $3, $4, $5, $6) returning id",
        )
        .bind(&self.value)
        .bind(self.kind.as_str())
        .bind(self.lat)
        .bind(self.lng)
        .bind(self.french_code())
        .bind(&self.country_code)
        .fetch_one(connection)
        .await
    }

    /// The place as the centre of a search: a point, or a whole country.
    pub fn search_centre(&self) -> QueryLocalization {
        let country = CountryCode::parse(&self.country_code).unwrap_or(CountryCode::FRANCE);
        match (self.kind, self.lat, self.lng) {
            (PlaceKind::Country, _, _) | (_, None, _) | (_, _, None) => QueryLocalization::Country { country },
            (_, Some(lat), Some(lng)) => QueryLocalization::Point { lat, lng, country },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(place_type: &str, id: &str) -> LocalizationInput {
        LocalizationInput {
            value: Some("anything".into()),
            place_type: Some(place_type.into()),
            lat: Some(0.0),
            lng: Some(0.0),
            id: Some(id.into()),
            country_code: None,
        }
    }

    #[test]
    fn a_commune_is_read_from_our_data_not_from_the_request() {
        let mut checks = Checks::new();
        let place = Place::resolve(Some(&input("city", "69123")), "localization", &mut checks).unwrap();
        assert_eq!(place.value, "Lyon");
        assert_eq!(place.id, "69123");
        assert!(place.lat.unwrap() > 45.0);
        assert!(checks.finish().is_ok());
    }

    #[test]
    fn a_country_is_known_by_its_iso_code_in_any_case() {
        let mut checks = Checks::new();
        let place = Place::resolve(Some(&input("country", "be")), "localization", &mut checks).unwrap();
        assert_eq!((place.kind, place.id.as_str(), place.country_code.as_str()), (PlaceKind::Country, "BE", "BE"));
        assert_eq!(place.french_code(), None);
        assert!(matches!(place.search_centre(), QueryLocalization::Country { .. }));
    }

    #[test]
    fn an_unknown_place_or_type_is_invalid() {
        let mut checks = Checks::new();
        assert!(Place::resolve(Some(&input("city", "00000")), "localization", &mut checks).is_none());
        assert!(Place::resolve(Some(&input("planet", "FR")), "place", &mut checks).is_none());
        assert!(Place::resolve(None, "missing", &mut checks).is_none());
        let Err(crate::error::Error::Validation(errors)) = checks.finish() else { panic!() };
        assert_eq!(errors["localization"], [RuleCode::InvalidLocalization]);
        assert_eq!(errors["missing"], [RuleCode::Required]);
    }

    #[test]
    fn the_wire_shape_is_the_pickers() {
        let place = Place::find(PlaceKind::Department, "69").unwrap();
        let json = serde_json::to_value(&place).unwrap();
        assert_eq!(json["type"], "department");
        assert_eq!(json["id"], "69");
        assert_eq!(serde_json::from_value::<Place>(json).unwrap(), place);
    }
}
