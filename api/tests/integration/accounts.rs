//! Sign-up to sign-out: accounts, sessions, one-time tokens, rate limits.

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::support::{
    app, execute, get, json_request, latest_email, login, post_json, row, row_of, scalar, send_as, session_cookie,
    token_of,
};

pub(crate) const PASSWORD: &str = "Bonjour-Vivier-42";

pub(crate) fn candidate_sign_up(email: &str) -> Value {
    json!({
        "firstname": "Léa", "lastname": "Durand", "email": email, "password": PASSWORD,
        "phone": "06 12 34 56 78", "birthdate": "2001-04-12", "consent": true,
        "localization": { "value": "Lyon", "type": "city", "lat": 0, "lng": 0, "id": "69123", "country_code": "FR" }
    })
}

async fn whoami(app: &axum::Router, cookie: &str) -> crate::support::TestResponse {
    send_as(app, Some(cookie), Request::get("/api/api/auth/whoami").body(Body::empty()).unwrap()).await
}

#[sqlx::test(migrations = "../migrations")]
async fn a_candidate_signs_up_validates_the_email_and_logs_in_and_out(pool: PgPool) {
    let app = app(pool.clone());

    let signed_up = post_json(&app, "/api/api/candidates", &candidate_sign_up("lea@example.org")).await;
    assert_eq!(signed_up.status, StatusCode::CREATED, "{}", signed_up.text());
    assert_eq!(signed_up.json()["status"], "check_your_inbox");
    let consent: (String, String) = row_of(
        &pool,
        "select kind, text_version from user_consents join users u on u.id = user_id where u.email = $1",
        "lea@example.org",
    )
    .await;
    assert_eq!(
        consent,
        ("terms".to_owned(), api::http::TERMS_VERSION.to_owned()),
        "the consent is kept with its text's version"
    );

    let too_early =
        post_json(&app, "/api/api/auth/login", &json!({ "username": "lea@example.org", "password": PASSWORD })).await;
    assert_eq!(too_early.status, StatusCode::FORBIDDEN);
    assert_eq!(too_early.json()["code"], "email_not_validated");

    let (subject, links) = latest_email(&pool, "lea@example.org").await;
    assert_eq!(subject, "Confirmez votre adresse email");
    assert!(links[0].starts_with("http://127.0.0.1:8080/inscription/valider?token="));
    let validated =
        post_json(&app, &format!("/api/api/user/validation-tokens/validate/{}", token_of(&links[0])), &json!({})).await;
    assert_eq!(validated.status, StatusCode::NO_CONTENT);
    assert!(validated.headers.get(header::SET_COOKIE).is_none(), "validating does not log in");

    let cookie = login(&app, "LEA@example.org", PASSWORD).await;
    let me = whoami(&app, &cookie).await.json();
    assert_eq!(me["email"], "lea@example.org");
    assert_eq!(
        (me["isCandidate"].clone(), me["isSchool"].clone(), me["isPartner"].clone()),
        (json!(true), json!(false), json!(false))
    );
    assert!(me["candidate"]["slug"].as_str().unwrap().starts_with("lea-durand-"));
    assert_eq!(me["candidate"]["id"], me["id"], "the id to load the candidate's profile with");
    let home: String = scalar(
        &pool,
        "select l.value from users u join localizations l on l.id = u.localization_id where u.email = 'lea@example.org'",
    )
    .await;
    assert_eq!(home, "Lyon", "the place comes from our data");

    let logout = send_as(&app, Some(&cookie), Request::post("/api/logout").body(Body::empty()).unwrap()).await;
    assert_eq!(logout.status, StatusCode::NO_CONTENT);
    assert!(logout.headers[header::SET_COOKIE].to_str().unwrap().contains("Max-Age=0"));
    assert_eq!(whoami(&app, &cookie).await.status, StatusCode::UNAUTHORIZED, "the old session is revoked");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_name_in_another_script_signs_up_with_a_transliterated_slug(pool: PgPool) {
    let app = app(pool.clone());
    let mut sign_up = candidate_sign_up("ivan@example.org");
    sign_up["firstname"] = json!("Иван");
    sign_up["lastname"] = json!("Петров");

    let signed_up = post_json(&app, "/api/api/candidates", &sign_up).await;

    assert_eq!(signed_up.status, StatusCode::CREATED, "{}", signed_up.text());
    let (user_id, slug): (i64, String) = row(
        &pool,
        "select u.id, c.slug from users u join candidates c on c.user_id = u.id where u.email = 'ivan@example.org'",
    )
    .await;
    assert_eq!(slug, format!("ivan-petrov-{user_id}"));
}

#[sqlx::test(migrations = "../migrations")]
async fn signing_up_with_a_taken_email_answers_the_same_and_tells_the_owner_without_a_login_link(pool: PgPool) {
    let app = app(pool.clone());
    post_json(&app, "/api/api/candidates", &candidate_sign_up("lea@example.org")).await;
    latest_email(&pool, "lea@example.org").await;

    let again = post_json(&app, "/api/api/candidates", &candidate_sign_up("lea@example.org")).await;

    assert_eq!(again.status, StatusCode::CREATED);
    assert_eq!(again.json()["status"], "check_your_inbox");
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let (subject, links) = latest_email(&pool, "lea@example.org").await;
    assert_eq!(subject, "Vous avez déjà un compte Vivier");
    assert_eq!(links[0], "http://127.0.0.1:8080/mot-de-passe/oublier", "it suggests a password reset");
    assert!(links.iter().all(|link| !link.contains("token=") || link.contains("/notifications/desinscrire")));
    let login_tokens: i64 = scalar(&pool, "select count(*) from user_tokens where kind = 'login'").await;
    assert_eq!(login_tokens, 0, "whoever typed the address gets no way in");
    let users: i64 = scalar(&pool, "select count(*) from users").await;
    assert_eq!(users, 1);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_sign_up_breaking_rules_gets_every_field_error(pool: PgPool) {
    let app = app(pool);
    let request = json!({
        "firstname": " ", "email": "not-an-email", "password": "short", "phone": "call me",
        "birthdate": "2020-01-01", "localization": { "type": "city", "id": "00000" }
    });

    let response = post_json(&app, "/api/api/candidates", &request).await;

    assert_eq!(response.status, StatusCode::UNPROCESSABLE_ENTITY);
    let errors = &response.json()["errors"];
    assert_eq!(errors["firstname"], json!(["required"]));
    assert_eq!(errors["lastname"], json!(["required"]));
    assert_eq!(errors["email"], json!(["invalid_email"]));
    assert_eq!(errors["password"], json!(["password_policy"]));
    assert_eq!(errors["phone"], json!(["invalid_phone"]));
    assert_eq!(errors["birthdate"], json!(["too_young"]));
    assert_eq!(errors["localization"], json!(["invalid_localization"]));
    assert_eq!(errors["consent"], json!(["required"]), "the terms must be accepted");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_sign_up_with_a_password_easy_to_guess_is_refused_as_too_weak(pool: PgPool) {
    let app = app(pool.clone());
    let mut request = candidate_sign_up("lea@example.org");
    request["password"] = json!("Azerty1234");

    let response = post_json(&app, "/api/api/candidates", &request).await;

    assert_eq!(response.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(response.json()["errors"], json!({ "password": ["password_too_weak"] }));
    let users: i64 = scalar(&pool, "select count(*) from users").await;
    assert_eq!(users, 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_partner_needs_lastname_firstname_email_and_company(pool: PgPool) {
    let app = app(pool.clone());

    let missing =
        post_json(&app, "/api/api/partners", &json!({ "email": "rh@example.org", "password": PASSWORD })).await;
    assert_eq!(missing.status, StatusCode::UNPROCESSABLE_ENTITY);
    let errors = &missing.json()["errors"];
    for field in ["firstname", "lastname", "company"] {
        assert_eq!(errors[field], json!(["required"]), "{field}");
    }

    let created = post_json(
        &app,
        "/api/api/partners",
        &json!({ "firstname": "Paul", "lastname": "Morel", "email": "rh@example.org", "password": PASSWORD, "company": "Atelier Nova" }),
    )
    .await;
    assert_eq!(created.status, StatusCode::CREATED);
    let company: String = scalar(&pool, "select c.name from partners p join companies c on c.id = p.company_id").await;
    assert_eq!(company, "Atelier Nova");
}

#[sqlx::test(migrations = "../migrations")]
async fn an_unknown_email_and_a_wrong_password_get_the_same_answer(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let app = app(pool);

    let unknown =
        post_json(&app, "/api/api/auth/login", &json!({ "username": "nobody@example.org", "password": PASSWORD }))
            .await;
    let wrong =
        post_json(&app, "/api/api/auth/login", &json!({ "username": "candidat@vivier.demo", "password": PASSWORD }))
            .await;

    assert_eq!(unknown.status, StatusCode::UNAUTHORIZED);
    assert_eq!(unknown.status, wrong.status);
    assert_eq!(unknown.json(), wrong.json());
    assert_eq!(unknown.json()["code"], "invalid_credentials");
}

#[sqlx::test(migrations = "../migrations")]
async fn remember_me_keeps_the_session_thirty_days(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let app = app(pool);

    let short = post_json(
        &app,
        "/api/api/auth/login",
        &json!({ "username": "candidat@vivier.demo", "password": api::seed::DEMO_PASSWORD }),
    )
    .await;
    let long = post_json(
        &app,
        "/api/api/auth/login",
        &json!({ "username": "candidat@vivier.demo", "password": api::seed::DEMO_PASSWORD, "remember": true }),
    )
    .await;

    let cookie_of =
        |response: &crate::support::TestResponse| response.headers[header::SET_COOKIE].to_str().unwrap().to_owned();
    assert!(cookie_of(&short).contains("Max-Age=86400"));
    assert!(cookie_of(&long).contains("Max-Age=2592000"));
    assert!(cookie_of(&long).contains("HttpOnly") && cookie_of(&long).contains("SameSite=Lax"));
}

#[sqlx::test(migrations = "../migrations")]
async fn a_token_works_once_and_never_when_expired_or_tampered(pool: PgPool) {
    let app = app(pool.clone());
    post_json(&app, "/api/api/candidates", &candidate_sign_up("lea@example.org")).await;
    let (_, links) = latest_email(&pool, "lea@example.org").await;
    let token = token_of(&links[0]);
    let validate = |token: String| {
        let app = app.clone();
        async move { post_json(&app, &format!("/api/api/user/validation-tokens/validate/{token}"), &json!({})).await }
    };

    let mut tampered = token.clone();
    tampered.replace_range(0..1, if token.starts_with('A') { "B" } else { "A" });
    assert_eq!(validate(tampered).await.status, StatusCode::BAD_REQUEST);
    assert_eq!(validate(token.clone()).await.status, StatusCode::NO_CONTENT);
    let reused = validate(token).await;
    assert_eq!(reused.status, StatusCode::BAD_REQUEST);
    assert_eq!(reused.json()["code"], "invalid_token");

    post_json(&app, "/api/api/users/reset-password", &json!({ "email": "lea@example.org" })).await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let (subject, links) = latest_email(&pool, "lea@example.org").await;
    assert_eq!(subject, "Réinitialisez votre mot de passe");
    execute(&pool, "update user_tokens set expires_at = now() - interval '1 second' where kind = 'reset_password'")
        .await;
    let expired = post_json(
        &app,
        &format!("/api/api/user/reset-password-tokens/reset/{}", token_of(&links[0])),
        &json!({ "password": "Nouveau-mot-2026" }),
    )
    .await;
    assert_eq!(expired.status, StatusCode::BAD_REQUEST);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_tampered_session_cookie_is_refused(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let app = app(pool);
    let cookie = login(&app, "candidat@vivier.demo", api::seed::DEMO_PASSWORD).await;

    let (head, signature) = cookie.rsplit_once('.').unwrap();
    let forged = format!("{head}.{}", signature.chars().rev().collect::<String>());

    assert_eq!(whoami(&app, &forged).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(whoami(&app, &cookie).await.status, StatusCode::OK);
}

#[sqlx::test(migrations = "../migrations")]
async fn resetting_the_password_revokes_sessions_and_the_new_one_works(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let app = app(pool.clone());
    let old_session = login(&app, "candidat@vivier.demo", api::seed::DEMO_PASSWORD).await;

    let asked = post_json(&app, "/api/api/users/reset-password", &json!({ "email": "candidat@vivier.demo" })).await;
    assert_eq!(asked.status, StatusCode::NO_CONTENT);
    let unknown = post_json(&app, "/api/api/users/reset-password", &json!({ "email": "nobody@example.org" })).await;
    assert_eq!(unknown.status, StatusCode::NO_CONTENT, "no hint that the address is unknown");
    let (_, links) = latest_email(&pool, "candidat@vivier.demo").await;
    let reset_path = format!("/api/api/user/reset-password-tokens/reset/{}", token_of(&links[0]));

    let weak = post_json(&app, &reset_path, &json!({ "password": "weak" })).await;
    assert_eq!(weak.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(weak.json()["errors"]["password"], json!(["password_policy"]));
    let guessable = post_json(&app, &reset_path, &json!({ "password": "password12" })).await;
    assert_eq!(guessable.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(guessable.json()["errors"]["password"], json!(["password_too_weak"]));
    let done = post_json(&app, &reset_path, &json!({ "password": "Nouveau-mot-2026" })).await;
    assert_eq!(done.status, StatusCode::NO_CONTENT);

    assert_eq!(whoami(&app, &old_session).await.status, StatusCode::UNAUTHORIZED);
    login(&app, "candidat@vivier.demo", "Nouveau-mot-2026").await;
}

#[sqlx::test(migrations = "../migrations")]
async fn changing_the_password_logs_out_other_sessions_but_not_this_one(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let app = app(pool);
    let other_device = login(&app, "partenaire@vivier.demo", api::seed::DEMO_PASSWORD).await;
    let this_device = login(&app, "partenaire@vivier.demo", api::seed::DEMO_PASSWORD).await;
    let change = |cookie: String, body: Value| {
        let app = app.clone();
        async move { send_as(&app, Some(&cookie), json_request("PATCH", "/api/api/partners?password", &body)).await }
    };

    let wrong =
        change(this_device.clone(), json!({ "current_password": "nope", "password": "Nouveau-mot-2026" })).await;
    assert_eq!(wrong.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(wrong.json()["errors"]["current_password"], json!(["wrong_password"]));
    let too_weak =
        change(this_device.clone(), json!({ "current_password": api::seed::DEMO_PASSWORD, "password": "Azerty1234" }))
            .await;
    assert_eq!(too_weak.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(too_weak.json()["errors"], json!({ "password": ["password_too_weak"] }));
    let changed =
        change(this_device, json!({ "current_password": api::seed::DEMO_PASSWORD, "password": "Nouveau-mot-2026" }))
            .await;
    assert_eq!(changed.status, StatusCode::NO_CONTENT);
    let renewed = session_cookie(&changed);

    assert_eq!(whoami(&app, &other_device).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(whoami(&app, &renewed).await.status, StatusCode::OK);
    let as_candidate_path =
        send_as(&app, Some(&renewed), json_request("PATCH", "/api/api/candidates?password", &json!({}))).await;
    assert_eq!(as_candidate_path.status, StatusCode::FORBIDDEN, "a partner cannot use the candidates path");
}

#[sqlx::test(migrations = "../migrations")]
async fn an_email_change_asks_for_the_password_is_confirmed_from_the_new_address_and_voids_older_links(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let app = app(pool.clone());
    let cookie = login(&app, "candidat@vivier.demo", api::seed::DEMO_PASSWORD).await;
    let change_to = |email: &'static str, password: &'static str| {
        let (app, cookie) = (app.clone(), cookie.clone());
        let body = json!({ "email": email, "current_password": password });
        async move { send_as(&app, Some(&cookie), json_request("POST", "/api/api/user/renewal-email-tokens", &body)).await }
    };
    // a reset link mailed to the old address before the change
    post_json(&app, "/api/api/users/reset-password", &json!({ "email": "candidat@vivier.demo" })).await;
    let (_, reset_links) = latest_email(&pool, "candidat@vivier.demo").await;

    let without_password = change_to("camille.new@example.org", "").await;
    let taken = change_to("partenaire@vivier.demo", api::seed::DEMO_PASSWORD).await;
    let older = change_to("camille.old@example.org", api::seed::DEMO_PASSWORD).await;
    let (_, older_links) = latest_email(&pool, "camille.old@example.org").await;
    let asked = change_to("camille.new@example.org", api::seed::DEMO_PASSWORD).await;
    let (_, links) = latest_email(&pool, "camille.new@example.org").await;
    let confirmed =
        post_json(&app, &format!("/api/api/user/renewal-email-tokens/{}", token_of(&links[0])), &json!({})).await;
    let older_confirmed =
        post_json(&app, &format!("/api/api/user/renewal-email-tokens/{}", token_of(&older_links[0])), &json!({})).await;
    let old_reset = post_json(
        &app,
        &format!("/api/api/user/reset-password-tokens/reset/{}", token_of(&reset_links[0])),
        &json!({ "password": "Un-nouveau-mot-de-passe-42" }),
    )
    .await;
    let (told_subject, _) = latest_email(&pool, "candidat@vivier.demo").await;

    assert_eq!(without_password.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(without_password.json()["errors"], json!({ "current_password": ["wrong_password"] }));
    assert_eq!(taken.status, StatusCode::CONFLICT);
    assert_eq!((older.status, asked.status), (StatusCode::NO_CONTENT, StatusCode::NO_CONTENT));
    assert!(links[0].contains("kind=email"));
    assert_eq!(confirmed.status, StatusCode::NO_CONTENT);
    assert_eq!(whoami(&app, &cookie).await.json()["email"], "camille.new@example.org");
    assert_eq!(older_confirmed.status, StatusCode::BAD_REQUEST, "an older change cannot undo the newer one");
    assert_eq!(old_reset.status, StatusCode::BAD_REQUEST, "a reset mailed to the old address is void");
    assert!(
        told_subject.contains("a changé") || told_subject.contains("changed"),
        "the old address is told: {told_subject}"
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_new_password_voids_every_older_reset_link(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let app = app(pool.clone());
    let mut tokens = Vec::new();
    for _ in 0..2 {
        post_json(&app, "/api/api/users/reset-password", &json!({ "email": "candidat@vivier.demo" })).await;
        tokens.push(token_of(&latest_email(&pool, "candidat@vivier.demo").await.1[0]));
        // the next email is told apart by its id, not its time
        execute(&pool, "delete from outbox_emails").await;
    }
    let reset = |token: String, password: &'static str| {
        let app = app.clone();
        async move {
            let uri = format!("/api/api/user/reset-password-tokens/reset/{token}");
            post_json(&app, &uri, &json!({ "password": password })).await.status
        }
    };

    let newer = reset(tokens[1].clone(), "Un-nouveau-mot-de-passe-42").await;
    let older = reset(tokens[0].clone(), "Un-autre-mot-de-passe-43").await;
    let cookie = login(&app, "candidat@vivier.demo", "Un-nouveau-mot-de-passe-42").await;
    post_json(&app, "/api/api/users/reset-password", &json!({ "email": "candidat@vivier.demo" })).await;
    let after_login_token = token_of(&latest_email(&pool, "candidat@vivier.demo").await.1[0]);
    let changed = send_as(
        &app,
        Some(&cookie),
        json_request(
            "PATCH",
            "/api/api/candidates?password",
            &json!({ "current_password": "Un-nouveau-mot-de-passe-42", "password": "Encore-un-mot-de-passe-44" }),
        ),
    )
    .await;
    let after_change = reset(after_login_token, "Un-dernier-mot-de-passe-45").await;

    assert_eq!(newer, StatusCode::NO_CONTENT);
    assert_eq!(older, StatusCode::BAD_REQUEST, "the older link died with the newer one's use");
    assert_eq!(changed.status, StatusCode::NO_CONTENT, "{}", changed.text());
    assert_eq!(after_change, StatusCode::BAD_REQUEST, "a password change voids the reset links mailed before");
}

#[sqlx::test(migrations = "../migrations")]
async fn the_unsubscribe_link_of_an_email_works(pool: PgPool) {
    let app = app(pool.clone());
    post_json(&app, "/api/api/candidates", &candidate_sign_up("lea@example.org")).await;
    let (_, links) = latest_email(&pool, "lea@example.org").await;
    let unsubscribe = links.last().unwrap();
    assert!(unsubscribe.contains("/notifications/desinscrire?token=") && unsubscribe.ends_with("&type=news"));

    let done = post_json(
        &app,
        "/api/api/notifications/unsubscribe",
        &json!({ "token": token_of(unsubscribe), "type": "news" }),
    )
    .await;
    let wrong_type = post_json(
        &app,
        "/api/api/notifications/unsubscribe",
        &json!({ "token": token_of(unsubscribe), "type": "sourcing" }),
    )
    .await;

    assert_eq!(done.status, StatusCode::NO_CONTENT);
    assert_eq!(wrong_type.status, StatusCode::BAD_REQUEST);
    let subscribed: bool = scalar(&pool, "select subscribed from notification_subscriptions where type = 'news'").await;
    assert!(!subscribed);
}

#[sqlx::test(migrations = "../migrations")]
async fn the_settings_turn_back_on_what_an_unsubscribe_link_turned_off(pool: PgPool) {
    let app = app(pool.clone());
    post_json(&app, "/api/api/candidates", &candidate_sign_up("lea@example.org")).await;
    let (_, links) = latest_email(&pool, "lea@example.org").await;
    let unsubscribe = links.last().unwrap().clone();
    post_json(&app, &format!("/api/api/user/validation-tokens/validate/{}", token_of(&links[0])), &json!({})).await;
    let cookie = login(&app, "lea@example.org", PASSWORD).await;
    post_json(&app, "/api/api/notifications/unsubscribe", &json!({ "token": token_of(&unsubscribe), "type": "news" }))
        .await;
    let put = |body: Value| send_as(&app, Some(&cookie), json_request("PUT", "/api/api/user/notifications", &body));

    let after_link =
        send_as(&app, Some(&cookie), Request::get("/api/api/user/notifications").body(Body::empty()).unwrap()).await;
    let turned_on = put(json!({ "type": "news", "subscribed": true })).await;
    let school_off = put(json!({ "type": "school", "subscribed": false })).await;
    let partners_only = put(json!({ "type": "sourcing", "subscribed": false })).await;
    let missing = put(json!({ "type": "news" })).await;

    assert_eq!(after_link.status, StatusCode::OK, "{}", after_link.text());
    assert_eq!(
        after_link.json()["preferences"],
        json!([
            { "type": "news", "subscribed": false },
            { "type": "school", "subscribed": true },
            { "type": "messages", "subscribed": true },
            { "type": "offers", "subscribed": true },
            { "type": "applications", "subscribed": true }
        ])
    );
    assert_eq!(turned_on.json()["preferences"][0], json!({ "type": "news", "subscribed": true }));
    assert_eq!(school_off.json()["preferences"][1], json!({ "type": "school", "subscribed": false }));
    assert_eq!(partners_only.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(partners_only.json()["errors"]["type"], json!(["unknown"]), "{}", partners_only.text());
    assert_eq!(missing.json()["errors"]["subscribed"], json!(["required"]));
    // the link of the next email still turns it off again
    let again = post_json(
        &app,
        "/api/api/notifications/unsubscribe",
        &json!({ "token": token_of(&unsubscribe), "type": "news" }),
    )
    .await;
    assert_eq!(again.status, StatusCode::NO_CONTENT);
}

#[sqlx::test(migrations = "../migrations")]
async fn the_demo_mailbox_lists_emails_newest_first(pool: PgPool) {
    let app = app(pool.clone());
    post_json(&app, "/api/api/candidates", &candidate_sign_up("lea@example.org")).await;
    latest_email(&pool, "lea@example.org").await;

    let mailbox = get(&app, "/api/mailbox").await;

    assert_eq!(mailbox.status, StatusCode::OK);
    let emails = mailbox.json();
    assert_eq!(emails[0]["to"], "lea@example.org");
    assert!(emails[0]["html"].as_str().unwrap().contains("<a href="));
}
