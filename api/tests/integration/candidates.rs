//! A candidate's profile (`GET /api/api/candidates/{id or slug}`): what the candidate, the
//! public and partners receive. Who may read it at all is in the authorization matrix.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use serde_json::Value;
use sqlx::{AssertSqlSafe, PgPool};

use api::seed::{DEMO_CANDIDATE_EMAIL, DEMO_PARTNER_EMAIL, DEMO_PASSWORD};

use crate::support::{app, execute_of, get, get_as, login, row_of, scalar, send};

/// The demo candidate (shared profile, on a campus of the demo school, in research).
#[derive(sqlx::FromRow)]
struct DemoCandidate {
    id: i64,
    slug: String,
    phone: String,
}

/// The site over the demo data set, and its demo candidate.
async fn seeded_app(pool: &PgPool) -> (Router, DemoCandidate) {
    api::seed::seed_database(pool, 5, 1).await.unwrap();
    let candidate = row_of(
        pool,
        "select c.user_id as id, c.slug, u.phone from candidates c join users u on u.id = c.user_id where u.email = $1",
        DEMO_CANDIDATE_EMAIL,
    )
    .await;
    (app(pool.clone()), candidate)
}

#[sqlx::test(migrations = "../migrations")]
async fn the_candidate_reads_their_whole_profile_with_contact_details(pool: PgPool) {
    let (app, candidate) = seeded_app(&pool).await;
    let cookie = login(&app, DEMO_CANDIDATE_EMAIL, DEMO_PASSWORD).await;

    let response = get_as(&app, Some(&cookie), &format!("/api/api/candidates/{}", candidate.id)).await;

    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    let profile = response.json();
    assert_eq!(profile["id"], candidate.id);
    assert_eq!(profile["slug"], candidate.slug);
    assert_eq!((profile["firstname"].as_str(), profile["lastname"].as_str()), (Some("Camille"), Some("Martin")));
    assert!(profile["headline"].as_str().is_some_and(|headline| !headline.is_empty()));
    assert_eq!(profile["contact"]["email"], DEMO_CANDIDATE_EMAIL);
    assert_eq!(profile["contact"]["phone"], candidate.phone);
    assert!(profile["contact"]["birthdate"].as_str().is_some());
    assert_eq!(profile["localization"]["value"], "Lyon");
    // the seed puts the home commune first among the places the candidate looks in
    let first_place = &profile["job_localizations"][0];
    assert_eq!((first_place["value"].as_str(), first_place["type"].as_str()), (Some("Lyon"), Some("city")));
    assert_eq!(first_place["id"], "69123");
    for list in ["job_categories", "contract_types", "contract_hourly_schemes", "languages"] {
        let items = profile[list].as_array().unwrap();
        assert!(!items.is_empty(), "{list}");
        assert!(items.iter().all(|item| item["name"].as_str().is_some_and(|name| !name.is_empty())), "{list}");
    }
    assert!(
        profile["languages"]
            .as_array()
            .unwrap()
            .iter()
            .all(|language| (1..=6).contains(&language["level"].as_i64().unwrap()))
    );
    let families: i64 = scalar(&pool, "select count(*) from soft_skill_categories").await;
    let shares = profile["softskill_percentages"].as_array().unwrap();
    assert_eq!(shares.len() as i64, families, "every family, chosen or not");
    let total: f64 = shares.iter().map(|share| share["percentage"].as_f64().unwrap()).sum();
    assert!((total - 100.0).abs() < 1.0, "the shares add up to 100, give or take rounding: {total}");
    assert!(profile["degree"]["level"].is_i64());
    assert!(profile["school"]["name"].as_str().is_some() && profile["campus"]["name"].as_str().is_some());
    assert_eq!((profile["in_research"].as_bool(), profile["is_public"].as_bool()), (Some(true), Some(true)));
}

