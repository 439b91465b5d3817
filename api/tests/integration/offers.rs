//! Offers reach the candidates they fit and candidates apply: a draft is its partner's alone; a
//! published offer is matched by the engine to the candidates it fits ("offers for me", the daily
//! digest), a candidate applies once, the partner moves the application through its steps and
//! the candidate is told; withdrawing, closing and other partners are refused with stable codes.

use axum::http::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::candidate_profile::{call, lyon};
use crate::search_demand::{Scene, scene};
use crate::support::{latest_email, scalar_of};

/// An offer Léa of the scene fits: her category, her city, a contract she accepts, a language
/// she speaks.
fn fitting_offer(title: &str) -> Value {
    json!({
        "title": title, "job_category": 1, "contract_type": 5, "duration": 6, "start_at": "2026-12-15",
        "localization": lyon(), "radius": 10, "languages": [{ "id": 2, "level": 4 }], "degree": 0,
        "description": "Une équipe de six personnes."
    })
}

/// The scene without the demo's offers: only the test's own are live.
async fn scene_without_offers(pool: &PgPool) -> Scene {
    let scene = scene(pool).await;
    crate::support::execute(pool, "delete from job_offers").await;
    scene
}

async fn create(scene: &Scene, body: Value) -> i64 {
    let created = call(&scene.app, &scene.partner, "POST", "/api/api/job/offers", Some(body)).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
    created.json()["id"].as_i64().unwrap()
}

async fn publish(scene: &Scene, id: i64) -> Value {
    let uri = format!("/api/api/job/offers/{id}/publication");
    let published = call(&scene.app, &scene.partner, "POST", &uri, Some(json!({}))).await;
    assert_eq!(published.status, StatusCode::OK, "{}", published.text());
    published.json()
}

async fn for_me(scene: &Scene) -> Value {
    let found = call(&scene.app, &scene.lea.cookie, "GET", "/api/api/offers/for-me", None).await;
    assert_eq!(found.status, StatusCode::OK, "{}", found.text());
    found.json()
}

fn offer_ids(list: &Value) -> Vec<i64> {
    list["offers"].as_array().unwrap().iter().map(|fit| fit["offer"]["id"].as_i64().unwrap()).collect()
}

