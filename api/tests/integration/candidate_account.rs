//! The candidate's own account: sharing, deactivation, erasure and the export of their data,
//! the retention job, and who lists candidates. What the public reads of an unshared or
//! deactivated profile is checked on the profile and on every route that reads a candidate by
//! slug, taken from the route table so that a new one is covered the day it is added.

use std::sync::Arc;

use api::http::routes::Access;
use api::seed::{DEMO_CANDIDATE_EMAIL, DEMO_PARTNER_EMAIL, DEMO_PASSWORD, DEMO_SCHOOL_EMAIL};
use axum::Router;
use axum::http::StatusCode;
use chrono::{Duration, Utc};
use indexer::cards::CandidateCards;
use indexer::{Follower, IndexerOptions, IndexerStatus};
use matcher::Matcher;
use serde_json::json;
use sqlx::PgPool;

use crate::support::{
    app_with_state, execute_of, get, get_as, json_request, login, post_json, row_of, scalar, scalar_of, send_as, state,
};

struct Demo {
    app: Router,
    id: i64,
    slug: String,
}

async fn seeded(pool: &PgPool) -> Demo {
    api::seed::seed_database(pool, 5, 1).await.unwrap();
    let (id, slug): (i64, String) = row_of(
        pool,
        "select c.user_id, c.slug from candidates c join users u on u.id = c.user_id where u.email = $1",
        DEMO_CANDIDATE_EMAIL,
    )
    .await;
    // a DISC result shown on the profile, so that every part of a shared profile is readable
    execute_of(
        pool,
        "with shown as (update candidates set show_disc = true where user_id = $1)
         insert into disc_results (candidate_id, score_d, score_i, score_s, score_c) values ($1, 40, 30, 20, 10)",
        id,
    )
    .await;
    Demo { app: app_with_state(state(pool.clone())), id, slug }
}

/// Every public read of a candidate by slug: the profile and each of its parts.
fn public_reads_of(slug: &str) -> Vec<String> {
    let reads: Vec<String> = api::http::routes()
        .into_iter()
        .filter(|route| {
            route.method == "GET"
                && route.access == Access::PublicWithSession
                && route.path.starts_with("/api/api/candidates/{id_or_slug}")
        })
        .map(|route| route.path.replace("{id_or_slug}", slug))
        .collect();
    assert!(reads.len() >= 6, "the profile and its parts: {reads:?}");
    reads
}

/// What anonymous visitors get for each public read.
async fn public_statuses(app: &Router, slug: &str) -> Vec<(String, StatusCode)> {
    let mut statuses = Vec::new();
    for uri in public_reads_of(slug) {
        statuses.push((uri.clone(), get(app, &uri).await.status));
    }
    statuses
}

async fn call(app: &Router, cookie: &str, method: &str, uri: &str) -> crate::support::TestResponse {
    send_as(app, Some(cookie), json_request(method, uri, &json!({}))).await
}

#[sqlx::test(migrations = "../migrations")]
async fn an_unshared_profile_and_all_its_parts_answer_404_to_the_public(pool: PgPool) {
    let demo = seeded(&pool).await;
    let cookie = login(&demo.app, DEMO_CANDIDATE_EMAIL, DEMO_PASSWORD).await;
    assert!(public_statuses(&demo.app, &demo.slug).await.iter().all(|(_, status)| *status == StatusCode::OK));

    let unshared = call(&demo.app, &cookie, "DELETE", "/api/api/candidates/share").await;

    assert_eq!(unshared.status, StatusCode::OK, "{}", unshared.text());
    assert_eq!(unshared.json(), json!({ "slug": demo.slug, "is_public": false }));
    for (uri, status) in public_statuses(&demo.app, &demo.slug).await {
        assert_eq!(status, StatusCode::NOT_FOUND, "{uri}");
    }
    let partner = login(&demo.app, DEMO_PARTNER_EMAIL, DEMO_PASSWORD).await;
    let as_partner = get_as(&demo.app, Some(&partner), &format!("/api/api/candidates/{}", demo.slug)).await;
    assert_eq!(as_partner.status, StatusCode::NOT_FOUND, "a partner reads no unshared profile by slug");
    // the candidate still reads their own profile and its slug
    let own = get_as(&demo.app, Some(&cookie), "/api/api/candidates/slug").await;
    assert_eq!(own.json(), json!({ "slug": demo.slug, "is_public": false }));
    let hit_slug: Option<String> =
        scalar_of(&pool, "select public_slug from candidate_search_documents where candidate_id = $1", demo.id).await;
    assert_eq!(hit_slug, None, "sourcing hits stop linking the page");

    let shared = call(&demo.app, &cookie, "POST", "/api/api/candidates/share").await;

    assert_eq!(shared.json(), json!({ "slug": demo.slug, "is_public": true }));
    assert!(public_statuses(&demo.app, &demo.slug).await.iter().all(|(_, status)| *status == StatusCode::OK));
}

