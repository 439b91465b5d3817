//! Servers started as the `vivier` binary in processes of their own, for tests that kill one
//! (SIGKILL, as a crash would) and start another on the same database.

use std::time::{Duration, Instant};

use serde_json::Value;
use sqlx::PgPool;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The operators' token of the servers these tests start.
pub const OPERATOR_TOKEN: &str = "operator token of the tests' servers";

/// The address of a free local port.
pub fn free_address() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().to_string()
}

/// `GET path` on a server in another process: the status and the JSON body (None when the
/// server does not answer).
pub async fn http_get_json(address: &str, path: &str) -> Option<(u16, Value)> {
    http_request(address, "GET", path, None).await
}

/// `GET path` on a server in another process: the status and the body as text (the metrics).
pub async fn http_get_text(address: &str, path: &str) -> Option<(u16, String)> {
    raw_request(address, "GET", path, "").await
}

/// A request to a server in another process, with the operators' token and a JSON body: the
/// status and the JSON body (null when empty; None when the server does not answer).
pub async fn http_request(address: &str, method: &str, path: &str, body: Option<&Value>) -> Option<(u16, Value)> {
    let (status, body) = raw_request(address, method, path, &body.map(Value::to_string).unwrap_or_default()).await?;
    let body = if body.is_empty() { Value::Null } else { serde_json::from_str(&body).ok()? };
    Some((status, body))
}

/// One HTTP/1.1 request with the operators' token, the connection closed after it: the status
/// and the body (None when the server does not answer).
async fn raw_request(address: &str, method: &str, path: &str, body: &str) -> Option<(u16, String)> {
    let mut stream = tokio::net::TcpStream::connect(address).await.ok()?;
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {address}\r\nAuthorization: Bearer {OPERATOR_TOKEN}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.ok()?;
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.ok()?;
    let response = String::from_utf8_lossy(&response);
    let (head, body) = response.split_once("\r\n\r\n")?;
    let status = head.split(' ').nth(1)?.parse().ok()?;
    Some((status, body.to_owned()))
}

/// The connection string of the database `pool` uses, on the server of `DATABASE_URL`.
pub fn database_url_of(pool: &PgPool) -> String {
    let url = std::env::var("DATABASE_URL").expect("DATABASE_URL is set for the tests");
    let (path, parameters) = url
        .split_once('?')
        .map_or((url.as_str(), String::new()), |(path, parameters)| (path, format!("?{parameters}")));
    let (server, _) = path.rsplit_once('/').expect("DATABASE_URL names a database");
    let database = pool.connect_options().get_database().expect("the test pool names its database").to_owned();
    format!("{server}/{database}{parameters}")
}

/// `vivier serve` in a process of its own on `address`, quick to notice changes, with `environment` added.
pub fn spawn_server(database_url: &str, address: &str, environment: &[(&str, &str)]) -> tokio::process::Child {
    tokio::process::Command::new(env!("CARGO_BIN_EXE_vivier"))
        .args(["serve", "--listen", address, "--index-poll-ms", "200", "--index-verify-seconds", "1"])
        .env("DATABASE_URL", database_url)
        .env("DATABASE_MAX_CONNECTIONS", "4")
        .env("VIVIER_METRICS_TOKEN", OPERATOR_TOKEN)
        .env("RUST_LOG", "warn")
        .envs(environment.iter().copied())
        .stdout(std::process::Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("the vivier binary starts")
}

/// Waits until the server answers `/api/health` with 200; fails the test if it stops first.
pub async fn wait_until_ready(server: &mut tokio::process::Child, address: &str) {
    let deadline = Instant::now() + Duration::from_secs(120);
    while Instant::now() < deadline {
        if let Some(exit) = server.try_wait().unwrap() {
            panic!("the server stopped during start-up: {exit}");
        }
        if let Some((200, _)) = http_get_json(address, "/api/health").await {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the server at {address} never became ready");
}
