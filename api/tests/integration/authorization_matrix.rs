//! Who may call what: every route of the route table, called by an anonymous visitor and by
//! a candidate, a school, a partner, an operator, and a school and a partner still waiting for
//! an operator's approval, must answer as its declared access says. The table
//! of routes comes from the server itself, so a new route is covered the day it is added.
//! Routes whose answer depends on the resource as well (a candidate's profile) have their own
//! table of expected statuses below. Every answer of the matrix is also read for personal
//! data: no one but its owner may receive a user's email, phone or birthdate.

use api::auth::Role;
use api::http::routes::Access;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use serde_json::Value;
use sqlx::{AssertSqlSafe, PgPool};

use crate::support::{app, execute, execute_of, get_as, login, scalar_of, send_as};

/// A user's contact details, and the school that manages them when they are a candidate of one.
struct Contact {
    id: i64,
    email: String,
    phone: Option<String>,
    school: Option<i64>,
}

impl Contact {
    /// The user themselves, and the school managing a candidate (it added them by email), may
    /// read the contact details; nobody else.
    fn readable_by(&self, caller: Option<i64>) -> bool {
        caller.is_some() && (caller == Some(self.id) || caller == self.school)
    }
}

async fn contact_details(pool: &PgPool) -> Vec<Contact> {
    let rows: Vec<(i64, String, Option<String>, Option<i64>)> = sqlx::query_as(
        "select u.id, u.email, u.phone, c.school_id from users u left join candidates c on c.user_id = u.id",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    rows.into_iter().map(|(id, email, phone, school)| Contact { id, email, phone, school }).collect()
}

/// The fields of an answer that hold personal contact data, wherever they are nested (a
/// validation error's list of rule codes under the same name is not data).
fn personal_fields<'a>(value: &'a Value, found: &mut Vec<(&'a str, &'a Value)>) {
    match value {
        Value::Object(fields) => {
            for (name, field) in fields {
                if matches!(name.as_str(), "email" | "phone" | "birthdate") && field.is_string() {
                    found.push((name, field));
                }
                personal_fields(field, found);
            }
        }
        Value::Array(items) => items.iter().for_each(|item| personal_fields(item, found)),
        _ => {}
    }
}

/// Fails when `body`, sent to `caller` (a user id, or none), carries the email or phone of a
/// user the caller may not read, or an email or phone field of such a user, or a birthdate
/// field sent to anyone but its own candidate.
fn assert_no_one_elses_personal_data(body: &str, caller: Option<i64>, users: &[Contact], what: &str) {
    for user in users.iter().filter(|user| !user.readable_by(caller)) {
        assert!(!body.contains(user.email.as_str()), "{what} carries the email of user {}", user.id);
        if let Some(phone) = &user.phone {
            assert!(!body.contains(phone.as_str()), "{what} carries the phone of user {}", user.id);
        }
    }
    if let Ok(json) = serde_json::from_str::<Value>(body) {
        let mut found = Vec::new();
        personal_fields(&json, &mut found);
        for (name, value) in found {
            let owner = users.iter().find(|user| match name {
                "email" => value.as_str() == Some(user.email.as_str()),
                "phone" => value.as_str() == user.phone.as_deref(),
                _ => Some(user.id) == caller,
            });
            let readable =
                owner.is_some_and(
                    |user| {
                        if name == "birthdate" { Some(user.id) == caller } else { user.readable_by(caller) }
                    },
                );
            assert!(readable, "{what} carries a {name} field the caller may not read: {value}");
        }
    }
}

/// `method uri` with an empty JSON object as its body: enough to reach a route's access check
/// and its ownership check, which come before the body's rules.
fn empty_json(method: &str, uri: &str) -> Request<Body> {
    Request::builder()
        .method(method)
        .uri(uri)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from("{}"))
        .unwrap()
}