#[sqlx::test(migrations = "../migrations")]
async fn a_deactivated_candidate_disappears_from_public_reads_and_the_index_until_logging_in_again(pool: PgPool) {
    let demo = seeded(&pool).await;
    let matcher = Arc::new(Matcher::new());
    let cards = Arc::new(CandidateCards::new());
    let status = Arc::new(IndexerStatus::new());
    let mut follower =
        Follower::load(pool.clone(), matcher.clone(), cards.clone(), status, IndexerOptions::default()).await.unwrap();
    assert!(matcher.document(demo.id).is_some(), "the demo candidate is searchable");
    let cookie = login(&demo.app, DEMO_CANDIDATE_EMAIL, DEMO_PASSWORD).await;

    let someone_else =
        call(&demo.app, &cookie, "POST", &format!("/api/api/candidates/{}/desactivate", demo.id + 1)).await;
    assert_eq!(someone_else.status, StatusCode::NOT_FOUND);
    let deactivated = call(&demo.app, &cookie, "POST", &format!("/api/api/candidates/{}/desactivate", demo.id)).await;

    assert_eq!(deactivated.status, StatusCode::NO_CONTENT, "{}", deactivated.text());
    for (uri, status) in public_statuses(&demo.app, &demo.slug).await {
        assert_eq!(status, StatusCode::NOT_FOUND, "{uri} of a shared but deactivated profile");
    }
    assert_eq!(get_as(&demo.app, Some(&cookie), "/api/api/auth/whoami").await.status, StatusCode::UNAUTHORIZED);
    follower.catch_up().await.unwrap();
    assert!(matcher.document(demo.id).is_none(), "the indexer drops the deactivated candidate");
    assert!(cards.read().get(&demo.id).is_none());

    // logging in again with the password is how the candidate comes back
    login(&demo.app, DEMO_CANDIDATE_EMAIL, DEMO_PASSWORD).await;

    assert!(public_statuses(&demo.app, &demo.slug).await.iter().all(|(_, status)| *status == StatusCode::OK));
    follower.catch_up().await.unwrap();
    assert!(matcher.document(demo.id).is_some(), "and back in the index");
}

#[sqlx::test(migrations = "../migrations")]
async fn an_account_deactivated_by_someone_else_stays_refused_at_login(pool: PgPool) {
    let demo = seeded(&pool).await;
    execute_of(&pool, "update users set active = false where id = $1", demo.id).await;

    let response = post_json(
        &demo.app,
        "/api/api/auth/login",
        &json!({ "username": DEMO_CANDIDATE_EMAIL, "password": DEMO_PASSWORD }),
    )
    .await;

    assert_eq!(response.status, StatusCode::FORBIDDEN);
    assert_eq!(response.json()["code"], "account_deactivated");
}

