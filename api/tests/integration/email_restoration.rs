//! "This was not me": the old address of an email change takes the account back.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::json;
use sqlx::PgPool;

use crate::support::{app, json_request, latest_email, login, post_json, send_as, token_of};

const OWNER: &str = "candidat@vivier.demo";
const INTRUDER: &str = "intrus@example.org";

#[sqlx::test(migrations = "../migrations")]
async fn the_old_address_puts_itself_back_and_shuts_the_intruder_out(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let app = app(pool.clone());
    // someone who knows the password moves the account to their address, then changes the password
    let intruder = login(&app, OWNER, api::seed::DEMO_PASSWORD).await;
    let body = json!({ "email": INTRUDER, "current_password": api::seed::DEMO_PASSWORD });
    send_as(&app, Some(&intruder), json_request("POST", "/api/api/user/renewal-email-tokens", &body)).await;
    let (_, links) = latest_email(&pool, INTRUDER).await;
    post_json(&app, &format!("/api/api/user/renewal-email-tokens/{}", token_of(&links[0])), &json!({})).await;
    let (_, told) = latest_email(&pool, OWNER).await;
    let password = json!({ "current_password": api::seed::DEMO_PASSWORD, "password": "Mon-compte-maintenant-77" });
    let changed =
        send_as(&app, Some(&intruder), json_request("PATCH", "/api/api/candidates?password", &password)).await;
    assert_eq!(changed.status, StatusCode::NO_CONTENT, "{}", changed.text());
    let intruder = login(&app, INTRUDER, "Mon-compte-maintenant-77").await;

    let restore = |token: String| {
        let app = app.clone();
        async move { post_json(&app, &format!("/api/api/user/restored-email-tokens/{token}"), &json!({})).await.status }
    };
    assert!(told[0].contains("kind=restore"), "the old address gets the undo link: {told:?}");
    let restored = restore(token_of(&told[0])).await;
    let again = restore(token_of(&told[0])).await;

    assert_eq!(restored, StatusCode::NO_CONTENT);
    assert_eq!(again, StatusCode::BAD_REQUEST, "the link serves once");
    let whoami =
        send_as(&app, Some(&intruder), Request::get("/api/api/auth/whoami").body(Body::empty()).unwrap()).await;
    assert_eq!(whoami.status, StatusCode::UNAUTHORIZED, "the intruder's session is over");
    for email in [OWNER, INTRUDER] {
        let guess = json!({ "username": email, "password": "Mon-compte-maintenant-77" });
        assert_eq!(post_json(&app, "/api/api/auth/login", &guess).await.status, StatusCode::UNAUTHORIZED, "{email}");
    }
    // the restored address got a link to choose a new password, and the owner is back in
    let (_, reset) = latest_email(&pool, OWNER).await;
    let uri = format!("/api/api/user/reset-password-tokens/reset/{}", token_of(&reset[0]));
    let new_password = post_json(&app, &uri, &json!({ "password": "De-retour-chez-moi-2026" })).await;
    assert_eq!(new_password.status, StatusCode::NO_CONTENT, "{}", new_password.text());
    login(&app, OWNER, "De-retour-chez-moi-2026").await;
}
