//! A school brings its own recruiters: the invited recruiter's account waits for an operator, but
//! finds the school's students at once, and nobody else's until approved; inviting tells the
//! school nothing about who owns the address.

use axum::http::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::candidate_profile::call;
use crate::search_demand::{Scene, looking_like_lea, scene, search};
use crate::support::{execute, get, latest_email, login, post_json, scalar, scalar_of, session_cookie, token_of};

const INVITATIONS: &str = "/api/api/school/recruiter-invitations";

async fn invite(scene: &Scene, school: &str, email: &str) -> StatusCode {
    let body = json!({ "email": email, "firstname": "Inès", "lastname": "Garnier" });
    let invited = call(&scene.app, school, "POST", INVITATIONS, Some(body)).await;
    assert!(invited.body.is_empty(), "{}", invited.text());
    invited.status
}

/// The total of the partner's search and whether Léa is on its page, or the refusal's code.
async fn search_as(scene: &Scene, cookie: &str) -> Result<(i64, bool), String> {
    let found = call(&scene.app, cookie, "POST", "/api/api/sourcing/searchs?save=false", Some(search(5))).await;
    if found.status != StatusCode::OK {
        return Err(found.json()["code"].as_str().unwrap_or_default().to_owned());
    }
    let body = found.json();
    let on_page = body["hits"].as_array().unwrap().iter().any(|hit| hit["candidate"]["id"] == scene.lea.id);
    Ok((body["total"].as_i64().unwrap(), on_page))
}

async fn demo_school(scene: &Scene, pool: &PgPool) -> (i64, String) {
    let school_id: i64 = scalar_of(pool, "select id from users where email = $1", api::seed::DEMO_SCHOOL_EMAIL).await;
    (school_id, login(&scene.app, api::seed::DEMO_SCHOOL_EMAIL, api::seed::DEMO_PASSWORD).await)
}

async fn whoami(scene: &Scene, cookie: &str) -> Value {
    call(&scene.app, cookie, "GET", "/api/api/auth/whoami", None).await.json()
}

