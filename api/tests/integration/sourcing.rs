//! Partners' sourcing searches through HTTP: validation, defaults, results equal to the
//! engine's, paging, saved searches and candidates, ownership.

use std::sync::Arc;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use chrono::NaiveDate;
use matcher::{CandidateDoc, CountryCode, JobLocalization, LanguageSkill, Matcher, SoftSkillShare};
use serde_json::{Value, json};
use sqlx::PgPool;

use indexer::cards::CandidateCards;

use crate::support::{
    app_with_index, execute, execute_of, json_request, login, post_json, row_of, scalar, scalar_of, send_as,
};

const LYON: (f64, f64) = (45.758, 4.835);

/// Matcher documents for the seeded candidates: all near Lyon, in job category 1, accepting
/// contract 1, with varied languages and soft skills (the API is tested, not the projection).
fn documents(candidate_ids: &[i64]) -> Vec<CandidateDoc> {
    candidate_ids
        .iter()
        .enumerate()
        .map(|(index, id)| CandidateDoc {
            candidate_id: *id,
            localizations: vec![JobLocalization::Place {
                place_id: 69123,
                lat: LYON.0 + (index % 7) as f64 * 0.01,
                lng: LYON.1 + (index % 5) as f64 * 0.01,
                country: CountryCode::FRANCE,
            }],
            job_categories: vec![1],
            contract_types: vec![1 + (index % 2) as u16],
            minimum_duration_months: 0,
            available_from: NaiveDate::from_ymd_opt(2026, 1, 1).unwrap(),
            degree_level: (index % 9) as u8,
            languages: vec![LanguageSkill { language: 2, level: 1 + (index % 6) as u8 }],
            soft_skills: vec![SoftSkillShare { category: 1, percent: (index * 7 % 100) as u8 }],
            searchable: true,
            findable_by: matcher::FindableBy::Everyone,
            school_id: None,
            text: String::new(),
        })
        .collect()
}

/// The site over the demo data set, its matcher and cards (the indexer's part, done by hand), and
/// the demo partner's session.
pub struct PartnerApp {
    pub app: axum::Router,
    matcher: Arc<Matcher>,
    cards: Arc<CandidateCards>,
    pub cookie: String,
}

