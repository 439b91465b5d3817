//! What the sourcing handler adds to the engine: the same searches timed through the whole API
//! (session check, validation, the search on the rayon pool, presenting the hits, JSON) and
//! through the matcher alone, side by side in one process.
//!
//! `cargo run --release -p benches --bin handler-bench -- --candidates 100000`
//!
//! It starts a private Postgres and seeds it (or uses `--database-url`, already seeded), loads the
//! matcher and the cards with the real indexer, logs the demo partner in through the router, and
//! sends the searches of `load-tests/sourcing-smoke.js` (seven big cities, every job category,
//! radius 10/20/50 km) to the router in memory, each one right after the engine answered the
//! query the handler builds from the same body. Each request runs in a task on the runtime's
//! worker threads, as a server's connection task does, and is timed there. No network: the
//! figures are the handler's own cost, the socket and HTTP parsing excluded. It ends with one line:
//! `RESULT n=… searches=… engine_p50_ms=… engine_mean_ms=… request_p50_ms=… request_mean_ms=…
//! request_p99_ms=… added_p50_ms=… added_mean_ms=… record_p99_us=…` where "added" is, per search,
//! the request's time minus the engine's, and "record" what noting the search for the candidates'
//! appearances costs the request. `--appearances-every-ms` also stores and evaluates the noted
//! searches in the background, as a server does.

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use anyhow::{Context, Result, ensure};
use api::http::SearchCreateRequest;
use axum::Router;
use axum::body::Body;
use axum::extract::connect_info::MockConnectInfo;
use axum::http::{Request, StatusCode, header};
use benches::LatencySummary;
use benches::database::{DatabaseArgs, run_benchmark, server_state};
use clap::Parser;
use http_body_util::BodyExt;
use indexer::cards::CandidateCards;
use indexer::{Follower, IndexerOptions, IndexerStatus};
use matcher::{Matcher, SourcingQuery};
use serde_json::{Value, json};
use sqlx::AssertSqlSafe;
use tower::ServiceExt;

/// Times sourcing searches through the API and through the matcher, and prints a RESULT line.
#[derive(Parser, Debug)]
struct Options {
    /// Demo candidates to write into a private Postgres.
    #[arg(long, default_value_t = 100_000)]
    candidates: usize,
    /// Searches per round.
    #[arg(long, default_value_t = 200)]
    searches: usize,
    /// Timed rounds over the searches (after one untimed round).
    #[arg(long, default_value_t = 3)]
    rounds: usize,
    /// Store and evaluate the searches run (the candidates' search appearances) in the
    /// background every this many milliseconds, as a server does every 5 s; 0 leaves them
    /// pending, so that a run with and one without can be compared.
    #[arg(long, default_value_t = 0)]
    appearances_every_ms: u64,
    #[command(flatten)]
    database: DatabaseArgs,
}

/// The cities of `load-tests/sourcing-smoke.js`.
const CITIES: [(&str, f64, f64, &str); 7] = [
    ("Paris", 48.8566, 2.3522, "75056"),
    ("Lyon", 45.764, 4.8357, "69123"),
    ("Marseille", 43.2965, 5.3698, "13055"),
    ("Toulouse", 43.6047, 1.4442, "31555"),
    ("Lille", 50.6292, 3.0573, "59350"),
    ("Bordeaux", 44.8378, -0.5792, "33063"),
    ("Nantes", 47.2184, -1.5536, "44109"),
];

fn main() -> Result<()> {
    run_benchmark(run(Options::parse()))
}

/// The search bodies, as the k6 smoke test builds them from the reference lists.
async fn search_bodies(pool: &sqlx::PgPool, count: usize) -> Result<Vec<Value>> {
    let ids = |table: &str| {
        let sql = format!("select id from {table} order by id");
        async move { sqlx::query_scalar::<_, i16>(AssertSqlSafe(&*sql)).fetch_all(pool).await }
    };
    let (categories, contracts) = (ids("job_categories").await?, ids("contract_types").await?);
    let (languages, families) = (ids("languages").await?, ids("soft_skill_categories").await?);
    let pick = |items: &[i16], index: usize| items[index % items.len()];
    Ok((0..count)
        .map(|index| {
            let (name, lat, lng, code) = CITIES[index % CITIES.len()];
            let radius = [10, 20, 50][index % 3];
            let start_at = chrono::NaiveDate::from_ymd_opt(2027, 1, 1).expect("a valid date")
                + chrono::Days::new((index % 90) as u64);
            json!({
                "job_category": pick(&categories, index),
                "contracts": [pick(&contracts, index), pick(&contracts, index + 1)],
                "duration": 6 + (index % 4) * 6,
                "start_at": start_at.to_string(),
                "localization": { "value": name, "type": "city", "lat": lat, "lng": lng, "id": code, "country_code": "FR" },
                "radius": radius,
                "degree": 1,
                "languages": [{ "id": pick(&languages, index), "level": 3 }],
                "softskills_categories": [pick(&families, index)],
                "duration_flexibility": if index % 2 == 0 { 0 } else { 3 },
                "limit": 20, "offset": 0, "sort": "score",
            })
        })
        .collect())
}