#[sqlx::test(migrations = "../migrations")]
async fn an_invited_recruiter_finds_the_schools_students_at_once_and_the_others_once_approved(pool: PgPool) {
    let mut scene = scene(&pool).await;
    let (school_id, school) = demo_school(&scene, &pool).await;
    execute(&pool, "delete from partner_schools").await;
    let in_school = "update candidates set school_id = $2, findable_by = 'school_partners' where user_id = $1";
    sqlx::query(in_school).bind(scene.lea.id).bind(school_id).execute(&pool).await.unwrap();
    // Max looks for the same job, in no school, and lets every approved recruiter find him
    looking_like_lea(&pool, &scene.app, "max@example.org").await;
    scene.follower.catch_up().await.unwrap();
    let approved_partner = search_as(&scene, &scene.partner).await;

    assert_eq!(invite(&scene, &school, "ines@recrutement.example").await, StatusCode::NO_CONTENT);
    let (subject, links) = latest_email(&pool, "ines@recrutement.example").await;
    let token = token_of(&links[0]);
    let preview = get(&scene.app, &format!("/api/api/recruiter-invitations/{token}")).await;
    let account_uri = format!("/api/api/recruiter-invitations/{token}/account");
    let incomplete = post_json(&scene.app, &account_uri, &json!({ "password": "court", "consent": false })).await;
    let body = json!({ "password": "Un mot de passe solide 42", "consent": true, "company": "Garnier Conseil", "locale": "fr" });
    let created = post_json(&scene.app, &account_uri, &body).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
    let recruiter = session_cookie(&created);
    let invitations_left = call(&scene.app, &school, "GET", INVITATIONS, None).await.json();
    let token_again = post_json(&scene.app, &account_uri, &body).await;
    let scoped = search_as(&scene, &recruiter).await;
    let offers = call(&scene.app, &recruiter, "GET", "/api/api/job/offers", None).await;
    let saved = call(&scene.app, &recruiter, "POST", "/api/api/sourcing/searchs?save=true", Some(search(5))).await;
    let keep = format!("/api/api/sourcing/searchs/{}/save-candidate/{}", saved.json()["id"], scene.lea.id);
    let kept = call(&scene.app, &recruiter, "POST", &keep, None).await;
    let profile = call(&scene.app, &recruiter, "GET", &format!("/api/api/candidates/{}", scene.lea.id), None).await;
    // Léa leaves the school: the recruiter loses her, in the results and in the saved list
    let left = call(&scene.app, &scene.lea.cookie, "DELETE", "/api/api/candidates/school", None).await;
    assert_eq!(left.status, StatusCode::NO_CONTENT, "{}", left.text());
    scene.follower.catch_up().await.unwrap();
    let after_leaving = search_as(&scene, &recruiter).await;
    let profile_after =
        call(&scene.app, &recruiter, "GET", &format!("/api/api/candidates/{}", scene.lea.id), None).await;
    let scoped_whoami = whoami(&scene, &recruiter).await;
    let school_sees = call(&scene.app, &school, "GET", "/api/api/partners?company=Garnier", None).await.json();
    execute(&pool, "update users set standing = 'approved' where email = 'ines@recrutement.example'").await;
    let approved = search_as(&scene, &recruiter).await;

    assert!(subject.contains("vous invite à recruter ses étudiants"), "{subject}");
    assert!(links[0].contains("/inscription/recruteur?token="), "{links:?}");
    assert_eq!(preview.status, StatusCode::OK, "{}", preview.text());
    assert_eq!(preview.json()["email"], "ines@recrutement.example");
    assert_eq!(preview.json()["firstname"], "Inès");
    assert_eq!(incomplete.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        incomplete.json()["errors"],
        json!({ "company": ["required"], "consent": ["required"], "password": ["password_policy"] })
    );
    assert_eq!(created.json()["standing"], "pending");
    assert_eq!(created.json()["partner"]["school_scoped"], true);
    assert_eq!(created.json()["partner"]["company_name"], "Garnier Conseil");
    assert_eq!(invitations_left, json!({ "invitations": [] }), "an answered invitation leaves the list");
    assert_eq!(token_again.status, StatusCode::BAD_REQUEST, "a link creates one account");
    assert_eq!(scoped, Ok((1, true)), "the school's student, and no one else");
    assert_eq!(approved_partner, Ok((1, false)), "Max, for an approved partner the school does not work with");
    assert_eq!(offers.json()["code"], "account_pending", "offers wait for the approval");
    assert_eq!(kept.status, StatusCode::NO_CONTENT, "{}", kept.text());
    assert_eq!(profile.status, StatusCode::OK, "a saved student of the school: {}", profile.text());
    assert_eq!(after_leaving, Ok((0, false)));
    assert_eq!(profile_after.status, StatusCode::NOT_FOUND);
    assert_eq!(scoped_whoami["partner"]["school_scoped"], true);
    assert_eq!(school_sees[0]["linked"], true, "the school sees the recruiter it brought: {school_sees}");
    assert_eq!(school_sees[0]["lastname"], "Garnier");
    assert_eq!(approved, Ok((1, false)), "once approved, Max; Léa chose her school's recruiters and has none now");
}

