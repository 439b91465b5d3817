//! `POST /api/api/report`: stored, validated, size- and rate-limited.

use axum::http::{StatusCode, header};
use serde_json::json;
use sqlx::PgPool;

use crate::support::{app, app_with_web, post_json, post_raw, row_of, scalar};

#[sqlx::test(migrations = "../migrations")]
async fn a_report_is_stored_with_the_client_address(pool: PgPool) {
    let app = app(pool.clone());

    let response = post_json(&app, "/api/api/report", &json!({ "message": "  La carte ne charge pas  " })).await;

    assert_eq!(response.status, StatusCode::CREATED);
    let id = response.json()["id"].as_i64().expect("an id");
    let (message, client_ip): (String, String) =
        row_of(&pool, "select message, host(client_ip) from problem_reports where id = $1", id).await;
    assert_eq!(message, "La carte ne charge pas");
    assert_eq!(client_ip, "127.0.0.1");
}

#[sqlx::test(migrations = "../migrations")]
async fn an_empty_or_too_long_report_is_refused_with_the_field_rule(pool: PgPool) {
    let app = app(pool);

    let empty = post_json(&app, "/api/api/report", &json!({ "message": "   " })).await;
    assert_eq!(empty.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(empty.json()["code"], "validation_failed");
    assert_eq!(empty.json()["errors"]["message"], json!(["required"]));

    let too_long = post_json(&app, "/api/api/report", &json!({ "message": "é".repeat(2001) })).await;
    assert_eq!(too_long.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(too_long.json()["errors"]["message"], json!(["too_long"]));
}

#[sqlx::test(migrations = "../migrations")]
async fn malformed_or_oversized_bodies_get_the_json_error_shape(pool: PgPool) {
    let app = app(pool);

    let malformed = post_raw(&app, "/api/api/report", "{\"message\": ".to_owned()).await;
    assert_eq!(malformed.status, StatusCode::BAD_REQUEST);
    assert_eq!(malformed.json()["code"], "invalid_body");

    let missing_field = post_json(&app, "/api/api/report", &json!({ "text": "hello" })).await;
    assert_eq!(missing_field.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(missing_field.json()["code"], "invalid_body");

    let huge = post_json(&app, "/api/api/report", &json!({ "message": "x".repeat(200_000) })).await;
    assert_eq!(huge.status, StatusCode::PAYLOAD_TOO_LARGE);
}

#[sqlx::test(migrations = "../migrations")]
async fn the_sixth_report_within_ten_minutes_from_one_address_is_refused(pool: PgPool) {
    let web_dist = std::path::Path::new("/nonexistent");
    let app = app_with_web(pool.clone(), web_dist, [203, 0, 113, 7]);
    for attempt in 1..=5 {
        let response = post_json(&app, "/api/api/report", &json!({ "message": format!("report {attempt}") })).await;
        assert_eq!(response.status, StatusCode::CREATED, "report {attempt}");
    }

    let refused = post_json(&app, "/api/api/report", &json!({ "message": "one more" })).await;

    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(refused.json()["code"], "too_many_requests");
    let retry_after: u64 = refused.headers[header::RETRY_AFTER].to_str().unwrap().parse().unwrap();
    assert!((1..=600).contains(&retry_after));
    let stored: i64 = scalar(&pool, "select count(*) from problem_reports").await;
    assert_eq!(stored, 5);
}
