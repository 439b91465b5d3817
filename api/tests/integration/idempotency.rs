//! A POST resent with its `Idempotency-Key` does its work once: the resend gets the first answer
//! again (an offer, an account, a saved search created once), the key cannot name another request,
//! a resend while the first runs is told to wait, and a key's claim by a request that never
//! finished lapses.

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::accounts::candidate_sign_up;
use crate::candidate_profile::lyon;
use crate::sourcing::{lyon_search, partner_app};
use crate::support::{TestResponse, app, execute, json_request, scalar, scalar_of, send_as};

fn keyed(method: &str, uri: &str, key: &str, body: &Value) -> Request<Body> {
    Request::builder()
        .method(method)
        .uri(uri)
        .header(header::CONTENT_TYPE, "application/json")
        .header("Idempotency-Key", key)
        .body(Body::from(body.to_string()))
        .unwrap()
}

fn replayed(response: &TestResponse) -> bool {
    response.headers.get("idempotency-replayed").is_some_and(|value| value == "true")
}

fn offer(title: &str) -> Value {
    json!({
        "title": title, "job_category": 1, "contract_type": 5, "duration": 6, "start_at": "2026-12-15",
        "localization": lyon(), "radius": 10, "languages": [{ "id": 2, "level": 4 }], "degree": 0,
        "description": "Une équipe de six personnes."
    })
}

#[sqlx::test(migrations = "../migrations")]
async fn a_resent_offer_is_created_once_and_its_key_names_no_other_request(pool: PgPool) {
    let partner = partner_app(&pool).await;
    let send = |key: &'static str, body: Value| {
        let (app, cookie) = (partner.app.clone(), partner.cookie.clone());
        async move { send_as(&app, Some(&cookie), keyed("POST", "/api/api/job/offers", key, &body)).await }
    };

    let first = send("offer-key-1", offer("Développeuse web")).await;
    let resent = send("offer-key-1", offer("Développeuse web")).await;

    assert_eq!(first.status, StatusCode::CREATED, "{}", first.text());
    assert_eq!((resent.status, resent.json()), (StatusCode::CREATED, first.json()), "the same answer");
    assert!(!replayed(&first) && replayed(&resent));
    let created: i64 = scalar_of(&pool, "select count(*) from job_offers where title = $1", "Développeuse web").await;
    assert_eq!(created, 1, "one offer for two sends");

    let other_body = send("offer-key-1", offer("Développeur mobile")).await;
    assert_eq!(other_body.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(other_body.json()["code"], "idempotency_key_reused");
    let plain = json_request("POST", "/api/api/job/offers", &offer("Développeuse web"));
    let without_key = send_as(&partner.app, Some(&partner.cookie), plain).await;
    assert_eq!(without_key.status, StatusCode::CREATED, "without a key, a second offer");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_resent_sign_up_creates_one_account_and_sends_one_email(pool: PgPool) {
    let app = app(pool.clone());
    let body = candidate_sign_up("lea@example.org");

    let first = send_as(&app, None, keyed("POST", "/api/api/candidates", "sign-up-key", &body)).await;
    let resent = send_as(&app, None, keyed("POST", "/api/api/candidates", "sign-up-key", &body)).await;

    assert_eq!(first.status, StatusCode::CREATED, "{}", first.text());
    assert_eq!(resent.status, StatusCode::CREATED);
    assert!(replayed(&resent));
    let emails: i64 =
        scalar_of(&pool, "select count(*) from outbox_emails where to_email = $1", "lea@example.org").await;
    assert_eq!(emails, 1, "one validation email, not a second 'this address has an account'");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_resent_saved_search_is_saved_once(pool: PgPool) {
    let partner = partner_app(&pool).await;
    let before: i64 = scalar(&pool, "select count(*) from sourcing_searches").await;
    let save = || keyed("POST", "/api/api/sourcing/searchs?save=true", "search-key", &lyon_search());

    let first = send_as(&partner.app, Some(&partner.cookie), save()).await;
    let resent = send_as(&partner.app, Some(&partner.cookie), save()).await;

    assert_eq!(first.status, StatusCode::CREATED, "{}", first.text());
    assert_eq!(resent.json()["id"], first.json()["id"]);
    let after: i64 = scalar(&pool, "select count(*) from sourcing_searches").await;
    assert_eq!(after, before + 1);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_resend_waits_for_the_first_and_an_abandoned_claim_lapses(pool: PgPool) {
    let partner = partner_app(&pool).await;
    let send = |key: &'static str, body: Value| {
        let (app, cookie) = (partner.app.clone(), partner.cookie.clone());
        async move { send_as(&app, Some(&cookie), keyed("POST", "/api/api/job/offers", key, &body)).await }
    };
    for key in ["running", "abandoned"] {
        assert_eq!(send(key, offer(key)).await.status, StatusCode::CREATED);
    }
    // as if the first send of "running" still ran, and that of "abandoned" never finished
    execute(&pool, "update idempotent_requests set status = null where key = 'running'").await;
    execute(
        &pool,
        "update idempotent_requests set status = null, created_at = now() - interval '2 minutes' where key = 'abandoned'",
    )
    .await;

    let waiting = send("running", offer("running")).await;
    let resumed = send("abandoned", offer("abandoned")).await;

    assert_eq!(waiting.status, StatusCode::CONFLICT);
    assert_eq!(waiting.json()["code"], "request_in_progress");
    assert_eq!(waiting.headers.get(header::RETRY_AFTER).unwrap(), "1");
    assert_eq!(resumed.status, StatusCode::CREATED, "{}", resumed.text());
    assert!(!replayed(&resumed), "run again: its first answer was never kept");

    execute(&pool, "update idempotent_requests set created_at = now() - interval '25 hours' where key = 'running'")
        .await;
    assert_eq!(api::idempotent_requests::forget_expired(&pool).await.unwrap(), 1, "a key is kept a day");
}
