//! Several replicas of one database: rate limits counted in Postgres, the client's address
//! behind trusted proxies, readiness while stopping, and what the access figures show.

use std::net::SocketAddr;
use std::path::Path;
use std::sync::atomic::Ordering;
use std::time::Duration;

use api::app::{AppState, Settings};
use api::config::parse_trusted_proxy;
use api::http;
use api::rate_limit::RateLimiter;
use axum::body::Body;
use axum::extract::connect_info::MockConnectInfo;
use axum::http::{Request, StatusCode, header};
use serde_json::json;
use sqlx::PgPool;

use crate::support::{get, post_json, scalar, send, settings, state, state_with};

/// A replica of the site over `state`, reached from `peer`.
fn replica(state: AppState, peer: [u8; 4]) -> axum::Router {
    http::app(state, Path::new("/nonexistent-web-dist")).layer(MockConnectInfo(SocketAddr::from((peer, 40_000))))
}

async fn failed_login(app: &axum::Router) -> StatusCode {
    let body = json!({ "username": "candidat@vivier.demo", "password": "wrong-password-1" });
    post_json(app, "/api/api/auth/login", &body).await.status
}

#[sqlx::test(migrations = "../migrations")]
async fn a_rate_limit_reached_through_one_replica_holds_on_the_other(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    // twenty failures from twenty addresses, through either replica, reach the account's ceiling
    for host in 1..=20u8 {
        let app = replica(state(pool.clone()), [10, 0, host % 2, host]);
        assert_eq!(failed_login(&app).await, StatusCode::UNAUTHORIZED, "attempt {host}");
    }

    // an address that failed waits, whichever replica it reaches next
    assert_eq!(failed_login(&replica(state(pool.clone()), [10, 0, 1, 1])).await, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(failed_login(&replica(state(pool.clone()), [10, 0, 0, 2])).await, StatusCode::TOO_MANY_REQUESTS);
    let stored: Vec<u8> =
        scalar(&pool, "select key from rate_limit_hits where bucket = 'login_failures_per_account'").await;
    assert_eq!(stored.len(), 32, "keys are stored as digests, not as emails");
}

#[sqlx::test(migrations = "../migrations")]
async fn concurrent_hits_on_several_replicas_never_pass_the_limit(pool: PgPool) {
    let limiter = std::sync::Arc::new(RateLimiter::new("test_concurrent", 7, Duration::from_secs(60)));
    let attempts = (0..30).map(|_| {
        let (limiter, pool) = (limiter.clone(), pool.clone());
        tokio::spawn(async move { limiter.hit(&pool, "203.0.113.7").await.is_ok() })
    });
    let mut allowed = 0;
    for attempt in attempts {
        allowed += usize::from(attempt.await.unwrap());
    }
    assert_eq!(allowed, 7);
}

#[sqlx::test(migrations = "../migrations")]
async fn hits_are_forgotten_once_the_window_has_passed(pool: PgPool) {
    let limiter = RateLimiter::new("test_window", 1, Duration::from_millis(300));
    assert!(limiter.hit(&pool, "a").await.is_ok());
    assert!(limiter.hit(&pool, "a").await.is_err());
    assert!(limiter.hit(&pool, "b").await.is_ok(), "keys are counted apart");
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert!(limiter.hit(&pool, "a").await.is_ok());

    assert_eq!(api::rate_limit::delete_expired(&pool).await.unwrap(), 1, "the row of b has expired");
}

/// Sends a problem report with these headers and returns the address it was stored with.
async fn reported_address(app: &axum::Router, pool: &PgPool, headers: &[(&str, &str)]) -> String {
    let mut request = Request::post("/api/api/report").header(header::CONTENT_TYPE, "application/json");
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = send(app, request.body(Body::from(json!({ "message": "hello" }).to_string())).unwrap()).await;
    assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
    sqlx::query_scalar("select host(client_ip) from problem_reports where id = $1")
        .bind(response.json()["id"].as_i64().unwrap())
        .fetch_one(pool)
        .await
        .unwrap()
}

#[sqlx::test(migrations = "../migrations")]
async fn the_client_address_comes_from_trusted_proxies_only(pool: PgPool) {
    let trusted = vec![parse_trusted_proxy("10.0.0.0/8").unwrap()];
    let behind_proxy =
        replica(state_with(pool.clone(), Settings { trusted_proxies: trusted, ..settings() }), [10, 0, 0, 2]);
    let direct = replica(state(pool.clone()), [203, 0, 113, 50]);
    let forged = [("x-forwarded-for", "198.51.100.1, 203.0.113.7")];

    assert_eq!(reported_address(&behind_proxy, &pool, &forged).await, "203.0.113.7");
    let standard = [("forwarded", "for=198.51.100.1, for=\"[2001:db8::7]:443\"")];
    assert_eq!(reported_address(&behind_proxy, &pool, &standard).await, "2001:db8::7");
    assert_eq!(reported_address(&direct, &pool, &forged).await, "203.0.113.50", "an untrusted peer is the client");
}

#[sqlx::test(migrations = "../migrations")]
async fn clients_behind_one_balancer_are_limited_apart(pool: PgPool) {
    let trusted = vec![parse_trusted_proxy("127.0.0.1").unwrap()];
    let app = replica(state_with(pool.clone(), Settings { trusted_proxies: trusted, ..settings() }), [127, 0, 0, 1]);
    for _ in 0..5 {
        reported_address(&app, &pool, &[("x-forwarded-for", "203.0.113.7")]).await;
    }
    let mut request = Request::post("/api/api/report").header(header::CONTENT_TYPE, "application/json");
    request = request.header("x-forwarded-for", "203.0.113.7");
    let refused = send(&app, request.body(Body::from(json!({ "message": "hello" }).to_string())).unwrap()).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);

    assert_eq!(reported_address(&app, &pool, &[("x-forwarded-for", "203.0.113.8")]).await, "203.0.113.8");
}

