//! Calling the router in-process like a client would.

use std::net::SocketAddr;
use std::path::Path;

use api::app::{AppState, Settings};
use api::auth::session::SessionKeys;
use api::http;
use api::mail::Mailer;
use axum::Router;
use axum::body::Body;
use axum::extract::connect_info::MockConnectInfo;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::Value;
use sqlx::postgres::{PgRow, Postgres};
use sqlx::{AssertSqlSafe, Decode, Encode, FromRow, PgExecutor, PgPool, Type};
use tower::ServiceExt;

pub mod servers;
pub mod smtp_sink;

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
    http::app(state(pool), web_dist).layer(MockConnectInfo(SocketAddr::from((client, 40_000))))
}

/// The whole site searching `matcher`.
pub fn app_with_index(
    pool: PgPool,
    matcher: std::sync::Arc<matcher::Matcher>,
    cards: std::sync::Arc<indexer::cards::CandidateCards>,
) -> Router {
    let state = state(pool);
    let indexer = state.indexer.clone();
    app_with_state(state.with_index(matcher, cards, indexer))
}

/// The settings of `vivier serve --demo-mailbox` on loopback, with a fixed secret.
pub fn settings() -> Settings {
    Settings {
        session_keys: SessionKeys::from_secret(b"integration tests secret, 32 bytes or more"),
        public_url: "http://127.0.0.1:8080".to_owned(),
        demo_mailbox: true,
        map_style_url: None,
        map_origins: Vec::new(),
        metrics_token: None,
        trusted_proxies: Vec::new(),
        source_code_url: None,
        // a stream answers its first count and ends, so that requests to it complete
        notification_stream_lifetime: std::time::Duration::ZERO,
    }
}

/// The server's state with `settings`.
pub fn state_with(pool: PgPool, settings: Settings) -> AppState {
    let mailer = Mailer::new(None, "Vivier <no-reply@vivier.localhost>").unwrap();
    AppState::new(pool, settings, mailer)
}

/// The server's state as `vivier serve --demo-mailbox` builds it on loopback.
pub fn state(pool: PgPool) -> AppState {
    state_with(pool, settings())
}

/// The server's state and an indexer feeding its matcher from the database, loaded: a test
/// calls `catch_up` on the follower to bring the matcher up to the change log.
pub async fn indexed_state(pool: &PgPool) -> (AppState, indexer::Follower) {
    let state = state(pool.clone());
    let options = indexer::IndexerOptions::default();
    let follower = indexer::Follower::load(
        pool.clone(),
        state.engine.matcher.clone(),
        state.cards.clone(),
        state.indexer.clone(),
        options,
    )
    .await
    .unwrap();
    (state, follower)
}

