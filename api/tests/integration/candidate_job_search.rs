//! The job search screen and what it leads to: a new candidate who fills it becomes a search
//! document that partners' sourcing searches find. Also the reads of a profile's parts by slug
//! (the profile's own reading rule) and the CV view.

use axum::http::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::candidate_profile::{call, lyon, new_candidate, valid_education, valid_experience};
use crate::support::{app, app_with_state, execute_of, get_as, indexed_state, login, row_of, scalar_of};

fn job_search() -> Value {
    json!({
        "from": "job_search", "job_categories": [1], "job_localizations": [lyon(), { "type": "region", "id": "84" }],
        "contract_types": [1, 5], "contract_hourly_schemes": [1], "company_types": [1, 3],
        "contract_min_duration": 6, "availability": "2026-12-01", "in_research": true, "degree": 6, "type": 1
    })
}

#[sqlx::test(migrations = "../migrations")]
async fn a_new_candidate_who_fills_the_job_search_is_found_by_a_sourcing_search(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let (state, mut follower) = indexed_state(&pool).await;
    let app = app_with_state(state.clone());
    let lea = new_candidate(&pool, &app, "lea@example.org").await;
    assert!(state.engine.matcher.document(lea.id).is_none(), "nothing to find yet");

    let saved = call(&app, &lea.cookie, "POST", &format!("/api/api/candidates/{}", lea.id), Some(job_search())).await;
    let languages = call(
        &app,
        &lea.cookie,
        "POST",
        &format!("/api/api/candidates/{}/languages", lea.id),
        Some(json!({ "languages": [{ "id": 2, "level": 5 }] })),
    )
    .await;

    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
    assert_eq!(languages.status, StatusCode::OK, "{}", languages.text());
    let profile = saved.json();
    assert_eq!(profile["job_localizations"][1]["type"], "region");
    assert_eq!(profile["contract_min_duration"], 6);
    assert_eq!(profile["availability"], "2026-12-01");
    let document: (bool, Vec<i16>, Vec<i16>, Vec<String>, Option<i16>) = row_of(
        &pool,
        "select searchable, job_category_ids, contract_type_ids, localization_codes, degree_level
         from candidate_search_documents where candidate_id = $1",
        lea.id,
    )
    .await;
    assert_eq!(document, (true, vec![1], vec![1, 5], vec!["69123".to_owned(), "84".to_owned()], Some(5)));

    follower.catch_up().await.unwrap();
    assert!(state.engine.matcher.document(lea.id).is_some(), "the change log brought the document to the matcher");
    let partner = login(&app, api::seed::DEMO_PARTNER_EMAIL, api::seed::DEMO_PASSWORD).await;
    let search = json!({
        "job_category": 1, "contracts": [5], "duration": 6, "start_at": "2026-12-15",
        "localization": lyon(), "radius": 5, "languages": [{ "id": 2, "level": 4 }], "degree": 0
    });
    let response = call(&app, &partner, "POST", "/api/api/sourcing/searchs?save=false", Some(search)).await;

    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    let hits = response.json()["hits"].as_array().unwrap().clone();
    let found = hits.iter().any(|hit| hit["candidate"]["id"] == lea.id);
    assert!(found, "the sourcing search finds the new candidate");
}

#[sqlx::test(migrations = "../migrations")]
async fn the_job_search_checks_its_lists_and_places(pool: PgPool) {
    let app = app(pool.clone());
    let lea = new_candidate(&pool, &app, "lea@example.org").await;
    let mut search = job_search();
    search["job_categories"] = json!([999]);
    search["job_localizations"] = json!([{ "type": "city", "id": "00000" }]);
    search["contract_min_duration"] = json!(200);
    search["availability"] = json!("next week");

    let response = call(&app, &lea.cookie, "POST", &format!("/api/api/candidates/{}", lea.id), Some(search)).await;
    let unknown_screen =
        call(&app, &lea.cookie, "POST", &format!("/api/api/candidates/{}", lea.id), Some(json!({ "from": "cv" })))
            .await;

    assert_eq!(response.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        response.json()["errors"],
        json!({
            "job_categories": ["unknown"], "job_localizations": ["invalid_localization"],
            "contract_min_duration": ["out_of_range"], "availability": ["invalid_date"]
        })
    );
    assert_eq!(unknown_screen.json()["errors"], json!({ "from": ["invalid"] }));
}

