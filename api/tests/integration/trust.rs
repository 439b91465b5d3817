//! Who joins is governed: a school or a partner who signs up waits for an operator before it
//! reaches any candidate; operators approve, refuse, suspend and reinstate, and every decision
//! lands in the audit log with an email to the person; a recruiter who names an existing company
//! is approved by an operator or by a colleague; a partner's reads of a saved candidate end
//! when the candidate stops letting them find them, and the candidate sees who looked.

use api::seed::{DEMO_CANDIDATE_EMAIL, DEMO_OPERATOR_EMAIL, DEMO_PARTNER_EMAIL, DEMO_PASSWORD, DEMO_SCHOOL_EMAIL};
use axum::Router;
use axum::http::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::candidate_profile::call;
use crate::support::{app, execute_of, get_as, latest_email, login, post_json, scalar_of, token_of};

const PASSWORD: &str = "Une-phrase-de-passe-2026";

/// Signs a partner up for `company`, validates the address and logs in; the session cookie.
async fn new_partner(app: &Router, pool: &PgPool, email: &str, company: &str) -> String {
    let body = json!({
        "firstname": "Nina", "lastname": "Roux", "email": email, "password": PASSWORD, "company": company
    });
    let created = post_json(app, "/api/api/partners", &body).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
    let (_, links) = latest_email(pool, email).await;
    let uri = format!("/api/api/user/validation-tokens/validate/{}", token_of(&links[0]));
    assert_eq!(post_json(app, &uri, &json!({})).await.status, StatusCode::NO_CONTENT);
    login(app, email, PASSWORD).await
}

async fn user_id(pool: &PgPool, email: &str) -> i64 {
    scalar_of(pool, "select id from users where email = $1", email).await
}

async fn set_standing(app: &Router, operator: &str, id: i64, body: Value) -> crate::support::TestResponse {
    call(app, operator, "PUT", &format!("/api/api/admin/accounts/{id}/standing"), Some(body)).await
}

#[sqlx::test(migrations = "../migrations")]
async fn a_new_partner_sources_only_once_an_operator_approved_them(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let app = app(pool.clone());
    let partner = new_partner(&app, &pool, "nina@atelier-nova.example.org", "Atelier Nova").await;
    let partner_id = user_id(&pool, "nina@atelier-nova.example.org").await;

    let whoami = get_as(&app, Some(&partner), "/api/api/auth/whoami").await.json();
    assert_eq!(whoami["standing"], "pending");
    let waiting = get_as(&app, Some(&partner), "/api/api/sourcing/searchs").await;
    assert_eq!((waiting.status, waiting.json()["code"].clone()), (StatusCode::FORBIDDEN, json!("account_pending")));
    let partners = get_as(&app, Some(&partner), "/api/api/partners").await;
    assert_eq!(partners.status, StatusCode::FORBIDDEN, "a waiting partner sees no recruiters");

    let operator = login(&app, DEMO_OPERATOR_EMAIL, DEMO_PASSWORD).await;
    let queue = get_as(&app, Some(&operator), "/api/api/admin/accounts?standing=pending").await.json();
    let queued: Vec<i64> = queue["accounts"].as_array().unwrap().iter().map(|a| a["id"].as_i64().unwrap()).collect();
    assert!(queued.contains(&partner_id), "{queue}");
    assert_eq!(queue["total"], queued.len());
    assert_eq!(queue["accounts"][0]["email"], api::seed::DEMO_PENDING_PARTNER_EMAIL, "the oldest waits first");

    let approved = set_standing(&app, &operator, partner_id, json!({ "standing": "approved" })).await;
    assert_eq!(approved.status, StatusCode::OK, "{}", approved.text());
    assert_eq!(approved.json()["standing"], "approved");
    let (subject, _) = latest_email(&pool, "nina@atelier-nova.example.org").await;
    assert_eq!(subject, "Votre compte Vivier est validé");
    let sourcing = get_as(&app, Some(&partner), "/api/api/sourcing/searchs").await;
    assert_eq!(sourcing.status, StatusCode::OK, "{}", sourcing.text());

    let twice = set_standing(&app, &operator, partner_id, json!({ "standing": "approved" })).await;
    assert_eq!((twice.status, twice.json()["code"].clone()), (StatusCode::CONFLICT, json!("standing_unchanged")));
    let log = get_as(&app, Some(&operator), "/api/api/admin/audit-events").await.json();
    assert_eq!(log["total"], 1, "approving twice changed nothing: {log}");
    assert_eq!(log["events"][0]["action"], "account_approved");
    assert_eq!(log["events"][0]["actor"], "Inès Moreau");
    assert_eq!(log["events"][0]["subject"], "Nina Roux");
}

