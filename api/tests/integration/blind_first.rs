//! Blind first: a candidate who chose it shows partners their initials and no picture (hit card,
//! saved list, profile, contact requests) until they accept that partner's contact request or
//! apply to one of that partner's offers; withdrawing the application hides the name again, and
//! turning the option off shows it to everybody. A blind-first name is no keyword.

use axum::http::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::candidate_profile::{call, lyon};
use crate::search_demand::{Scene, scene};
use crate::support::{execute_of, login, scalar_of};

const MESSAGE: &str = "Bonjour Léa, votre parcours correspond à notre poste de développeuse à Lyon.";

/// A search Léa of the scene matches, with `keywords` if any.
fn lea_search(keywords: Option<&str>) -> Value {
    json!({
        "job_category": 1, "contracts": [5], "duration": 6, "start_at": "2026-12-15",
        "localization": lyon(), "radius": 5, "languages": [{ "id": 2, "level": 4 }], "degree": 0,
        "keywords": keywords
    })
}

/// Léa's choice of blind first (everyone may find her), in force for the next search.
async fn set_blind_first(scene: &mut Scene, blind_first: bool) -> Value {
    let choice = json!({ "findable_by": "everyone", "blind_first": blind_first });
    let set = call(&scene.app, &scene.lea.cookie, "PUT", "/api/api/candidates/findability", Some(choice)).await;
    assert_eq!(set.status, StatusCode::OK, "{}", set.text());
    scene.follower.catch_up().await.unwrap();
    set.json()
}

/// Léa as `partner`'s ad-hoc search shows her (`Null` when she is not among the hits).
async fn lea_hit(scene: &Scene, partner: &str, keywords: Option<&str>) -> Value {
    let uri = "/api/api/sourcing/searchs?save=false";
    let found = call(&scene.app, partner, "POST", uri, Some(lea_search(keywords))).await;
    assert_eq!(found.status, StatusCode::OK, "{}", found.text());
    let hits = found.json()["hits"].as_array().unwrap().clone();
    hits.into_iter()
        .find(|hit| hit["candidate"]["id"] == scene.lea.id)
        .map_or(Value::Null, |hit| hit["candidate"].clone())
}

async fn lea_profile(scene: &Scene, partner: &str) -> Value {
    let read = call(&scene.app, partner, "GET", &format!("/api/api/candidates/{}", scene.lea.id), None).await;
    assert_eq!(read.status, StatusCode::OK, "{}", read.text());
    read.json()
}

/// A profile picture for Léa.
async fn give_lea_a_picture(pool: &PgPool, lea_id: i64) {
    execute_of(
        pool,
        "with picture as (
             insert into uploads (id, owner_user_id, content_type, byte_size, sha256, data)
             values (gen_random_uuid(), $1, 'image/png', 1, sha256('x'::bytea), 'x'::bytea) returning id)
         update users set profile_picture_id = (select id from picture) where id = $1",
        lea_id,
    )
    .await;
}

/// An approved partner other than the scene's, logged in.
async fn other_partner(scene: &Scene, pool: &PgPool) -> String {
    let email: String = scalar_of(
        pool,
        "select u.email from users u join partners p on p.user_id = u.id
         where u.standing = 'approved' and u.email <> $1 order by u.id limit 1",
        api::seed::DEMO_PARTNER_EMAIL,
    )
    .await;
    login(&scene.app, &email, api::seed::DEMO_PASSWORD).await
}

fn name_of(candidate: &Value) -> (&str, &str, bool) {
    (
        candidate["firstname"].as_str().unwrap_or_default(),
        candidate["lastname"].as_str().unwrap_or_default(),
        candidate["name_hidden"].as_bool().unwrap(),
    )
}

