//! `GET /api/api/geo/places`: the place names the sourcing map writes over its offline outlines.
//!
//! The offline map style has no glyphs (nothing may be downloaded at run time), so its labels
//! are HTML drawn by the web app; this route chooses which: the most populous communes inside
//! the visible box, fewer at country zoom and more as the view closes in, and the departments
//! at the zooms where a department fills a good part of the screen. The client still drops the
//! labels that would overlap a more important one. Everything comes from the shipped
//! [`geodata`] tables, so the answer only changes with a release: it is cached for a day.

use std::sync::LazyLock;

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa_axum::routes;

use super::routes::{Access, RouteTable};
use crate::error::{Result, RuleCode};
use crate::extract::{Json, Query};
use crate::geodata;
use crate::validation::Checks;

/// Departments are named from this zoom on (below it a region or the country fills the view)...
const DEPARTMENT_MIN_ZOOM: u8 = 6;
/// ...and up to this one (above it a department is wider than the screen).
const DEPARTMENT_MAX_ZOOM: u8 = 9;
/// The deepest zoom the map allows.
const MAX_ZOOM: u8 = 22;

pub fn routes(table: &mut RouteTable) {
    table.add(Access::Public, routes!(map_places));
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct PlacesQuery {
    /// Western longitude of the box, in degrees.
    #[param(minimum = -180.0, maximum = 180.0)]
    west: f64,
    /// Southern latitude of the box, in degrees.
    #[param(minimum = -90.0, maximum = 90.0)]
    south: f64,
    /// Eastern longitude (a box whose east is not past its west holds no place).
    #[param(minimum = -180.0, maximum = 180.0)]
    east: f64,
    /// Northern latitude (a box whose north is not past its south holds no place).
    #[param(minimum = -90.0, maximum = 90.0)]
    north: f64,
    /// The map's zoom level (fractions are rounded down).
    #[param(minimum = 0.0, maximum = 22.0)]
    zoom: f64,
}

/// A commune to name on the map.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct MapCommune {
    name: &'static str,
    lat: f64,
    lng: f64,
    population: u32,
}

/// A department to name on the map, at the middle of its communes.
#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
pub struct MapDepartment {
    code: &'static str,
    name: &'static str,
    lat: f64,
    lng: f64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct MapPlaces {
    /// Most populous first.
    communes: Vec<MapCommune>,
    /// Empty outside the department zooms.
    departments: Vec<MapDepartment>,
}

/// How many communes a view at `zoom` names at most: a few big cities for the whole country,
/// more once a region or a city fills the screen (the client then drops overlapping labels).
pub fn commune_limit(zoom: u8) -> usize {
    match zoom {
        0..=4 => 8,
        5 => 14,
        6 => 24,
        7 => 32,
        _ => 48,
    }
}

/// Each department with the mean position of its communes: communes tile France evenly
/// enough for it to fall near the middle of the department, away from the chef-lieu's own label.
static DEPARTMENT_MIDDLES: LazyLock<Vec<MapDepartment>> = LazyLock::new(|| {
    geodata::departments()
        .iter()
        .filter_map(|department| {
            let (count, lat, lng) = geodata::communes()
                .iter()
                .filter(|commune| commune.department == department.code)
                .fold((0.0, 0.0, 0.0), |(count, lat, lng), commune| {
                    (count + 1.0, lat + commune.lat, lng + commune.lng)
                });
            (count > 0.0).then(|| MapDepartment {
                code: &department.code,
                name: &department.name,
                lat: lat / count,
                lng: lng / count,
            })
        })
        .collect()
});

/// Communes sorted by population, most populous first, so that a box's top ones come first.
static COMMUNES_BY_POPULATION: LazyLock<Vec<&'static geodata::Commune>> = LazyLock::new(|| {
    let mut communes: Vec<_> = geodata::communes().iter().collect();
    communes.sort_by(|a, b| b.population.cmp(&a.population).then_with(|| a.insee.cmp(&b.insee)));
    communes
});