/// The demo data set with hand-made documents for its searchable candidates, and their cards as
/// the indexer projects them.
pub async fn partner_app(pool: &PgPool) -> PartnerApp {
    api::seed::seed_database(pool, 60, 3).await.unwrap();
    let ids: Vec<i64> = sqlx::query_scalar(
        "select c.user_id from candidates c join users u on u.id = c.user_id
         where c.in_research and u.active order by c.user_id",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    let matcher = Arc::new(Matcher::build(documents(&ids)));
    let mut connection = pool.acquire().await.unwrap();
    let projected = indexer::projection::stored_documents(&mut connection, &ids).await.unwrap();
    assert_eq!(projected.cards.len(), ids.len(), "every searchable candidate has a card");
    let cards = Arc::new(CandidateCards::new());
    cards.upsert(projected.cards);
    let app = app_with_index(pool.clone(), matcher.clone(), cards.clone());
    let cookie = login(&app, api::seed::DEMO_PARTNER_EMAIL, api::seed::DEMO_PASSWORD).await;
    PartnerApp { app, matcher, cards, cookie }
}

/// The session of a demo partner other than the one `partner_app` logs in.
pub async fn another_partner(app: &axum::Router, pool: &PgPool) -> String {
    let email: String = scalar_of(
        pool,
        "select email from users where discriminator = 'partner' and email <> $1 order by id limit 1",
        api::seed::DEMO_PARTNER_EMAIL,
    )
    .await;
    login(app, &email, api::seed::DEMO_PASSWORD).await
}

pub fn lyon_search() -> Value {
    json!({
        "job_category": 1, "contracts": [1], "duration": 6, "start_at": "2026-12-01",
        "localization": { "value": "Lyon", "type": "city", "id": "69123", "country_code": "FR" },
        "languages": [{ "id": 2, "level": 4 }], "softskills_categories": [1], "degree": 0
    })
}

pub async fn search(app: &axum::Router, cookie: &str, save: bool, body: &Value) -> crate::support::TestResponse {
    send_as(app, Some(cookie), json_request("POST", &format!("/api/api/sourcing/searchs?save={save}"), body)).await
}

#[sqlx::test(migrations = "../migrations")]
async fn each_rule_of_the_spec_has_its_field_error(pool: PgPool) {
    let PartnerApp { app, cookie, .. } = partner_app(&pool).await;

    let empty = search(&app, &cookie, false, &json!({})).await;

    assert_eq!(empty.status, StatusCode::UNPROCESSABLE_ENTITY);
    let errors = &empty.json()["errors"];
    for field in ["job_category", "contracts", "duration", "start_at", "localization"] {
        assert_eq!(errors[field], json!(["required"]), "{field}");
    }
    assert_eq!(errors["languages"], json!(["matching_parameter_required"]));
    assert_eq!(errors["softskills_categories"], json!(["matching_parameter_required"]));

    let mut out_of_range = lyon_search();
    out_of_range["radius"] = json!(0);
    out_of_range["contracts"] = json!([999]);
    let refused = search(&app, &cookie, false, &out_of_range).await;
    assert_eq!(refused.json()["errors"]["radius"], json!(["out_of_range"]));
    assert_eq!(refused.json()["errors"]["contracts"], json!(["unknown"]));
}

#[sqlx::test(migrations = "../migrations")]
async fn defaults_are_applied_and_results_equal_the_engines(pool: PgPool) {
    let PartnerApp { app, matcher, cookie, .. } = partner_app(&pool).await;
    let mut request = lyon_search();
    request.as_object_mut().unwrap().remove("degree");

    let response = search(&app, &cookie, false, &request).await;

    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    let body = response.json();
    assert_eq!(body["id"], Value::Null, "not saved");
    assert_eq!(body["search"]["radius"], 10);
    assert_eq!(body["search"]["degree"], 1);
    assert_eq!(body["search"]["duration_flexibility"], 0);
    let query = matcher::SourcingQuery {
        job_category: 1,
        contract_types: vec![1],
        duration_months: 6,
        start_date: NaiveDate::from_ymd_opt(2026, 12, 1).unwrap(),
        localization: matcher::QueryLocalization::Point {
            lat: body["search"]["localization"]["lat"].as_f64().unwrap(),
            lng: body["search"]["localization"]["lng"].as_f64().unwrap(),
            country: CountryCode::FRANCE,
        },
        radius_km: 10.0,
        minimum_degree: 1,
        languages: vec![matcher::LanguageRequirement { language: 2, level: 4 }],
        soft_skill_categories: vec![1],
        duration_flexibility_months: 0,
        keywords: None,
        limit: 20,
        offset: 0,
        sort: matcher::SortOrder::Score,
        restrict_to: None,
        audience: matcher::Audience::default(),
    };
    let expected = matcher.search(&query);
    assert!(expected.total > 0);
    assert_eq!(body["total"], expected.total);
    assert_eq!(body["country_wide_total"], expected.country_wide_total, "counted over the whole search");
    let ids: Vec<i64> =
        body["hits"].as_array().unwrap().iter().map(|hit| hit["candidate"]["id"].as_i64().unwrap()).collect();
    let expected_ids: Vec<i64> = expected.hits.iter().map(|hit| hit.candidate_id).collect();
    assert_eq!(ids, expected_ids);
    let first = &body["hits"][0];
    assert_eq!(first["candidate"]["commune"]["name"], "Lyon");
    assert!(first["breakdown"]["languages"][0]["required"] == 4);
    assert!(first["candidate"].get("email").is_none() && first["candidate"].get("phone").is_none());
    assert_eq!(body["relax"]["degree"], expected.relax.degree);
    assert_eq!(body["relax_values"]["radius"], 20);
}

#[sqlx::test(migrations = "../migrations")]
async fn pages_are_stable_and_cover_the_results_once(pool: PgPool) {
    let PartnerApp { app, cookie, .. } = partner_app(&pool).await;
    let mut seen = Vec::new();
    let mut total = 0;
    for offset in [0, 7, 14, 21, 28] {
        let mut request = lyon_search();
        request["limit"] = json!(7);
        request["offset"] = json!(offset);
        let body = search(&app, &cookie, false, &request).await.json();
        total = body["total"].as_u64().unwrap();
        seen.extend(body["hits"].as_array().unwrap().iter().map(|hit| hit["candidate"]["id"].as_i64().unwrap()));
    }
    let mut distinct = seen.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), seen.len(), "no candidate on two pages");
    assert_eq!(seen.len() as u64, total.min(35));

    let mut by_distance = lyon_search();
    by_distance["sort"] = json!("distance");
    let hits = search(&app, &cookie, false, &by_distance).await.json()["hits"].clone();
    let distances: Vec<f64> = hits
        .as_array()
        .unwrap()
        .iter()
        .map(|hit| hit["breakdown"]["proximity"]["distance_km"].as_f64().unwrap())
        .collect();
    assert!(distances.windows(2).all(|pair| pair[0] <= pair[1]), "{distances:?}");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_saved_search_keeps_its_candidates_and_only_its_owner_sees_it(pool: PgPool) {
    let PartnerApp { app, cookie, .. } = partner_app(&pool).await;
    let saved = search(&app, &cookie, true, &lyon_search()).await;
    assert_eq!(saved.status, StatusCode::CREATED);
    let search_id = saved.json()["id"].as_i64().unwrap();
    let candidate_id = saved.json()["hits"][0]["candidate"]["id"].as_i64().unwrap();

    let save = send_as(
        &app,
        Some(&cookie),
        json_request(
            "POST",
            &format!("/api/api/sourcing/searchs/{search_id}/save-candidate/{candidate_id}"),
            &json!({}),
        ),
    )
    .await;
    assert_eq!(save.status, StatusCode::NO_CONTENT);

    let list = send_as(&app, Some(&cookie), Request::get("/api/api/sourcing/searchs").body(Body::empty()).unwrap())
        .await
        .json();
    assert_eq!(list[0]["id"], search_id);
    assert_eq!(list[0]["saved_candidates"], 1);
    let only_saved = send_as(
        &app,
        Some(&cookie),
        Request::get(format!("/api/api/sourcing/searchs/{search_id}?only_saved=true")).body(Body::empty()).unwrap(),
    )
    .await
    .json();
    assert_eq!(only_saved["total"], 1);
    assert_eq!(only_saved["hits"][0]["candidate"]["id"], candidate_id);
    assert_eq!(only_saved["hits"][0]["saved"], true);

    // another partner of the demo data set
    let other = another_partner(&app, &pool).await;
    let stolen = send_as(
        &app,
        Some(&other),
        Request::get(format!("/api/api/sourcing/searchs/{search_id}")).body(Body::empty()).unwrap(),
    )
    .await;
    assert_eq!(stolen.status, StatusCode::NOT_FOUND);
    let stolen_save = send_as(
        &app,
        Some(&other),
        json_request(
            "POST",
            &format!("/api/api/sourcing/searchs/{search_id}/unsave-candidate/{candidate_id}"),
            &json!({}),
        ),
    )
    .await;
    assert_eq!(stolen_save.status, StatusCode::NOT_FOUND);
    let still_saved: i64 = scalar(&pool, "select count(*) from sourcing_saved_candidates").await;
    assert_eq!(still_saved, 1);

    let unsave = send_as(
        &app,
        Some(&cookie),
        json_request(
            "POST",
            &format!("/api/api/sourcing/searchs/{search_id}/unsave-candidate/{candidate_id}"),
            &json!({}),
        ),
    )
    .await;
    assert_eq!(unsave.status, StatusCode::NO_CONTENT);
}