#[sqlx::test(migrations = "../migrations")]
async fn every_route_answers_each_role_as_its_access_declares(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let app = app(pool.clone());
    let candidate = login(&app, api::seed::DEMO_CANDIDATE_EMAIL, api::seed::DEMO_PASSWORD).await;
    let school = login(&app, api::seed::DEMO_SCHOOL_EMAIL, api::seed::DEMO_PASSWORD).await;
    let partner = login(&app, api::seed::DEMO_PARTNER_EMAIL, api::seed::DEMO_PASSWORD).await;
    let operator = login(&app, api::seed::DEMO_OPERATOR_EMAIL, api::seed::DEMO_PASSWORD).await;
    let waiting_partner = login(&app, api::seed::DEMO_PENDING_PARTNER_EMAIL, api::seed::DEMO_PASSWORD).await;
    // a school that signed up and waits, as the waiting partner of the seed does
    let waiting_school_email: String = scalar_of(
        &pool,
        "update users set standing = 'pending' where id = (
             select user_id from schools where user_id <> (select id from users where email = $1) order by user_id limit 1)
         returning email",
        api::seed::DEMO_SCHOOL_EMAIL,
    )
    .await;
    let waiting_school = login(&app, &waiting_school_email, api::seed::DEMO_PASSWORD).await;
    // a waiting partner that a school invited: it sources, among that school's students only (a
    // school other than id 1, which the calls below name, so that ending "link 1" leaves it)
    let invited_partner_email: String = sqlx::query_scalar(
        "with waiting as (
             update users set standing = 'pending' where id = (
                 select user_id from partners
                 where user_id not in (select id from users where email in ($1, $2)) order by user_id desc limit 1)
             returning id, email),
         linked as (
             insert into partner_schools (partner_id, school_id, accepted_at)
             select waiting.id, s.user_id, now() from waiting, schools s where s.user_id <> 1
             order by s.user_id limit 1
             on conflict (partner_id, school_id) do update set accepted_at = now())
         select email from waiting",
    )
    .bind(api::seed::DEMO_PARTNER_EMAIL)
    .bind(api::seed::DEMO_PENDING_PARTNER_EMAIL)
    .fetch_one(&pool)
    .await
    .unwrap();
    let invited_partner = login(&app, &invited_partner_email, api::seed::DEMO_PASSWORD).await;
    let users = contact_details(&pool).await;
    let id_of = |email: &str| users.iter().find(|user| user.email == email).map(|user| user.id);
    // (name, session, role, user id)
    let identities = [
        ("anonymous", None, None, None),
        (
            "candidate",
            Some(candidate.as_str()),
            Some(api::auth::Role::Candidate),
            id_of(api::seed::DEMO_CANDIDATE_EMAIL),
        ),
        ("school", Some(school.as_str()), Some(api::auth::Role::School), id_of(api::seed::DEMO_SCHOOL_EMAIL)),
        ("partner", Some(partner.as_str()), Some(api::auth::Role::Partner), id_of(api::seed::DEMO_PARTNER_EMAIL)),
        ("operator", Some(operator.as_str()), Some(api::auth::Role::Operator), id_of(api::seed::DEMO_OPERATOR_EMAIL)),
        (
            "waiting partner",
            Some(waiting_partner.as_str()),
            Some(api::auth::Role::Partner),
            id_of(api::seed::DEMO_PENDING_PARTNER_EMAIL),
        ),
        ("waiting school", Some(waiting_school.as_str()), Some(api::auth::Role::School), id_of(&waiting_school_email)),
        (
            "waiting invited partner",
            Some(invited_partner.as_str()),
            Some(api::auth::Role::Partner),
            id_of(&invited_partner_email),
        ),
    ];
    let routes = api::http::routes();
    assert!(routes.len() >= 40, "the table lists every route ({} found)", routes.len());

    let mut checked = 0;
    for route in &routes {
        // logging out would end the sessions the next calls need
        if route.path == "/api/logout" {
            continue;
        }
        let uri = route
            .path
            .replace("{token}", "not-a-token")
            .replace("{id}", "1")
            .replace("{candidate_id}", "1")
            .replace("{id_or_slug}", "1");
        for (name, cookie, role, caller) in identities {
            let response = send_as(&app, cookie, empty_json(route.method, &uri)).await;
            let status = response.status;
            let what = format!("{} {} as {name}", route.method, route.path);
            // reading accounts' addresses is an operator's job (approvals, suspensions); the demo
            // mailbox shows every email queued, to its own machine only (see `list_mailbox`)
            if name != "operator" && route.path != "/api/mailbox" {
                assert_no_one_elses_personal_data(&response.text(), caller, &users, &what);
            }
            let waiting = name.starts_with("waiting");
            let expected_refusal = match (route.access, role) {
                (Access::Public | Access::PublicWithSession, _) => None,
                (_, None) => Some((StatusCode::UNAUTHORIZED, "unauthorized")),
                (Access::SourcingPartner, Some(_)) if name == "waiting invited partner" => None,
                (access, Some(role)) if access.admits(role) && waiting && access.needs_approval() => {
                    Some((StatusCode::FORBIDDEN, "account_pending"))
                }
                (access, Some(role)) if access.admits(role) => None,
                (_, Some(_)) => Some((StatusCode::FORBIDDEN, "forbidden")),
            };
            match expected_refusal {
                Some((refusal, code)) => {
                    assert_eq!(status, refusal, "{} {} as {name}", route.method, route.path);
                    assert_eq!(response.json()["code"], code, "{} {} as {name}", route.method, route.path);
                }
                None => assert!(
                    status != StatusCode::UNAUTHORIZED && status != StatusCode::FORBIDDEN,
                    "{} {} as {name} was refused with {status}: {}",
                    route.method,
                    route.path,
                    response.text()
                ),
            }
            checked += 1;
        }
    }
    println!("authorization matrix: {} routes x {} identities = {checked} checks", routes.len(), identities.len());
}

