//! The indexer against a real Postgres: the projection, following the change log, and the
//! faults it must survive (a killed server, a restarted Postgres, lost notifications, bad data).
//! Equality with a fresh projection of the database is the verdict every time.

use std::sync::Arc;
use std::time::{Duration, Instant};

use api::app::Settings;
use api::seed;
use axum::http::{StatusCode, header};
use indexer::cards::CandidateCards;
use indexer::private_postgres::PrivatePostgres;
use indexer::{Follower, IndexerOptions, IndexerStatus, verify_against_projection};
use matcher::{CountryCode, JobLocalization, Matcher};
use sqlx::PgPool;
use sqlx::postgres::PgPoolOptions;
use tokio::sync::watch;

use crate::support::servers::{
    OPERATOR_TOKEN, database_url_of, free_address, http_get_json, http_get_text, spawn_server, wait_until_ready,
};
use crate::support::{app_with_state, execute_of, get, scalar, scalar_of, settings, state_with};

pub(crate) fn test_options() -> IndexerOptions {
    IndexerOptions {
        poll_interval: Duration::from_millis(200),
        retry_delay: Duration::from_millis(50),
        ..IndexerOptions::default()
    }
}

/// What a server searches: the matcher and the candidates' cards.
pub(crate) struct Replica {
    pub(crate) matcher: Arc<Matcher>,
    pub(crate) cards: Arc<CandidateCards>,
}

impl Replica {
    pub(crate) fn new() -> Replica {
        Replica { matcher: Arc::new(Matcher::new()), cards: Arc::new(CandidateCards::new()) }
    }
}

async fn load(pool: &PgPool) -> (Replica, Arc<IndexerStatus>, Follower) {
    load_with(pool, test_options()).await
}

/// A replica loaded with `options`, as a server starts one.
pub(crate) async fn load_with(pool: &PgPool, options: IndexerOptions) -> (Replica, Arc<IndexerStatus>, Follower) {
    let replica = Replica::new();
    let status = Arc::new(IndexerStatus::new());
    let follower =
        Follower::load(pool.clone(), replica.matcher.clone(), replica.cards.clone(), status.clone(), options)
            .await
            .unwrap();
    (replica, status, follower)
}

async fn searchable_ids(pool: &PgPool) -> Vec<i64> {
    sqlx::query_scalar(
        "select c.user_id from candidates c join users u on u.id = c.user_id
         where u.active and c.in_research order by c.user_id",
    )
    .fetch_all(pool)
    .await
    .unwrap()
}

pub(crate) async fn assert_matcher_equals_database(pool: &PgPool, replica: &Replica) {
    let verification = verify_against_projection(pool, &replica.matcher, &replica.cards).await.unwrap();
    assert!(verification.is_exact(), "the matcher differs from the database: {verification:?}");
    assert_eq!(verification.indexed_documents, searchable_ids(pool).await.len());
}