async fn get_json(app: &axum::Router, cookie: &str, path: &str) -> Value {
    let response = send_as(app, Some(cookie), Request::get(path).body(Body::empty()).unwrap()).await;
    assert_eq!(response.status, StatusCode::OK, "{path}: {}", response.text());
    response.json()
}

#[sqlx::test(migrations = "../migrations")]
async fn a_hit_shows_the_candidates_card_and_a_saved_candidate_who_stops_looking_leaves_the_lists(pool: PgPool) {
    let PartnerApp { app, matcher, cards, cookie } = partner_app(&pool).await;
    // every other candidate shares the profile; the indexer would re-project their cards
    execute(&pool, "update candidates set is_public = (user_id % 2 = 0)").await;
    let ids: Vec<i64> = cards.read().keys().copied().collect();
    let mut connection = pool.acquire().await.unwrap();
    cards.upsert(indexer::projection::stored_documents(&mut connection, &ids).await.unwrap().cards);
    let saved = search(&app, &cookie, true, &lyon_search()).await.json();
    let search_id = saved["id"].as_i64().unwrap();

    // the fields come from memory: compare them with the rows as the indexer projected them
    for hit in saved["hits"].as_array().unwrap() {
        let candidate = &hit["candidate"];
        let id = candidate["id"].as_i64().unwrap();
        let (firstname, lastname, headline, slug): (String, String, Option<String>, String) = row_of(
            &pool,
            "select u.firstname, u.lastname, c.headline, c.slug from candidates c join users u on u.id = c.user_id
             where c.user_id = $1",
            id,
        )
        .await;
        assert_eq!(
            (candidate["firstname"].as_str(), candidate["lastname"].as_str()),
            (Some(&*firstname), Some(&*lastname))
        );
        assert_eq!(candidate["headline"].as_str(), headline.as_deref());
        let shared = if id % 2 == 0 { Value::from(slug) } else { Value::Null };
        assert_eq!(candidate["slug"], shared, "candidate {id}");
        assert_eq!(candidate["languages"][0]["id"], 2);
        assert!(!candidate["languages"][0]["name"].as_str().unwrap().is_empty());
        assert!(!candidate["contracts"][0]["name"].as_str().unwrap().is_empty());
    }

    let candidate_id = saved["hits"][0]["candidate"]["id"].as_i64().unwrap();
    let save_path = format!("/api/api/sourcing/searchs/{search_id}/save-candidate/{candidate_id}");
    assert_eq!(
        send_as(&app, Some(&cookie), json_request("POST", &save_path, &json!({}))).await.status,
        StatusCode::NO_CONTENT
    );
    let only_saved = format!("/api/api/sourcing/searchs/{search_id}?only_saved=true");
    assert_eq!(get_json(&app, &cookie, &only_saved).await["total"], 1);

    // the candidate stops looking: the indexer takes them out of the matcher and the cards
    execute_of(&pool, "update candidates set in_research = false where user_id = $1", candidate_id).await;
    let document = matcher.document(candidate_id).unwrap();
    let card = cards.read()[&candidate_id].clone();
    matcher.apply(vec![matcher::Change::Remove(candidate_id)]);
    cards.remove(&[candidate_id]);
    let hidden = get_json(&app, &cookie, &only_saved).await;
    assert_eq!((hidden["total"].as_u64(), hidden["hits"].as_array().map(Vec::len)), (Some(0), Some(0)));
    assert_eq!(get_json(&app, &cookie, "/api/api/sourcing/searchs").await[0]["saved_candidates"], 0);
    let live = get_json(&app, &cookie, &format!("/api/api/sourcing/searchs/{search_id}")).await;
    assert!(live["hits"].as_array().unwrap().iter().all(|hit| hit["candidate"]["id"] != candidate_id));

    // looking again, they are back in the list, still saved
    execute_of(&pool, "update candidates set in_research = true where user_id = $1", candidate_id).await;
    cards.upsert([card]);
    matcher.apply(vec![matcher::Change::Upsert(document)]);
    let back = get_json(&app, &cookie, &only_saved).await;
    assert_eq!(back["total"], 1);
    assert_eq!(
        (back["hits"][0]["candidate"]["id"].as_i64(), back["hits"][0]["saved"].as_bool()),
        (Some(candidate_id), Some(true))
    );
    assert_eq!(get_json(&app, &cookie, "/api/api/sourcing/searchs").await[0]["saved_candidates"], 1);
}

