//! Who may call what: every route of the route table, called by an anonymous visitor and by
//! a candidate, a school and a partner, must answer as its declared access says. The table
//! of routes comes from the server itself, so a new route is covered the day it is added.

use api::http::routes::Access;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use sqlx::PgPool;

use crate::support::{app, login, send_as};

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
        let uri = route.path.replace("{token}", "not-a-token").replace("{id}", "1").replace("{candidate_id}", "1");
        for (name, cookie, role) in identities {
            let request = Request::builder()
                .method(route.method)
                .uri(&uri)
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from("{}"))
                .unwrap();
            let status = send_as(&app, cookie, request).await.status;
            let expected_refusal = match (route.access, role) {
                (Access::Public, _) => None,
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
