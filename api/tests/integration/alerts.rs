//! Saved-search alerts end to end (the real router, Postgres, the indexer following the change
//! log and percolating each batch).

use api::alerts::{digest, percolate};
use axum::http::StatusCode;
use indexer::{Follower, IndexerOptions, Transition};
use serde_json::{Value, json};
use sqlx::PgPool;
use tokio::sync::mpsc::UnboundedReceiver;

use crate::candidate_profile::{call, lyon, new_candidate};
use crate::support::{app_with_state, get_as, login, row_of, scalar_of, state};

fn job_search(place: Value) -> Value {
    json!({
        "from": "job_search", "job_categories": [1], "job_localizations": [place],
        "contract_types": [1, 5], "contract_hourly_schemes": [1], "company_types": [1, 3],
        "contract_min_duration": 6, "availability": "2026-12-01", "in_research": true, "degree": 6, "type": 1
    })
}

fn paris() -> Value {
    json!({ "value": "Paris", "type": "city", "id": "75056" })
}

/// Percolates what the follower's catch-up applied, as the server's alert task does.
async fn catch_up(
    follower: &mut Follower,
    batches: &mut UnboundedReceiver<Vec<Transition>>,
    state: &api::app::AppState,
) -> Vec<Vec<Transition>> {
    follower.catch_up().await.unwrap();
    let mut seen = Vec::new();
    while let Ok(batch) = batches.try_recv() {
        seen.push(batch.clone());
        percolate::handle_batch(&state.mailing(), &state.alerts, batch).await.unwrap();
    }
    seen
}

#[sqlx::test(migrations = "../migrations")]
async fn a_candidate_who_moves_into_a_search_circle_is_notified_once_with_the_reason(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let state = state(pool.clone());
    let (sender, mut batches) = api::alerts::channel();
    let options = IndexerOptions { applied: Some(sender), ..IndexerOptions::default() };
    let mut follower =
        Follower::load(pool.clone(), state.engine.matcher.clone(), state.cards.clone(), state.indexer.clone(), options)
            .await
            .unwrap();
    let app = app_with_state(state.clone());
    let lea = new_candidate(&pool, &app, "lea@example.org").await;
    let candidate_uri = format!("/api/api/candidates/{}", lea.id);
    call(&app, &lea.cookie, "POST", &candidate_uri, Some(job_search(paris()))).await;
    call(
        &app,
        &lea.cookie,
        "POST",
        &format!("{candidate_uri}/languages"),
        Some(json!({ "languages": [{ "id": 2, "level": 5 }] })),
    )
    .await;
    catch_up(&mut follower, &mut batches, &state).await;

    let partner = login(&app, api::seed::DEMO_PARTNER_EMAIL, api::seed::DEMO_PASSWORD).await;
    let search = json!({
        "job_category": 1, "contracts": [5], "duration": 6, "start_at": "2026-12-15", "name": "Lyon devs",
        "localization": lyon(), "radius": 5, "languages": [{ "id": 2, "level": 4 }], "degree": 0
    });
    let created = call(&app, &partner, "POST", "/api/api/sourcing/searchs?save=true", Some(search)).await;
    let search_id = created.json()["id"].as_i64().unwrap();
    let alerts = call(
        &app,
        &partner,
        "PATCH",
        &format!("/api/api/sourcing/searchs/{search_id}"),
        Some(json!({ "alerts": "daily" })),
    )
    .await;
    let invalid = call(
        &app,
        &partner,
        "PATCH",
        &format!("/api/api/sourcing/searchs/{search_id}"),
        Some(json!({ "alerts": "hourly" })),
    )
    .await;
    assert_eq!(alerts.status, StatusCode::NO_CONTENT, "{}", alerts.text());
    assert_eq!(invalid.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", invalid.text());
    let listed = get_as(&app, Some(&partner), "/api/api/sourcing/searchs").await.json();
    let entry = listed.as_array().unwrap().iter().find(|entry| entry["id"] == search_id).unwrap().clone();
    assert_eq!(entry["alerts"], "daily");

    // Léa moves her place into the search's circle
    call(&app, &lea.cookie, "POST", &candidate_uri, Some(job_search(lyon()))).await;
    let applied = catch_up(&mut follower, &mut batches, &state).await;
    let ours = |list: &Value| -> Vec<Value> {
        list["notifications"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|item| item["search_id"] == search_id)
            .cloned()
            .collect()
    };
    let notifications = get_as(&app, Some(&partner), "/api/api/notifications").await.json();
    let mine = ours(&notifications);
    assert_eq!(mine.len(), 1, "{notifications}");
    assert_eq!(mine[0]["candidate_id"], lea.id);
    assert_eq!(mine[0]["search_name"], "Lyon devs");
    assert!(mine[0]["reason"].as_str().unwrap().contains("Lyon"), "{}", mine[0]["reason"]);
    assert!(notifications["unread"].as_i64().unwrap() >= 1);

    // the same edit again, and the same batch percolated again (a restart, a second server)
    call(&app, &lea.cookie, "POST", &candidate_uri, Some(job_search(lyon()))).await;
    catch_up(&mut follower, &mut batches, &state).await;
    for batch in applied {
        assert!(
            percolate::handle_batch(&state.mailing(), &state.alerts, batch).await.unwrap().is_empty(),
            "nothing new"
        );
    }
    let again = get_as(&app, Some(&partner), "/api/api/notifications").await.json();
    assert_eq!(ours(&again).len(), 1, "still one: {again}");

    // the results page marks her as new since the previous visit
    let page = get_as(&app, Some(&partner), &format!("/api/api/sourcing/searchs/{search_id}")).await.json();
    let hit = page["hits"].as_array().unwrap().iter().find(|hit| hit["candidate"]["id"] == lea.id).unwrap().clone();
    assert_eq!(hit["new"], true);

    // read by its owner only
    let id = mine[0]["id"].as_i64().unwrap();
    let other = new_candidate(&pool, &app, "noe@example.org").await;
    let refused = call(&app, &other.cookie, "POST", &format!("/api/api/notifications/{id}/read"), None).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "a candidate has no notifications route");
    let read = call(&app, &partner, "POST", &format!("/api/api/notifications/{id}/read"), None).await;
    assert_eq!(read.status, StatusCode::NO_CONTENT);
    let unknown = call(&app, &partner, "POST", "/api/api/notifications/999999/read", None).await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);

    // the day's digest lists her, once
    let now = chrono::Utc::now();
    let partner_id: i64 =
        scalar_of(&pool, "select id from users where email = $1", api::seed::DEMO_PARTNER_EMAIL).await;
    assert_eq!(digest::send_digests(&state.mailing(), now).await.unwrap(), vec![partner_id]);
    assert!(digest::send_digests(&state.mailing(), now + chrono::Duration::hours(2)).await.unwrap().is_empty());
    let (subject, text, one_click): (String, String, Option<String>) = row_of(
        &pool,
        "select subject, text_body, list_unsubscribe_url from outbox_emails where to_email = $1 order by id desc limit 1",
        api::seed::DEMO_PARTNER_EMAIL,
    )
    .await;
    assert!(subject.contains("nouveau") || subject.contains("new"), "{subject}");
    assert!(text.contains("Léa Durand (Lyon devs)"), "{text}");
    assert!(text.contains("type=sourcing"), "{text}");
    let one_click = one_click.expect("a digest names its one-click unsubscribe address");
    assert!(
        one_click.contains("/api/api/notifications/unsubscribe/one-click?token=")
            && one_click.ends_with("&type=sourcing")
    );
}