/// An email of a user of `role` other than the demo account of that role.
async fn another_user_email(pool: &PgPool, role: &str, demo_email: &str) -> String {
    sqlx::query_scalar("select email from users where discriminator::text = $1 and email <> $2 order by id limit 1")
        .bind(role)
        .bind(demo_email)
        .fetch_one(pool)
        .await
        .unwrap()
}

/// A saved sourcing search around Lyon of the partner `email`; its id.
async fn saved_search_of(pool: &PgPool, email: &str) -> i64 {
    scalar_of(
        pool,
        "with place as (insert into localizations (value, type, lat, lng, commune_code, country_code)
                        values ('Lyon', 'city', 45.76, 4.84, '69123', 'FR') returning id)
         insert into sourcing_searches (partner_id, job_category_id, duration, start_at, localization_id, saved)
         select u.id, (select min(id) from job_categories), 6, current_date, place.id, true
         from users u, place where u.email = $1 returning id",
        email,
    )
    .await
}

#[sqlx::test(migrations = "../migrations")]
async fn a_candidate_profile_answers_each_reader_as_its_sharing_rule_says(pool: PgPool) {
    use api::seed::{DEMO_CANDIDATE_EMAIL, DEMO_PARTNER_EMAIL, DEMO_PASSWORD, DEMO_SCHOOL_EMAIL};
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let app = app(pool.clone());
    // the demo candidate studies on a campus of the demo school
    let (candidate_id, slug): (i64, String) = sqlx::query_as(
        "select c.user_id, c.slug from candidates c join users u on u.id = c.user_id
         join users school on school.id = c.school_id where u.email = $1 and school.email = $2",
    )
    .bind(DEMO_CANDIDATE_EMAIL)
    .bind(DEMO_SCHOOL_EMAIL)
    .fetch_one(&pool)
    .await
    .unwrap();
    // the demo partner saved the candidate in one of their searches
    let search = saved_search_of(&pool, DEMO_PARTNER_EMAIL).await;
    sqlx::query("insert into sourcing_saved_candidates (sourcing_search_id, candidate_id) values ($1, $2)")
        .bind(search)
        .bind(candidate_id)
        .execute(&pool)
        .await
        .unwrap();
    let mut readers: Vec<(&str, Option<String>)> = vec![("an anonymous visitor", None)];
    for (name, email) in [
        ("the candidate", DEMO_CANDIDATE_EMAIL.to_owned()),
        ("another candidate", another_user_email(&pool, "candidate", DEMO_CANDIDATE_EMAIL).await),
        ("the candidate's school", DEMO_SCHOOL_EMAIL.to_owned()),
        ("another school", another_user_email(&pool, "school", DEMO_SCHOOL_EMAIL).await),
        ("a partner who saved the candidate", DEMO_PARTNER_EMAIL.to_owned()),
        ("another partner", another_user_email(&pool, "partner", DEMO_PARTNER_EMAIL).await),
    ] {
        readers.push((name, Some(login(&app, &email, DEMO_PASSWORD).await)));
    }
    // (reader, status when the profile is not shared or is named by its id, status when it is
    // shared and named by its slug): a refusal is a 404, as for a missing profile
    let expected = [
        ("an anonymous visitor", StatusCode::NOT_FOUND, StatusCode::OK),
        ("the candidate", StatusCode::OK, StatusCode::OK),
        ("another candidate", StatusCode::NOT_FOUND, StatusCode::OK),
        ("the candidate's school", StatusCode::OK, StatusCode::OK),
        ("another school", StatusCode::NOT_FOUND, StatusCode::OK),
        ("a partner who saved the candidate", StatusCode::OK, StatusCode::OK),
        ("another partner", StatusCode::NOT_FOUND, StatusCode::OK),
    ];

    for shared in [false, true] {
        sqlx::query("update candidates set is_public = $2 where user_id = $1")
            .bind(candidate_id)
            .bind(shared)
            .execute(&pool)
            .await
            .unwrap();
        for ((name, cookie), (expected_name, unshared_status, shared_status)) in readers.iter().zip(expected) {
            assert_eq!(*name, expected_name);
            for (identifier, by_slug) in [(candidate_id.to_string(), false), (slug.clone(), true)] {
                let status = if shared && by_slug { shared_status } else { unshared_status };
                let response = get_as(&app, cookie.as_deref(), &format!("/api/api/candidates/{identifier}")).await;
                assert_eq!(response.status, status, "{name} reading {identifier}, shared: {shared}");
                if response.status == StatusCode::OK {
                    let body = response.json();
                    assert_eq!(body["id"], candidate_id);
                    assert_eq!(
                        body.get("contact").is_some(),
                        *name == "the candidate",
                        "{name} and the contact details"
                    );
                }
            }
        }
    }
}