#[sqlx::test(migrations = "../migrations")]
async fn a_shared_profile_is_found_by_slug_without_contact_details(pool: PgPool) {
    let (app, candidate) = seeded_app(&pool).await;

    let response = get(&app, &format!("/api/api/candidates/{}", candidate.slug)).await;

    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    let profile = response.json();
    assert_eq!(profile["id"], candidate.id);
    assert_eq!(profile["firstname"], "Camille");
    assert!(profile.get("contact").is_none());
    let text = response.text();
    assert!(
        !text.contains(DEMO_CANDIDATE_EMAIL) && !text.contains(&candidate.phone),
        "no contact detail anywhere: {text}"
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_partner_never_sees_the_email_or_the_phone(pool: PgPool) {
    let (app, candidate) = seeded_app(&pool).await;
    let partner = login(&app, DEMO_PARTNER_EMAIL, DEMO_PASSWORD).await;

    // the shared profile, by the slug its candidate shares
    {
        let response = get_as(&app, Some(&partner), &format!("/api/api/candidates/{}", candidate.slug)).await;

        assert_eq!(response.status, StatusCode::OK, "{}", response.text());
        let text = response.text();
        assert!(response.json().get("contact").is_none());
        assert!(
            !text.contains(DEMO_CANDIDATE_EMAIL) && !text.contains(&candidate.phone) && !text.contains("birthdate")
        );
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn the_names_of_the_profile_follow_the_callers_language(pool: PgPool) {
    let (app, candidate) = seeded_app(&pool).await;
    let read_in = |language: &'static str| {
        let request = Request::get(format!("/api/api/candidates/{}", candidate.slug))
            .header(header::ACCEPT_LANGUAGE, language)
            .body(Body::empty())
            .unwrap();
        let app = app.clone();
        async move { send(&app, request).await.json() }
    };
    let category_names = |profile: &Value| -> Vec<String> {
        profile["job_categories"]
            .as_array()
            .unwrap()
            .iter()
            .map(|item| item["name"].as_str().unwrap().to_owned())
            .collect()
    };
    let expected = |column: &'static str| {
        let pool = pool.clone();
        async move {
            sqlx::query_scalar::<_, String>(AssertSqlSafe(format!(
                "select j.{column} from candidate_job_categories c join job_categories j on j.id = c.job_category_id
                 where c.candidate_id = $1 order by j.id"
            )))
            .bind(candidate.id)
            .fetch_all(&pool)
            .await
            .unwrap()
        }
    };

    assert_eq!(category_names(&read_in("en").await), expected("label_en").await);
    assert_eq!(category_names(&read_in("fr-FR").await), expected("label_fr").await);
}

#[sqlx::test(migrations = "../migrations")]
async fn an_unknown_or_malformed_identifier_or_a_deactivated_account_is_404(pool: PgPool) {
    let (app, candidate) = seeded_app(&pool).await;
    let owner = login(&app, DEMO_CANDIDATE_EMAIL, DEMO_PASSWORD).await;

    // user 1 is a school, not a candidate
    for identifier in
        ["999999", "1", "nobody-here-1", "Camille-Martin", "camille%20martin", "99999999999999999999", "a--b"]
    {
        let response = get_as(&app, Some(&owner), &format!("/api/api/candidates/{identifier}")).await;
        assert_eq!(response.status, StatusCode::NOT_FOUND, "{identifier}");
        assert_eq!(response.json()["code"], "not_found", "{identifier}");
    }

    execute_of(&pool, "update users set active = false where id = $1", candidate.id).await;
    assert_eq!(get(&app, &format!("/api/api/candidates/{}", candidate.slug)).await.status, StatusCode::NOT_FOUND);
}

#[sqlx::test(migrations = "../migrations")]
async fn whoami_tells_a_candidate_where_to_load_the_profile(pool: PgPool) {
    let (app, _) = seeded_app(&pool).await;
    let cookie = login(&app, DEMO_CANDIDATE_EMAIL, DEMO_PASSWORD).await;

    let me = get_as(&app, Some(&cookie), "/api/api/auth/whoami").await.json();
    let candidate_id = me["candidate"]["id"].as_i64().expect("the candidate's id");
    let profile = get_as(&app, Some(&cookie), &format!("/api/api/candidates/{candidate_id}")).await;

    assert_eq!(candidate_id, me["id"].as_i64().unwrap());
    assert_eq!(profile.status, StatusCode::OK);
    assert_eq!(profile.json()["slug"], me["candidate"]["slug"]);
    assert_eq!(profile.json()["contact"]["email"], me["email"]);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_stale_session_reads_a_shared_profile_like_a_visitor(pool: PgPool) {
    let (app, candidate) = seeded_app(&pool).await;

    let response =
        get_as(&app, Some("vivier_session=not.a.token"), &format!("/api/api/candidates/{}", candidate.slug)).await;

    assert_eq!(response.status, StatusCode::OK);
    assert!(response.json().get("contact").is_none());
}

#[sqlx::test(migrations = "../migrations")]
async fn a_shared_profile_tells_search_engines_not_to_index_it_on_its_answer_and_its_page(pool: PgPool) {
    let (_, candidate) = seeded_app(&pool).await;
    let web_dist = std::env::temp_dir().join(format!("vivier-noindex-{}-{}", candidate.id, std::process::id()));
    std::fs::create_dir_all(&web_dist).unwrap();
    std::fs::write(web_dist.join("index.html"), "<html><head><title>Vivier</title></head><body></body></html>")
        .unwrap();
    let site = crate::support::app_with_web(pool.clone(), &web_dist, [127, 0, 0, 1]);

    let answer = get(&site, &format!("/api/api/candidates/{}", candidate.slug)).await;
    let page = get(&site, &format!("/candidat/{}", candidate.slug)).await;

    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
    assert_eq!(answer.headers["x-robots-tag"], "noindex");
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(page.headers["x-robots-tag"], "noindex");
    assert!(page.text().contains("<meta name=\"robots\" content=\"noindex\">"), "{}", page.text());
    std::fs::remove_dir_all(&web_dist).unwrap();
}