#[sqlx::test(migrations = "../migrations")]
async fn inviting_tells_the_school_nothing_about_who_owns_the_address(pool: PgPool) {
    let scene = scene(&pool).await;
    let (school_id, school) = demo_school(&scene, &pool).await;
    execute(&pool, "delete from partner_schools").await;
    let partner_email: String = scalar_of(
        &pool,
        "select u.email from users u join partners p on p.user_id = u.id where u.email <> $1 order by u.id limit 1",
        api::seed::DEMO_PARTNER_EMAIL,
    )
    .await;
    let emails_before: i64 =
        scalar(&pool, "select count(*) from outbox_emails where to_email = 'lea@example.org'").await;

    let answers = [
        invite(&scene, &school, "nouveau@recrutement.example").await,
        invite(&scene, &school, &partner_email).await,
        invite(&scene, &school, "lea@example.org").await,
        invite(&scene, &school, "nouveau@recrutement.example").await,
    ];
    let listed = call(&scene.app, &school, "GET", INVITATIONS, None).await.json();
    let invalid = call(&scene.app, &school, "POST", INVITATIONS, Some(json!({ "email": "pas une adresse" }))).await;
    let (_, partner_links) = latest_email(&pool, &partner_email).await;
    let requested: bool =
        scalar_of(&pool, "select accepted_at is null from partner_schools where school_id = $1", school_id).await;
    let emails_after: i64 =
        scalar(&pool, "select count(*) from outbox_emails where to_email = 'lea@example.org'").await;
    let partner = login(&scene.app, &partner_email, api::seed::DEMO_PASSWORD).await;
    let acceptance = format!("/api/api/partner/school-links/{school_id}/acceptance");
    let accepted = call(&scene.app, &partner, "POST", &acceptance, None).await;
    let listed_after_acceptance = call(&scene.app, &school, "GET", INVITATIONS, None).await.json();

    assert_eq!(answers, [StatusCode::NO_CONTENT; 4], "the same answer whoever owns the address");
    let invitations = listed["invitations"].as_array().unwrap();
    let listed_emails: Vec<&str> = invitations.iter().map(|invitation| invitation["email"].as_str().unwrap()).collect();
    assert_eq!(
        listed_emails,
        ["lea@example.org", partner_email.as_str(), "nouveau@recrutement.example"],
        "newest first"
    );
    let keys = |invitation: &Value| invitation.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
    assert!(invitations.iter().all(|invitation| keys(invitation) == keys(&invitations[0])), "{listed}");
    assert_eq!(invalid.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(partner_links[0].ends_with("/login"), "a partner answers in the product: {partner_links:?}");
    assert!(requested, "a partner's address gets the school's request, not an account");
    assert_eq!(emails_after, emails_before, "a candidate's address receives nothing");
    assert_eq!(accepted.status, StatusCode::NO_CONTENT, "{}", accepted.text());
    let still_open: Vec<&str> = listed_after_acceptance["invitations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|invitation| invitation["email"].as_str().unwrap())
        .collect();
    assert_eq!(still_open, ["lea@example.org", "nouveau@recrutement.example"], "the partner's answer closes theirs");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_withdrawn_invitation_opens_nothing(pool: PgPool) {
    let scene = scene(&pool).await;
    let (_, school) = demo_school(&scene, &pool).await;
    invite(&scene, &school, "retire@recrutement.example").await;
    let (_, links) = latest_email(&pool, "retire@recrutement.example").await;
    let token = token_of(&links[0]);
    let id = call(&scene.app, &school, "GET", INVITATIONS, None).await.json()["invitations"][0]["id"].as_i64().unwrap();
    let other_school: String = scalar(
        &pool,
        "select u.email from users u join schools s on s.user_id = u.id
         where u.standing = 'approved' and u.email <> 'ecole@vivier.demo' order by u.id limit 1",
    )
    .await;
    let other = login(&scene.app, &other_school, api::seed::DEMO_PASSWORD).await;

    let by_other = call(&scene.app, &other, "DELETE", &format!("{INVITATIONS}/{id}"), None).await;
    let withdrawn = call(&scene.app, &school, "DELETE", &format!("{INVITATIONS}/{id}"), None).await;
    let again = call(&scene.app, &school, "DELETE", &format!("{INVITATIONS}/{id}"), None).await;
    let preview = get(&scene.app, &format!("/api/api/recruiter-invitations/{token}")).await;

    assert_eq!(by_other.status, StatusCode::NOT_FOUND, "another school's invitation is not there");
    assert_eq!(withdrawn.status, StatusCode::NO_CONTENT);
    assert_eq!(again.status, StatusCode::NOT_FOUND);
    assert_eq!(preview.status, StatusCode::BAD_REQUEST);
    assert_eq!(preview.json()["code"], "invalid_token");
}
