//! A place sent by a form (`{value, type, lat, lng, id, country_code}`, as the localization
//! picker gives it), checked against the shipped geodata and stored as a `localizations` row.
//!
//! The client's coordinates are not trusted: the place is looked up by its code, and its name
//! and point come from our data, so a forged request cannot put a candidate in the sea.

use serde::Deserialize;
use sqlx::PgConnection;

use crate::geodata;
use crate::validation::Checks;

#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
pub struct LocalizationInput {
    /// Name shown to the user (ignored: the name comes from our data).
    pub value: Option<String>,
    /// `city`, `department`, `region` or `country`.
    #[serde(rename = "type")]
    pub place_type: Option<String>,
    pub lat: Option<f64>,
    pub lng: Option<f64>,
    /// INSEE code of a commune, department or region code, or ISO country code.
    pub id: Option<String>,
    pub country_code: Option<String>,
}

/// A place found in the geodata.
#[derive(Debug, Clone, PartialEq)]
pub struct Place {
    pub value: String,
    pub place_type: &'static str,
    pub lat: Option<f64>,
    pub lng: Option<f64>,
    pub code: Option<String>,
    pub country_code: String,
}

impl LocalizationInput {
    /// The place this input names; records `invalid_localization` (or `required`) on `field`.
    pub fn resolve(input: Option<&Self>, field: &str, checks: &mut Checks) -> Option<Place> {
        let Some(input) = input else {
            checks.fail(field, "required");
            return None;
        };
        let code = input.id.as_deref().map(str::trim).unwrap_or_default();
        let place = match input.place_type.as_deref() {
            Some("city") => geodata::commune_by_insee(code).map(|commune| Place {
                value: commune.name.clone(),
                place_type: "city",
                lat: Some(commune.lat),
                lng: Some(commune.lng),
                code: Some(commune.insee.clone()),
                country_code: "FR".to_owned(),
            }),
            Some("department") => geodata::departments().iter().find(|d| d.code == code).map(|department| Place {
                value: department.name.clone(),
                place_type: "department",
                lat: Some(department.lat),
                lng: Some(department.lng),
                code: Some(department.code.clone()),
                country_code: "FR".to_owned(),
            }),
            Some("region") => geodata::regions().iter().find(|r| r.code == code).map(|region| Place {
                value: region.name.clone(),
                place_type: "region",
                lat: Some(region.lat),
                lng: Some(region.lng),
                code: Some(region.code.clone()),
                country_code: "FR".to_owned(),
            }),
            Some("country") => {
                let code = code.to_ascii_uppercase();
                geodata::countries().iter().find(|c| c.code == code).map(|country| Place {
                    value: country.name_fr.clone(),
                    place_type: "country",
                    lat: Some(country.lat),
                    lng: Some(country.lng),
                    code: None,
                    country_code: country.code.clone(),
                })
            }
            _ => None,
        };
        if place.is_none() {
            checks.fail(field, "invalid_localization");
        }
        place
    }
}

impl Place {
    /// Stores the place as a new `localizations` row and returns its id.
    pub async fn insert(&self, connection: &mut PgConnection) -> sqlx::Result<i64> {
        sqlx::query_scalar(
            "insert into localizations (value, type, lat, lng, commune_code, country_code)
             values ($1, $2::localization_type, $3, $4, $5, $6) returning id",
        )
        .bind(&self.value)
        .bind(self.place_type)
        .bind(self.lat)
        .bind(self.lng)
        .bind(&self.code)
        .bind(&self.country_code)
        .fetch_one(connection)
        .await
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
        let place = LocalizationInput::resolve(Some(&input("city", "69123")), "localization", &mut checks).unwrap();
        assert_eq!(place.value, "Lyon");
        assert!(place.lat.unwrap() > 45.0);
        assert!(checks.finish().is_ok());
    }

    #[test]
    fn an_unknown_place_or_type_is_invalid() {
        let mut checks = Checks::new();
        assert!(LocalizationInput::resolve(Some(&input("city", "00000")), "localization", &mut checks).is_none());
        assert!(LocalizationInput::resolve(Some(&input("planet", "FR")), "place", &mut checks).is_none());
        assert!(LocalizationInput::resolve(None, "missing", &mut checks).is_none());
        let Err(crate::error::Error::Validation(errors)) = checks.finish() else { panic!() };
        assert_eq!(errors["localization"], ["invalid_localization"]);
        assert_eq!(errors["missing"], ["required"]);
    }
}