#[sqlx::test(migrations = "../migrations")]
async fn readiness_turns_503_when_stopping_while_liveness_stays_200(pool: PgPool) {
    let state = state(pool);
    let app = replica(state.clone(), [127, 0, 0, 1]);
    assert_eq!(get(&app, "/api/health").await.json()["status"], "starting");
    assert_eq!(get(&app, "/api/health/live").await.status, StatusCode::OK);

    state.stopping.store(true, Ordering::Relaxed);

    let stopping = get(&app, "/api/health").await;
    assert_eq!(stopping.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(stopping.json()["status"], "stopping");
    assert_eq!(get(&app, "/api/health/live").await.status, StatusCode::OK);
}

#[sqlx::test(migrations = "../migrations")]
async fn metrics_count_requests_by_route_template_and_never_show_tokens(pool: PgPool) {
    let state = state_with(pool, Settings { metrics_token: Some("operator token 7".to_owned()), ..settings() });
    let app = replica(state, [127, 0, 0, 1]);
    let secret = "a-secret-validation-token-value";
    let validation = post_json(&app, &format!("/api/api/user/validation-tokens/validate/{secret}"), &json!({})).await;
    assert_eq!(validation.status, StatusCode::BAD_REQUEST);
    assert!(validation.headers.contains_key("x-request-id"), "every answer carries its request id");
    get(&app, "/api/ping").await;

    let request = Request::get("/api/metrics").header(header::AUTHORIZATION, "Bearer operator token 7");
    let metrics = send(&app, request.body(Body::empty()).unwrap()).await;

    let text = metrics.text();
    assert!(!text.contains(secret), "{text}");
    let validate_route = "route=\"/api/api/user/validation-tokens/validate/{token}\"";
    assert!(
        text.lines().any(|line| line.starts_with("vivier_http_requests_total")
            && line.contains(validate_route)
            && line.contains("status=\"400\"")),
        "{text}"
    );
    assert!(text.contains("vivier_http_request_duration_seconds_bucket{"), "{text}");
    assert!(text.contains("route=\"/api/ping\""), "{text}");
    assert!(text.contains("\nvivier_db_pool_max_connections "), "{text}");
}

/// A log writer the test reads back.
#[derive(Clone, Default)]
struct CapturedLog(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for CapturedLog {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn the_access_log_names_routes_and_request_ids_but_never_tokens(pool: PgPool) {
    let log = CapturedLog::default();
    let subscriber = tracing_subscriber::fmt()
        .with_writer({
            let log = log.clone();
            move || log.clone()
        })
        .with_ansi(false)
        .with_max_level(tracing::Level::INFO)
        .finish();
    let _logging = tracing::subscriber::set_default(subscriber);
    let app = replica(state(pool), [127, 0, 0, 1]);
    let secret = "a-secret-token-in-the-path";

    let request = Request::post(format!("/api/api/user/validation-tokens/validate/{secret}"))
        .header(header::CONTENT_TYPE, "application/json")
        .header("x-request-id", "balancer-id-42")
        .body(Body::from("{}"))
        .unwrap();
    let answer = send(&app, request).await;
    get(&app, "/inscription/valider?token=a-secret-token-in-the-query").await;
    get(&app, "/api/health").await;

    assert_eq!(answer.headers["x-request-id"], "balancer-id-42");
    let text = String::from_utf8(log.0.lock().unwrap().clone()).unwrap();
    assert!(!text.contains("a-secret-token"), "{text}");
    let lines: Vec<&str> = text.lines().filter(|line| line.contains("answered")).collect();
    assert_eq!(lines.len(), 2, "the health probe logs at debug only: {text}");
    assert!(lines[0].contains("balancer-id-42") && lines[0].contains("/validate/{token}"), "{text}");
    assert!(lines[0].contains("status=400"), "{text}");
    assert!(lines[1].contains("path=\"/inscription/valider\""), "{text}");
    assert!(!text.contains("ERROR"), "a starting server's 503 is no error: {text}");
}
