//! Product news is marketing: a new account receives it only when the person ticked it at sign-up
//! (or later in the settings), and the "yes" is kept with the version of the text that asked.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::accounts::{PASSWORD, candidate_sign_up};
use crate::support::{app, execute, latest_email, login, post_json, scalar, scalar_of, send_as, token_of};

/// Signs up `email` (with `product_news` when given), validates and logs in: the news preference.
async fn news_preference_after_sign_up(
    app: &axum::Router,
    pool: &PgPool,
    email: &str,
    product_news: Option<bool>,
) -> Value {
    let mut sign_up = candidate_sign_up(email);
    if let Some(ticked) = product_news {
        sign_up["product_news"] = json!(ticked);
    }
    let signed_up = post_json(app, "/api/api/candidates", &sign_up).await;
    assert_eq!(signed_up.status, StatusCode::CREATED, "{}", signed_up.text());
    let (_, links) = latest_email(pool, email).await;
    post_json(app, &format!("/api/api/user/validation-tokens/validate/{}", token_of(&links[0])), &json!({})).await;
    let cookie = login(app, email, PASSWORD).await;
    let preferences =
        send_as(app, Some(&cookie), Request::get("/api/api/user/notifications").body(Body::empty()).unwrap()).await;
    assert_eq!(preferences.status, StatusCode::OK, "{}", preferences.text());
    preferences.json()["preferences"][0].clone()
}

#[sqlx::test(migrations = "../migrations")]
async fn a_new_candidate_gets_product_news_only_when_they_ticked_it(pool: PgPool) {
    let app = app(pool.clone());

    let not_asked = news_preference_after_sign_up(&app, &pool, "lea@example.org", None).await;
    let unticked = news_preference_after_sign_up(&app, &pool, "paul@example.org", Some(false)).await;
    let ticked = news_preference_after_sign_up(&app, &pool, "anais@example.org", Some(true)).await;

    assert_eq!(not_asked, json!({ "type": "news", "subscribed": false }));
    assert_eq!(unticked, json!({ "type": "news", "subscribed": false }));
    assert_eq!(ticked, json!({ "type": "news", "subscribed": true }));
    let consents = "select count(*) from user_consents c join users u on u.id = c.user_id
                    where c.kind = 'product_news' and u.email = $1";
    assert_eq!(scalar_of::<i64, _>(&pool, consents, "anais@example.org").await, 1, "the yes is kept");
    assert_eq!(scalar_of::<i64, _>(&pool, consents, "paul@example.org").await, 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn an_email_sent_before_any_choice_does_not_subscribe_anyone_to_product_news(pool: PgPool) {
    let app = app(pool.clone());
    news_preference_after_sign_up(&app, &pool, "lea@example.org", None).await;
    // as a seeded account: no subscription row yet
    execute(&pool, "delete from notification_subscriptions").await;

    // a password reset carries the news unsubscribe link, which creates the row without a choice
    post_json(&app, "/api/api/users/reset-password", &json!({ "email": "lea@example.org" })).await;
    let cookie = login(&app, "lea@example.org", PASSWORD).await;
    let after =
        send_as(&app, Some(&cookie), Request::get("/api/api/user/notifications").body(Body::empty()).unwrap()).await;

    let rows: i64 =
        scalar(&pool, "select count(*) from notification_subscriptions where type = 'news' and subscribed is null")
            .await;
    assert_eq!(rows, 1, "the reset email created the row, without a choice");
    assert_eq!(after.json()["preferences"][0], json!({ "type": "news", "subscribed": false }));
    assert_eq!(after.json()["preferences"][2], json!({ "type": "messages", "subscribed": true }));
}