#[test]
fn the_document_describes_exactly_the_routes_the_router_serves() {
    let document = api::http::openapi_document();
    let mut documented = std::collections::BTreeSet::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for method in ["get", "post", "patch", "put", "delete"] {
            if item.get(method).is_some() {
                documented.insert((method.to_uppercase(), path.clone()));
            }
        }
    }
    let routed: std::collections::BTreeSet<(String, String)> =
        api::http::routes().into_iter().map(|route| (route.method.to_owned(), route.path)).collect();

    assert_eq!(documented, routed);
    let schemas = &document["components"]["schemas"];
    assert!(schemas["ErrorCode"]["enum"].as_array().is_some_and(|codes| codes.contains(&"validation_failed".into())));
    assert!(schemas["RuleCode"]["enum"].as_array().is_some_and(|codes| codes.contains(&"required".into())));
}

/// The owned resources behind the routes with an identifier in their path: the route's prefix,
/// the table, its id column and the column naming the owner. A route with an `{id}` that is
/// neither here nor public fails the test below, so a new owned resource must be added here the
/// day it is routed. (Public routes by id or slug follow the profile's reading rule, tested above.)
const OWNED_RESOURCES: [(&str, &str, &str, &str); 17] = [
    // an application is its candidate's, and its offer's partner's (before the candidates and
    // the offers, whose prefixes are shorter)
    ("/api/api/candidates/applications/", "job_applications", "id", "candidate_id"),
    (
        "/api/api/job/applications/",
        "job_applications a join job_offers o on o.id = a.job_offer_id",
        "a.id",
        "o.partner_id",
    ),
    // a contact request is its candidate's, a conversation is also its partner's (before the
    // candidates, whose prefix is shorter)
    ("/api/api/candidates/contact-requests/", "contact_requests", "id", "candidate_id"),
    ("/api/api/conversations/", "contact_requests", "id", "partner_id"),
    // an invitation is its addressee's (before the candidates, whose prefix is shorter)
    (
        "/api/api/candidates/school-invitations/",
        "school_invitations i join users u on lower(u.email) = lower(i.email)",
        "i.id",
        "u.id",
    ),
    ("/api/api/partner/school-links/", "partner_schools", "school_id", "partner_id"),
    ("/api/api/candidate/educations/", "educations", "id", "candidate_id"),
    ("/api/api/candidate/experiences/", "experiences", "id", "candidate_id"),
    ("/api/api/candidate/projects/", "projects", "id", "candidate_id"),
    ("/api/api/candidate/hobbies/", "candidate_hobbies", "id", "candidate_id"),
    ("/api/api/candidates/", "candidates", "user_id", "user_id"),
    ("/api/api/job/offers/", "job_offers", "id", "partner_id"),
    ("/api/api/sourcing/searchs/", "sourcing_searches", "id", "partner_id"),
    ("/api/api/notifications/", "sourcing_search_matches", "id", "partner_id"),
    // a school's candidate (before its campuses, whose prefix is shorter)
    ("/api/api/school/campuses/candidates/", "candidates", "user_id", "school_id"),
    ("/api/api/school/campuses/", "campuses", "id", "school_id"),
    ("/api/api/school/recruiter-invitations/", "recruiter_invitations", "id", "school_id"),
];

