//! What a school's candidate import costs: a file of `--rows` rows (10,000 by default) checked
//! (`POST /api/api/candidates/import/checking`), imported (`POST /api/api/candidates/import`,
//! every row a new account) and imported again (every row unchanged), timed through the whole
//! API in memory (session check, multipart, decoding, CSV, checks, the transaction).
//!
//! `cargo run --release -p benches --bin import-bench`
//!
//! It starts a private Postgres and seeds a small demo data set (or uses `--database-url`), logs
//! the demo school in and imports into its first campus a Windows-1252, `;`-separated file with
//! accents, as a French spreadsheet saves it. Each round uses new emails. The invitations the
//! import queues are sent by a background task after the answer; the run waits for them between
//! rounds (so that they do not slow the next round down) and reports that time apart. It ends with
//! one line: `RESULT rows=… check_ms=… import_ms=… reimport_ms=… invitations_s=…`, each the
//! median of the rounds.

use std::net::SocketAddr;
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, ensure};
use axum::Router;
use axum::body::Body;
use axum::extract::connect_info::MockConnectInfo;
use axum::http::{Request, StatusCode, header};
use benches::database::{DatabaseArgs, run_benchmark, server_state};
use clap::Parser;
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

/// Times a candidate import through the API and prints a RESULT line.
#[derive(Parser, Debug)]
struct Options {
    /// Demo candidates to write into a private Postgres (the import does not depend on them).
    #[arg(long, default_value_t = 1_000)]
    candidates: usize,
    /// Rows of the imported file.
    #[arg(long, default_value_t = 10_000)]
    rows: usize,
    /// Timed rounds, each with a file of new people.
    #[arg(long, default_value_t = 3)]
    rounds: usize,
    #[command(flatten)]
    database: DatabaseArgs,
}

fn main() -> Result<()> {
    run_benchmark(run(Options::parse()))
}

const BOUNDARY: &str = "import-bench-boundary";

async fn call(router: &Router, request: Request<Body>) -> Result<(StatusCode, Vec<u8>, axum::http::HeaderMap)> {
    let response = router.clone().oneshot(request).await?;
    let status = response.status();
    let headers = response.headers().clone();
    Ok((status, response.into_body().collect().await?.to_bytes().to_vec(), headers))
}

async fn school_cookie(router: &Router) -> Result<String> {
    let body = json!({ "username": api::seed::DEMO_SCHOOL_EMAIL, "password": api::seed::DEMO_PASSWORD });
    let request = Request::post("/api/api/auth/login")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))?;
    let (status, _, headers) = call(router, request).await?;
    ensure!(status == StatusCode::OK, "the demo school cannot log in: {status}");
    let cookie = headers.get(header::SET_COOKIE).context("a session cookie")?.to_str()?;
    Ok(cookie.split(';').next().unwrap_or_default().to_owned())
}

/// A Windows-1252 file of `rows` new people of round `round`, spread over `programs`.
fn import_file(rows: usize, round: usize, programs: &[String]) -> Vec<u8> {
    let mut text = String::from("Prénom;Nom;Courriel;Programme;Parcours\r\n");
    for index in 0..rows {
        let program = &programs[index % programs.len()];
        let parcours = if index % 3 == 0 { "Alternance" } else { "Formation initiale" };
        text.push_str(&format!(
            "Hélène{index};Lefèvre-Gaëtan{index};bench{round}.etudiant{index}@example.org;{program};{parcours}\r\n"
        ));
    }
    encoding_rs::WINDOWS_1252.encode(&text).0.into_owned()
}

async fn send_import(router: &Router, cookie: &str, campus: i64, file: &[u8], check: bool) -> Result<(Value, f64)> {
    let mut body = format!(
        "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"campus\"\r\n\r\n{campus}\r\n--{BOUNDARY}\r\n\
         Content-Disposition: form-data; name=\"file\"; filename=\"etudiants.csv\"\r\nContent-Type: text/csv\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(file);
    body.extend_from_slice(format!("\r\n--{BOUNDARY}--\r\n").as_bytes());
    let uri = if check { "/api/api/candidates/import/checking" } else { "/api/api/candidates/import" };
    let request = Request::post(uri)
        .header(header::CONTENT_TYPE, format!("multipart/form-data; boundary={BOUNDARY}"))
        .header(header::COOKIE, cookie)
        .body(Body::from(body))?;
    let started = Instant::now();
    let (status, body, _) = call(router, request).await?;
    let elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
    ensure!(status == StatusCode::OK, "{uri} answered {status}: {}", String::from_utf8_lossy(&body));
    Ok((serde_json::from_slice(&body)?, elapsed_ms))
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

async fn run(options: Options) -> Result<()> {
    let Some(database) = options.database.open(options.candidates, 8).await? else {
        return Ok(());
    };
    let pool = database.pool.clone();
    let router = api::http::app(server_state(&pool)?, Path::new("/nonexistent-web-dist"))
        .layer(MockConnectInfo(SocketAddr::from(([127, 0, 0, 1], 40_000))));
    let cookie = school_cookie(&router).await?;
    let request = Request::get("/api/api/school/campuses").header(header::COOKIE, &cookie).body(Body::empty())?;
    let (status, body, _) = call(&router, request).await?;
    ensure!(status == StatusCode::OK, "the campuses cannot be listed: {status}");
    let campuses: Value = serde_json::from_slice(&body)?;
    let campus = campuses[0]["id"].as_i64().context("the demo school has a campus")?;
    let programs: Vec<String> = campuses[0]["programs"]
        .as_array()
        .context("programs")?
        .iter()
        .filter_map(|program| program["name"].as_str().map(str::to_owned))
        .collect();

    let (mut checks, mut imports, mut reimports, mut invitations) = (vec![], vec![], vec![], vec![]);
    for round in 0..options.rounds {
        let file = import_file(options.rows, round, &programs);
        let (checked, check_ms) = send_import(&router, &cookie, campus, &file, true).await?;
        ensure!(checked["created"].as_u64() == Some(options.rows as u64), "checking: {checked}");
        let emails_before: i64 = sqlx::query_scalar("select count(*) from outbox_emails").fetch_one(&pool).await?;
        let (imported, import_ms) = send_import(&router, &cookie, campus, &file, false).await?;
        ensure!(imported["created"].as_u64() == Some(options.rows as u64), "import: {imported}");
        let sending = Instant::now();
        loop {
            let emails: i64 = sqlx::query_scalar("select count(*) from outbox_emails").fetch_one(&pool).await?;
            if emails - emails_before >= options.rows as i64 {
                break;
            }
            ensure!(sending.elapsed() < Duration::from_secs(600), "the invitations are not all recorded");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let invitations_s = sending.elapsed().as_secs_f64();
        let (again, reimport_ms) = send_import(&router, &cookie, campus, &file, false).await?;
        ensure!(again["unchanged"].as_u64() == Some(options.rows as u64), "second import: {again}");
        println!(
            "round {round}: check {check_ms:.0} ms, import {import_ms:.0} ms, same file again {reimport_ms:.0} ms, \
             invitations recorded {invitations_s:.1} s after the answer"
        );
        checks.push(check_ms);
        imports.push(import_ms);
        reimports.push(reimport_ms);
        invitations.push(invitations_s);
    }
    println!(
        "RESULT rows={} check_ms={:.0} import_ms={:.0} reimport_ms={:.0} invitations_s={:.1}",
        options.rows,
        median(checks),
        median(imports),
        median(reimports),
        median(invitations)
    );
    Ok(())
}
