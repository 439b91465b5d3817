//! The localization picker's search, through HTTP.

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use sqlx::PgPool;

use crate::support::{app, get, send};

#[sqlx::test(migrations = "../migrations")]
async fn a_commune_comes_with_its_point_postcodes_and_department(pool: PgPool) {
    let response = get(&app(pool), "/api/api/localizations?q=orleans&type=city&limit=3").await;

    assert_eq!(response.status, StatusCode::OK);
    let places = response.json();
    let first = &places[0];
    assert_eq!(first["name"], "Orléans");
    assert_eq!(first["type"], "city");
    assert_eq!(first["id"], "45234");
    assert_eq!(first["department"], "45");
    assert!(first["lat"].as_f64().unwrap() > 47.8 && first["lng"].as_f64().unwrap() > 1.8);
    assert!(first["postcodes"].as_array().unwrap().iter().any(|code| code == "45000"));
}

#[sqlx::test(migrations = "../migrations")]
async fn country_names_follow_the_callers_language(pool: PgPool) {
    let app = app(pool);
    let request = Request::get("/api/api/localizations?q=allemagne&type=country")
        .header(header::ACCEPT_LANGUAGE, "en")
        .body(Body::empty())
        .unwrap();

    let places = send(&app, request).await.json();

    assert_eq!(places[0]["id"], "DE");
    assert_eq!(places[0]["name"], "Germany");
}

#[sqlx::test(migrations = "../migrations")]
async fn bad_searches_get_a_clear_422(pool: PgPool) {
    let app = app(pool);
    let long_query = format!("/api/api/localizations?q={}", "a".repeat(10 * 1024));

    let too_long = get(&app, &long_query).await;
    assert_eq!(too_long.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(too_long.json()["errors"]["q"], serde_json::json!(["too_long"]));

    let bad_type = get(&app, "/api/api/localizations?q=lyon&type=planet").await;
    assert_eq!(bad_type.status, StatusCode::UNPROCESSABLE_ENTITY);
    let bad_limit = get(&app, "/api/api/localizations?q=lyon&limit=1000").await;
    assert_eq!(bad_limit.status, StatusCode::UNPROCESSABLE_ENTITY);

    let empty = get(&app, "/api/api/localizations?q=").await;
    assert_eq!(empty.status, StatusCode::OK);
    assert_eq!(empty.json(), serde_json::json!([]));
}

#[sqlx::test(migrations = "../migrations")]
async fn the_map_names_the_biggest_communes_of_its_view_and_caches_them(pool: PgPool) {
    let app = app(pool);
    let lyon = get(&app, "/api/api/geo/places?west=4.70&south=45.67&east=4.98&north=45.85&zoom=11.4").await;

    assert_eq!(lyon.status, StatusCode::OK, "{}", lyon.text());
    assert_eq!(lyon.headers[header::CACHE_CONTROL], "public, max-age=86400");
    let places = lyon.json();
    assert_eq!(places["communes"][0]["name"], "Lyon");
    assert_eq!(places["communes"][1]["name"], "Villeurbanne");
    assert!(places["communes"][0]["population"].as_u64().unwrap() > 500_000);
    assert_eq!(places["departments"], serde_json::json!([]), "a city view names no department");

    let region = get(&app, "/api/api/geo/places?west=3.5&south=44.8&east=6&north=46.6&zoom=7").await.json();
    assert!(region["departments"].as_array().unwrap().iter().any(|department| department["name"] == "Rhône"));
}

#[sqlx::test(migrations = "../migrations")]
async fn a_bad_map_view_gets_a_clear_422(pool: PgPool) {
    let app = app(pool);
    let out_of_range = get(&app, "/api/api/geo/places?west=-200&south=45&east=5&north=95&zoom=30").await;
    assert_eq!(out_of_range.status, StatusCode::UNPROCESSABLE_ENTITY);
    let errors = &out_of_range.json()["errors"];
    for field in ["west", "north", "zoom"] {
        assert_eq!(errors[field], serde_json::json!(["out_of_range"]), "{field}");
    }
    // the document can state each coordinate's range, not their order: a turned box is empty
    let turned_box = get(&app, "/api/api/geo/places?west=5&south=46&east=4&north=45&zoom=8").await;
    assert_eq!(turned_box.status, StatusCode::OK);
    assert_eq!(turned_box.json()["communes"], serde_json::json!([]));
    let missing = get(&app, "/api/api/geo/places?west=4").await;
    assert_eq!(missing.status, StatusCode::BAD_REQUEST, "a missing parameter is a malformed query");
}