#[sqlx::test(migrations = "../migrations")]
async fn an_offer_is_created_listed_and_read_back_by_its_partner_only(pool: PgPool) {
    let PartnerApp { app, cookie, .. } = partner_app(&pool).await;
    let offer = json!({
        "title": "Développeuse web", "job_category": 1, "contract_type": 1, "duration": 12, "start_at": "2027-01-04",
        "localization": { "type": "city", "id": "69123" }, "languages": [{ "id": 2, "level": 4 }],
        "softskills_categories": [1, 2], "description": "Une équipe de six personnes."
    });

    let created = send_as(&app, Some(&cookie), json_request("POST", "/api/api/job/offers", &offer)).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
    let id = created.json()["id"].as_i64().unwrap();
    let read =
        send_as(&app, Some(&cookie), Request::get(format!("/api/api/job/offers/{id}")).body(Body::empty()).unwrap())
            .await
            .json();
    assert_eq!(read["title"], "Développeuse web");
    assert_eq!(read["localization"]["value"], "Lyon");
    assert_eq!(read["languages"], json!([{ "id": 2, "level": 4 }]));
    assert_eq!(read["softskills_categories"], json!([1, 2]));
    assert_eq!(read["company"]["name"], "Numéria Conseil");

    let missing = send_as(&app, Some(&cookie), json_request("POST", "/api/api/job/offers", &json!({}))).await;
    assert_eq!(missing.status, StatusCode::UNPROCESSABLE_ENTITY);
    for field in ["title", "job_category", "contract_type", "duration", "start_at", "localization"] {
        assert_eq!(missing.json()["errors"][field], json!(["required"]), "{field}");
    }
    let other = another_partner(&app, &pool).await;
    let stolen =
        send_as(&app, Some(&other), Request::get(format!("/api/api/job/offers/{id}")).body(Body::empty()).unwrap())
            .await;
    assert_eq!(stolen.status, StatusCode::NOT_FOUND);
}