/// The session cookie of the demo partner, logged in through the router.
async fn partner_cookie(router: &Router) -> Result<String> {
    let body = json!({ "username": api::seed::DEMO_PARTNER_EMAIL, "password": api::seed::DEMO_PASSWORD });
    let request = Request::post("/api/api/auth/login")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))?;
    let response = router.clone().oneshot(request).await?;
    ensure!(response.status() == StatusCode::OK, "the demo partner cannot log in: {}", response.status());
    let cookie = response.headers().get(header::SET_COOKIE).context("no session cookie")?.to_str()?;
    Ok(cookie.split(';').next().unwrap_or_default().to_owned())
}

/// One search through the router; returns its time in ms and the number of hits.
async fn time_request(router: &Router, cookie: &str, body: &Value) -> Result<(f64, usize)> {
    let request = Request::post("/api/api/sourcing/searchs?save=false")
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::COOKIE, cookie)
        .body(Body::from(body.to_string()))?;
    let router = router.clone();
    let (elapsed, status, bytes) = tokio::spawn(async move {
        let started = Instant::now();
        let response = router.oneshot(request).await?;
        let status = response.status();
        let bytes = response.into_body().collect().await?.to_bytes();
        anyhow::Ok((started.elapsed().as_secs_f64() * 1e3, status, bytes))
    })
    .await??;
    ensure!(status == StatusCode::OK, "a search answered {status}: {}", String::from_utf8_lossy(&bytes));
    let answer: Value = serde_json::from_slice(&bytes)?;
    Ok((elapsed, answer["hits"].as_array().map_or(0, Vec::len)))
}

async fn run(options: Options) -> Result<()> {
    let Some(database) = options.database.open(options.candidates, 16).await? else {
        return Ok(()); // this process only seeded the database
    };
    let (pool, candidates) = (database.pool.clone(), database.candidates);

    let (matcher, cards) = (Arc::new(Matcher::new()), Arc::new(CandidateCards::new()));
    let status = Arc::new(IndexerStatus::new());
    Follower::load(pool.clone(), matcher.clone(), cards.clone(), status.clone(), IndexerOptions::default()).await?;
    let state = server_state(&pool)?.with_index(matcher.clone(), cards, status);
    let router = api::http::app(state.clone(), Path::new("/nonexistent-web-dist"))
        .layer(MockConnectInfo(SocketAddr::from(([127, 0, 0, 1], 40_000))));
    let cookie = partner_cookie(&router).await?;
    if options.appearances_every_ms > 0 {
        let every = std::time::Duration::from_millis(options.appearances_every_ms);
        tokio::spawn(api::search_demand::runs::run_periodically(state.demand_inputs(), every));
    }

    let bodies = search_bodies(&pool, options.searches).await?;
    let reference = state.reference_lists().await?;
    let queries: Vec<SourcingQuery> = bodies
        .iter()
        .map(|body| {
            let request: SearchCreateRequest = serde_json::from_value(body.clone())?;
            let (criteria, page, _name) = request.check(reference).map_err(|error| anyhow::anyhow!("{error:?}"))?;
            Ok(criteria.query(page, matcher::Audience::default()))
        })
        .collect::<Result<_>>()?;

    // one untimed round warms the caches, the session check and the reference lists
    for body in &bodies {
        time_request(&router, &cookie, body).await?;
    }
    // what noting a search costs the request: the same call on a log of its own
    let run_log = api::search_demand::runs::SearchRunLog::default();
    let mut record_us = Vec::new();
    let (mut engine_ms, mut request_ms, mut added_ms) = (Vec::new(), Vec::new(), Vec::new());
    let mut hits = 0;
    for _ in 0..options.rounds {
        for (body, query) in bodies.iter().zip(&queries) {
            let started = Instant::now();
            let result = std::hint::black_box(matcher.search(query));
            let engine = started.elapsed().as_secs_f64() * 1e3;
            let (request, returned) = time_request(&router, &cookie, body).await?;
            ensure!(
                returned == result.hits.len(),
                "the API returned {returned} hits, the engine {}",
                result.hits.len()
            );
            hits += returned;
            let started = Instant::now();
            run_log.record(0, query);
            record_us.push(started.elapsed().as_secs_f64() * 1e6);
            engine_ms.push(engine);
            request_ms.push(request);
            added_ms.push(request - engine);
        }
    }
    let (engine, request, added) =
        (LatencySummary::of(&engine_ms), LatencySummary::of(&request_ms), LatencySummary::of(&added_ms));
    println!("{} searches, {hits} hits returned", engine_ms.len());
    println!("engine:  mean {:.3} ms, p50 {:.3} ms, p99 {:.3} ms", engine.mean, engine.p50, engine.p99);
    println!("request: mean {:.3} ms, p50 {:.3} ms, p99 {:.3} ms", request.mean, request.p50, request.p99);
    println!("added:   mean {:.3} ms, p50 {:.3} ms, p99 {:.3} ms", added.mean, added.p50, added.p99);
    let record = LatencySummary::of(&record_us);
    println!("noting the search for appearances: p50 {:.2} µs, p99 {:.2} µs", record.p50, record.p99);
    pool.close().await;
    drop(database);
    println!(
        "RESULT n={candidates} searches={} appearances_every_ms={} engine_p50_ms={:.3} engine_mean_ms={:.3} request_p50_ms={:.3} request_mean_ms={:.3} request_p99_ms={:.3} added_p50_ms={:.3} added_mean_ms={:.3} record_p99_us={:.2}",
        engine_ms.len(),
        options.appearances_every_ms,
        engine.p50,
        engine.mean,
        request.p50,
        request.mean,
        request.p99,
        added.p50,
        added.mean,
        record.p99
    );
    Ok(())
}