#[sqlx::test(migrations = "../migrations")]
async fn a_published_offer_reaches_the_candidate_it_fits_who_applies_and_follows_the_steps(pool: PgPool) {
    let scene = scene_without_offers(&pool).await;
    let (app, lea, partner) = (&scene.app, &scene.lea.cookie, &scene.partner);
    let id = create(&scene, fitting_offer("Développeuse web junior")).await;
    let mut accounting = fitting_offer("Comptable");
    accounting["job_category"] = json!(2);
    let other_category = create(&scene, accounting).await;
    let draft_for_me = for_me(&scene).await;
    let draft_read = call(app, lea, "GET", &format!("/api/api/offers/{id}"), None).await.status;
    let applications = format!("/api/api/offers/{id}/applications");
    let draft_apply = call(app, lea, "POST", &applications, Some(json!({}))).await.status;
    let past = call(
        app,
        partner,
        "POST",
        &format!("/api/api/job/offers/{id}/publication"),
        Some(json!({ "closes_on": "2020-01-01" })),
    )
    .await;
    let published = publish(&scene, id).await;
    publish(&scene, other_category).await;
    let told: i64 =
        scalar_of(&pool, "select count(*) from job_offer_matches where candidate_id = $1", scene.lea.id).await;
    let digests = api::job_offers::digest::send_digests(&scene.state.mailing(), chrono::Utc::now()).await.unwrap();
    let (digest_subject, _) = latest_email(&pool, "lea@example.org").await;
    let digest_text: String = scalar_of(
        &pool,
        "select text_body from outbox_emails where to_email = $1 order by id desc limit 1",
        "lea@example.org",
    )
    .await;
    let fitting = for_me(&scene).await;
    let browsed = call(app, lea, "GET", "/api/api/offers?lat=45.76&lng=4.83&radius=30", None).await.json();
    let applied = call(app, lea, "POST", &applications, Some(json!({ "note": "Disponible dès décembre." }))).await;
    let again = call(app, lea, "POST", &applications, Some(json!({}))).await;
    let partner_email: String =
        scalar_of(&pool, "select email from users where email = $1", api::seed::DEMO_PARTNER_EMAIL).await;
    let (received_subject, _) = latest_email(&pool, &partner_email).await;
    let applicants = call(app, partner, "GET", &format!("/api/api/job/offers/{id}/applications"), None).await.json();
    let own_offers = call(app, partner, "GET", "/api/api/job/offers", None).await.json();
    let profile = format!("/api/api/candidates/{}", scene.lea.id);
    let profile_after_applying = call(app, partner, "GET", &profile, None).await.status;
    let application_id = applied.json()["id"].as_i64().unwrap();
    let step = format!("/api/api/job/applications/{application_id}/status");
    let shortlisted = call(app, partner, "PUT", &step, Some(json!({ "status": "shortlisted" }))).await.status;
    let (step_subject, _) = latest_email(&pool, "lea@example.org").await;
    let csv = call(app, partner, "GET", &format!("/api/api/job/offers/{id}/applications.csv"), None).await;
    let mine = call(app, lea, "GET", "/api/api/candidates/applications", None).await.json();
    let withdrawal = format!("/api/api/candidates/applications/{application_id}/withdrawal");
    let withdrawn = call(app, lea, "POST", &withdrawal, None).await.json();
    let applicants_after =
        call(app, partner, "GET", &format!("/api/api/job/offers/{id}/applications"), None).await.json();
    let profile_after_withdrawing = call(app, partner, "GET", &profile, None).await.status;
    let moved_after = call(app, partner, "PUT", &step, Some(json!({ "status": "interview" }))).await;
    let closed = call(app, partner, "POST", &format!("/api/api/job/offers/{id}/closure"), None).await.json();
    let apply_closed = call(app, lea, "POST", &applications, Some(json!({}))).await;
    let after_closing = for_me(&scene).await;

    assert_eq!(offer_ids(&draft_for_me), Vec::<i64>::new(), "a draft reaches nobody");
    assert_eq!(draft_read, StatusCode::NOT_FOUND);
    assert_eq!(draft_apply, StatusCode::NOT_FOUND);
    assert_eq!(past.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(past.json()["errors"], json!({ "closes_on": ["date_in_the_past"] }));
    assert_eq!((published["status"].as_str(), published["live"].as_bool()), (Some("published"), Some(true)));
    assert_eq!(told, 1, "publishing told Léa of the offer she fits, not of the other");
    assert_eq!(digests, [scene.lea.id]);
    assert_eq!(digest_subject, "Une nouvelle offre vous correspond");
    assert!(digest_text.contains(&format!("/offres/{id}\n")), "{digest_text}");
    assert!(digest_text.contains("Développeuse web junior") && !digest_text.contains("Comptable"), "{digest_text}");
    assert_eq!((fitting["looking"].as_bool(), fitting["total"].as_i64()), (Some(true), Some(1)));
    assert_eq!(offer_ids(&fitting), [id]);
    let explanation = &fitting["offers"][0]["breakdown"];
    assert!(fitting["offers"][0]["score"].as_f64().is_some_and(|score| score > 0.0), "{fitting}");
    assert_eq!(
        (explanation["languages"][0]["required"].as_i64(), explanation["languages"][0]["actual"].as_i64()),
        (Some(4), Some(5))
    );
    assert_eq!(fitting["offers"][0]["offer"]["application_count"], Value::Null, "counts are the partner's");
    let browsed_fits: Vec<(i64, bool)> = browsed["offers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|offer| (offer["offer"]["id"].as_i64().unwrap(), offer["score"].is_number()))
        .collect();
    assert_eq!(browsed["total"], 2);
    assert!(browsed_fits.contains(&(id, true)) && browsed_fits.contains(&(other_category, false)), "{browsed_fits:?}");
    assert_eq!(applied.status, StatusCode::CREATED, "{}", applied.text());
    assert_eq!(applied.json()["status"], "new");
    assert_eq!((again.status, again.json()["code"].as_str()), (StatusCode::CONFLICT, Some("already_applied")));
    assert!(received_subject.contains("Développeuse web junior"), "{received_subject}");
    assert_eq!(applicants["applicants"][0]["firstname"], "Léa");
    assert_eq!(applicants["applicants"][0]["email"], "lea@example.org", "applying shares the address");
    assert_eq!(applicants["applicants"][0]["note"], "Disponible dès décembre.");
    assert!(applicants["applicants"][0]["score"].is_number(), "{applicants}");
    let counted = own_offers.as_array().unwrap().iter().find(|offer| offer["id"] == id).unwrap();
    assert_eq!((counted["application_count"].as_i64(), counted["new_application_count"].as_i64()), (Some(1), Some(1)));
    assert_eq!(profile_after_applying, StatusCode::OK, "applying opens the profile to the partner");
    assert_eq!(shortlisted, StatusCode::NO_CONTENT);
    assert_eq!(step_subject, "Votre candidature avance");
    assert_eq!(csv.status, StatusCode::OK);
    assert!(csv.text().contains("lea@example.org") && csv.text().contains("Présélection"), "{}", csv.text());
    assert_eq!(mine["applications"][0]["status"], "shortlisted");
    assert_eq!(withdrawn["status"], "withdrawn");
    assert_eq!(applicants_after["applicants"], json!([]));
    assert_eq!(profile_after_withdrawing, StatusCode::NOT_FOUND, "withdrawing closes the profile again");
    assert_eq!(
        (moved_after.status, moved_after.json()["code"].as_str()),
        (StatusCode::CONFLICT, Some("application_closed"))
    );
    assert_eq!(closed["status"], "closed");
    assert_eq!(
        (apply_closed.status, apply_closed.json()["code"].as_str()),
        (StatusCode::CONFLICT, Some("offer_not_live"))
    );
    assert_eq!(offer_ids(&after_closing), Vec::<i64>::new());
}

#[sqlx::test(migrations = "../migrations")]
async fn other_partners_find_nothing_a_decline_is_final_and_a_hidden_candidate_still_sees_offers(pool: PgPool) {
    let mut scene = scene_without_offers(&pool).await;
    let id = publish(&scene, create(&scene, fitting_offer("Développeuse web")).await).await["id"].as_i64().unwrap();
    let app = scene.app.clone();
    let lea = scene.lea.cookie.clone();
    let long_note = "x".repeat(2001);
    let applications = format!("/api/api/offers/{id}/applications");
    let too_long = call(&app, &lea, "POST", &applications, Some(json!({ "note": long_note }))).await;
    let applied = call(&app, &lea, "POST", &applications, Some(json!({}))).await.json();
    let step = format!("/api/api/job/applications/{}/status", applied["id"]);
    let other_partner_email: String = scalar_of(
        &pool,
        "select u.email from users u join partners p on p.user_id = u.id
         where u.standing = 'approved' and u.email <> $1 order by u.id limit 1",
        api::seed::DEMO_PARTNER_EMAIL,
    )
    .await;
    let other = crate::support::login(&app, &other_partner_email, api::seed::DEMO_PASSWORD).await;
    let foreign_list = call(&app, &other, "GET", &format!("/api/api/job/offers/{id}/applications"), None).await.status;
    let foreign_move = call(&app, &other, "PUT", &step, Some(json!({ "status": "hired" }))).await.status;
    let as_withdrawn = call(&app, &scene.partner, "PUT", &step, Some(json!({ "status": "withdrawn" }))).await;
    let declined = call(&app, &scene.partner, "PUT", &step, Some(json!({ "status": "declined" }))).await.status;
    let (declined_subject, _) = latest_email(&pool, "lea@example.org").await;
    let revived = call(&app, &scene.partner, "PUT", &step, Some(json!({ "status": "shortlisted" }))).await.json();
    let hide = json!({ "findable_by": "nobody" });
    let hidden = call(&app, &lea, "PUT", "/api/api/candidates/findability", Some(hide)).await.status;
    scene.follower.catch_up().await.unwrap();
    let while_hidden = for_me(&scene).await;

    assert_eq!(too_long.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(too_long.json()["errors"], json!({ "note": ["too_long"] }));
    assert_eq!(foreign_list, StatusCode::NOT_FOUND);
    assert_eq!(foreign_move, StatusCode::NOT_FOUND);
    assert_eq!(as_withdrawn.status, StatusCode::UNPROCESSABLE_ENTITY, "only the candidate withdraws");
    assert_eq!(declined, StatusCode::NO_CONTENT);
    assert!(declined_subject.starts_with("Votre candidature : « Développeuse web »"), "{declined_subject}");
    assert_eq!(revived["code"], "application_closed", "a decline is final");
    assert_eq!(hidden, StatusCode::OK);
    assert_eq!(offer_ids(&while_hidden), [id], "hiding from recruiters does not hide offers from me");
}

#[sqlx::test(migrations = "../migrations")]
async fn the_demo_candidate_finds_offers_for_her_and_the_demo_partner_has_a_draft(pool: PgPool) {
    let scene = scene(&pool).await;
    let camille = crate::support::login(&scene.app, api::seed::DEMO_CANDIDATE_EMAIL, api::seed::DEMO_PASSWORD).await;
    let for_camille = call(&scene.app, &camille, "GET", "/api/api/offers/for-me", None).await.json();
    let own = call(&scene.app, &scene.partner, "GET", "/api/api/job/offers", None).await.json();
    let statuses: Vec<&str> = own.as_array().unwrap().iter().map(|offer| offer["status"].as_str().unwrap()).collect();

    assert!(for_camille["total"].as_i64().is_some_and(|total| total >= 1), "{for_camille}");
    assert_eq!(statuses.iter().filter(|status| **status == "published").count(), 3, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|status| **status == "draft").count(), 1, "{statuses:?}");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_school_counts_its_candidates_applications_interviews_and_hires_per_month(pool: PgPool) {
    let scene = scene_without_offers(&pool).await;
    let school_id: i64 = scalar_of(&pool, "select id from users where email = $1", api::seed::DEMO_SCHOOL_EMAIL).await;
    sqlx::query("update candidates set school_id = $2 where user_id = $1")
        .bind(scene.lea.id)
        .bind(school_id)
        .execute(&pool)
        .await
        .unwrap();
    let id = publish(&scene, create(&scene, fitting_offer("Développeuse web")).await).await["id"].as_i64().unwrap();
    let applications = format!("/api/api/offers/{id}/applications");
    let applied = call(&scene.app, &scene.lea.cookie, "POST", &applications, Some(json!({}))).await;
    let step = format!("/api/api/job/applications/{}/status", applied.json()["id"]);
    for status in ["interview", "hired"] {
        let moved = call(&scene.app, &scene.partner, "PUT", &step, Some(json!({ "status": status }))).await;
        assert_eq!(moved.status, StatusCode::NO_CONTENT);
    }
    let school = crate::support::login(&scene.app, api::seed::DEMO_SCHOOL_EMAIL, api::seed::DEMO_PASSWORD).await;
    let statistics = call(&scene.app, &school, "GET", "/api/api/school/statistics", None).await;
    let text = statistics.text();
    let outcomes = statistics.json()["outcomes"].clone();
    let months = outcomes.as_array().unwrap();

    assert_eq!(months.len(), 12);
    let this_month = months.last().unwrap();
    assert_eq!(
        (&this_month["applications"], &this_month["interviews"], &this_month["hires"]),
        (&json!(1), &json!(1), &json!(1))
    );
    assert!(!text.contains("Développeuse web"), "counts only: no offer or company is named");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_permanent_offer_needs_no_duration_and_reaches_every_minimum_while_a_fixed_term_one_needs_it(pool: PgPool) {
    let scene = scene_without_offers(&pool).await;
    let mut permanent = fitting_offer("Développeuse web en CDI");
    permanent["contract_type"] = json!(1);
    permanent.as_object_mut().unwrap().remove("duration");
    let mut fixed_term = fitting_offer("Développeuse web en CDD");
    fixed_term["contract_type"] = json!(2);
    fixed_term["duration"] = Value::Null;
    let mut searching_permanent = crate::search_demand::search(1);
    searching_permanent["duration"] = Value::Null;
    let mut searching_both = searching_permanent.clone();
    searching_both["contracts"] = json!([1, 2]);

    let id = publish(&scene, create(&scene, permanent).await).await["id"].as_i64().unwrap();
    let read = call(&scene.app, &scene.partner, "GET", &format!("/api/api/job/offers/{id}"), None).await.json();
    let refused = call(&scene.app, &scene.partner, "POST", "/api/api/job/offers", Some(fixed_term)).await;
    let searches = "/api/api/sourcing/searchs?save=false";
    let permanent_search = call(&scene.app, &scene.partner, "POST", searches, Some(searching_permanent)).await;
    let mixed_search = call(&scene.app, &scene.partner, "POST", searches, Some(searching_both)).await;

    assert_eq!((&read["status"], &read["duration"]), (&json!("published"), &Value::Null));
    assert_eq!(offer_ids(&for_me(&scene).await), [id], "no duration: Léa's minimum of 6 months is met");
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused.json()["errors"], json!({ "duration": ["required"] }));
    assert_eq!(permanent_search.status, StatusCode::OK, "{}", permanent_search.text());
    assert_eq!(permanent_search.json()["search"]["duration"], Value::Null, "{}", permanent_search.text());
    assert_eq!(mixed_search.status, StatusCode::UNPROCESSABLE_ENTITY, "a fixed-term contract sought needs a duration");
    assert_eq!(mixed_search.json()["errors"], json!({ "duration": ["required"] }));
}
