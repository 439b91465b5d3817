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
