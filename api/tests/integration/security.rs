//! The findings of the security review, one test or more each: what must stay closed.

use std::net::SocketAddr;
use std::path::Path;

use api::app::Settings;
use api::http;
use axum::body::Body;
use axum::extract::connect_info::MockConnectInfo;
use axum::http::{Request, StatusCode, header};
use serde_json::json;
use sqlx::PgPool;

use crate::support::{
    TestResponse, app, app_with_web, execute_of, get, get_as, json_request, latest_email, login, post_json, post_raw,
    scalar, scalar_of, send, send_as, settings, state_with,
};

const PASSWORD: &str = "Bonjour-Vivier-42";

fn sign_up(email: &str) -> serde_json::Value {
    json!({
        "firstname": "Léa", "lastname": "Durand", "email": email, "password": PASSWORD,
        "phone": "06 12 34 56 78", "birthdate": "2001-04-12", "consent": true,
        "localization": { "value": "Lyon", "type": "city", "lat": 0, "lng": 0, "id": "69123", "country_code": "FR" }
    })
}

/// The whole site over `settings`, seen from a loopback client.
fn app_with_settings(pool: PgPool, settings: Settings) -> axum::Router {
    http::app(state_with(pool, settings), Path::new("/nonexistent-web-dist"))
        .layer(MockConnectInfo(SocketAddr::from(([127, 0, 0, 1], 40_000))))
}

#[sqlx::test(migrations = "../migrations")]
async fn the_demo_mailbox_answers_no_client_from_another_machine(pool: PgPool) {
    let local = app(pool.clone());
    post_json(&local, "/api/api/candidates", &sign_up("lea@example.org")).await;
    latest_email(&pool, "lea@example.org").await;
    let remote = app_with_web(pool, Path::new("/nonexistent-web-dist"), [192, 168, 1, 20]);

    let mailbox = get(&remote, "/api/mailbox").await;

    assert_eq!(mailbox.status, StatusCode::NOT_FOUND);
    assert!(!mailbox.text().contains("lea@example.org"));
}

#[sqlx::test(migrations = "../migrations")]
async fn without_the_demo_flag_there_is_no_mailbox(pool: PgPool) {
    let app = app_with_settings(pool.clone(), Settings { demo_mailbox: false, ..settings() });
    post_json(&app, "/api/api/candidates", &sign_up("lea@example.org")).await;
    latest_email(&pool, "lea@example.org").await;

    let mailbox = get(&app, "/api/mailbox").await;

    assert_eq!(mailbox.status, StatusCode::NOT_FOUND);
}

/// `GET uri` with these headers.
async fn get_with(app: &axum::Router, uri: &str, headers: &[(header::HeaderName, &str)]) -> TestResponse {
    let mut request = Request::get(uri);
    for (name, value) in headers {
        request = request.header(name, *value);
    }
    send(app, request.body(Body::empty()).unwrap()).await
}