/// The whole site over `state` (for tests that feed its matcher), with no built web app.
pub fn app_with_state(state: AppState) -> Router {
    http::app(state, Path::new("/nonexistent-web-dist"))
        .layer(MockConnectInfo(SocketAddr::from(([127, 0, 0, 1], 40_000))))
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

/// Sends `request` with the session cookie of `cookie` (as `name=value`), if any.
pub async fn send_as(app: &Router, cookie: Option<&str>, mut request: Request<Body>) -> TestResponse {
    if let Some(cookie) = cookie {
        request.headers_mut().insert(header::COOKIE, cookie.parse().expect("a valid cookie"));
    }
    send(app, request).await
}

/// `GET uri` with the session cookie of `cookie`, if any.
pub async fn get_as(app: &Router, cookie: Option<&str>, uri: &str) -> TestResponse {
    send_as(app, cookie, Request::get(uri).body(Body::empty()).expect("valid request")).await
}

pub fn json_request(method: &str, uri: &str, body: &Value) -> Request<Body> {
    Request::builder()
        .method(method)
        .uri(uri)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .expect("valid request")
}

/// The `name=value` part of the session cookie a response sets.
pub fn session_cookie(response: &TestResponse) -> String {
    let set_cookie = response.headers.get(header::SET_COOKIE).expect("a Set-Cookie header").to_str().unwrap();
    set_cookie.split(';').next().unwrap().to_owned()
}

/// Logs in and returns the session cookie.
pub async fn login(app: &Router, email: &str, password: &str) -> String {
    let response =
        post_json(app, "/api/api/auth/login", &serde_json::json!({ "username": email, "password": password })).await;
    assert_eq!(response.status, StatusCode::OK, "login of {email}: {}", response.text());
    session_cookie(&response)
}

/// The latest email written to `to` (every email is written before the answer of the request
/// that causes it).
pub async fn latest_email(pool: &PgPool, to: &str) -> (String, Vec<String>) {
    let found: Option<(String, Value)> =
        sqlx::query_as("select subject, links from outbox_emails where to_email = $1 order by id desc limit 1")
            .bind(to)
            .fetch_optional(pool)
            .await
            .unwrap();
    let (subject, links) = found.unwrap_or_else(|| panic!("no email was written to {to}"));
    let links = links.as_array().unwrap().iter().map(|link| link.as_str().unwrap().to_owned()).collect();
    (subject, links)
}

/// The `token` query parameter of a link.
pub fn token_of(link: &str) -> String {
    link.split(['?', '&']).find_map(|part| part.strip_prefix("token=")).expect("a token in the link").to_owned()
}

/// One value the database holds, for the assertions on what a request left behind.
pub async fn scalar<T>(database: impl PgExecutor<'_>, sql: &str) -> T
where
    T: for<'r> Decode<'r, Postgres> + Type<Postgres> + Send + Unpin,
{
    sqlx::query_scalar(AssertSqlSafe(sql)).fetch_one(database).await.unwrap_or_else(|error| panic!("{sql}: {error}"))
}

/// [`scalar`] with one parameter, `$1`.
pub async fn scalar_of<T, P>(database: impl PgExecutor<'_>, sql: &str, parameter: P) -> T
where
    T: for<'r> Decode<'r, Postgres> + Type<Postgres> + Send + Unpin,
    P: for<'q> Encode<'q, Postgres> + Type<Postgres> + Send,
{
    sqlx::query_scalar(AssertSqlSafe(sql))
        .bind(parameter)
        .fetch_one(database)
        .await
        .unwrap_or_else(|error| panic!("{sql}: {error}"))
}

/// One row the database holds, as a tuple or a `FromRow` struct.
pub async fn row<T>(database: impl PgExecutor<'_>, sql: &str) -> T
where
    T: for<'r> FromRow<'r, PgRow> + Send + Unpin,
{
    sqlx::query_as(AssertSqlSafe(sql)).fetch_one(database).await.unwrap_or_else(|error| panic!("{sql}: {error}"))
}

/// [`row`] with one parameter, `$1`.
pub async fn row_of<T, P>(database: impl PgExecutor<'_>, sql: &str, parameter: P) -> T
where
    T: for<'r> FromRow<'r, PgRow> + Send + Unpin,
    P: for<'q> Encode<'q, Postgres> + Type<Postgres> + Send,
{
    sqlx::query_as(AssertSqlSafe(sql))
        .bind(parameter)
        .fetch_one(database)
        .await
        .unwrap_or_else(|error| panic!("{sql}: {error}"))
}

/// Runs a statement that sets up or changes what a test needs, on a pool or in a transaction.
pub async fn execute(database: impl PgExecutor<'_>, sql: &str) {
    sqlx::query(AssertSqlSafe(sql)).execute(database).await.unwrap_or_else(|error| panic!("{sql}: {error}"));
}

/// [`execute`] with one parameter, `$1`.
pub async fn execute_of<P>(database: impl PgExecutor<'_>, sql: &str, parameter: P)
where
    P: for<'q> Encode<'q, Postgres> + Type<Postgres> + Send,
{
    sqlx::query(AssertSqlSafe(sql))
        .bind(parameter)
        .execute(database)
        .await
        .unwrap_or_else(|error| panic!("{sql}: {error}"));
}