#[sqlx::test(migrations = "../migrations")]
async fn the_parts_of_a_profile_are_read_by_slug_under_the_profiles_own_rule(pool: PgPool) {
    let app = app(pool.clone());
    let lea = new_candidate(&pool, &app, "lea@example.org").await;
    let other = new_candidate(&pool, &app, "noe@example.org").await;
    call(&app, &lea.cookie, "POST", "/api/api/candidate/experiences", Some(valid_experience())).await;
    let slug = format!("lea-durand-{}", lea.id);
    let parts = ["experiences", "educations", "projects", "hobbies", "softskill/percentages"];

    for part in parts {
        let uri = format!("/api/api/candidates/{slug}/{part}");
        assert_eq!(get_as(&app, None, &uri).await.status, StatusCode::NOT_FOUND, "{part}, anonymous, not shared");
        assert_eq!(get_as(&app, Some(&other.cookie), &uri).await.status, StatusCode::NOT_FOUND, "{part}, another user");
        assert_eq!(get_as(&app, Some(&lea.cookie), &uri).await.status, StatusCode::OK, "{part}, the candidate");
    }
    execute_of(&pool, "update candidates set is_public = true where user_id = $1", lea.id).await;

    let experiences = get_as(&app, None, &format!("/api/api/candidates/{slug}/experiences")).await;
    let shares = get_as(&app, None, &format!("/api/api/candidates/{slug}/softskill/percentages")).await;

    assert_eq!(experiences.status, StatusCode::OK);
    assert_eq!(experiences.json()[0]["position_name"], "Développeuse");
    let total: f64 = shares.json().as_array().unwrap().iter().map(|share| share["percentage"].as_f64().unwrap()).sum();
    assert!((total - 100.0).abs() < 0.5, "{total}");
    assert_eq!(
        get_as(&app, None, "/api/api/candidates/no-such-candidate-1/hobbies").await.status,
        StatusCode::NOT_FOUND
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn the_cv_lists_experiences_educations_and_projects_in_date_order(pool: PgPool) {
    let app = app(pool.clone());
    let lea = new_candidate(&pool, &app, "lea@example.org").await;
    let picture = crate::candidate_uploads::upload_picture(&app, &lea.cookie).await;
    call(&app, &lea.cookie, "POST", "/api/api/candidate/experiences", Some(valid_experience())).await;
    call(&app, &lea.cookie, "POST", "/api/api/candidate/educations", Some(valid_education())).await;
    let project = crate::candidate_profile::valid_project(&[&picture]);
    call(&app, &lea.cookie, "POST", "/api/api/candidate/projects", Some(project)).await;

    let cv = call(&app, &lea.cookie, "GET", "/api/api/experiences", None).await;

    assert_eq!(cv.status, StatusCode::OK, "{}", cv.text());
    let order: Vec<(String, String)> = cv
        .json()
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| {
            (entry["type"].as_str().unwrap().to_owned(), entry["item"]["start_date"].as_str().unwrap().to_owned())
        })
        .collect();
    let expected = [("education", "2022-09-01"), ("experience", "2024-02-01"), ("project", "2023-03-01")];
    let expected: Vec<(String, String)> =
        expected.iter().map(|(kind, date)| (kind.to_string(), date.to_string())).collect();
    assert_eq!(
        order,
        vec![expected[0].clone(), expected[1].clone(), expected[2].clone()],
        "current first, then latest"
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn the_studies_are_patched_field_by_field_and_a_program_belongs_to_the_campus(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let app = app(pool.clone());
    let lea = new_candidate(&pool, &app, "lea@example.org").await;
    let campuses: Vec<(i64, i64)> = sqlx::query_as(
        "select c.id, min(p.id) from campuses c join programs p on p.campus_id = c.id group by c.id order by c.id limit 2",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    let [(campus, program), (other_campus, other_program)] = campuses[..] else { panic!("the seed has two campuses") };
    let patch = |body: Value| call(&app, &lea.cookie, "PATCH", "/api/api/candidates", Some(body));

    let set = patch(json!({ "entry_year": 2024, "campus": campus, "program": program })).await;
    assert_eq!(set.status, StatusCode::OK, "{}", set.text());
    assert_eq!(set.json()["entry_year"], 2024);
    assert_eq!(set.json()["campus"]["id"], campus);
    assert_eq!(set.json()["program"]["id"], program);
    assert!(set.json()["school"]["id"].is_i64(), "the campus brings its school");

    let year_only = patch(json!({ "entry_year": 2025 })).await;
    assert_eq!(year_only.status, StatusCode::OK);
    assert_eq!(year_only.json()["program"]["id"], program, "absent fields are kept");

    let foreign_program = patch(json!({ "program": other_program })).await;
    assert_eq!(foreign_program.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(foreign_program.json()["errors"]["program"], json!(["unknown"]));
    let bad = patch(json!({ "entry_year": 1800, "campus": 999_999 })).await;
    assert_eq!(bad.json()["errors"]["entry_year"], json!(["out_of_range"]));
    assert_eq!(bad.json()["errors"]["campus"], json!(["unknown"]));
    let password_without_query = patch(json!({ "password": "Nouveau-mot-2026" })).await;
    assert_eq!(password_without_query.json()["errors"]["password"], json!(["query_parameter_expected"]));

    let moved = patch(json!({ "campus": other_campus })).await;
    assert_eq!(moved.status, StatusCode::OK);
    assert_eq!(moved.json()["campus"]["id"], other_campus);
    assert!(moved.json()["program"].is_null(), "a new campus leaves the old campus's program behind");
    let cleared = patch(json!({ "entry_year": null, "campus": null })).await;
    assert!(cleared.json()["entry_year"].is_null() && cleared.json()["campus"].is_null());

    let wrong_password = call(
        &app,
        &lea.cookie,
        "PATCH",
        "/api/api/candidates?password",
        Some(json!({ "current_password": "nope", "password": "Nouveau-mot-2026" })),
    )
    .await;
    assert_eq!(wrong_password.json()["errors"]["current_password"], json!(["wrong_password"]));
}

#[sqlx::test(migrations = "../migrations")]
async fn keywords_find_the_headline_the_name_and_the_background_and_say_where_and_a_finished_education_gives_the_degree(
    pool: PgPool,
) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let (state, mut follower) = indexed_state(&pool).await;
    let app = app_with_state(state.clone());
    let lea = new_candidate(&pool, &app, "lea@example.org").await;
    call(&app, &lea.cookie, "POST", &format!("/api/api/candidates/{}", lea.id), Some(job_search())).await;
    let languages = json!({ "languages": [{ "id": 2, "level": 5 }] });
    call(&app, &lea.cookie, "POST", &format!("/api/api/candidates/{}/languages", lea.id), Some(languages)).await;
    // no degree given, a headline (the profile screen's other fields do not matter here)
    execute_of(
        &pool,
        "update candidates set degree_id = null, headline = 'En recherche de développeur web' where user_id = $1",
        lea.id,
    )
    .await;
    // a finished master's degree (level 5) and a doctorate under way (level 8, not counted)
    let mut finished = valid_education();
    finished["is_current"] = json!(false);
    finished["end_date"] = json!("2025-06-30");
    let mut current = valid_education();
    current["degree"] = json!(9);
    for education in [finished, current] {
        let added = call(&app, &lea.cookie, "POST", "/api/api/candidate/educations", Some(education)).await;
        assert_eq!(added.status, StatusCode::CREATED, "{}", added.text());
    }
    follower.catch_up().await.unwrap();
    let partner = login(&app, api::seed::DEMO_PARTNER_EMAIL, api::seed::DEMO_PASSWORD).await;
    let finds = |keywords: &'static str| {
        let search = json!({
            "job_category": 1, "contracts": [5], "duration": 6, "start_at": "2026-12-15", "localization": lyon(),
            "radius": 5, "languages": [{ "id": 2, "level": 4 }], "degree": 5, "keywords": keywords
        });
        let (app, partner, id) = (app.clone(), partner.clone(), lea.id);
        async move {
            let response = call(&app, &partner, "POST", "/api/api/sourcing/searchs?save=false", Some(search)).await;
            assert_eq!(response.status, StatusCode::OK, "{}", response.text());
            response.json()["hits"].as_array().unwrap().iter().find(|hit| hit["candidate"]["id"] == id).cloned()
        }
    };
    // Each keyword of the search is explained: how often, and where, the profile holds it.
    let found_in = |hit: Option<Value>| {
        let hit = hit.expect("the candidate is found");
        let keywords = hit["breakdown"]["keywords"].as_array().unwrap().clone();
        assert!(hit["breakdown"]["keyword_score"].as_f64().is_some_and(|score| score > 0.0 && score < 1.0));
        keywords.iter().map(|keyword| (keyword["word"].clone(), keyword["found_in"].clone())).collect::<Vec<_>>()
    };

    let degree: Option<i16> =
        scalar_of(&pool, "select degree_level from candidate_search_documents where candidate_id = $1", lea.id).await;
    assert_eq!(degree, Some(5), "the finished education's degree, not the current one's");
    assert_eq!(found_in(finds("développeur").await), vec![(json!("développeur"), json!(["headline"]))]);
    assert_eq!(found_in(finds("Durand").await), vec![(json!("durand"), json!(["name"]))], "the candidate's name");
    assert_eq!(
        found_in(finds("informatique web").await),
        vec![(json!("informatique"), json!(["background"])), (json!("web"), json!(["headline"]))],
        "an education's name, and both keywords in turn"
    );
    assert!(finds("boulanger").await.is_none(), "a word found nowhere");
}
