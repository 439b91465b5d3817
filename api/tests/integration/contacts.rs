//! From a match to a conversation with the candidate's consent: a partner asks, the candidate
//! accepts (addresses shown, a thread opens) or declines (90 days before asking again); requests
//! expire after 14 days; a blocked company, a hidden candidate or a spent quota gets nothing.

use axum::http::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::candidate_profile::{call, lyon};
use crate::search_demand::{Scene, scene};
use crate::support::{execute, execute_of, latest_email, scalar_of};

const MESSAGE: &str = "Bonjour Léa, votre parcours correspond à notre poste de développeuse à Lyon.";

async fn ask(scene: &Scene, body: Value) -> (StatusCode, Value) {
    let asked = call(&scene.app, &scene.partner, "POST", "/api/api/contact-requests", Some(body)).await;
    (asked.status, asked.json())
}

fn request_to_lea(scene: &Scene) -> Value {
    json!({ "candidate_id": scene.lea.id, "message": MESSAGE })
}

async fn emails_to(pool: &PgPool, to: &str, subject_start: &str) -> i64 {
    sqlx::query_scalar("select count(*) from outbox_emails where to_email = $1 and subject like $2 || '%'")
        .bind(to)
        .bind(subject_start)
        .fetch_one(pool)
        .await
        .unwrap()
}