#[sqlx::test(migrations = "../migrations")]
async fn the_projected_soft_skill_shares_are_the_views_percentages_rounded(pool: PgPool) {
    seed::seed_database(&pool, 300, 23).await.unwrap();
    // the rounding's edge: shares of exactly n.5 % (1 pick in 8, 3 in 16...)
    let halves: i64 = scalar(
        &pool,
        "select count(*) from candidate_soft_skill_percentages where percentage - trunc(percentage) = 0.5",
    )
    .await;
    assert!(halves > 0, "the seeded data holds shares of n.5 %");
    let expected: Vec<(i64, i16, i16)> = sqlx::query_as(
        "select candidate_id, soft_skill_category_id, round(percentage)::smallint from candidate_soft_skill_percentages
         order by candidate_id, soft_skill_category_id",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    let ids = searchable_ids(&pool).await;
    let mut connection = pool.acquire().await.unwrap();
    let batch = indexer::projection::stored_documents(&mut connection, &ids).await.unwrap();

    let projected: Vec<(i64, i16, i16)> = batch
        .documents
        .iter()
        .flat_map(|document| {
            document
                .soft_skills
                .iter()
                .map(|share| (document.candidate_id, share.category as i16, share.percent as i16))
        })
        .collect();
    let searchable: std::collections::HashSet<i64> = ids.into_iter().collect();
    let expected: Vec<(i64, i16, i16)> =
        expected.into_iter().filter(|(candidate_id, _, _)| searchable.contains(candidate_id)).collect();
    assert!(expected.len() > 500, "the seed gives soft skills to most candidates");
    assert_eq!(projected, expected);
}

/// One change to a candidate's profile through the tables the projection reads; which one
/// depends on the candidate and the round, so that a stream of them covers every kind.
pub(crate) async fn change_profile(pool: &PgPool, candidate_id: i64, round: i64) -> sqlx::Result<()> {
    let statement = match (candidate_id + round).rem_euclid(7) {
        0 => "update candidate_languages set level = level % 6 + 1 where candidate_id = $1",
        1 => "update candidates set contract_min_duration = (contract_min_duration + 1) % 121 where user_id = $1",
        2 => {
            "update car_methods set results = left(results || ' encore', 4000)
             where id in (select car_method_id from experiences where candidate_id = $1)"
        }
        3 => "update users set active = not active where id = $1",
        4 => "update candidates set in_research = not in_research where user_id = $1",
        5 => {
            "update localizations set commune_code = '69123', value = 'Lyon', lat = 45.758, lng = 4.835
             where type = 'city' and id = (select localization_id from candidate_job_localizations
                                           where candidate_id = $1 order by position limit 1)"
        }
        _ => {
            "update candidates set availability = case when availability is null then current_date + 30 end
             where user_id = $1"
        }
    };
    sqlx::query(statement).bind(candidate_id).execute(pool).await?;
    Ok(())
}

async fn max_seq(pool: &PgPool) -> i64 {
    scalar(pool, "select coalesce(max(seq), 0) from candidate_changes").await
}

#[sqlx::test(migrations = "../migrations")]
async fn the_loaded_matcher_holds_exactly_the_projection_of_every_searchable_candidate(pool: PgPool) {
    seed::seed_database(&pool, 300, 11).await.unwrap();

    let (replica, status, _follower) = load(&pool).await;

    assert_matcher_equals_database(&pool, &replica).await;
    assert!(status.is_ready());
    assert_eq!(status.report().documents as usize, searchable_ids(&pool).await.len());
    // the demo candidate wants to work first in Lyon, their home
    let demo = replica.matcher.document(1_000).expect("the demo candidate is searchable");
    assert!(matches!(
        demo.localizations[0],
        JobLocalization::Place { place_id: 69_123, country: CountryCode::FRANCE, .. }
    ));
    assert!(!demo.text.is_empty() && !demo.job_categories.is_empty() && !demo.languages.is_empty());
    let soft_skill_total: u32 = demo.soft_skills.iter().map(|share| u32::from(share.percent)).sum();
    assert!((98..=102).contains(&soft_skill_total), "soft-skill shares add up to about 100, got {soft_skill_total}");
    let not_searching: Vec<i64> =
        sqlx::query_scalar("select user_id from candidates where not in_research").fetch_all(&pool).await.unwrap();
    assert!(!not_searching.is_empty(), "the demo data has candidates who are not searching");
    assert!(not_searching.iter().all(|&candidate_id| replica.matcher.document(candidate_id).is_none()));
}

#[sqlx::test(migrations = "../migrations")]
async fn two_transactions_changing_one_candidate_at_once_leave_a_document_with_both_changes(pool: PgPool) {
    seed::seed_database(&pool, 50, 18).await.unwrap();
    let candidate_id: i64 = scalar(
        &pool,
        "select c.user_id from candidates c join users u on u.id = c.user_id
         where u.active and c.in_research
           and exists (select 1 from candidate_languages where candidate_id = c.user_id)
           and exists (select 1 from experiences where candidate_id = c.user_id)
         order by c.user_id limit 1",
    )
    .await;

    let mut first = pool.begin().await.unwrap();
    execute_of(
        &mut *first,
        "update candidate_languages set level = level % 6 + 1 where candidate_id = $1",
        candidate_id,
    )
    .await;
    let second = tokio::spawn({
        let pool = pool.clone();
        async move {
            let mut second = pool.begin().await.unwrap();
            execute_of(
                &mut *second,
                "update experiences set position_name = 'Cheffe de projet data' where candidate_id = $1",
                candidate_id,
            )
            .await;
            second.commit().await.unwrap();
        }
    });
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(!second.is_finished(), "the second transaction waits for the first one's document");
    first.commit().await.unwrap();
    second.await.unwrap();

    let (replica, _status, _follower) = load(&pool).await;
    let document = replica.matcher.document(candidate_id).unwrap();
    assert!(document.text.contains("Cheffe de projet data"), "{}", document.text);
    assert_matcher_equals_database(&pool, &replica).await;
}

#[sqlx::test(migrations = "../migrations")]
async fn a_change_that_no_search_sees_is_not_logged(pool: PgPool) {
    seed::seed_database(&pool, 30, 19).await.unwrap();
    let candidate_id = searchable_ids(&pool).await[0];
    let logged = max_seq(&pool).await;

    execute_of(
        &pool,
        "update users set phone = '0612345678', session_version = session_version + 1 where id = $1",
        candidate_id,
    )
    .await;
    assert_eq!(max_seq(&pool).await, logged, "a phone number and a logout are not in the search document");

    execute_of(&pool, "update users set firstname = 'Aurélie' where id = $1", candidate_id).await;
    assert_eq!(max_seq(&pool).await, logged + 1, "a hit shows the first name");
}

#[sqlx::test(migrations = "../migrations")]
async fn every_kind_of_profile_change_reaches_the_matcher_through_the_log(pool: PgPool) {
    seed::seed_database(&pool, 200, 12).await.unwrap();
    let (replica, _status, mut follower) = load(&pool).await;
    let candidates = searchable_ids(&pool).await;

    for (round, &candidate_id) in candidates.iter().take(70).enumerate() {
        change_profile(&pool, candidate_id, round as i64).await.unwrap();
    }
    let deactivated = candidates[0];
    execute_of(&pool, "update users set active = false where id = $1", deactivated).await;
    let deleted = *candidates.last().unwrap();
    execute_of(&pool, "delete from users where id = $1", deleted).await;
    let outcome = follower.catch_up().await.unwrap();

    assert!(outcome.applied >= 60, "{outcome:?}");
    assert_eq!(outcome.failed, 0);
    assert_eq!(follower.last_applied_seq(), max_seq(&pool).await);
    assert!(replica.matcher.document(deactivated).is_none(), "a deactivated candidate leaves the matcher");
    assert!(replica.matcher.document(deleted).is_none(), "a deleted candidate leaves the matcher");
    assert!(replica.cards.read().get(&deleted).is_none(), "and so does their card");
    assert_matcher_equals_database(&pool, &replica).await;
}

#[sqlx::test(migrations = "../migrations")]
async fn updates_committed_while_nobody_listens_are_found_by_the_log_catch_up(pool: PgPool) {
    seed::seed_database(&pool, 200, 13).await.unwrap();
    let (replica, status, mut follower) = load(&pool).await;
    let candidates = searchable_ids(&pool).await;

    // no listener exists: the notifications of these commits reach nobody
    for (round, &candidate_id) in candidates.iter().rev().take(40).enumerate() {
        change_profile(&pool, candidate_id, round as i64 * 3).await.unwrap();
    }
    let outcome = follower.catch_up().await.unwrap();

    assert!(outcome.applied >= 30, "{outcome:?}");
    assert_eq!(status.report().last_applied_seq, max_seq(&pool).await);
    let lag = indexer::current_lag(&pool, &status).await.unwrap().expect("measured after the load");
    assert_eq!(lag, indexer::Lag { rows: 0, milliseconds: 0 });
    assert_matcher_equals_database(&pool, &replica).await;
}

#[sqlx::test(migrations = "../migrations")]
async fn a_candidate_with_bad_data_is_retried_and_never_blocks_the_others(pool: PgPool) {
    seed::seed_database(&pool, 200, 14).await.unwrap();
    let (replica, status, mut follower) = load(&pool).await;
    let candidates = searchable_ids(&pool).await;
    let victim = candidates[3];
    let victim_place: i64 = scalar_of(
        &pool,
        "select l.id from candidate_job_localizations j join localizations l on l.id = j.localization_id
         where j.candidate_id = $1 and l.type = 'city' order by j.position limit 1",
        victim,
    )
    .await;
    let victim_document = replica.matcher.document(victim);

    execute_of(&pool, "update localizations set commune_code = 'XXXXX' where id = $1", victim_place).await;
    for &candidate_id in &candidates[10..20] {
        execute_of(&pool, "update candidates set contract_min_duration = 77 where user_id = $1", candidate_id).await;
    }
    let outcome = follower.catch_up().await.unwrap();

    assert_eq!(outcome.failed, 1);
    assert_eq!(follower.failing_candidates(), vec![victim]);
    for &candidate_id in &candidates[10..20] {
        assert_eq!(replica.matcher.document(candidate_id).unwrap().minimum_duration_months, 77);
    }
    assert_eq!(replica.matcher.document(victim), victim_document, "the failing candidate keeps its last good document");
    let report = status.report();
    assert!(report.last_error.as_deref().unwrap_or_default().contains(&victim.to_string()), "{report:?}");
    assert_eq!(report.failing_candidates, 1);

    // retried without any new change once its delay is over
    tokio::time::sleep(Duration::from_millis(120)).await;
    let retried = follower.catch_up().await.unwrap();
    assert_eq!(retried.failed, 1);
    assert_eq!(status.report().projection_failures_total, 2);

    execute_of(&pool, "update localizations set commune_code = '69123' where id = $1", victim_place).await;
    let repaired = follower.catch_up().await.unwrap();
    assert_eq!(repaired.failed, 0);
    assert!(follower.failing_candidates().is_empty());
    assert_eq!(status.report().failing_candidates, 0);
    assert_matcher_equals_database(&pool, &replica).await;
}

#[sqlx::test(migrations = "../migrations")]
async fn health_answers_503_until_the_matcher_is_loaded_then_reports_the_indexer(pool: PgPool) {
    seed::seed_database(&pool, 50, 15).await.unwrap();
    let state = state_with(pool.clone(), Settings { metrics_token: Some(OPERATOR_TOKEN.to_owned()), ..settings() });
    let app = app_with_state(state.clone());

    let starting = get(&app, "/api/health").await;
    assert_eq!(starting.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(starting.json()["status"], "starting");

    Follower::load(
        pool.clone(),
        state.engine.matcher.clone(),
        state.cards.clone(),
        state.indexer.clone(),
        test_options(),
    )
    .await
    .unwrap();
    let searchable = searchable_ids(&pool).await.len();
    assert_eq!(get(&app, "/api/health").await.json(), serde_json::json!({ "status": "ok" }));
    let ready = get_as_operator(&app, "/api/health/details").await;
    assert_eq!(ready.status, StatusCode::OK);
    let body = ready.json();
    assert_eq!(body["status"], "ok");
    assert_eq!(body["indexer"]["ready"], true);
    assert_eq!(body["indexer"]["documents_indexed"], searchable);
    assert_eq!(body["indexer"]["lag_rows"], 0);
    assert_eq!(body["indexer"]["last_applied_seq"], max_seq(&pool).await);

    let metrics = get_as_operator(&app, "/api/metrics").await;
    assert_eq!(metrics.status, StatusCode::OK);
    let content_type = metrics.headers[header::CONTENT_TYPE].to_str().unwrap();
    assert!(content_type.starts_with("text/plain; version=0.0.4"), "{content_type}");
    let text = metrics.text();
    assert!(text.contains(&format!("\nvivier_indexer_documents {searchable}\n")), "{text}");
    assert!(text.contains("# TYPE vivier_indexer_applied_candidates_total counter"));
    assert!(text.contains("\nvivier_indexer_ready 1\n"));
    assert!(text.contains("\nvivier_indexer_lag_rows 0\n"), "{text}");
    assert!(text.contains("\nvivier_alerts_percolation_lag_seconds 0\n"), "{text}");
    let heap_bytes = figure(&text, "vivier_matcher_heap_bytes");
    // each document holds at least its id, its places and its text
    assert!(heap_bytes > searchable as f64 * 100.0, "{text}");
    if cfg!(target_os = "linux") {
        assert!(figure(&text, "vivier_process_resident_memory_bytes") > heap_bytes, "{text}");
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn metrics_tell_how_many_emails_wait_since_when_and_how_many_fail(pool: PgPool) {
    let state = state_with(pool.clone(), Settings { metrics_token: Some(OPERATOR_TOKEN.to_owned()), ..settings() });
    let app = app_with_state(state);
    let email = |age_minutes: i32, attempts: i32, error: Option<&str>, sent: bool| {
        let pool = pool.clone();
        let error = error.map(str::to_owned);
        async move {
            sqlx::query(
                "insert into outbox_emails (to_email, subject, text_body, html_body, created_at, attempts, last_error, sent_at)
                 values ('someone@example.org', 's', 't', 'h', now() - make_interval(mins => $1), $2, $3,
                         case when $4 then now() end)",
            )
            .bind(age_minutes)
            .bind(attempts)
            .bind(error)
            .bind(sent)
            .execute(&pool)
            .await
            .unwrap();
        }
    };
    email(500, 1, None, true).await; // sent long ago: not counted
    email(90, 2, Some("connection refused"), false).await; // retried
    email(5, 0, None, false).await; // waits for its first attempt
    email(300, api::mail::outbox::MAX_ATTEMPTS, Some("mailbox unavailable"), false).await; // given up

    let text = get_as_operator(&app, "/api/metrics").await.text();

    assert_eq!(figure(&text, "vivier_outbox_pending_emails"), 2.0, "{text}");
    let oldest = figure(&text, "vivier_outbox_oldest_pending_seconds");
    assert!((90.0 * 60.0..91.0 * 60.0).contains(&oldest), "{text}");
    assert_eq!(figure(&text, "vivier_outbox_failing_emails"), 2.0, "{text}");
    assert_eq!(figure(&text, "vivier_outbox_abandoned_emails"), 1.0, "{text}");
}

/// The value of an unlabelled figure in a Prometheus text.
fn figure(text: &str, name: &str) -> f64 {
    let line = text.lines().find(|line| line.strip_prefix(name).is_some_and(|rest| rest.starts_with(' ')));
    line.and_then(|line| line.rsplit(' ').next()).and_then(|value| value.parse().ok()).unwrap_or_else(|| {
        panic!("no figure {name} in {text}");
    })
}

/// `GET uri` with the operators' bearer token.
async fn get_as_operator(app: &axum::Router, uri: &str) -> crate::support::TestResponse {
    let request = axum::http::Request::get(uri)
        .header(header::AUTHORIZATION, format!("Bearer {OPERATOR_TOKEN}"))
        .body(axum::body::Body::empty())
        .unwrap();
    crate::support::send(app, request).await
}

/// The `vivier` binary allocates with jemalloc (the tests' own processes do not) and its metrics
/// say what it has allocated and what the allocator keeps resident.
#[sqlx::test(migrations = "../migrations")]
async fn the_served_binary_says_what_its_allocator_holds(pool: PgPool) {
    seed::seed_database(&pool, 50, 2).await.unwrap();
    let address = free_address();
    let mut server = spawn_server(&database_url_of(&pool), &address, &[]);
    wait_until_ready(&mut server, &address).await;
    let (status, text) = http_get_text(&address, "/api/metrics").await.expect("the server answers");
    server.start_kill().unwrap();
    assert_eq!(status, 200, "{text}");
    let allocated = figure(&text, "vivier_allocator_allocated_bytes");
    let resident = figure(&text, "vivier_allocator_resident_bytes");
    assert!(allocated > figure(&text, "vivier_matcher_heap_bytes"), "{text}");
    assert!(resident >= allocated, "{text}");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_server_killed_mid_stream_of_updates_catches_up_after_restart(pool: PgPool) {
    seed::seed_database(&pool, 300, 16).await.unwrap();
    let database_url = database_url_of(&pool);
    let address = free_address();
    let candidates = searchable_ids(&pool).await;
    let mut server = spawn_server(&database_url, &address, &[]);
    wait_until_ready(&mut server, &address).await;

    let updates = tokio::spawn({
        let pool = pool.clone();
        async move {
            for round in 0..300_i64 {
                let candidate_id = candidates[(round as usize * 7) % candidates.len()];
                change_profile(&pool, candidate_id, round).await.unwrap();
                tokio::time::sleep(Duration::from_millis(8)).await;
            }
        }
    });
    tokio::time::sleep(Duration::from_millis(700)).await;
    server.start_kill().unwrap(); // SIGKILL
    server.wait().await.unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut restarted = spawn_server(&database_url, &address, &[]);
    wait_until_ready(&mut restarted, &address).await;
    updates.await.unwrap();
    let last_seq = max_seq(&pool).await;

    // the server compares its matcher with the database every second once the log is quiet
    let deadline = Instant::now() + Duration::from_secs(60);
    let verification = loop {
        let (_, health) = http_get_json(&address, "/api/health/details").await.expect("the restarted server answers");
        let verification = &health["indexer"]["last_verification"];
        if verification["applied_seq"].as_i64().is_some_and(|seq| seq >= last_seq) {
            break verification.clone();
        }
        assert!(Instant::now() < deadline, "no comparison after the last update: {health}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    restarted.start_kill().unwrap();

    assert_eq!(verification["exact"], true, "{verification}");
    assert_eq!(verification["missing"], serde_json::json!([]));
    assert_eq!(verification["different"], serde_json::json!([]));
    assert_eq!(verification["extra"], 0);
    assert_eq!(verification["indexed_documents"], searchable_ids(&pool).await.len());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_restarted_under_the_indexer_is_reconnected_to_and_caught_up_with() {
    let cluster = PrivatePostgres::start(false).expect("a private postgres starts");
    let pool = PgPoolOptions::new().max_connections(6).connect(&cluster.url("vivier")).await.unwrap();
    api::db::migrate(&pool).await.unwrap();
    seed::seed_database(&pool, 200, 17).await.unwrap();
    let replica = Replica::new();
    let status = Arc::new(IndexerStatus::new());
    let (stop, stopped) = watch::channel(false);
    let (matcher, cards) = (replica.matcher.clone(), replica.cards.clone());
    let indexer =
        tokio::spawn(indexer::run(pool.clone(), matcher, cards, status.clone(), test_options(), async move {
            let mut stopped = stopped;
            let _ = stopped.wait_for(|&stop| stop).await;
        }));
    let deadline = Instant::now() + Duration::from_secs(60);
    while !status.is_ready() {
        assert!(Instant::now() < deadline, "the indexer never loaded");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let candidates = searchable_ids(&pool).await;

    for (round, &candidate_id) in candidates.iter().take(20).enumerate() {
        change_profile(&pool, candidate_id, round as i64).await.unwrap();
    }
    tokio::task::block_in_place(|| cluster.restart()).expect("postgres restarts");
    for (round, &candidate_id) in candidates.iter().skip(20).take(20).enumerate() {
        // the first statements may meet connections the restart cut
        let mut attempts = 0;
        while let Err(error) = change_profile(&pool, candidate_id, round as i64).await {
            attempts += 1;
            assert!(attempts < 50, "postgres does not come back: {error}");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    let last_seq = max_seq(&pool).await;
    let deadline = Instant::now() + Duration::from_secs(60);
    while status.report().last_applied_seq < last_seq {
        assert!(Instant::now() < deadline, "the indexer never caught up: {:?}", status.report());
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // the listener noticed the restart and listens again
    let deadline = Instant::now() + Duration::from_secs(20);
    while status.report().reconnects_total == 0 {
        assert!(Instant::now() < deadline, "the listener never reconnected: {:?}", status.report());
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let listening: i64 = scalar(&pool, "select count(*) from pg_stat_activity where query ilike 'listen%'").await;
    assert_eq!(listening, 1, "one listening connection after the restart");
    assert_matcher_equals_database(&pool, &replica).await;
    stop.send_replace(true);
    indexer.await.unwrap();
    pool.close().await;
}