/// Routes whose `{id}` names something any caller of the route's role may name, not a thing of
/// their own: a partner a school links to, a company, any account for an operator, a colleague
/// waiting for approval (the company check has its test in `trust`), a company a candidate blocks,
/// a live offer a candidate reads or applies to (tested in `offers`).
const SHARED_RESOURCES: [&str; 6] = [
    "/api/api/offers/",
    "/api/api/partners/",
    "/api/api/companies/",
    "/api/api/admin/",
    "/api/api/partner/colleague-requests/",
    "/api/api/candidates/blocked-companies/",
];

/// One session per user, logged in once (logins are rate limited); every seeded account has
/// the demo password.
#[derive(Default)]
struct Sessions(std::collections::HashMap<i64, String>);

impl Sessions {
    async fn of(&mut self, app: &axum::Router, pool: &PgPool, id: i64) -> String {
        if let Some(cookie) = self.0.get(&id) {
            return cookie.clone();
        }
        let email: String = scalar_of(pool, "select email from users where id = $1", id).await;
        let cookie = login(app, &email, api::seed::DEMO_PASSWORD).await;
        self.0.insert(id, cookie.clone());
        cookie
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn every_owned_resource_answers_its_owner_and_is_a_404_to_others_of_the_same_role(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let search = saved_search_of(&pool, api::seed::DEMO_PARTNER_EMAIL).await;
    // a notification of that search: a candidate started to match it
    execute_of(
        &pool,
        "insert into sourcing_search_matches (sourcing_search_id, candidate_id, partner_id, reason)
         select s.id, (select user_id from candidates order by user_id limit 1), s.partner_id, '{\"score\": 50}'
         from sourcing_searches s where s.id = $1",
        search,
    )
    .await;
    // an invitation of the demo school's first campus, to a candidate of another school
    execute(
        &pool,
        "insert into school_invitations (school_id, campus_id, email, firstname, lastname)
         select m.school_id, m.id, u.email, u.firstname, u.lastname
         from campuses m, users u join candidates c on c.user_id = u.id
         where m.school_id = (select id from users where email = 'ecole@vivier.demo')
           and c.school_id is distinct from m.school_id
         order by m.id, u.id limit 1",
    )
    .await;
    // the demo partner asked a candidate to get in touch, and the candidate accepted
    execute(
        &pool,
        "insert into contact_requests (partner_id, candidate_id, message, state, answered_at)
         select p.id, (select user_id from candidates order by user_id limit 1),
                'Bonjour, votre profil correspond à notre poste.', 'accepted', now()
         from users p where p.email = 'partenaire@vivier.demo'",
    )
    .await;
    // the demo school invites a recruiter
    execute(
        &pool,
        "insert into recruiter_invitations (school_id, email, firstname, lastname, token_hash)
         select id, 'rh@invitee.example', 'Inès', 'Garnier', sha256('matrix') from users where email = 'ecole@vivier.demo'",
    )
    .await;
    // the demo school asks the demo partner for a link
    execute(
        &pool,
        "insert into partner_schools (partner_id, school_id)
         select p.id, s.id from users p, users s where p.email = 'partenaire@vivier.demo' and s.email = 'ecole@vivier.demo'",
    )
    .await;
    let app = app(pool.clone());
    let mut sessions = Sessions::default();
    let partner: i64 = scalar_of(&pool, "select id from users where email = $1", api::seed::DEMO_PARTNER_EMAIL).await;
    let offer = serde_json::json!({
        "title": "Développeuse web", "job_category": 1, "contract_type": 1, "duration": 12, "start_at": "2027-01-04",
        "localization": { "type": "city", "id": "69123" }, "languages": [{ "id": 2, "level": 4 }]
    });
    let cookie = sessions.of(&app, &pool, partner).await;
    let created =
        send_as(&app, Some(&cookie), crate::support::json_request("POST", "/api/api/job/offers", &offer)).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
    // a candidate applied to it
    execute(
        &pool,
        "insert into job_applications (job_offer_id, candidate_id)
         select (select max(id) from job_offers), (select user_id from candidates order by user_id limit 1)",
    )
    .await;
    let mut checked = 0;
    for route in api::http::routes() {
        if matches!(route.access, Access::Public | Access::PublicWithSession) || !route.path.contains('{') {
            continue;
        }
        if SHARED_RESOURCES.iter().any(|prefix| route.path.starts_with(prefix)) {
            continue;
        }
        let owned = OWNED_RESOURCES.iter().find(|(prefix, ..)| route.path.starts_with(prefix));
        let Some((_, table, id_column, owner_column)) = owned else {
            assert!(
                !route.path.contains("{id}"),
                "{} {}: an owned resource missing from OWNED_RESOURCES",
                route.method,
                route.path
            );
            continue;
        };
        let (id, owner): (i64, i64) =
            sqlx::query_as(AssertSqlSafe(format!(
                "select {id_column}, {owner_column} from {table} where {owner_column} is not null order by {id_column} limit 1"
            )))
                .fetch_one(&pool)
                .await
                .unwrap_or_else(|error| panic!("the seed has a row of {table}: {error}"));
        let owner_role: String = scalar_of(&pool, "select discriminator::text from users where id = $1", owner).await;
        let (stranger, other_role): (i64, i64) = sqlx::query_as(
            "select (select id from users where discriminator::text = $1 and id <> $2 order by id limit 1),
                    (select id from users where discriminator::text <> $1 and discriminator::text <> 'admin' order by id limit 1)",
        )
        .bind(&owner_role)
        .bind(owner)
        .fetch_one(&pool)
        .await
        .unwrap();
        let uri = route
            .path
            .replace("{id}", &id.to_string())
            .replace("{id_or_slug}", &id.to_string())
            .replace("{candidate_id}", "1");
        let call = |cookie: Option<String>| {
            let app = app.clone();
            let uri = uri.clone();
            async move { send_as(&app, cookie.as_deref(), empty_json(route.method, &uri)).await.status }
        };
        let what = format!("{} {}", route.method, route.path);
        assert_eq!(call(None).await, StatusCode::UNAUTHORIZED, "{what} as an anonymous visitor");
        // another role is refused, or, on a route both roles call (a conversation), finds nothing
        let other_role_name: String =
            scalar_of(&pool, "select discriminator::text from users where id = $1", other_role).await;
        let other_admitted = Role::from_discriminator(&other_role_name).is_some_and(|role| route.access.admits(role));
        assert_eq!(
            call(Some(sessions.of(&app, &pool, other_role).await)).await,
            if other_admitted { StatusCode::NOT_FOUND } else { StatusCode::FORBIDDEN },
            "{what} as another role"
        );
        assert_eq!(
            call(Some(sessions.of(&app, &pool, stranger).await)).await,
            StatusCode::NOT_FOUND,
            "{what} as another {owner_role}"
        );
        // the owner gets past ownership: an answer, or the checks of an empty body (candidate 1
        // of a save is not among the search's finds: a 404 of its own, tested with sourcing)
        let destructive =
            route.method == "DELETE" || route.path.ends_with("/desactivate") || route.path.ends_with("/erase");
        if !destructive {
            let status = call(Some(sessions.of(&app, &pool, owner).await)).await;
            let names_a_candidate = route.path.contains("{candidate_id}");
            assert!(
                status.is_success()
                    || status == StatusCode::UNPROCESSABLE_ENTITY
                    || status == StatusCode::CONFLICT
                    || (names_a_candidate && status == StatusCode::NOT_FOUND),
                "{what} as its owner answered {status}"
            );
        }
        checked += 1;
    }
    assert!(checked >= 10, "the owned-resource routes are found ({checked})");
}
