//! Login throttling: failures slow down the address that makes them, an account under attack
//! still lets its owner in, and successful logins never count against an address.

use std::path::Path;

use axum::Router;
use axum::http::{StatusCode, header};
use serde_json::json;
use sqlx::PgPool;

use crate::support::{TestResponse, app_with_web, post_json};

const OWNER: &str = "candidat@vivier.demo";

fn from(pool: &PgPool, address: [u8; 4]) -> Router {
    app_with_web(pool.clone(), Path::new("/nonexistent-web-dist"), address)
}

async fn log_in(app: &Router, password: &str) -> TestResponse {
    post_json(app, "/api/api/auth/login", &json!({ "username": OWNER, "password": password })).await
}

fn retry_after(response: &TestResponse) -> u64 {
    response.headers[header::RETRY_AFTER].to_str().unwrap().parse().unwrap()
}

#[sqlx::test(migrations = "../migrations")]
async fn five_failures_slow_their_address_down_and_not_the_owner_elsewhere(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let guesser = from(&pool, [203, 0, 113, 7]);
    for attempt in 0..5 {
        assert_eq!(log_in(&guesser, "wrong-password-1").await.status, StatusCode::UNAUTHORIZED, "attempt {attempt}");
    }

    let slowed = log_in(&guesser, api::seed::DEMO_PASSWORD).await;
    assert_eq!(slowed.status, StatusCode::TOO_MANY_REQUESTS, "even the right password waits on that address");
    assert!((1..=20).contains(&retry_after(&slowed)), "the first wait is 20 s, not a lock-out");

    let owner = from(&pool, [198, 51, 100, 20]);
    assert_eq!(log_in(&owner, api::seed::DEMO_PASSWORD).await.status, StatusCode::OK);
}

#[sqlx::test(migrations = "../migrations")]
async fn an_account_attacked_from_many_addresses_still_lets_its_owner_in(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    for host in 1..=20 {
        let bot = from(&pool, [10, 0, 0, host]);
        assert_eq!(log_in(&bot, "wrong-password-1").await.status, StatusCode::UNAUTHORIZED, "bot {host}");
    }

    let returning_bot = log_in(&from(&pool, [10, 0, 0, 1]), "wrong-password-2").await;
    assert_eq!(returning_bot.status, StatusCode::TOO_MANY_REQUESTS, "an address that failed waits");

    let owner = log_in(&from(&pool, [198, 51, 100, 20]), api::seed::DEMO_PASSWORD).await;
    assert_eq!(owner.status, StatusCode::OK, "an address that never failed gets its try");
    let new_bot = log_in(&from(&pool, [10, 0, 1, 1]), "wrong-password-3").await;
    assert_eq!(new_bot.status, StatusCode::TOO_MANY_REQUESTS, "one such try per account every 10 s");
    assert!((1..=10).contains(&retry_after(&new_bot)));
}

#[sqlx::test(migrations = "../migrations")]
async fn successful_logins_never_count_against_an_address(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let campus = from(&pool, [192, 0, 2, 50]);
    for login in 0..40 {
        assert_eq!(log_in(&campus, api::seed::DEMO_PASSWORD).await.status, StatusCode::OK, "login {login}");
    }
    for attempt in 0..5 {
        assert_eq!(log_in(&campus, "wrong-password-1").await.status, StatusCode::UNAUTHORIZED, "mistake {attempt}");
    }
    let hits: Vec<i32> =
        sqlx::query_scalar("select cardinality(hits) from rate_limit_hits where bucket like 'login%' order by bucket")
            .fetch_all(&pool)
            .await
            .unwrap();
    assert_eq!(hits, [5, 5, 5], "only the five mistakes are counted, per account, pair and address");
}
