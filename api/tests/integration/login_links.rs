//! "Email me a login link" (`POST /api/api/auth/login-links`): the same answer for any address,
//! a link only for an account that may log in, which logs in once and dies with a password change.

use axum::Router;
use axum::http::StatusCode;
use serde_json::json;
use sqlx::PgPool;

use api::seed::{DEMO_CANDIDATE_EMAIL, DEMO_PARTNER_EMAIL, DEMO_PASSWORD, DEMO_SCHOOL_EMAIL};

use crate::support::{
    TestResponse, app, execute, get_as, json_request, latest_email, login, post_json, scalar, send_as, session_cookie,
    token_of,
};

async fn request_link(app: &Router, email: &str) -> TestResponse {
    post_json(app, "/api/api/auth/login-links", &json!({ "email": email })).await
}

async fn log_in_with(app: &Router, token: &str) -> TestResponse {
    post_json(app, "/api/api/auth/login/with-token", &json!({ "token": token })).await
}

/// The token of the latest login link mailed to `email`.
async fn mailed_token(pool: &PgPool, email: &str) -> String {
    let (subject, links) = latest_email(pool, email).await;
    assert_eq!(subject, "Votre lien de connexion à Vivier");
    assert!(links[0].starts_with("http://127.0.0.1:8080/login/with-token?token="), "{}", links[0]);
    token_of(&links[0])
}

#[sqlx::test(migrations = "../migrations")]
async fn a_login_link_logs_in_once(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let app = app(pool.clone());

    let asked = request_link(&app, DEMO_CANDIDATE_EMAIL).await;
    let token = mailed_token(&pool, DEMO_CANDIDATE_EMAIL).await;
    let first = log_in_with(&app, &token).await;
    let second = log_in_with(&app, &token).await;

    assert_eq!(asked.status, StatusCode::NO_CONTENT);
    assert_eq!(first.status, StatusCode::OK, "{}", first.text());
    assert_eq!(first.json()["email"], DEMO_CANDIDATE_EMAIL);
    let whoami = get_as(&app, Some(&session_cookie(&first)), "/api/api/auth/whoami").await;
    assert_eq!(whoami.status, StatusCode::OK, "the link's session works");
    assert_eq!(second.status, StatusCode::BAD_REQUEST);
    assert_eq!(second.json()["code"], "invalid_token");
    let lifetime: f64 = scalar(
        &pool,
        "select extract(epoch from expires_at - created_at)::float8 from user_tokens where kind = 'login'",
    )
    .await;
    assert!((899.0..=901.0).contains(&lifetime), "valid 15 minutes, not {lifetime} s");
}

#[sqlx::test(migrations = "../migrations")]
async fn every_address_gets_204_but_only_a_validated_active_unsuspended_account_a_link(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let app = app(pool.clone());
    execute(&pool, "update users set standing = 'suspended' where email = 'partenaire@vivier.demo'").await;
    execute(&pool, "update users set email_validated_at = null where email = 'ecole@vivier.demo'").await;

    let mut answers = Vec::new();
    for email in ["nobody@example.org", DEMO_PARTNER_EMAIL, DEMO_SCHOOL_EMAIL, DEMO_CANDIDATE_EMAIL] {
        answers.push(request_link(&app, email).await.status);
    }
    // the demo candidate's link is the last one asked; the others had their turn
    mailed_token(&pool, DEMO_CANDIDATE_EMAIL).await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;

    assert!(answers.iter().all(|status| *status == StatusCode::NO_CONTENT), "{answers:?}");
    let emails: Vec<String> =
        sqlx::query_scalar("select to_email from outbox_emails order by id").fetch_all(&pool).await.unwrap();
    assert_eq!(emails, vec![DEMO_CANDIDATE_EMAIL.to_owned()], "no email to an unknown or barred address");
    let tokens: i64 = scalar(&pool, "select count(*) from user_tokens where kind = 'login'").await;
    assert_eq!(tokens, 1);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_password_change_voids_a_login_link_mailed_before(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let app = app(pool.clone());
    let cookie = login(&app, DEMO_CANDIDATE_EMAIL, DEMO_PASSWORD).await;
    request_link(&app, DEMO_CANDIDATE_EMAIL).await;
    let token = mailed_token(&pool, DEMO_CANDIDATE_EMAIL).await;

    let changed = send_as(
        &app,
        Some(&cookie),
        json_request(
            "PATCH",
            "/api/api/candidates?password",
            &json!({ "current_password": DEMO_PASSWORD, "password": "Un-nouveau-mot-de-passe-42" }),
        ),
    )
    .await;
    let with_link = log_in_with(&app, &token).await;

    assert_eq!(changed.status, StatusCode::NO_CONTENT, "{}", changed.text());
    assert_eq!(with_link.status, StatusCode::BAD_REQUEST);
    assert_eq!(with_link.json()["code"], "invalid_token");
}

#[sqlx::test(migrations = "../migrations")]
async fn login_links_are_limited_per_address_and_a_malformed_one_is_refused(pool: PgPool) {
    let app = app(pool.clone());

    let mut statuses = Vec::new();
    for _ in 0..4 {
        statuses.push(request_link(&app, "Lea@Example.org").await.status);
    }
    let malformed = request_link(&app, "not-an-address").await;

    assert_eq!(statuses[..3], [StatusCode::NO_CONTENT; 3]);
    assert_eq!(statuses[3], StatusCode::TOO_MANY_REQUESTS, "3 an hour for one address, whatever its case");
    assert_eq!(malformed.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(malformed.json()["errors"]["email"], json!(["invalid_email"]));
}
