//! Search demand: the partner searches a candidate appeared in, counted for the candidate's
//! visibility and the school's statistics, with the criterion that kept them out of the others.
//! Searches go through the real router; the background job is called by hand.

use api::app::AppState;
use api::search_demand::runs::{delete_orphan_appearances, flush};
use axum::Router;
use axum::http::StatusCode;
use serde_json::{Value, json};
use sqlx::{AssertSqlSafe, PgPool};

use crate::candidate_profile::{Candidate, call, lyon, new_candidate};
use crate::support::{app_with_state, execute, execute_of, indexed_state, login, scalar_of};

pub struct Scene {
    pub state: AppState,
    pub app: Router,
    pub lea: Candidate,
    pub partner: String,
    pub follower: indexer::Follower,
}

/// The demo data (its month of searches forgotten) and Léa, near Lyon, looking for job category
/// 1 on contracts 1 or 5, speaking language 2, indexed.
pub async fn scene(pool: &PgPool) -> Scene {
    api::seed::seed_database(pool, 5, 1).await.unwrap();
    execute(pool, "delete from search_appearances").await;
    execute(pool, "delete from search_runs").await;
    let (state, mut follower) = indexed_state(pool).await;
    let app = app_with_state(state.clone());
    let lea = looking_like_lea(pool, &app, "lea@example.org").await;
    follower.catch_up().await.unwrap();
    let partner = login(&app, api::seed::DEMO_PARTNER_EMAIL, api::seed::DEMO_PASSWORD).await;
    Scene { state, app, lea, partner, follower }
}

/// A new candidate at `email` looking for what Léa looks for (not indexed yet).
pub async fn looking_like_lea(pool: &PgPool, app: &Router, email: &str) -> Candidate {
    let candidate = new_candidate(pool, app, email).await;
    let job_search = json!({
        "from": "job_search", "job_categories": [1], "job_localizations": [lyon()], "contract_types": [1, 5],
        "contract_min_duration": 6, "availability": "2026-12-01", "in_research": true, "degree": 6
    });
    let uri = format!("/api/api/candidates/{}", candidate.id);
    let saved = call(app, &candidate.cookie, "POST", &uri, Some(job_search)).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
    let languages = json!({ "languages": [{ "id": 2, "level": 5 }] });
    let spoken = call(app, &candidate.cookie, "POST", &format!("{uri}/languages"), Some(languages)).await;
    assert_eq!(spoken.status, StatusCode::OK, "{}", spoken.text());
    candidate
}

pub fn search(contract: i64) -> Value {
    json!({
        "job_category": 1, "contracts": [contract], "duration": 6, "start_at": "2026-12-15",
        "localization": lyon(), "radius": 5, "languages": [{ "id": 2, "level": 4 }], "degree": 0
    })
}

async fn run(scene: &Scene, uri: &str, body: Value) -> Value {
    let response = call(&scene.app, &scene.partner, "POST", uri, Some(body)).await;
    assert!(response.status.is_success(), "{}", response.text());
    response.json()
}