#[sqlx::test(migrations = "../migrations")]
async fn only_a_school_lists_candidates_and_only_its_own(pool: PgPool) {
    let demo = seeded(&pool).await;
    let school = login(&demo.app, DEMO_SCHOOL_EMAIL, DEMO_PASSWORD).await;
    let school_id: i64 = scalar_of(&pool, "select id from users where email = $1", DEMO_SCHOOL_EMAIL).await;
    let own: Vec<i64> = sqlx::query_scalar(
        "select c.user_id from candidates c join users u on u.id = c.user_id and u.active
         left join campuses m on m.id = c.campus_id where c.school_id = $1 or m.school_id = $1 order by 1",
    )
    .bind(school_id)
    .fetch_all(&pool)
    .await
    .unwrap();
    assert!(own.contains(&demo.id));

    let listed = get_as(&demo.app, Some(&school), "/api/api/candidates?per_page=100").await;

    assert_eq!(listed.status, StatusCode::OK, "{}", listed.text());
    let body = listed.json();
    let mut ids: Vec<i64> = body["items"].as_array().unwrap().iter().map(|item| item["id"].as_i64().unwrap()).collect();
    ids.sort();
    assert_eq!(ids, own);
    assert_eq!(body["total"], own.len());
    let by_name = get_as(&demo.app, Some(&school), "/api/api/candidates?name=camille%20mart").await.json();
    assert!(by_name["items"].as_array().unwrap().iter().any(|item| item["id"] == demo.id));
    for who in [DEMO_CANDIDATE_EMAIL, DEMO_PARTNER_EMAIL] {
        let cookie = login(&demo.app, who, DEMO_PASSWORD).await;
        assert_eq!(
            get_as(&demo.app, Some(&cookie), "/api/api/candidates").await.status,
            StatusCode::FORBIDDEN,
            "{who}"
        );
    }
    assert_eq!(get(&demo.app, "/api/api/candidates").await.status, StatusCode::UNAUTHORIZED);
}

/// Tables with a foreign key to `users` or `candidates`, or a `candidate_id` column (a table
/// may do without the key), as the database itself says.
async fn tables_referencing_people(pool: &PgPool) -> Vec<String> {
    sqlx::query_scalar(
        "select tc.table_name::text
         from information_schema.table_constraints tc
         join information_schema.constraint_column_usage ccu
           on ccu.constraint_schema = tc.constraint_schema and ccu.constraint_name = tc.constraint_name
         where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public'
           and ccu.table_name in ('users', 'candidates')
         union
         select c.table_name::text from information_schema.columns c
         join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
         where c.table_schema = 'public' and c.column_name = 'candidate_id' and t.table_type = 'BASE TABLE'
         order by 1",
    )
    .fetch_all(pool)
    .await
    .unwrap()
}

#[sqlx::test(migrations = "../migrations")]
async fn the_export_has_every_table_that_holds_something_about_a_person(pool: PgPool) {
    let demo = seeded(&pool).await;
    let cookie = login(&demo.app, DEMO_CANDIDATE_EMAIL, DEMO_PASSWORD).await;

    let response = get_as(&demo.app, Some(&cookie), &format!("/api/api/candidates/{}/export", demo.id)).await;

    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    assert!(
        response.headers[axum::http::header::CONTENT_DISPOSITION].to_str().unwrap().starts_with("attachment"),
        "a file to save"
    );
    let export = response.json();
    let tables = export["tables"].as_object().unwrap();
    for table in tables_referencing_people(&pool).await {
        assert!(
            tables.contains_key(&table) || api::candidate_data::export::NOT_ABOUT_CANDIDATES.contains(&table.as_str()),
            "table {table} refers to a person but is neither exported nor declared unrelated to candidates"
        );
    }
    // and the parts of the candidate's records, their places and CAR texts
    for table in ["education_soft_skills", "experience_soft_skills", "localizations", "car_methods"] {
        assert!(tables[table].as_array().is_some_and(|rows| !rows.is_empty()), "{table}");
    }
    assert_eq!(tables["users"][0]["email"], DEMO_CANDIDATE_EMAIL);
    let text = response.text();
    assert!(!text.contains("password_hash") && !text.contains("token_hash"), "no secret in the export");
    assert!(!text.contains("$argon2"), "no password hash anywhere");
    let pictures: i64 = scalar_of(&pool, "select count(*) from uploads where owner_user_id = $1", demo.id).await;
    let exported = tables["uploads"].as_array().unwrap();
    assert_eq!(exported.len() as i64, pictures);
    assert!(exported.iter().all(|upload| upload["data_base64"].as_str().is_some_and(|data| !data.is_empty())));
    let other = get_as(&demo.app, Some(&cookie), &format!("/api/api/candidates/{}/export", demo.id + 1)).await;
    assert_eq!(other.status, StatusCode::NOT_FOUND);
}