/// The places to name in the box at `zoom`.
pub fn places_in(west: f64, south: f64, east: f64, north: f64, zoom: u8) -> MapPlaces {
    let inside = |lat: f64, lng: f64| (south..=north).contains(&lat) && (west..=east).contains(&lng);
    let communes = COMMUNES_BY_POPULATION
        .iter()
        .filter(|commune| inside(commune.lat, commune.lng))
        .take(commune_limit(zoom))
        .map(|commune| MapCommune {
            name: &commune.name,
            lat: commune.lat,
            lng: commune.lng,
            population: commune.population,
        })
        .collect();
    let departments = if (DEPARTMENT_MIN_ZOOM..=DEPARTMENT_MAX_ZOOM).contains(&zoom) {
        DEPARTMENT_MIDDLES.iter().filter(|department| inside(department.lat, department.lng)).copied().collect()
    } else {
        Vec::new()
    };
    MapPlaces { communes, departments }
}

#[utoipa::path(
    get, path = "/api/api/geo/places", params(PlacesQuery),
    responses(
        (status = 200, body = MapPlaces, description = "the communes and departments to name, cached for a day"),
        (status = 400, description = "a parameter missing or not a number", body = crate::error::ErrorBody),
        (status = 422, description = "a coordinate or the zoom out of range", body = crate::error::ErrorBody),
    )
)]
pub async fn map_places(Query(query): Query<PlacesQuery>) -> Result<Response> {
    let PlacesQuery { west, south, east, north, zoom } = query;
    let longitude = -180.0..=180.0;
    let latitude = -90.0..=90.0;
    let mut checks = Checks::new();
    for (field, value, range) in [
        ("west", west, &longitude),
        ("east", east, &longitude),
        ("south", south, &latitude),
        ("north", north, &latitude),
    ] {
        if !range.contains(&value) {
            checks.fail(field, RuleCode::OutOfRange);
        }
    }
    if !(0.0..=f64::from(MAX_ZOOM)).contains(&zoom) {
        checks.fail("zoom", RuleCode::OutOfRange);
    }
    checks.finish()?;
    let places = places_in(west, south, east, north, zoom.floor() as u8);
    let mut response = Json(places).into_response();
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=86400"));
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LYON_10_KM: (f64, f64, f64, f64) = (4.70, 45.67, 4.98, 45.85);

    fn names(places: &MapPlaces) -> Vec<&str> {
        places.communes.iter().map(|commune| commune.name).collect()
    }

    #[test]
    fn a_city_view_names_its_biggest_communes_first() {
        let (west, south, east, north) = LYON_10_KM;
        let places = places_in(west, south, east, north, 11);
        let names = names(&places);
        assert_eq!(&names[..2], ["Lyon", "Villeurbanne"]);
        assert!((20..=commune_limit(11)).contains(&names.len()), "{}", names.len());
        assert!(places.departments.is_empty(), "a city view is inside one department");
        assert!(places.communes.windows(2).all(|pair| pair[0].population >= pair[1].population));
    }

    #[test]
    fn the_country_view_names_a_few_big_cities_and_no_department() {
        let places = places_in(-5.2, 41.3, 9.6, 51.2, 4);
        let names = names(&places);
        assert_eq!(names.len(), 8);
        for city in ["Paris", "Marseille", "Lyon", "Toulouse"] {
            assert!(names.contains(&city), "{city} in {names:?}");
        }
        assert!(places.departments.is_empty());
    }

    #[test]
    fn a_region_view_names_its_departments_near_their_middle() {
        let places = places_in(3.5, 44.8, 6.0, 46.6, 7);
        let rhone = places.departments.iter().find(|department| department.code == "69").expect("the Rhône");
        assert_eq!(rhone.name, "Rhône");
        // the middle of the Rhône, not Lyon's town hall
        assert!((45.8..46.2).contains(&rhone.lat) && (4.4..4.8).contains(&rhone.lng), "{rhone:?}");
    }
}