#[sqlx::test(migrations = "../migrations")]
async fn the_client_configuration_names_no_tile_server_nor_source_by_default(pool: PgPool) {
    let PartnerApp { app, .. } = partner_app(&pool).await;
    let config = post_json(&app, "/api/config", &json!({})).await;
    assert_eq!(config.status, StatusCode::METHOD_NOT_ALLOWED);
    let config = crate::support::get(&app, "/api/config").await;
    assert_eq!(config.json(), json!({ "map_style_url": null, "source_code_url": null }));
}

#[sqlx::test(migrations = "../migrations")]
async fn repeated_ids_are_stored_once_and_echoed_sorted(pool: PgPool) {
    let PartnerApp { app, cookie, .. } = partner_app(&pool).await;
    let mut body = lyon_search();
    body["softskills_categories"] = json!([2, 1, 2, 1]);
    body["contracts"] = json!([2, 1, 2]);
    body["languages"] = json!([{ "id": 2, "level": 4 }, { "id": 1 }, { "id": 2, "level": 6 }]);

    let saved = search(&app, &cookie, true, &body).await;

    assert_eq!(saved.status, StatusCode::CREATED, "{}", saved.text());
    let echoed = &saved.json()["search"];
    assert_eq!(echoed["softskills_categories"], json!([1, 2]));
    assert_eq!(echoed["contracts"], json!([1, 2]));
    assert_eq!(echoed["languages"], json!([{ "id": 1, "level": 3 }, { "id": 2, "level": 4 }]));
    let search_id = saved.json()["id"].as_i64().unwrap();
    let read = get_json(&app, &cookie, &format!("/api/api/sourcing/searchs/{search_id}")).await;
    assert_eq!(read["search"]["softskills_categories"], json!([1, 2]));
}