#[sqlx::test(migrations = "../migrations")]
async fn api_answers_with_personal_data_are_never_stored_and_carry_the_security_headers(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let app = app(pool);
    let cookie = login(&app, api::seed::DEMO_CANDIDATE_EMAIL, api::seed::DEMO_PASSWORD).await;

    let me = get_with(&app, "/api/api/auth/whoami", &[(header::COOKIE, &cookie)]).await;
    let reference_list = get(&app, "/api/api/candidate/degrees").await;

    assert_eq!(me.status, StatusCode::OK);
    assert_eq!(me.headers[header::CACHE_CONTROL], "no-store");
    assert_eq!(me.headers[header::X_FRAME_OPTIONS], "DENY");
    assert_eq!(me.headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
    let policy = me.headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
    assert!(policy.contains("script-src 'self';") && policy.contains("frame-ancestors 'none'"), "{policy}");
    assert_eq!(reference_list.headers[header::CACHE_CONTROL], "public, max-age=300", "public lists keep theirs");
}

#[sqlx::test(migrations = "../migrations")]
async fn hashed_assets_are_cached_for_a_year_the_index_is_revalidated_and_a_missing_file_is_a_404(pool: PgPool) {
    let web_dist = std::env::temp_dir().join(format!("vivier-web-dist-{}", std::process::id()));
    std::fs::create_dir_all(web_dist.join("assets")).unwrap();
    std::fs::write(web_dist.join("index.html"), "<!doctype html><title>Vivier</title>").unwrap();
    std::fs::write(web_dist.join("assets/index-1a2b3c.js"), "console.log('vivier');".repeat(100)).unwrap();
    let app = app_with_web(pool, &web_dist, [127, 0, 0, 1]);

    let asset = get(&app, "/assets/index-1a2b3c.js").await;
    let client_route = get(&app, "/dashboard/candidate").await;
    let missing_chunk = get(&app, "/assets/index-000000.js").await;
    let missing_file = get(&app, "/robots.txt").await;

    assert_eq!(asset.status, StatusCode::OK);
    assert_eq!(asset.headers[header::CACHE_CONTROL], "public, max-age=31536000, immutable");
    let last_modified = asset.headers[header::LAST_MODIFIED].to_str().unwrap().to_owned();
    let revalidated =
        get_with(&app, "/assets/index-1a2b3c.js", &[(header::IF_MODIFIED_SINCE, last_modified.as_str())]).await;
    assert_eq!(revalidated.status, StatusCode::NOT_MODIFIED);
    assert_eq!(revalidated.headers[header::CACHE_CONTROL], "public, max-age=31536000, immutable");
    assert_eq!(client_route.status, StatusCode::OK);
    assert!(client_route.text().contains("<title>Vivier</title>"));
    assert_eq!(client_route.headers[header::CACHE_CONTROL], "no-cache");
    assert!(client_route.headers.contains_key(header::CONTENT_SECURITY_POLICY));
    assert_eq!(missing_chunk.status, StatusCode::NOT_FOUND);
    assert!(!missing_chunk.text().contains("<title>"), "not the app's page");
    assert_eq!(missing_file.status, StatusCode::NOT_FOUND);
    std::fs::remove_dir_all(web_dist).unwrap();
}

#[sqlx::test(migrations = "../migrations")]
async fn answers_are_compressed_with_brotli_or_gzip_when_the_client_accepts_it(pool: PgPool) {
    let app = app(pool);

    let brotli = get_with(&app, "/api/openapi.json", &[(header::ACCEPT_ENCODING, "br, gzip")]).await;
    let gzip = get_with(&app, "/api/openapi.json", &[(header::ACCEPT_ENCODING, "gzip")]).await;
    let plain = get(&app, "/api/openapi.json").await;

    assert_eq!(brotli.headers[header::CONTENT_ENCODING], "br");
    assert_eq!(gzip.headers[header::CONTENT_ENCODING], "gzip");
    assert!(!plain.headers.contains_key(header::CONTENT_ENCODING));
    assert!(brotli.body.len() * 3 < plain.body.len(), "{} vs {}", brotli.body.len(), plain.body.len());
}

#[sqlx::test(migrations = "../migrations")]
async fn health_says_only_whether_the_server_is_ready_and_its_details_need_the_operator_token(pool: PgPool) {
    let unconfigured = app(pool.clone());
    let configured =
        app_with_settings(pool, Settings { metrics_token: Some("operator secret 42".to_owned()), ..settings() });

    let public = get(&unconfigured, "/api/health").await;
    assert_eq!(public.status, StatusCode::SERVICE_UNAVAILABLE, "the matcher is not loaded in this test");
    assert_eq!(public.json(), json!({ "status": "starting" }));
    for path in ["/api/health/details", "/api/metrics"] {
        assert_eq!(get(&unconfigured, path).await.status, StatusCode::NOT_FOUND, "{path} without a token configured");
        assert_eq!(get(&configured, path).await.status, StatusCode::UNAUTHORIZED, "{path} without the token");
        let wrong = get_with(&configured, path, &[(header::AUTHORIZATION, "Bearer operator secret 41")]).await;
        assert_eq!(wrong.status, StatusCode::UNAUTHORIZED, "{path} with a wrong token");
    }
    let details =
        get_with(&configured, "/api/health/details", &[(header::AUTHORIZATION, "Bearer operator secret 42")]).await;
    assert_eq!(details.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(details.json()["indexer"]["ready"], false);
    let metrics = get_with(&configured, "/api/metrics", &[(header::AUTHORIZATION, "Bearer operator secret 42")]).await;
    assert_eq!(metrics.status, StatusCode::OK);
    assert!(metrics.text().contains("vivier_indexer_ready 0"));
}

#[sqlx::test(migrations = "../migrations")]
async fn a_malformed_request_is_refused_without_naming_rust_types(pool: PgPool) {
    let app = app(pool);

    let wrong_type = post_json(&app, "/api/api/schools", &json!({ "name": "École", "school_type": "big" })).await;
    let not_json = post_raw(&app, "/api/api/schools", "{ name: ".to_owned()).await;
    let bad_path = get(&app, "/api/api/candidate/degrees/not-a-number").await;
    let bad_query = get(&app, "/api/api/localizations?q=lyon&limit=many").await;

    for (answer, status, code) in [
        (&wrong_type, StatusCode::UNPROCESSABLE_ENTITY, "invalid_body"),
        (&not_json, StatusCode::BAD_REQUEST, "invalid_body"),
        (&bad_path, StatusCode::BAD_REQUEST, "invalid_path"),
        (&bad_query, StatusCode::BAD_REQUEST, "invalid_query"),
    ] {
        assert_eq!((answer.status, answer.json()["code"].as_str().unwrap()), (status, code), "{}", answer.text());
        let message = answer.json()["message"].as_str().unwrap().to_owned();
        for rust_words in ["i16", "i64", "usize", "expected", "line ", "column", "invalid type", "Failed to"] {
            assert!(!message.contains(rust_words), "{message}");
        }
    }
}

async fn another_candidate_email(pool: &PgPool) -> String {
    scalar_of(
        pool,
        "select email from users where discriminator = 'candidate' and email <> $1 and active order by id limit 1",
        api::seed::DEMO_CANDIDATE_EMAIL,
    )
    .await
}

fn names_in(list: &TestResponse) -> Vec<String> {
    list.json().as_array().unwrap().iter().map(|item| item["name"].as_str().unwrap().to_owned()).collect()
}

#[sqlx::test(migrations = "../migrations")]
async fn a_proposed_project_category_is_seen_by_its_author_only(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let app = app(pool.clone());
    let author = login(&app, api::seed::DEMO_CANDIDATE_EMAIL, api::seed::DEMO_PASSWORD).await;
    let other = login(&app, &another_candidate_email(&pool).await, api::seed::DEMO_PASSWORD).await;
    let path = "/api/api/candidate/project/academic/categories";
    let proposal = json!({ "name": "Robotique sous-marine", "picture": "https://cdn.example.org/robot.png" });

    let proposed = send_as(&app, Some(&author), json_request("POST", path, &proposal)).await;
    assert_eq!(proposed.status, StatusCode::CREATED, "{}", proposed.text());
    let id = proposed.json()["id"].as_i64().unwrap();

    let authors_list = get_with(&app, path, &[(header::COOKIE, &author)]).await;
    assert!(names_in(&authors_list).contains(&"Robotique sous-marine".to_owned()));
    assert!(names_in(&authors_list).len() > 1, "next to the shared categories");
    assert_eq!(authors_list.headers[header::CACHE_CONTROL], "private, no-cache");
    for (who, list) in [
        ("another candidate", get_with(&app, path, &[(header::COOKIE, &other)]).await),
        ("a visitor", get(&app, path).await),
    ] {
        assert_eq!(list.status, StatusCode::OK);
        assert!(!names_in(&list).contains(&"Robotique sous-marine".to_owned()), "{who} does not see it");
    }
    assert_eq!(get(&app, &format!("{path}/{id}")).await.status, StatusCode::NOT_FOUND);
    let same_name = send_as(&app, Some(&other), json_request("POST", path, &proposal)).await;
    assert_ne!(same_name.json()["id"].as_i64().unwrap(), id, "the other candidate gets their own proposal");
    let again = send_as(&app, Some(&author), json_request("POST", path, &proposal)).await;
    assert_eq!(again.json()["id"].as_i64().unwrap(), id, "no twin for the author");

    execute_of(&pool, "update project_categories set author_user_id = null where id = $1", id).await;
    assert!(names_in(&get(&app, path).await).contains(&"Robotique sous-marine".to_owned()), "adopted: shared");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_project_category_picture_must_be_an_http_address(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let app = app(pool.clone());
    let author = login(&app, api::seed::DEMO_CANDIDATE_EMAIL, api::seed::DEMO_PASSWORD).await;
    let path = "/api/api/candidate/project/personal/categories";

    for picture in ["javascript:alert(document.cookie)", "data:text/html,<script>", "//evil.example/x.png"] {
        let refused =
            send_as(&app, Some(&author), json_request("POST", path, &json!({ "name": "Piège", "picture": picture })))
                .await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{picture}");
        assert_eq!(refused.json()["errors"]["picture"], json!(["http_url_expected"]), "{picture}");
    }
    let without_picture =
        send_as(&app, Some(&author), json_request("POST", path, &json!({ "name": "Jardinage" }))).await;
    assert_eq!(without_picture.status, StatusCode::CREATED);
    let stored: i64 = scalar(&pool, "select count(*) from project_categories where label_fr = 'Piège'").await;
    assert_eq!(stored, 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_fourth_email_change_request_within_the_hour_is_refused_with_429(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let app = app(pool);
    let cookie = login(&app, api::seed::DEMO_CANDIDATE_EMAIL, api::seed::DEMO_PASSWORD).await;
    let ask = |number: u32| {
        let (app, cookie) = (app.clone(), cookie.clone());
        let body =
            json!({ "email": format!("camille.{number}@example.org"), "current_password": api::seed::DEMO_PASSWORD });
        async move { send_as(&app, Some(&cookie), json_request("POST", "/api/api/user/renewal-email-tokens", &body)).await }
    };

    for number in 1..=3 {
        assert_eq!(ask(number).await.status, StatusCode::NO_CONTENT, "request {number}");
    }
    let fourth = ask(4).await;

    assert_eq!(fourth.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(fourth.json()["code"], "too_many_requests");
    assert!(fourth.headers.contains_key(header::RETRY_AFTER));
}

/// What `vivier serve` prints when it stops at once with `arguments` (no database is reached).
async fn refused_start(arguments: &[&str]) -> String {
    let output = tokio::process::Command::new(env!("CARGO_BIN_EXE_vivier"))
        .arg("serve")
        .args(arguments)
        .env("DATABASE_URL", "postgres://nobody@127.0.0.1:9/none")
        .env_remove("VIVIER_SESSION_SECRET")
        .env_remove("VIVIER_DEMO_MAILBOX")
        .env_remove("VIVIER_LISTEN")
        .env("RUST_LOG", "info")
        .output()
        .await
        .expect("the vivier binary runs");
    assert!(!output.status.success(), "the server must refuse to start");
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

#[tokio::test]
async fn the_server_refuses_to_start_with_the_demo_mailbox_on_an_address_others_can_reach() {
    let secret = "--session-secret=a secret of at least thirty-two characters";

    let said = refused_start(&["--listen", "0.0.0.0:0", "--demo-mailbox", secret]).await;

    assert!(said.contains("demo mailbox") && said.contains("loopback"), "{said}");
}

#[tokio::test]
async fn the_server_refuses_to_start_without_a_session_secret_on_an_address_others_can_reach() {
    let said = refused_start(&["--listen", "0.0.0.0:0", "--public-url", "https://vivier.example.org"]).await;

    assert!(said.contains("VIVIER_SESSION_SECRET"), "{said}");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_project_cannot_be_filed_under_another_users_proposed_category(pool: PgPool) {
    use crate::candidate_profile::{call, new_candidate, valid_project};
    let app = app(pool.clone());
    let lea = new_candidate(&pool, &app, "lea@example.org").await;
    let noe = new_candidate(&pool, &app, "noe@example.org").await;
    let path = "/api/api/candidate/project/personal/categories";
    let proposed = call(&app, &noe.cookie, "POST", path, Some(json!({ "name": "Catégorie de Noé" }))).await;
    let category = proposed.json()["id"].clone();
    let picture = crate::candidate_uploads::upload_picture(&app, &lea.cookie).await;
    let mut project = valid_project(&[&picture]);
    project["category"] = category;

    let refused = call(&app, &lea.cookie, "POST", "/api/api/candidate/projects", Some(project.clone())).await;
    let picture = crate::candidate_uploads::upload_picture(&app, &noe.cookie).await;
    project["pictures"] = json!([picture]);
    let accepted = call(&app, &noe.cookie, "POST", "/api/api/candidate/projects", Some(project)).await;

    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.text());
    assert_eq!(refused.json()["errors"]["category"], json!(["unknown"]));
    assert!(accepted.status.is_success(), "the author may use their own proposal: {}", accepted.text());
}

#[sqlx::test(migrations = "../migrations")]
async fn a_body_whose_texts_hold_the_nul_character_is_refused_before_the_database(pool: PgPool) {
    let app = app(pool.clone());
    let with_nul = post_raw(&app, "/api/api/report", r#"{"message": "bonjour\u0000"}"#.to_owned()).await;
    assert_eq!(with_nul.status, StatusCode::BAD_REQUEST, "{}", with_nul.text());
    assert_eq!(with_nul.json()["code"], "invalid_body");
    let text_not_escape = post_raw(&app, "/api/api/report", r#"{"message": "a path: C:\\u0000"}"#.to_owned()).await;
    assert_eq!(text_not_escape.status, StatusCode::CREATED, "{}", text_not_escape.text());
    let stored: i64 = scalar(&pool, "select count(*) from problem_reports").await;
    assert_eq!(stored, 1);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_nul_character_in_a_query_is_refused_as_in_a_body(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let app = app(pool.clone());
    let school = login(&app, api::seed::DEMO_SCHOOL_EMAIL, api::seed::DEMO_PASSWORD).await;

    let as_school = |uri: &'static str| {
        let (app, school) = (app.clone(), school.clone());
        async move { get_as(&app, Some(&school), uri).await }
    };
    let institutions = as_school("/api/api/school/institutions?name=%00").await;
    let companies = as_school("/api/api/companies?name=a%00b").await;
    let candidates = as_school("/api/api/candidates?name=%00").await;

    for answer in [&institutions, &companies, &candidates] {
        assert_eq!((answer.status, answer.json()["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_query")));
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn another_site_cannot_make_a_logged_in_browser_change_anything(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let app = app(pool.clone());
    let candidate = login(&app, api::seed::DEMO_CANDIDATE_EMAIL, api::seed::DEMO_PASSWORD).await;
    let share = |headers: &'static [(&'static str, &'static str)]| {
        let (app, candidate) = (app.clone(), candidate.clone());
        async move {
            let mut request = Request::builder().method("POST").uri("/api/api/candidates/share");
            for (name, value) in headers {
                request = request.header(*name, *value);
            }
            let request = request.header(header::CONTENT_TYPE, "text/plain").body(Body::empty()).unwrap();
            send_as(&app, Some(&candidate), request).await
        }
    };

    let from_elsewhere = share(&[("origin", "https://evil.example"), ("host", "127.0.0.1:8080")]).await;
    let fetched_cross_site = share(&[("sec-fetch-site", "cross-site")]).await;
    let null_origin = share(&[("origin", "null")]).await;
    let from_here = share(&[("origin", "http://127.0.0.1:8080"), ("host", "127.0.0.1:8080")]).await;
    let reading_from_elsewhere = send_as(
        &app,
        Some(&candidate),
        Request::builder()
            .uri("/api/api/auth/whoami")
            .header("origin", "https://evil.example")
            .body(Body::empty())
            .unwrap(),
    )
    .await;

    for refused in [&from_elsewhere, &fetched_cross_site, &null_origin] {
        assert_eq!((refused.status, refused.json()["code"].as_str()), (StatusCode::FORBIDDEN, Some("forbidden")));
    }
    assert_ne!(from_here.status, StatusCode::FORBIDDEN, "{}", from_here.text());
    assert_eq!(reading_from_elsewhere.status, StatusCode::OK, "reading changes nothing");
}