#[sqlx::test(migrations = "../migrations")]
async fn an_operator_refuses_with_a_reason_and_a_refused_school_stays_out(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let app = app(pool.clone());
    let operator = login(&app, DEMO_OPERATOR_EMAIL, DEMO_PASSWORD).await;
    let waiting_id = user_id(&pool, api::seed::DEMO_PENDING_PARTNER_EMAIL).await;

    let no_reason = set_standing(&app, &operator, waiting_id, json!({ "standing": "refused", "reason": " " })).await;
    assert_eq!(no_reason.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(no_reason.json()["errors"]["reason"], json!(["required"]));
    let reason = "Nous n'avons pas pu vérifier l'entreprise.";
    let refused = set_standing(&app, &operator, waiting_id, json!({ "standing": "refused", "reason": reason })).await;
    assert_eq!(refused.status, StatusCode::OK, "{}", refused.text());
    let text: String = scalar_of(
        &pool,
        "select text_body from outbox_emails where to_email = $1 order by id desc limit 1",
        api::seed::DEMO_PENDING_PARTNER_EMAIL,
    )
    .await;
    assert!(text.contains(reason), "the email says why: {text}");

    let refused_partner = login(&app, api::seed::DEMO_PENDING_PARTNER_EMAIL, DEMO_PASSWORD).await;
    let whoami = get_as(&app, Some(&refused_partner), "/api/api/auth/whoami").await.json();
    assert_eq!((whoami["standing"].clone(), whoami["standingReason"].clone()), (json!("refused"), json!(reason)));
    let out = get_as(&app, Some(&refused_partner), "/api/api/job/offers").await;
    assert_eq!(out.json()["code"], "account_refused");
    let suspend_refused =
        set_standing(&app, &operator, waiting_id, json!({ "standing": "suspended", "reason": "x" })).await;
    assert_eq!(suspend_refused.json()["code"], "standing_transition_not_allowed");
    let operator_id = user_id(&pool, DEMO_OPERATOR_EMAIL).await;
    let on_operator =
        set_standing(&app, &operator, operator_id, json!({ "standing": "suspended", "reason": "x" })).await;
    assert_eq!(on_operator.json()["code"], "operator_account");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_suspended_account_can_neither_act_nor_log_in_until_reinstated(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let app = app(pool.clone());
    let operator = login(&app, DEMO_OPERATOR_EMAIL, DEMO_PASSWORD).await;
    let school = login(&app, DEMO_SCHOOL_EMAIL, DEMO_PASSWORD).await;
    let school_id = user_id(&pool, DEMO_SCHOOL_EMAIL).await;

    let suspended =
        set_standing(&app, &operator, school_id, json!({ "standing": "suspended", "reason": "Usage abusif" })).await;
    assert_eq!(suspended.status, StatusCode::OK, "{}", suspended.text());
    for uri in ["/api/api/candidates", "/api/api/auth/whoami", "/api/api/school/campuses"] {
        let refused = get_as(&app, Some(&school), uri).await;
        assert_eq!(
            (refused.status, refused.json()["code"].clone()),
            (StatusCode::FORBIDDEN, json!("account_suspended")),
            "{uri}"
        );
    }
    let body = json!({ "username": DEMO_SCHOOL_EMAIL, "password": DEMO_PASSWORD });
    let login_refused = post_json(&app, "/api/api/auth/login", &body).await;
    assert_eq!(login_refused.json()["code"], "account_suspended");

    let reinstated = set_standing(&app, &operator, school_id, json!({ "standing": "approved" })).await;
    assert_eq!(reinstated.status, StatusCode::OK);
    let (subject, _) = latest_email(&pool, DEMO_SCHOOL_EMAIL).await;
    assert!(subject.contains("rétabli") || subject.contains("restored"), "{subject}");
    assert_eq!(get_as(&app, Some(&school), "/api/api/candidates").await.status, StatusCode::OK);
    let log = get_as(&app, Some(&operator), "/api/api/admin/audit-events").await.json();
    let actions: Vec<&str> = log["events"].as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["account_reinstated", "account_suspended"]);
    assert_eq!(log["events"][1]["detail"], "Usage abusif");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_recruiter_joining_an_existing_company_is_approved_by_a_colleague(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let app = app(pool.clone());
    let company: String = scalar_of(
        &pool,
        "select c.name from companies c join partners p on p.company_id = c.id join users u on u.id = p.user_id
         where u.email = $1",
        DEMO_PARTNER_EMAIL,
    )
    .await;
    // typing the company's name in another case joins it too: that is the membership request
    let newcomer = new_partner(&app, &pool, "nouveau@example.org", &company.to_uppercase()).await;
    let newcomer_id = user_id(&pool, "nouveau@example.org").await;
    let operator = login(&app, DEMO_OPERATOR_EMAIL, DEMO_PASSWORD).await;
    let queue = get_as(&app, Some(&operator), "/api/api/admin/accounts?standing=pending&q=nouveau").await.json();
    assert_eq!(queue["accounts"][0]["joins_existing_company"], true, "{queue}");
    assert_eq!(queue["accounts"][0]["organisation"], company.as_str());

    // a recruiter of another company neither sees nor accepts them
    let stranger_email: String = scalar_of(
        &pool,
        "select u.email from users u join partners p on p.user_id = u.id
         where p.company_id <> (select company_id from partners where user_id = (select id from users where email = $1))
           and u.standing = 'approved' order by u.id limit 1",
        DEMO_PARTNER_EMAIL,
    )
    .await;
    let stranger = login(&app, &stranger_email, DEMO_PASSWORD).await;
    let seen = get_as(&app, Some(&stranger), "/api/api/partner/colleague-requests").await.json();
    assert_eq!(seen["requests"], json!([]));
    let accept = format!("/api/api/partner/colleague-requests/{newcomer_id}/acceptance");
    assert_eq!(call(&app, &stranger, "POST", &accept, None).await.status, StatusCode::NOT_FOUND);

    let colleague = login(&app, DEMO_PARTNER_EMAIL, DEMO_PASSWORD).await;
    let requests = get_as(&app, Some(&colleague), "/api/api/partner/colleague-requests").await.json();
    assert_eq!(requests["requests"][0]["id"], newcomer_id, "{requests}");
    assert_eq!(call(&app, &colleague, "POST", &accept, None).await.status, StatusCode::NO_CONTENT);
    assert_eq!(get_as(&app, Some(&newcomer), "/api/api/sourcing/searchs").await.status, StatusCode::OK);
    let again = call(&app, &colleague, "POST", &accept, None).await;
    assert_eq!(again.status, StatusCode::NOT_FOUND, "no longer waiting");
    let log = get_as(&app, Some(&operator), "/api/api/admin/audit-events").await.json();
    assert_eq!(log["events"][0]["action"], "account_approved");
    assert_ne!(log["events"][0]["actor"], "Inès Moreau", "the colleague approved: {log}");
}

#[sqlx::test(migrations = "../migrations")]
async fn an_institution_request_is_resolved_once(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let app = app(pool.clone());
    let school = login(&app, DEMO_SCHOOL_EMAIL, DEMO_PASSWORD).await;
    let body = json!({ "name": "universite de lyon nord", "email": "ecole@vivier.demo", "notify": true });
    let asked = call(&app, &school, "POST", "/api/api/school/institution/requests", Some(body)).await;
    assert_eq!(asked.status, StatusCode::NO_CONTENT);
    let operator = login(&app, DEMO_OPERATOR_EMAIL, DEMO_PASSWORD).await;
    let open = get_as(&app, Some(&operator), "/api/api/admin/institution-requests").await.json();
    let request = &open["requests"][0];
    assert_eq!(request["name"], "universite de lyon nord");
    let uri = format!("/api/api/admin/institution-requests/{}/acceptance", request["id"]);

    let accepted = call(&app, &operator, "POST", &uri, Some(json!({ "name": "Université de Lyon Nord" }))).await;
    assert_eq!(accepted.status, StatusCode::CREATED, "{}", accepted.text());
    assert_eq!(accepted.json()["slug"], "universite-de-lyon-nord");
    let again = call(&app, &operator, "POST", &uri, Some(json!({}))).await;
    assert_eq!((again.status, again.json()["code"].clone()), (StatusCode::CONFLICT, json!("request_resolved")));
    let listed = get_as(&app, None, "/api/api/school/institutions?name=lyon%20nord").await.json();
    assert_eq!(listed[0]["name"], "Université de Lyon Nord");
    let open = get_as(&app, Some(&operator), "/api/api/admin/institution-requests").await.json();
    assert_eq!(open["requests"], json!([]));
}

#[sqlx::test(migrations = "../migrations")]
async fn the_command_line_creates_an_operator_whose_link_sets_the_password(pool: PgPool) {
    let token = api::operators::create(&pool, "Ops@Example.org", "Sam", "Ops").await.unwrap();
    assert!(api::operators::create(&pool, "ops@example.org", "Sam", "Ops").await.is_err(), "one account per address");
    let app = app(pool.clone());
    let body = json!({ "password": PASSWORD });
    let set = post_json(&app, &format!("/api/api/user/reset-password-tokens/reset/{token}"), &body).await;
    assert!(set.status.is_success(), "{}", set.text());
    let operator = login(&app, "ops@example.org", PASSWORD).await;
    let whoami = get_as(&app, Some(&operator), "/api/api/auth/whoami").await.json();
    assert_eq!((whoami["discriminator"].clone(), whoami["isOperator"].clone()), (json!("operator"), json!(true)));
    let log = get_as(&app, Some(&operator), "/api/api/admin/audit-events").await.json();
    assert_eq!(log["events"][0]["action"], "operator_created");
    assert_eq!(log["events"][0]["actor"], Value::Null);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_partner_stops_reading_a_saved_candidate_who_no_longer_lets_them_find_them(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let app = app(pool.clone());
    let candidate_id = user_id(&pool, DEMO_CANDIDATE_EMAIL).await;
    let partner_id = user_id(&pool, DEMO_PARTNER_EMAIL).await;
    execute_of(
        &pool,
        "with search as (
             insert into sourcing_searches (partner_id, job_category_id, localization_id, duration, start_at, saved)
             values ($1, (select min(id) from job_categories), (select min(id) from localizations), 6, current_date,
                     true)
             returning id)
         insert into sourcing_saved_candidates (sourcing_search_id, candidate_id)
         select id, (select id from users where email = 'candidat@vivier.demo') from search",
        partner_id,
    )
    .await;
    execute_of(&pool, "update candidates set is_public = false where user_id = $1", candidate_id).await;
    execute_of(&pool, "delete from partner_schools where partner_id = $1", partner_id).await;
    let partner = login(&app, DEMO_PARTNER_EMAIL, DEMO_PASSWORD).await;
    let candidate = login(&app, DEMO_CANDIDATE_EMAIL, DEMO_PASSWORD).await;
    let profile = format!("/api/api/candidates/{candidate_id}");
    let choose = |findable_by: &'static str| {
        let (app, candidate) = (app.clone(), candidate.clone());
        async move {
            let body = json!({ "findable_by": findable_by });
            let chosen = call(&app, &candidate, "PUT", "/api/api/candidates/findability", Some(body)).await;
            assert_eq!(chosen.status, StatusCode::OK, "{}", chosen.text());
        }
    };

    assert_eq!(get_as(&app, Some(&partner), &profile).await.status, StatusCode::OK, "saved and findable");
    // the candidate sees which company looked, and it is in their data
    let views = get_as(&app, Some(&candidate), "/api/api/candidates/profile-views").await.json();
    let company: String = scalar_of(
        &pool,
        "select c.name from companies c join partners p on p.company_id = c.id where p.user_id = $1",
        partner_id,
    )
    .await;
    assert_eq!(views["views"].as_array().unwrap().len(), 1, "{views}");
    assert_eq!(
        (views["views"][0]["company"].as_str(), views["views"][0]["kind"].as_str()),
        (Some(company.as_str()), Some("viewed"))
    );
    let export = get_as(&app, Some(&candidate), &format!("/api/api/candidates/{candidate_id}/export")).await.json();
    assert_eq!(export["tables"]["profile_views"][0]["company"], company.as_str());
    choose("school_partners").await;
    assert_eq!(
        get_as(&app, Some(&partner), &profile).await.status,
        StatusCode::NOT_FOUND,
        "not a partner of the school"
    );
    let school_id: i64 = scalar_of(
        &pool,
        "select coalesce(c.school_id, m.school_id) from candidates c left join campuses m on m.id = c.campus_id
         where c.user_id = $1",
        candidate_id,
    )
    .await;
    sqlx::query("insert into partner_schools (partner_id, school_id, accepted_at) values ($1, $2, now())")
        .bind(partner_id)
        .bind(school_id)
        .execute(&pool)
        .await
        .unwrap();
    assert_eq!(get_as(&app, Some(&partner), &profile).await.status, StatusCode::OK, "a partner of the school");
    choose("nobody").await;
    assert_eq!(get_as(&app, Some(&partner), &profile).await.status, StatusCode::NOT_FOUND, "nobody finds them");
    choose("everyone").await;
    execute_of(&pool, "update candidates set in_research = false where user_id = $1", candidate_id).await;
    assert_eq!(get_as(&app, Some(&partner), &profile).await.status, StatusCode::NOT_FOUND, "no longer looking");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_partner_meets_the_daily_quotas_an_operator_set(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let app = app(pool.clone());
    let operator = login(&app, DEMO_OPERATOR_EMAIL, DEMO_PASSWORD).await;
    let partner_id = user_id(&pool, DEMO_PARTNER_EMAIL).await;
    let quotas = json!({ "daily_search_quota": 2, "daily_profile_quota": 1 });
    let set = call(&app, &operator, "PUT", &format!("/api/api/admin/accounts/{partner_id}/quotas"), Some(quotas)).await;
    assert_eq!(set.status, StatusCode::OK, "{}", set.text());
    assert_eq!(
        (set.json()["daily_search_quota"].clone(), set.json()["daily_profile_quota"].clone()),
        (json!(2), json!(1))
    );
    let out_of_range = json!({ "daily_search_quota": 0 });
    let refused =
        call(&app, &operator, "PUT", &format!("/api/api/admin/accounts/{partner_id}/quotas"), Some(out_of_range)).await;
    assert_eq!(refused.json()["errors"]["daily_search_quota"], json!(["out_of_range"]));

    let partner = login(&app, DEMO_PARTNER_EMAIL, DEMO_PASSWORD).await;
    let run = |contract: i64| {
        let (app, partner) = (app.clone(), partner.clone());
        async move {
            let body = crate::search_demand::search(contract);
            call(&app, &partner, "POST", "/api/api/sourcing/searchs?save=false", Some(body)).await
        }
    };
    assert_eq!(run(1).await.status, StatusCode::OK);
    assert_eq!(run(2).await.status, StatusCode::OK);
    let third = run(3).await;
    assert_eq!(
        (third.status, third.json()["code"].clone()),
        (StatusCode::TOO_MANY_REQUESTS, json!("daily_quota_reached"))
    );
    assert_eq!(run(1).await.status, StatusCode::OK, "running a search of today again costs nothing");

    let slugs: Vec<String> =
        sqlx::query_scalar("update candidates set is_public = true returning slug").fetch_all(&pool).await.unwrap();
    let open = |slug: String| {
        let (app, partner) = (app.clone(), partner.clone());
        async move { get_as(&app, Some(&partner), &format!("/api/api/candidates/{slug}")).await }
    };
    assert_eq!(open(slugs[0].clone()).await.status, StatusCode::OK);
    assert_eq!(open(slugs[0].clone()).await.status, StatusCode::OK, "the same profile again");
    assert_eq!(open(slugs[1].clone()).await.json()["code"], "daily_quota_reached");
    let log = get_as(&app, Some(&operator), "/api/api/admin/audit-events").await.json();
    assert_eq!(
        (log["events"][0]["action"].as_str(), log["events"][0]["detail"].as_str()),
        (Some("quota_changed"), Some("2 / 1"))
    );
}