#[sqlx::test(migrations = "../migrations")]
async fn offers_and_searches_break_the_shared_criteria_rules_with_the_same_codes(pool: PgPool) {
    let PartnerApp { app, cookie, .. } = partner_app(&pool).await;
    let broken = json!({
        "title": "Stage", "job_category": 999, "contract_type": 1, "contracts": [1], "duration": 500,
        "start_at": "2027-02-30", "localization": { "type": "city", "id": "00000" }, "radius": 0, "degree": 9,
        "languages": [{ "id": 999, "level": 7 }], "softskills_categories": [999]
    });

    let offer = send_as(&app, Some(&cookie), json_request("POST", "/api/api/job/offers", &broken)).await;
    let sourcing = search(&app, &cookie, false, &broken).await;

    assert_eq!(offer.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(sourcing.status, StatusCode::UNPROCESSABLE_ENTITY);
    let expected = json!({
        "job_category": ["unknown"], "duration": ["out_of_range"], "start_at": ["invalid_date"],
        "localization": ["invalid_localization"], "radius": ["out_of_range"], "degree": ["out_of_range"],
        "languages": ["out_of_range", "unknown"], "softskills_categories": ["unknown"]
    });
    for (field, codes) in expected.as_object().unwrap() {
        assert_eq!(&offer.json()["errors"][field], codes, "offer {field}");
        assert_eq!(&sourcing.json()["errors"][field], codes, "search {field}");
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn a_partner_saves_only_a_candidate_their_search_finds(pool: PgPool) {
    let PartnerApp { app, matcher, cookie, .. } = partner_app(&pool).await;
    let saved = search(&app, &cookie, true, &lyon_search()).await;
    let search_id = saved.json()["id"].as_i64().unwrap();
    let found: std::collections::HashSet<i64> =
        saved.json()["hits"].as_array().unwrap().iter().map(|hit| hit["candidate"]["id"].as_i64().unwrap()).collect();
    // a searchable candidate the search does not find: another job category
    let elsewhere: i64 = sqlx::query_scalar(
        "select c.user_id from candidates c join users u on u.id = c.user_id
         where c.in_research and u.active and c.user_id <> all($1) order by c.user_id limit 1",
    )
    .bind(found.iter().copied().collect::<Vec<_>>())
    .fetch_one(&pool)
    .await
    .unwrap();
    let mut document = matcher.document(elsewhere).expect("a searchable candidate has a document");
    document.job_categories = vec![2];
    matcher.apply(vec![matcher::Change::Upsert(document)]);

    let refused = send_as(
        &app,
        Some(&cookie),
        json_request("POST", &format!("/api/api/sourcing/searchs/{search_id}/save-candidate/{elsewhere}"), &json!({})),
    )
    .await;

    assert_eq!(refused.status, StatusCode::NOT_FOUND);
    let saved_rows: i64 =
        scalar_of(&pool, "select count(*) from sourcing_saved_candidates where candidate_id = $1", elsewhere).await;
    assert_eq!(saved_rows, 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_start_date_beyond_the_years_of_a_career_is_out_of_range(pool: PgPool) {
    let PartnerApp { app, cookie, .. } = partner_app(&pool).await;
    for start_at in ["9999-12-31", "0001-01-01"] {
        let body = json!({
            "job_category": 1, "contracts": [1], "duration": 6, "start_at": start_at,
            "localization": { "type": "city", "id": "69123" }, "radius": 10, "languages": [{ "id": 1, "level": 3 }]
        });
        let answer = search(&app, &cookie, false, &body).await;
        assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY, "{start_at}");
        assert_eq!(answer.json()["errors"]["start_at"], json!(["out_of_range"]), "{start_at}");
    }
}

/// A hit tells where the candidate lives apart from the wished place that matched: the home is
/// their profile's commune (as the profile shows it to a partner), null for a home abroad.
#[sqlx::test(migrations = "../migrations")]
async fn hits_say_where_the_candidate_lives_apart_from_the_wished_place(pool: PgPool) {
    let PartnerApp { app, cards, cookie, .. } = partner_app(&pool).await;
    let body = search(&app, &cookie, false, &lyon_search()).await.json();
    let hits = body["hits"].as_array().unwrap();
    assert!(!hits.is_empty());
    for hit in hits {
        let id = hit["candidate"]["id"].as_i64().unwrap();
        let home: String = scalar_of(
            &pool,
            "select l.value from users u join localizations l on l.id = u.localization_id where u.id = $1",
            id,
        )
        .await;
        assert_eq!(hit["candidate"]["home"]["name"], home, "{hit}");
        assert!(hit["candidate"]["home"]["department"].is_string());
    }

    // moving abroad: the document changes, and the card with it
    let first = hits[0]["candidate"]["id"].as_i64().unwrap();
    sqlx::query(
        "with abroad as (insert into localizations (value, type, country_code) values ('Belgique', 'country', 'BE') returning id)
         update users set localization_id = (select id from abroad) where id = $1",
    )
    .bind(first)
    .execute(&pool)
    .await
    .unwrap();
    let mut connection = pool.acquire().await.unwrap();
    cards.upsert(indexer::projection::stored_documents(&mut connection, &[first]).await.unwrap().cards);
    let body = search(&app, &cookie, false, &lyon_search()).await.json();
    let moved = body["hits"].as_array().unwrap().iter().find(|hit| hit["candidate"]["id"] == first).unwrap();
    assert_eq!(moved["candidate"]["home"], Value::Null);
    assert_eq!(
        moved["candidate"]["commune"]["name"], hits[0]["candidate"]["commune"]["name"],
        "the wished place stays"
    );
}