#[sqlx::test(migrations = "../migrations")]
async fn a_blind_first_candidate_shows_initials_until_they_accept_that_partners_contact_request(pool: PgPool) {
    let mut scene = scene(&pool).await;
    give_lea_a_picture(&pool, scene.lea.id).await;
    let other = other_partner(&scene, &pool).await;
    let (app, partner) = (scene.app.clone(), scene.partner.clone());
    let found_by_name_before = lea_hit(&scene, &partner, Some("Durand")).await;
    let choice = set_blind_first(&mut scene, true).await;
    let saved = call(&app, &partner, "POST", "/api/api/sourcing/searchs?save=true", Some(lea_search(None))).await;
    let search_id = saved.json()["id"].as_i64().unwrap();
    let save = format!("/api/api/sourcing/searchs/{search_id}/save-candidate/{}", scene.lea.id);
    assert!(call(&app, &partner, "POST", &save, None).await.status.is_success());
    let hit = lea_hit(&scene, &partner, None).await;
    let saved_tab = format!("/api/api/sourcing/searchs/{search_id}?only_saved=true");
    let saved_entry = call(&app, &partner, "GET", &saved_tab, None).await.json()["hits"][0]["candidate"].clone();
    let profile = lea_profile(&scene, &partner).await;
    let picture_id: uuid::Uuid =
        scalar_of(&pool, "select profile_picture_id from users where id = $1", scene.lea.id).await;
    let picture = format!("/api/uploads/{picture_id}");
    let picture_before = call(&app, &partner, "GET", &picture, None).await.status;
    let found_by_name = lea_hit(&scene, &partner, Some("Durand")).await;
    let asked = call(
        &app,
        &partner,
        "POST",
        "/api/api/contact-requests",
        Some(json!({ "candidate_id": scene.lea.id, "message": MESSAGE })),
    )
    .await
    .json();
    let request_id = asked["id"].as_i64().unwrap();
    let acceptance = format!("/api/api/candidates/contact-requests/{request_id}/acceptance");
    let accepted = call(&app, &scene.lea.cookie, "POST", &acceptance, None).await.status;
    let hit_after = lea_hit(&scene, &partner, None).await;
    let saved_after = call(&app, &partner, "GET", &saved_tab, None).await.json()["hits"][0]["candidate"].clone();
    let profile_after = lea_profile(&scene, &partner).await;
    let picture_after = call(&app, &partner, "GET", &picture, None).await.status;
    let other_picture = call(&app, &other, "GET", &picture, None).await.status;
    let sent_after = call(&app, &partner, "GET", "/api/api/contact-requests", None).await.json();
    let other_hit = lea_hit(&scene, &other, None).await;

    assert_eq!(choice, json!({ "findable_by": "everyone", "blind_first": true }));
    assert_eq!(name_of(&found_by_name_before), ("Léa", "Durand", false), "a name is a keyword by default");
    for candidate in [&hit, &saved_entry] {
        assert_eq!(name_of(candidate), ("L.", "D.", true), "{candidate}");
        assert_eq!(candidate["slug"], Value::Null, "the slug spells the name");
        assert!(candidate["languages"].as_array().is_some_and(|languages| !languages.is_empty()));
    }
    assert_eq!(name_of(&profile), ("L.", "D.", true));
    assert_eq!(profile["profile_picture"], Value::Null);
    assert_eq!(profile["slug"], scene.lea.id.to_string());
    assert_eq!(found_by_name, Value::Null, "a blind-first name is no keyword");
    assert_eq!((asked["candidate_firstname"].as_str(), asked["name_hidden"].as_bool()), (Some("L."), Some(true)));
    assert_eq!(accepted, StatusCode::OK);
    for candidate in [&hit_after, &saved_after, &profile_after] {
        assert_eq!(name_of(candidate), ("Léa", "Durand", false), "{candidate}");
    }
    assert!(profile_after["profile_picture"]["url"].is_string(), "{profile_after}");
    assert_eq!(picture_before, StatusCode::NOT_FOUND, "an old link to the picture does not show it either");
    assert_eq!(picture_after, StatusCode::OK);
    assert_eq!(other_picture, StatusCode::NOT_FOUND);
    assert_eq!(sent_after["requests"][0]["candidate_firstname"], "Léa");
    assert_eq!(name_of(&other_hit), ("L.", "D.", true), "another partner still sees initials");
}

#[sqlx::test(migrations = "../migrations")]
async fn applying_shows_the_name_to_the_offers_partner_and_withdrawing_hides_it_again(pool: PgPool) {
    let mut scene = scene(&pool).await;
    let other = other_partner(&scene, &pool).await;
    let (app, partner, lea) = (scene.app.clone(), scene.partner.clone(), scene.lea.cookie.clone());
    set_blind_first(&mut scene, true).await;
    let offer = json!({
        "title": "Développeuse web", "job_category": 1, "contract_type": 5, "duration": 6, "start_at": "2026-12-15",
        "localization": lyon(), "radius": 10, "languages": [{ "id": 2, "level": 4 }], "degree": 0,
        "description": "Une équipe de six personnes.", "publish": true
    });
    let created = call(&app, &partner, "POST", "/api/api/job/offers", Some(offer)).await.json();
    let offer_id = created["id"].as_i64().unwrap();
    let before = lea_hit(&scene, &partner, None).await;
    let applied = call(&app, &lea, "POST", &format!("/api/api/offers/{offer_id}/applications"), Some(json!({}))).await;
    let application_id = applied.json()["id"].as_i64().unwrap();
    let while_applied = lea_hit(&scene, &partner, None).await;
    let other_while_applied = lea_hit(&scene, &other, None).await;
    let withdrawal = format!("/api/api/candidates/applications/{application_id}/withdrawal");
    let withdrawn = call(&app, &lea, "POST", &withdrawal, None).await.status;
    let after_withdrawal = lea_hit(&scene, &partner, None).await;

    assert_eq!(applied.status, StatusCode::CREATED, "{}", applied.text());
    assert_eq!(name_of(&before), ("L.", "D.", true));
    assert_eq!(name_of(&while_applied), ("Léa", "Durand", false));
    assert_eq!(name_of(&other_while_applied), ("L.", "D.", true));
    assert!(withdrawn.is_success(), "{withdrawn}");
    assert_eq!(name_of(&after_withdrawal), ("L.", "D.", true));
}

#[sqlx::test(migrations = "../migrations")]
async fn turning_blind_first_off_shows_the_name_to_everybody_again(pool: PgPool) {
    let mut scene = scene(&pool).await;
    let other = other_partner(&scene, &pool).await;
    set_blind_first(&mut scene, true).await;
    let hidden = lea_hit(&scene, &other, None).await;
    let unchanged = json!({ "findable_by": "everyone" });
    let kept = call(&scene.app, &scene.lea.cookie, "PUT", "/api/api/candidates/findability", Some(unchanged)).await;
    let choice = set_blind_first(&mut scene, false).await;
    let shown = lea_hit(&scene, &other, None).await;
    let found_by_name = lea_hit(&scene, &other, Some("Durand")).await;

    assert_eq!(name_of(&hidden), ("L.", "D.", true));
    assert_eq!(kept.json()["blind_first"], true, "a choice left out is unchanged");
    assert_eq!(choice["blind_first"], false);
    assert_eq!(name_of(&shown), ("Léa", "Durand", false));
    assert_eq!(name_of(&found_by_name), ("Léa", "Durand", false), "the name is a keyword again");
}
