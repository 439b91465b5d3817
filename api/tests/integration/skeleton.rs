//! The frame every feature hangs on: ping, error shape, API docs, serving the web app.

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use sqlx::PgPool;

use crate::support::{app, app_with_web, get, send_as};

#[sqlx::test(migrations = "../migrations")]
async fn ping_answers_ok_with_the_version(pool: PgPool) {
    let response = get(&app(pool), "/api/ping").await;

    assert_eq!(response.status, StatusCode::OK);
    let body = response.json();
    assert_eq!(body["status"], "ok");
    assert_eq!(body["version"], env!("CARGO_PKG_VERSION"));
}

#[sqlx::test(migrations = "../migrations")]
async fn an_unknown_api_path_is_a_json_404_and_never_the_web_app(pool: PgPool) {
    let web_dist = tempfile_web_dist();
    let app = app_with_web(pool, web_dist.path(), [127, 0, 0, 1]);

    let response = get(&app, "/api/api/does-not-exist").await;

    assert_eq!(response.status, StatusCode::NOT_FOUND);
    let body = response.json();
    assert_eq!(body["code"], "not_found");
    assert!(body["message"].is_string());
    assert_eq!(body["errors"], serde_json::json!({}));
}

#[sqlx::test(migrations = "../migrations")]
async fn a_wrong_method_on_an_api_path_is_a_json_405_naming_the_allowed_ones(pool: PgPool) {
    let web_dist = tempfile_web_dist();
    let app = app_with_web(pool, web_dist.path(), [127, 0, 0, 1]);

    let response = send_as(&app, None, Request::delete("/api/ping").body(Body::empty()).unwrap()).await;

    assert_eq!(response.status, StatusCode::METHOD_NOT_ALLOWED);
    assert!(response.headers[header::ALLOW].to_str().unwrap().contains("GET"), "{:?}", response.headers);
    let body = response.json();
    assert_eq!(body["code"], "method_not_allowed");
    assert!(body["message"].is_string());
}

#[sqlx::test(migrations = "../migrations")]
async fn client_routes_fall_back_to_the_web_app_index(pool: PgPool) {
    let web_dist = tempfile_web_dist();
    let app = app_with_web(pool, web_dist.path(), [127, 0, 0, 1]);

    for path in ["/", "/login", "/dashboard/partenaire/sourcing", "/candidat/camille-martin-1000", "/offres/12"] {
        let response = get(&app, path).await;
        assert_eq!(response.status, StatusCode::OK, "{path}");
        assert!(response.text().contains("<div id=\"root\">"), "{path} serves index.html");
    }
    let asset = get(&app, "/assets/app.js").await;
    assert_eq!(asset.status, StatusCode::OK);
    assert_eq!(asset.text(), "console.log('app')");
    assert_eq!(asset.headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_path_that_is_no_page_of_the_web_app_is_its_page_not_found_with_a_404(pool: PgPool) {
    let web_dist = tempfile_web_dist();
    let app = app_with_web(pool, web_dist.path(), [127, 0, 0, 1]);

    for path in ["/no-such-page", "/no/such/page", "/login/more", "/offres"] {
        let response = get(&app, path).await;

        assert_eq!(response.status, StatusCode::NOT_FOUND, "{path}");
        assert!(response.text().contains("<div id=\"root\">"), "{path}: the app shows its page not found");
        assert_eq!(response.headers[header::CACHE_CONTROL], "no-cache", "{path}");
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn the_openapi_document_describes_the_routes_and_the_docs_page_is_served(pool: PgPool) {
    let app = app(pool);

    let document = get(&app, "/api/openapi.json").await;
    assert_eq!(document.status, StatusCode::OK);
    let paths = document.json()["paths"].clone();
    assert!(paths.get("/api/ping").is_some());
    assert!(paths.get("/api/api/report").is_some());
    assert!(paths.get("/api/api/candidates/{id_or_slug}").is_some());

    let docs = get(&app, "/api/docs/").await;
    assert_eq!(docs.status, StatusCode::OK);
    assert!(docs.text().to_lowercase().contains("swagger"));
}

/// A built web app in miniature: an index, its routes and one asset.
fn tempfile_web_dist() -> TempDir {
    let dir = TempDir::new();
    std::fs::write(dir.path().join("index.html"), "<!doctype html><div id=\"root\"></div>").unwrap();
    let routes = r#"{ "routes": ["/", "/login", "/dashboard/partenaire/sourcing", "/candidat/:slug", "/offres/:id"] }"#;
    std::fs::write(dir.path().join("routes.json"), routes).unwrap();
    std::fs::create_dir(dir.path().join("assets")).unwrap();
    std::fs::write(dir.path().join("assets/app.js"), "console.log('app')").unwrap();
    dir
}

/// A folder removed when dropped.
struct TempDir(std::path::PathBuf);

impl TempDir {
    fn new() -> Self {
        let path = std::env::temp_dir().join(format!("vivier-web-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&path).unwrap();
        Self(path)
    }

    fn path(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
