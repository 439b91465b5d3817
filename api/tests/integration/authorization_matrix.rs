//! Who may call what: every route of the route table, called by an anonymous visitor and by
//! a candidate, a school and a partner, must answer as its declared access says. The table
//! of routes comes from the server itself, so a new route is covered the day it is added.
//! Routes whose answer depends on the resource as well (a candidate's profile) have their own
//! table of expected statuses below.

use api::http::routes::Access;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use sqlx::PgPool;

use crate::support::{app, get_as, login, send_as};

#[sqlx::test(migrations = "../migrations")]
async fn every_route_answers_each_role_as_its_access_declares(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let app = app(pool);
    let candidate = login(&app, api::seed::DEMO_CANDIDATE_EMAIL, api::seed::DEMO_PASSWORD).await;
    let school = login(&app, api::seed::DEMO_SCHOOL_EMAIL, api::seed::DEMO_PASSWORD).await;
    let partner = login(&app, api::seed::DEMO_PARTNER_EMAIL, api::seed::DEMO_PASSWORD).await;
    let identities: [(&str, Option<&str>, Option<api::auth::Role>); 4] = [
        ("anonymous", None, None),
        ("candidate", Some(&candidate), Some(api::auth::Role::Candidate)),
        ("school", Some(&school), Some(api::auth::Role::School)),
        ("partner", Some(&partner), Some(api::auth::Role::Partner)),
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
        for (name, cookie, role) in identities {
            let request = Request::builder()
                .method(route.method)
                .uri(&uri)
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from("{}"))
                .unwrap();
            let status = send_as(&app, cookie, request).await.status;
            let expected_refusal = match (route.access, role) {
                (Access::Public | Access::PublicWithSession, _) => None,
                (_, None) => Some(StatusCode::UNAUTHORIZED),
                (access, Some(role)) if access.admits(role) => None,
                (_, Some(_)) => Some(StatusCode::FORBIDDEN),
            };
            match expected_refusal {
                Some(refusal) => assert_eq!(status, refusal, "{} {} as {name}", route.method, route.path),
                None => assert!(
                    status != StatusCode::UNAUTHORIZED && status != StatusCode::FORBIDDEN,
                    "{} {} as {name} was refused with {status}",
                    route.method,
                    route.path
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
    sqlx::query(
        "with place as (insert into localizations (value, type, lat, lng, commune_code, country_code)
                        values ('Lyon', 'city', 45.76, 4.84, '69123', 'FR') returning id),
              search as (insert into sourcing_searches (partner_id, job_category_id, duration, start_at, localization_id, saved)
                         select u.id, (select min(id) from job_categories), 6, current_date, place.id, true
                         from users u, place where u.email = $1 returning id)
         insert into sourcing_saved_candidates (sourcing_search_id, candidate_id) select id, $2 from search",
    )
    .bind(DEMO_PARTNER_EMAIL)
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
    let document = serde_json::to_value(api::http::openapi_document()).unwrap();
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