#[sqlx::test(migrations = "../migrations")]
async fn a_search_counts_once_for_the_candidates_it_found_and_the_missed_one_says_why(pool: PgPool) {
    let scene = scene(&pool).await;
    // the same search three times (and saved), then one asking for a contract Léa does not accept
    let found = run(&scene, "/api/api/sourcing/searchs?save=false", search(5)).await;
    let mut next_page = search(5);
    next_page["offset"] = json!(20);
    run(&scene, "/api/api/sourcing/searchs?save=false", next_page).await;
    let saved = run(&scene, "/api/api/sourcing/searchs?save=true", search(5)).await;
    run(&scene, "/api/api/sourcing/searchs?save=false", search(2)).await;
    let saved_id = saved["id"].as_i64().unwrap();
    let keep = format!("/api/api/sourcing/searchs/{saved_id}/save-candidate/{}", scene.lea.id);
    assert!(call(&scene.app, &scene.partner, "POST", &keep, None).await.status.is_success());
    assert!(found["hits"].as_array().unwrap().iter().any(|hit| hit["candidate"]["id"] == scene.lea.id));

    let evaluated = flush(&scene.state.demand_inputs()).await.unwrap();
    let visibility = call(&scene.app, &scene.lea.cookie, "GET", "/api/api/candidates/visibility", None).await;

    assert_eq!(evaluated, 2, "one run per distinct search of the day");
    assert_eq!(visibility.status, StatusCode::OK, "{}", visibility.text());
    assert_eq!(
        visibility.json(),
        json!({
            "searches_7_days": 1, "searches_30_days": 1, "saved_by": 1,
            "suggestion": { "criterion": "contracts", "appearances": 1 }
        })
    );
    // nothing names the partner, and the job is idempotent
    assert!(!visibility.text().contains("partenaire"));
    assert_eq!(flush(&scene.state.demand_inputs()).await.unwrap(), 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_school_sees_the_searches_its_candidates_appeared_in_and_what_kept_them_out(pool: PgPool) {
    let scene = scene(&pool).await;
    sqlx::query("update candidates set school_id = (select id from users where email = $2) where user_id = $1")
        .bind(scene.lea.id)
        .bind(api::seed::DEMO_SCHOOL_EMAIL)
        .execute(&pool)
        .await
        .unwrap();
    run(&scene, "/api/api/sourcing/searchs?save=false", search(5)).await;
    run(&scene, "/api/api/sourcing/searchs?save=false", search(2)).await;
    flush(&scene.state.demand_inputs()).await.unwrap();
    let cookie = login(&scene.app, api::seed::DEMO_SCHOOL_EMAIL, api::seed::DEMO_PASSWORD).await;

    let statistics = call(&scene.app, &cookie, "GET", "/api/api/school/statistics", None).await;

    assert_eq!(statistics.status, StatusCode::OK, "{}", statistics.text());
    let demand = &statistics.json()["search_demand"];
    assert!(demand["searches"].as_i64().unwrap() >= 1, "{demand}");
    assert!(demand["candidates_seen"].as_i64().unwrap() >= 1, "{demand}");
    let contract = demand["excluded_by"].as_array().unwrap().iter().find(|item| item["criterion"] == "contracts");
    assert!(contract.is_some_and(|item| item["appearances"].as_i64().unwrap() >= 1), "{demand}");
}

async fn appearances_of(pool: &PgPool, column: &str, id: i64) -> i64 {
    sqlx::query_scalar(AssertSqlSafe(format!("select count(*) from search_appearances where {column} = $1")))
        .bind(id)
        .fetch_one(pool)
        .await
        .unwrap()
}

/// The table has no foreign keys (migration 0022): what they did is done by the code, checked here.
#[sqlx::test(migrations = "../migrations")]
async fn appearances_go_with_their_run_and_their_candidate(pool: PgPool) {
    let scene = scene(&pool).await;
    let lea = scene.lea.id;
    run(&scene, "/api/api/sourcing/searchs?save=false", search(5)).await;
    flush(&scene.state.demand_inputs()).await.unwrap();
    let run_id: i64 = scalar_of(&pool, "select run_id from search_appearances where candidate_id = $1", lea).await;
    // one written while its candidate was being erased: the daily sweep deletes it, and only it
    let gone = lea + 1_000_000;
    sqlx::query("insert into search_appearances (run_id, candidate_id) values ($1, $2)")
        .bind(run_id)
        .bind(gone)
        .execute(&pool)
        .await
        .unwrap();

    assert_eq!(delete_orphan_appearances(&pool).await.unwrap(), 1);
    assert_eq!(appearances_of(&pool, "candidate_id", gone).await, 0);
    assert_eq!(appearances_of(&pool, "candidate_id", lea).await, 1);

    // a run past the month is forgotten with its appearances
    execute_of(&pool, "update search_runs set day = current_date - 40 where id = $1", run_id).await;
    flush(&scene.state.demand_inputs()).await.unwrap();
    assert_eq!(appearances_of(&pool, "run_id", run_id).await, 0);

    // erasing the candidate erases the searches they appeared in
    run(&scene, "/api/api/sourcing/searchs?save=false", search(1)).await;
    flush(&scene.state.demand_inputs()).await.unwrap();
    assert_eq!(appearances_of(&pool, "candidate_id", lea).await, 1);
    let mut transaction = pool.begin().await.unwrap();
    assert!(api::candidate_data::erasure::erase_candidate(&mut transaction, lea).await.unwrap());
    transaction.commit().await.unwrap();
    assert_eq!(appearances_of(&pool, "candidate_id", lea).await, 0);
}
