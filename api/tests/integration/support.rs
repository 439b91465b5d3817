//! Calling the router in-process like a client would.

use std::net::SocketAddr;
use std::path::Path;

use api::http::{self, AppState};
use axum::Router;
use axum::body::Body;
use axum::extract::connect_info::MockConnectInfo;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::Value;
use sqlx::PgPool;
use tower::ServiceExt;

pub struct TestResponse {
    pub status: StatusCode,
    pub headers: axum::http::HeaderMap,
    pub body: Vec<u8>,
}

impl TestResponse {
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|error| panic!("body is not JSON ({error}): {}", String::from_utf8_lossy(&self.body)))
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// The whole site as `vivier serve` builds it, with the web app read from `web_dist`,
/// seen from one client address.
pub fn app_with_web(pool: PgPool, web_dist: &Path, client: [u8; 4]) -> Router {
    http::app(AppState::new(pool), web_dist).layer(MockConnectInfo(SocketAddr::from((client, 40_000))))
}

/// The whole site with no built web app.
pub fn app(pool: PgPool) -> Router {
    app_with_web(pool, Path::new("/nonexistent-web-dist"), [127, 0, 0, 1])
}

pub async fn send(app: &Router, request: Request<Body>) -> TestResponse {
    let response = app.clone().oneshot(request).await.expect("the router never fails");
    let status = response.status();
    let headers = response.headers().clone();
    let body = response.into_body().collect().await.expect("body is readable").to_bytes().to_vec();
    TestResponse { status, headers, body }
}

pub async fn get(app: &Router, uri: &str) -> TestResponse {
    send(app, Request::get(uri).body(Body::empty()).expect("valid request")).await
}

pub async fn post_json(app: &Router, uri: &str, body: &Value) -> TestResponse {
    post_raw(app, uri, body.to_string()).await
}

pub async fn post_raw(app: &Router, uri: &str, body: String) -> TestResponse {
    let request = Request::post(uri)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body))
        .expect("valid request");
    send(app, request).await
}