/// The row counts left about `candidate_id` in every table the export covers.
async fn rows_left_about(pool: &PgPool, candidate_id: i64) -> Vec<(String, usize)> {
    let export = api::candidate_data::export::export_candidate(pool, candidate_id).await.unwrap();
    export["tables"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(table, rows)| (table.clone(), rows.as_array().unwrap().len()))
        .filter(|(_, count)| *count > 0)
        .collect()
}

#[sqlx::test(migrations = "../migrations")]
async fn erasing_the_account_deletes_every_row_about_the_candidate_and_keeps_the_partners_searches(pool: PgPool) {
    let demo = seeded(&pool).await;
    let cookie = login(&demo.app, DEMO_CANDIDATE_EMAIL, DEMO_PASSWORD).await;
    // a partner keeps the candidate in a saved search
    let search_id: i64 = scalar_of(
        &pool,
        "with place as (insert into localizations (value, type, lat, lng, country_code)
                        values ('Lyon', 'city', 45.76, 4.84, 'FR') returning id)
         insert into sourcing_searches (partner_id, job_category_id, duration, start_at, localization_id, saved)
         select u.id, (select min(id) from job_categories), 6, current_date, place.id, true
         from users u, place where u.email = $1 returning id",
        DEMO_PARTNER_EMAIL,
    )
    .await;
    sqlx::query("insert into sourcing_saved_candidates (sourcing_search_id, candidate_id) values ($1, $2) on conflict do nothing")
        .bind(search_id)
        .bind(demo.id)
        .execute(&pool)
        .await
        .unwrap();
    let places: Vec<i64> = sqlx::query_scalar("select * from localizations_of_candidate($1)")
        .bind(demo.id)
        .fetch_all(&pool)
        .await
        .unwrap();
    assert!(!places.is_empty());
    let log_before: i64 = scalar(&pool, "select coalesce(max(seq), 0) from candidate_changes").await;
    // an answer kept for a resend of the candidate's request
    let mut keyed = json_request("POST", "/api/api/user/locale", &json!({ "locale": "en" }));
    keyed.headers_mut().insert("idempotency-key", "erasure-test".parse().unwrap());
    assert_eq!(send_as(&demo.app, Some(&cookie), keyed).await.status, StatusCode::NO_CONTENT);
    let kept = "select count(*) from idempotent_requests where scope = 'user:' || $1";
    assert_eq!(scalar_of::<i64, _>(&pool, kept, demo.id).await, 1);

    let wrong = send_as(
        &demo.app,
        Some(&cookie),
        json_request("POST", &format!("/api/api/candidates/{}/erase", demo.id), &json!({ "password": "not it" })),
    )
    .await;
    assert_eq!(wrong.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(wrong.json()["errors"]["password"][0], "wrong_password");
    let erased = send_as(
        &demo.app,
        Some(&cookie),
        json_request("POST", &format!("/api/api/candidates/{}/erase", demo.id), &json!({ "password": DEMO_PASSWORD })),
    )
    .await;

    assert_eq!(erased.status, StatusCode::NO_CONTENT, "{}", erased.text());
    assert_eq!(rows_left_about(&pool, demo.id).await, vec![], "nothing left about the candidate");
    let places_left: i64 = scalar_of(&pool, "select count(*) from localizations where id = any($1)", &places).await;
    assert_eq!(places_left, 0, "their places went with them");
    let search_left: i64 = scalar_of(&pool, "select count(*) from sourcing_searches where id = $1", search_id).await;
    assert_eq!(search_left, 1, "the partner's saved search stays, without them");
    assert_eq!(scalar_of::<i64, _>(&pool, kept, demo.id).await, 0, "the kept answers go with them");
    let logged: i64 = sqlx::query_scalar("select count(*) from candidate_changes where candidate_id = $1 and seq > $2")
        .bind(demo.id)
        .bind(log_before)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert!(logged > 0, "the indexer learns of the erasure through the change log");
    assert_eq!(get(&demo.app, &format!("/api/api/candidates/{}", demo.slug)).await.status, StatusCode::NOT_FOUND);
    let login_again = post_json(
        &demo.app,
        "/api/api/auth/login",
        &json!({ "username": DEMO_CANDIDATE_EMAIL, "password": DEMO_PASSWORD }),
    )
    .await;
    assert_eq!(login_again.status, StatusCode::UNAUTHORIZED);
}