#[sqlx::test(migrations = "../migrations")]
async fn a_contact_request_opens_a_conversation_only_once_the_candidate_accepts(pool: PgPool) {
    let scene = scene(&pool).await;
    let (app, lea, partner) = (&scene.app, &scene.lea.cookie, &scene.partner);
    let profile = format!("/api/api/candidates/{}", scene.lea.id);
    let (short, short_body) = ask(&scene, json!({ "candidate_id": scene.lea.id, "message": "Bonjour !" })).await;
    let (foreign_offer, foreign_body) =
        ask(&scene, json!({ "candidate_id": scene.lea.id, "message": MESSAGE, "offer_id": 999_999 })).await;
    let (asked, request) = ask(&scene, request_to_lea(&scene)).await;
    let id = request["id"].as_i64().unwrap();
    let (subject, _) = latest_email(&pool, "lea@example.org").await;
    let (again, again_body) = ask(&scene, request_to_lea(&scene)).await;
    let thread = format!("/api/api/conversations/{id}");
    let thread_before = call(app, partner, "GET", &thread, None).await.status;
    let profile_before = call(app, partner, "GET", &profile, None).await.status;
    let received = call(app, lea, "GET", "/api/api/candidates/contact-requests", None).await.json();
    let acceptance = format!("/api/api/candidates/contact-requests/{id}/acceptance");
    let accepted = call(app, lea, "POST", &acceptance, None).await.json();
    let accepted_twice = call(app, lea, "POST", &acceptance, None).await;
    let partner_email: String =
        scalar_of(&pool, "select email from users where email = $1", api::seed::DEMO_PARTNER_EMAIL).await;
    let (acceptance_subject, _) = latest_email(&pool, &partner_email).await;
    let sent = call(app, partner, "GET", "/api/api/contact-requests", None).await.json();
    let profile_after = call(app, partner, "GET", &profile, None).await.status;
    let messages = format!("{thread}/messages");
    let first = call(app, partner, "POST", &messages, Some(json!({ "body": "Êtes-vous libre jeudi ?" }))).await;
    let second = call(app, partner, "POST", &messages, Some(json!({ "body": "Ou vendredi matin ?" }))).await;
    let empty = call(app, partner, "POST", &messages, Some(json!({ "body": "" }))).await.status;
    let lea_list = call(app, lea, "GET", "/api/api/conversations", None).await.json();
    let lea_thread = call(app, lea, "GET", &thread, None).await.json();
    let lea_list_after = call(app, lea, "GET", "/api/api/conversations", None).await.json();
    let partner_thread = call(app, partner, "GET", &thread, None).await.json();
    let closed = call(app, lea, "POST", &format!("{thread}/closure"), None).await.status;
    let after_closing = call(app, partner, "POST", &messages, Some(json!({ "body": "Bonjour ?" }))).await;
    let profile_after_closing = call(app, partner, "GET", &profile, None).await.status;

    assert_eq!(short, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(short_body["errors"], json!({ "message": ["too_short"] }));
    assert_eq!(foreign_offer, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(foreign_body["errors"], json!({ "offer_id": ["unknown"] }));
    assert_eq!(asked, StatusCode::CREATED, "{request}");
    assert_eq!(request["state"], "pending");
    assert_eq!(request["contact_email"], Value::Null, "no address before the candidate accepts");
    assert_eq!(request["candidate_firstname"], "Léa");
    assert!(subject.ends_with("souhaite entrer en contact avec vous"), "{subject}");
    assert_eq!((again, again_body["code"].as_str()), (StatusCode::CONFLICT, Some("contact_request_open")));
    assert_eq!(thread_before, StatusCode::NOT_FOUND, "no conversation before the acceptance");
    assert_eq!(profile_before, StatusCode::NOT_FOUND, "a request alone opens nothing");
    assert_eq!(received["requests"][0]["message"], MESSAGE);
    assert_eq!(received["requests"][0]["contact_email"], Value::Null);
    assert_eq!(received["requests"][0]["offer_score"], Value::Null, "no offer, no fit");
    assert!(received["requests"][0]["company"].as_str().is_some_and(|company| !company.is_empty()));
    assert_eq!(accepted["state"], "accepted");
    assert_eq!(accepted["contact_email"], partner_email, "the candidate sees the recruiter's address");
    assert_eq!(accepted_twice.status, StatusCode::CONFLICT);
    assert_eq!(accepted_twice.json()["code"], "contact_request_closed");
    assert!(acceptance_subject.starts_with("Léa Durand accepted your contact request"), "{acceptance_subject}");
    assert_eq!(sent["requests"][0]["contact_email"], "lea@example.org", "and the recruiter the candidate's");
    assert_eq!(profile_after, StatusCode::OK, "an accepted contact opens the profile");
    assert_eq!((first.status, second.status), (StatusCode::CREATED, StatusCode::CREATED));
    assert_eq!(empty, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(emails_to(&pool, "lea@example.org", "Nouveau message").await, 1, "one email per 15 minutes");
    assert_eq!(lea_list["unread"], 2);
    assert_eq!(lea_list["conversations"][0]["email"], partner_email);
    let bodies: Vec<(&str, bool)> = lea_thread["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|message| (message["body"].as_str().unwrap(), message["mine"].as_bool().unwrap()))
        .collect();
    assert_eq!(bodies, [("Êtes-vous libre jeudi ?", false), ("Ou vendredi matin ?", false)]);
    assert_eq!(lea_list_after["unread"], 0, "reading marks them read");
    assert_eq!(partner_thread["messages"][0]["read"], true, "the writer sees that they were read");
    assert_eq!(closed, StatusCode::NO_CONTENT);
    assert_eq!(after_closing.status, StatusCode::CONFLICT);
    assert_eq!(after_closing.json()["code"], "conversation_closed");
    assert_eq!(profile_after_closing, StatusCode::NOT_FOUND, "a closed conversation closes the profile again");
}

#[sqlx::test(migrations = "../migrations")]
async fn declines_expiry_blocks_hiding_and_the_quota_keep_a_partner_out(pool: PgPool) {
    let mut scene = scene(&pool).await;
    let (app, lea) = (scene.app.clone(), scene.lea.cookie.clone());
    let (_, first) = ask(&scene, request_to_lea(&scene)).await;
    let first_id = first["id"].as_i64().unwrap();
    let declined =
        call(&app, &lea, "POST", &format!("/api/api/candidates/contact-requests/{first_id}/refusal"), None).await;
    let partner_email: String =
        scalar_of(&pool, "select email from users where email = $1", api::seed::DEMO_PARTNER_EMAIL).await;
    let declined_emails = emails_to(&pool, &partner_email, "Your contact request to").await;
    let (too_soon, too_soon_body) = ask(&scene, request_to_lea(&scene)).await;
    execute_of(&pool, "update contact_requests set answered_at = now() - interval '91 days' where id = $1", first_id)
        .await;
    let (later, second) = ask(&scene, request_to_lea(&scene)).await;
    let second_id = second["id"].as_i64().unwrap();
    execute_of(&pool, "update contact_requests set expires_at = now() - interval '1 second' where id = $1", second_id)
        .await;
    let received = call(&app, &lea, "GET", "/api/api/candidates/contact-requests", None).await.json();
    let late =
        call(&app, &lea, "POST", &format!("/api/api/candidates/contact-requests/{second_id}/acceptance"), None).await;
    let (after_expiry, third) = ask(&scene, request_to_lea(&scene)).await;
    let company_id = third["company_id"].as_i64().unwrap();
    let block = format!("/api/api/candidates/blocked-companies/{company_id}");
    let blocked = call(&app, &lea, "PUT", &block, None).await.status;
    let blocked_list = call(&app, &lea, "GET", "/api/api/candidates/blocked-companies", None).await.json();
    let third_state: String =
        scalar_of(&pool, "select state::text from contact_requests where id = $1", third["id"].as_i64().unwrap()).await;
    let (while_blocked, _) = ask(&scene, request_to_lea(&scene)).await;
    let unblocked = call(&app, &lea, "DELETE", &block, None).await.status;
    let unblocked_twice = call(&app, &lea, "DELETE", &block, None).await.status;
    let hidden =
        call(&app, &lea, "PUT", "/api/api/candidates/findability", Some(json!({ "findable_by": "nobody" }))).await;
    assert_eq!(hidden.status, StatusCode::OK);
    scene.follower.catch_up().await.unwrap();
    let (while_hidden, _) = ask(&scene, request_to_lea(&scene)).await;
    let sent = call(&app, &scene.partner, "GET", "/api/api/contact-requests", None).await.json();
    call(&app, &lea, "PUT", "/api/api/candidates/findability", Some(json!({ "findable_by": "everyone" }))).await;
    // the quota: 50 other candidates asked today already (Léa, asked today, would count once)
    execute(&pool, "delete from partner_quota_uses where kind = 'contact'").await;
    execute(
        &pool,
        "insert into partner_quota_uses (partner_id, kind, subject)
         select u.id, 'contact', 'other-' || n from users u, generate_series(1, 50) n where u.email = 'partenaire@vivier.demo'",
    )
    .await;
    execute(&pool, "update contact_requests set state = 'declined', answered_at = now() - interval '1 year'").await;
    let (over_quota, over_quota_body) = ask(&scene, request_to_lea(&scene)).await;

    assert_eq!(declined.status, StatusCode::OK);
    assert_eq!(declined.json()["state"], "declined");
    assert_eq!(declined_emails, 1, "the partner is told, kindly");
    assert_eq!((too_soon, too_soon_body["code"].as_str()), (StatusCode::CONFLICT, Some("contact_recently_declined")));
    assert_eq!(later, StatusCode::CREATED, "after 90 days the partner may ask again");
    assert_eq!(received["requests"][0]["state"], "expired", "14 days without an answer");
    assert_eq!(late.status, StatusCode::CONFLICT);
    assert_eq!(late.json()["code"], "contact_request_closed");
    assert_eq!(after_expiry, StatusCode::CREATED, "an expired request does not keep the partner out");
    assert_eq!(blocked, StatusCode::NO_CONTENT);
    assert_eq!(blocked_list["companies"][0]["id"], company_id);
    assert_eq!(third_state, "declined", "blocking declines the company's waiting request");
    assert_eq!(while_blocked, StatusCode::NOT_FOUND, "a blocked company reaches nobody");
    assert_eq!((unblocked, unblocked_twice), (StatusCode::NO_CONTENT, StatusCode::NOT_FOUND));
    assert_eq!(while_hidden, StatusCode::NOT_FOUND, "a hidden candidate is not there");
    assert!(
        sent["requests"].as_array().unwrap().iter().all(|request| request["candidate_firstname"].is_null()),
        "her name leaves the partner's list while she hides: {sent}"
    );
    assert_eq!(
        (over_quota, over_quota_body["code"].as_str()),
        (StatusCode::TOO_MANY_REQUESTS, Some("daily_quota_reached"))
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_request_about_an_offer_tells_the_candidate_how_they_fit_it(pool: PgPool) {
    let scene = scene(&pool).await;
    let offer = json!({
        "title": "Développeuse web", "job_category": 1, "contract_type": 5, "duration": 6, "start_at": "2026-12-15",
        "localization": lyon(), "radius": 10, "languages": [{ "id": 2, "level": 4 }], "degree": 0,
        "description": "Une équipe de six personnes.", "publish": true
    });
    let created = call(&scene.app, &scene.partner, "POST", "/api/api/job/offers", Some(offer)).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
    let offer_id = created.json()["id"].as_i64().unwrap();
    let (asked, _) =
        ask(&scene, json!({ "candidate_id": scene.lea.id, "message": MESSAGE, "offer_id": offer_id })).await;
    let received =
        call(&scene.app, &scene.lea.cookie, "GET", "/api/api/candidates/contact-requests", None).await.json();
    let sent = call(&scene.app, &scene.partner, "GET", "/api/api/contact-requests", None).await.json();

    assert_eq!(asked, StatusCode::CREATED);
    let request = &received["requests"][0];
    assert_eq!(request["offer_id"], offer_id);
    let score = request["offer_score"].as_f64().expect("a fit to the offer");
    assert!(score > 0.0 && score <= 100.0, "{score}");
    assert!(request["offer_breakdown"].is_object(), "{request}");
    assert_eq!(request["offer_place"], "Lyon");
    assert!(sent["requests"][0].get("offer_score").is_none(), "the partner's list has no candidate's fit");
}
