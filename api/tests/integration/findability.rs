//! Who can find me: a candidate who lets only their school's recruiters find them leaves the
//! searches of every other partner (the total drops by one) and stays in those of a partner their
//! school works with; one who lets nobody find them leaves every search.

use axum::http::StatusCode;
use serde_json::json;
use sqlx::PgPool;

use crate::candidate_profile::call;
use crate::search_demand::{Scene, scene, search};
use crate::support::{execute, login, scalar_of};

/// The total and whether Léa is on the page, for the partner of `cookie`.
async fn finds_lea(scene: &Scene, cookie: &str) -> (i64, bool) {
    let found = call(&scene.app, cookie, "POST", "/api/api/sourcing/searchs?save=false", Some(search(5))).await;
    assert_eq!(found.status, StatusCode::OK, "{}", found.text());
    let body = found.json();
    let on_page = body["hits"].as_array().unwrap().iter().any(|hit| hit["candidate"]["id"] == scene.lea.id);
    (body["total"].as_i64().unwrap(), on_page)
}

async fn choose(scene: &mut Scene, findable_by: &str) {
    let body = json!({ "findable_by": findable_by });
    let chosen = call(&scene.app, &scene.lea.cookie, "PUT", "/api/api/candidates/findability", Some(body)).await;
    assert_eq!(chosen.status, StatusCode::OK, "{}", chosen.text());
    assert_eq!(chosen.json(), json!({ "findable_by": findable_by, "blind_first": false }));
    scene.follower.catch_up().await.unwrap();
}

#[sqlx::test(migrations = "../migrations")]
async fn only_the_partners_of_my_school_find_me_when_i_say_so(pool: PgPool) {
    let mut scene = scene(&pool).await;
    let school_id: i64 = scalar_of(&pool, "select id from users where email = $1", api::seed::DEMO_SCHOOL_EMAIL).await;
    let partner_id: i64 =
        scalar_of(&pool, "select id from users where email = $1", api::seed::DEMO_PARTNER_EMAIL).await;
    execute(&pool, "delete from partner_schools").await;
    sqlx::query("update candidates set school_id = $2 where user_id = $1")
        .bind(scene.lea.id)
        .bind(school_id)
        .execute(&pool)
        .await
        .unwrap();
    let school = login(&scene.app, api::seed::DEMO_SCHOOL_EMAIL, api::seed::DEMO_PASSWORD).await;
    let linked = call(&scene.app, &school, "POST", &format!("/api/api/partners/{partner_id}/add-school"), None).await;
    assert!(linked.status.is_success(), "{}", linked.text());
    // the link holds once the partner accepts it
    let school_id_path = format!("/api/api/partner/school-links/{school_id}/acceptance");
    let accepted = call(&scene.app, &scene.partner, "POST", &school_id_path, None).await;
    assert_eq!(accepted.status, StatusCode::NO_CONTENT, "{}", accepted.text());
    let other_email: String = scalar_of(
        &pool,
        "select u.email from users u join partners p on p.user_id = u.id where u.email <> $1 order by u.id limit 1",
        api::seed::DEMO_PARTNER_EMAIL,
    )
    .await;
    let other = login(&scene.app, &other_email, api::seed::DEMO_PASSWORD).await;
    scene.follower.catch_up().await.unwrap();
    let default = call(&scene.app, &scene.lea.cookie, "GET", "/api/api/candidates/findability", None).await;
    let (linked_total, linked_finds) = finds_lea(&scene, &scene.partner).await;
    let (other_total, other_finds) = finds_lea(&scene, &other).await;

    choose(&mut scene, "school_partners").await;
    let school_only = (finds_lea(&scene, &scene.partner).await, finds_lea(&scene, &other).await);
    choose(&mut scene, "nobody").await;
    let nobody = finds_lea(&scene, &scene.partner).await;
    let invalid = call(
        &scene.app,
        &scene.lea.cookie,
        "PUT",
        "/api/api/candidates/findability",
        Some(json!({ "findable_by": "friends" })),
    )
    .await;

    assert_eq!(default.json(), json!({ "findable_by": "everyone", "blind_first": false }));
    assert!(linked_finds && other_finds, "everyone finds Léa at first");
    assert_eq!(school_only.0, (linked_total, true), "the partner her school works with still finds her");
    assert_eq!(school_only.1, (other_total - 1, false), "another partner no longer does, and the total says so");
    assert_eq!(nobody, (linked_total - 1, false), "nobody finds her");
    assert!(invalid.status.is_client_error(), "{}", invalid.text());
}

#[sqlx::test(migrations = "../migrations")]
async fn a_saved_candidate_who_hides_is_no_longer_available_and_nothing_more(pool: PgPool) {
    let mut scene = scene(&pool).await;
    let lastname: String = scalar_of(&pool, "select lastname from users where id = $1", scene.lea.id).await;
    let saved = call(&scene.app, &scene.partner, "POST", "/api/api/sourcing/searchs?save=true", Some(search(5))).await;
    let search_id = saved.json()["id"].as_i64().unwrap();
    let keep = format!("/api/api/sourcing/searchs/{search_id}/save-candidate/{}", scene.lea.id);
    assert_eq!(call(&scene.app, &scene.partner, "POST", &keep, None).await.status, StatusCode::NO_CONTENT);
    let saved_tab = format!("/api/api/sourcing/searchs/{search_id}?only_saved=true");
    let read = |scene: &Scene| {
        let (app, partner, uri) = (scene.app.clone(), scene.partner.clone(), saved_tab.clone());
        async move { call(&app, &partner, "GET", &uri, None).await }
    };

    // and she started to match the search, as an alert would tell
    let matched = "insert into sourcing_search_matches (sourcing_search_id, candidate_id, partner_id, reason)
         select id, $2, partner_id, '{\"score\": 50, \"country_wide\": true}'
         from sourcing_searches where id = $1";
    sqlx::query(matched).bind(search_id).bind(scene.lea.id).execute(&pool).await.unwrap();
    let notified = |scene: &Scene| {
        let (app, partner) = (scene.app.clone(), scene.partner.clone());
        async move { call(&app, &partner, "GET", "/api/api/notifications", None).await.json() }
    };

    let before = read(&scene).await.json();
    let notified_before = notified(&scene).await;
    choose(&mut scene, "nobody").await;
    let hidden = read(&scene).await;
    let notified_hidden = notified(&scene).await;
    choose(&mut scene, "everyone").await;
    let back = read(&scene).await.json();

    assert_eq!(before["hits"][0]["candidate"]["id"], scene.lea.id);
    assert_eq!(before["no_longer_available"], json!([]));
    let hidden_body = hidden.json();
    assert_eq!(hidden_body["hits"], json!([]), "{hidden_body}");
    assert_eq!(hidden_body["no_longer_available"], json!([scene.lea.id]));
    assert!(!hidden.text().contains(&lastname), "nothing of her but her id");
    assert_eq!(back["hits"][0]["candidate"]["id"], scene.lea.id, "available again once she is findable");
    assert_eq!(notified_before["notifications"][0]["candidate_id"], scene.lea.id, "{notified_before}");
    assert_eq!(notified_hidden, json!({ "unread": 0, "notifications": [] }), "the alert went with her consent");
}
