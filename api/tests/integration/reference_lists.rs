//! Reference lists: bilingual, cacheable, every path of the spec answering.

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use sqlx::PgPool;

use crate::support::{app, get, send};

const LIST_PATHS: &[&str] = &[
    "/api/api/candidate/types",
    "/api/api/candidate/degrees",
    "/api/api/candidate/project/academic/categories",
    "/api/api/candidate/project/personal/categories",
    "/api/api/candidate/education/specializations",
    "/api/api/candidate/hobby/specialities",
    "/api/api/candidate/hobby/categories",
    "/api/api/candidate/hobby/frequencies",
    "/api/api/candidate/hobby/purposes",
    "/api/api/company/types",
    "/api/api/job/categories",
    "/api/api/jobs",
    "/api/api/contract/types",
    "/api/api/contract/hourly-schemes",
    "/api/api/languages",
    "/api/api/softskill/categories",
    "/api/api/school/types",
    "/api/api/school/parcours",
];

async fn get_in(app: &axum::Router, uri: &str, accept_language: &str) -> crate::support::TestResponse {
    let request = Request::get(uri).header(header::ACCEPT_LANGUAGE, accept_language).body(Body::empty()).unwrap();
    send(app, request).await
}

#[sqlx::test(migrations = "../migrations")]
async fn every_list_answers_a_non_empty_array_of_named_items(pool: PgPool) {
    let app = app(pool);
    for path in LIST_PATHS {
        let response = get(&app, path).await;
        assert_eq!(response.status, StatusCode::OK, "{path}");
        let items = response.json();
        let items = items.as_array().unwrap_or_else(|| panic!("{path} answers an array"));
        assert!(!items.is_empty(), "{path} is not empty");
        for item in items {
            assert!(item["id"].is_number(), "{path}: {item}");
            assert!(item["name"].as_str().is_some_and(|name| !name.is_empty()), "{path}: {item}");
        }
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn labels_follow_the_callers_language_and_both_come_on_request(pool: PgPool) {
    let app = app(pool);

    let french = get_in(&app, "/api/api/contract/types/1", "fr-FR").await.json();
    let english = get_in(&app, "/api/api/contract/types/1", "en-US,en;q=0.9").await.json();
    let both = get(&app, "/api/api/contract/types/1?labels=all").await.json();

    assert_eq!(french["code"], "cdi");
    assert_ne!(french["name"], english["name"]);
    assert_eq!(both["name_fr"], french["name"]);
    assert_eq!(both["name_en"], english["name"]);

    let cookie = Request::get("/api/api/contract/types/1")
        .header(header::ACCEPT_LANGUAGE, "fr")
        .header(header::COOKIE, "locale=en")
        .body(Body::empty())
        .unwrap();
    assert_eq!(send(&app, cookie).await.json()["name"], english["name"], "the locale cookie wins");
}

#[sqlx::test(migrations = "../migrations")]
async fn soft_skill_families_carry_their_soft_skills(pool: PgPool) {
    let families = get(&app(pool), "/api/api/softskill/categories").await.json();

    let families = families.as_array().unwrap();
    assert_eq!(families.len(), 8);
    for family in families {
        assert!(family["icon"].is_string());
        assert!(family["description"].is_string());
        assert!(family["softskills"].as_array().is_some_and(|skills| skills.len() >= 4), "{family}");
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn a_list_is_revalidated_with_its_etag(pool: PgPool) {
    let app = app(pool);
    let first = get(&app, "/api/api/languages").await;
    let etag = first.headers[header::ETAG].to_str().unwrap().to_owned();

    let request = Request::get("/api/api/languages").header(header::IF_NONE_MATCH, &etag).body(Body::empty()).unwrap();
    let second = send(&app, request).await;

    assert_eq!(second.status, StatusCode::NOT_MODIFIED);
    assert!(second.body.is_empty());
    assert_eq!(second.headers[header::ETAG].to_str().unwrap(), etag);
    let english = get_in(&app, "/api/api/languages", "en").await;
    assert_ne!(english.headers[header::ETAG].to_str().unwrap(), etag, "another language, another body");
}

#[sqlx::test(migrations = "../migrations")]
async fn an_unknown_item_is_404_and_a_bad_id_is_rejected(pool: PgPool) {
    let app = app(pool);

    assert_eq!(get(&app, "/api/api/candidate/degrees/999").await.status, StatusCode::NOT_FOUND);
    let bad = get(&app, "/api/api/candidate/degrees/abc").await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad.json()["code"], "invalid_path");
    let bad_labels = get(&app, "/api/api/languages?labels=some").await;
    assert_eq!(bad_labels.status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[sqlx::test(migrations = "../migrations")]
async fn candidates_and_schools_add_project_categories_but_partners_cannot(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let app = app(pool);
    let candidate = crate::support::login(&app, api::seed::DEMO_CANDIDATE_EMAIL, api::seed::DEMO_PASSWORD).await;
    let partner = crate::support::login(&app, api::seed::DEMO_PARTNER_EMAIL, api::seed::DEMO_PASSWORD).await;
    let add = |cookie: String, body: serde_json::Value| {
        let app = app.clone();
        async move {
            crate::support::send_as(
                &app,
                Some(&cookie),
                crate::support::json_request("POST", "/api/api/candidate/project/academic/categories", &body),
            )
            .await
        }
    };

    let created =
        add(candidate.clone(), serde_json::json!({ "name": "Robotique", "picture": "https://example.org/bot.png" }))
            .await;
    assert_eq!(created.status, StatusCode::CREATED);
    let again = add(candidate.clone(), serde_json::json!({ "name": "ROBOTIQUE" })).await;
    assert_eq!(again.json()["id"], created.json()["id"], "no twin for the same name");
    // a proposal is the author's own until adopted (security.rs tests who else sees it)
    let listed =
        crate::support::get_as(&app, Some(&candidate), "/api/api/candidate/project/academic/categories").await.json();
    assert!(listed.as_array().unwrap().iter().any(|category| category["name"] == "Robotique"));

    assert_eq!(add(candidate, serde_json::json!({ "name": " " })).await.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(add(partner, serde_json::json!({ "name": "Audit" })).await.status, StatusCode::FORBIDDEN);
}

#[sqlx::test(migrations = "../migrations")]
async fn the_pool_soft_skill_percentages_add_up_to_one_hundred(pool: PgPool) {
    api::seed::seed_database(&pool, 50, 1).await.unwrap();

    let families = get(&app(pool), "/api/api/softskills/percentages").await.json();

    let families = families.as_array().unwrap();
    assert_eq!(families.len(), 8);
    let total: f64 = families.iter().map(|family| family["percentage"].as_f64().unwrap()).sum();
    assert!((total - 100.0).abs() < 0.5, "{total}");
    assert!(families.iter().all(|family| family["name"].is_string()));
}

/// Lists sort as a French reader expects: "Éducation" and "Énergie" among the E's (byte order
/// put them after "Tourisme"), "Aéronautique" before "Agriculture", "Bâtiment" among the B's.
#[sqlx::test(migrations = "../migrations")]
async fn lists_sort_accented_names_among_their_letter(pool: PgPool) {
    let app = app(pool);
    let categories = get_in(&app, "/api/api/job/categories", "fr-FR").await.json();
    let names: Vec<&str> = categories.as_array().unwrap().iter().map(|item| item["name"].as_str().unwrap()).collect();
    let position =
        |name: &str| names.iter().position(|listed| *listed == name).unwrap_or_else(|| panic!("{name} in {names:?}"));

    assert!(position("Aéronautique et spatial") < position("Agriculture et environnement"), "{names:?}");
    assert!(position("Éducation et formation") < position("Énergie"), "{names:?}");
    assert!(position("Énergie") < position("Finance et comptabilité"), "{names:?}");
    assert!(position("Banque et assurance") < position("Bâtiment et travaux publics (BTP)"), "{names:?}");
    assert!(position("Bâtiment et travaux publics (BTP)") < position("Commerce et vente"), "{names:?}");
    assert_eq!(names.last(), Some(&"Tourisme"), "{names:?}");
}