#[sqlx::test(migrations = "../migrations")]
async fn the_retention_job_warns_thirty_days_ahead_then_erases_unless_the_candidate_came_back(pool: PgPool) {
    let demo = seeded(&pool).await;
    let state = state(pool.clone());
    let other: i64 = scalar_of(
        &pool,
        "select id from users where discriminator = 'candidate' and id <> $1 order by id limit 1",
        demo.id,
    )
    .await;
    let now = Utc::now();
    // both last seen 2 years minus 10 days ago; everyone else just now
    sqlx::query("update users set last_active_at = $2 where id = any($1)")
        .bind(vec![demo.id, other])
        .bind(now - Duration::days(730 - 10))
        .execute(&pool)
        .await
        .unwrap();

    let first = api::candidate_data::retention::run_once(&state.mailing(), now).await.unwrap();

    let mut warned = first.warned.clone();
    warned.sort();
    assert_eq!(warned, vec![demo.id.min(other), demo.id.max(other)]);
    assert!(first.erased.is_empty(), "never erased without a full warning period");
    let subject: String =
        scalar_of(&pool, "select subject from outbox_emails where user_id = $1 order by id desc limit 1", demo.id)
            .await;
    assert!(subject.contains("30"), "{subject}");
    let again = api::candidate_data::retention::run_once(&state.mailing(), now + Duration::days(1)).await.unwrap();
    assert!(again.warned.is_empty() && again.erased.is_empty(), "warned once");

    // the demo candidate comes back; the other does not
    login(&demo.app, DEMO_CANDIDATE_EMAIL, DEMO_PASSWORD).await;
    let later = api::candidate_data::retention::run_once(&state.mailing(), now + Duration::days(31)).await.unwrap();

    assert_eq!(later.erased, vec![other]);
    assert!(later.warned.is_empty());
    let remaining: Vec<i64> = sqlx::query_scalar("select id from users where id = any($1)")
        .bind(vec![demo.id, other])
        .fetch_all(&pool)
        .await
        .unwrap();
    assert_eq!(remaining, vec![demo.id]);
}

#[sqlx::test(migrations = "../migrations")]
async fn the_page_of_a_shared_profile_carries_its_link_preview_tags_and_an_unshared_one_none(pool: PgPool) {
    let demo = seeded(&pool).await;
    let web_dist = std::env::temp_dir().join(format!("vivier-page-tags-{}", demo.id + std::process::id() as i64));
    std::fs::create_dir_all(&web_dist).unwrap();
    std::fs::write(web_dist.join("index.html"), "<html><head><title>Vivier</title></head><body></body></html>")
        .unwrap();
    let site = crate::support::app_with_web(pool.clone(), &web_dist, [127, 0, 0, 1]);

    let shared = get(&site, &format!("/candidat/{}", demo.slug)).await;

    assert_eq!(shared.status, StatusCode::OK);
    let page = shared.text();
    assert!(page.contains("<title>Camille Martin · Vivier</title>"), "{page}");
    assert!(page.contains("<meta property=\"og:title\" content=\"Camille Martin\">"), "{page}");
    execute_of(&pool, "update candidates set is_public = false where user_id = $1", demo.id).await;
    let unshared = get(&site, &format!("/candidat/{}", demo.slug)).await.text();
    assert!(!unshared.contains("Camille") && !unshared.contains("og:title"), "{unshared}");
    std::fs::remove_dir_all(&web_dist).unwrap();
}
