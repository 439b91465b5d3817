//! Institutions, companies, the partners a school works with, and the school's own profile.

use axum::http::StatusCode;
use serde_json::json;
use sqlx::PgPool;

use crate::candidate_profile::call;
use crate::schools::new_school;
use crate::support::{app, execute, get, get_as, login, row, row_of, scalar};

#[sqlx::test(migrations = "../migrations")]
async fn institutions_are_listed_by_name_and_a_missing_one_can_be_requested(pool: PgPool) {
    let app = app(pool.clone());
    // the list the migrations ship, then one more
    let shipped: i64 = scalar(&pool, "select count(*) from institutions").await;
    execute(&pool, "insert into institutions (name, slug) values ('Université Lyon 1', 'lyon-1')").await;
    let school = new_school(&pool, &app, "ecole@example.org", "École des Pentes").await;

    let all = get(&app, "/api/api/school/institutions").await.json();
    let lyon = get(&app, "/api/api/school/institutions?name=lyon").await.json();
    let wildcard = get(&app, "/api/api/school/institutions?name=%25").await.json();
    let body = json!({ "name": "Université Gustave Eiffel", "email": "scol@example.org", "notify": true });
    let requested = call(&app, &school.cookie, "POST", "/api/api/school/institution/requests", Some(body)).await;
    let invalid =
        call(&app, &school.cookie, "POST", "/api/api/school/institution/requests", Some(json!({ "email": "x" }))).await;

    assert!(shipped > 50, "the French universities and school groups");
    assert_eq!(all.as_array().unwrap().len() as i64, shipped + 1);
    let lyon_names: Vec<&str> = lyon.as_array().unwrap().iter().map(|item| item["name"].as_str().unwrap()).collect();
    assert!(lyon_names.contains(&"Université Lyon 1") && lyon_names.contains(&"INSA Lyon"), "{lyon_names:?}");
    assert!(lyon_names.iter().all(|name| name.to_lowercase().contains("lyon")));
    assert_eq!(wildcard, json!([]));
    assert_eq!(requested.status, StatusCode::NO_CONTENT);
    let stored: (String, bool, Option<i64>) =
        row(&pool, "select name, notify, requested_by from institution_requests").await;
    assert_eq!(stored, ("Université Gustave Eiffel".to_owned(), true, Some(school.id)));
    assert_eq!(invalid.json()["errors"], json!({ "name": ["required"], "email": ["invalid_email"] }));
}

#[sqlx::test(migrations = "../migrations")]
async fn a_school_links_partners_to_itself_and_partners_see_their_colleagues_links(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let app = app(pool.clone());
    let school = login(&app, api::seed::DEMO_SCHOOL_EMAIL, api::seed::DEMO_PASSWORD).await;
    let partner = login(&app, api::seed::DEMO_PARTNER_EMAIL, api::seed::DEMO_PASSWORD).await;
    let (partner_id, company): (i64, String) = row_of(
        &pool,
        "select p.user_id, c.name from partners p join users u on u.id = p.user_id
         join companies c on c.id = p.company_id where u.email = $1",
        api::seed::DEMO_PARTNER_EMAIL,
    )
    .await;

    let linked = call(&app, &school, "POST", &format!("/api/api/partners/{partner_id}/add-school"), None).await;
    let twice = call(&app, &school, "POST", &format!("/api/api/partners/{partner_id}/add-school"), None).await;
    let unknown = call(&app, &school, "POST", "/api/api/partners/999999/add-school", None).await;
    let asked = get_as(&app, Some(&school), "/api/api/partners").await.json();
    assert_eq!(asked[0]["id"], partner_id, "asked partners next after linked ones");
    assert_eq!((asked[0]["linked"].clone(), asked[0]["link_requested"].clone()), (json!(false), json!(true)));
    let requests = get_as(&app, Some(&partner), "/api/api/partner/school-links").await.json();
    assert_eq!(requests["requests"][0]["school"], "École Rhône Management", "{requests}");
    let school_id = requests["requests"][0]["id"].as_i64().unwrap();
    let accept = format!("/api/api/partner/school-links/{school_id}/acceptance");
    assert_eq!(call(&app, &partner, "POST", &accept, None).await.status, StatusCode::NO_CONTENT);
    assert_eq!(
        call(&app, &partner, "POST", "/api/api/partner/school-links/999999/acceptance", None).await.status,
        StatusCode::NOT_FOUND
    );
    let seen_by_school = get_as(&app, Some(&school), "/api/api/partners").await.json();
    let seen_by_partner = get_as(&app, Some(&partner), "/api/api/partners").await.json();
    let by_company = get_as(&app, Some(&school), &format!("/api/api/partners?company={}", &company[..5])).await.json();

    assert_eq!(
        (linked.status, twice.status, unknown.status),
        (StatusCode::NO_CONTENT, StatusCode::NO_CONTENT, StatusCode::NOT_FOUND)
    );
    assert_eq!(seen_by_school[0]["id"], partner_id, "linked partners first");
    assert_eq!(seen_by_school[0]["linked"], true);
    assert_eq!(seen_by_school[0]["schools"], json!([]), "a school is not told a partner's other schools");
    assert!(seen_by_school[0].get("email").is_none());
    let colleagues = seen_by_partner.as_array().unwrap();
    assert!(colleagues.iter().all(|colleague| colleague["company"]["name"] == company.as_str()));
    let me = colleagues.iter().find(|colleague| colleague["id"] == partner_id).unwrap();
    assert_eq!(me["schools"][0]["name"], "École Rhône Management");
    assert!(by_company.as_array().unwrap().iter().all(|item| item["company"]["name"] == company.as_str()));
    let removed = call(&app, &school, "POST", &format!("/api/api/partners/{partner_id}/remove-school"), None).await;
    assert_eq!(removed.status, StatusCode::NO_CONTENT);
    // a partner ends a link too
    call(&app, &school, "POST", &format!("/api/api/partners/{partner_id}/add-school"), None).await;
    let ended = call(&app, &partner, "DELETE", &format!("/api/api/partner/school-links/{school_id}"), None).await;
    assert_eq!(ended.status, StatusCode::NO_CONTENT);
    let links: i64 = scalar(&pool, "select count(*) from partner_schools").await;
    assert_eq!(links, 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_company_name_is_created_once_whatever_its_case(pool: PgPool) {
    let app = app(pool.clone());
    let school = new_school(&pool, &app, "ecole@example.org", "École des Pentes").await;

    let created =
        call(&app, &school.cookie, "POST", "/api/api/companies", Some(json!({ "name": "Numéria Conseil" }))).await;
    let again =
        call(&app, &school.cookie, "POST", "/api/api/companies", Some(json!({ "name": " numéria conseil " }))).await;
    let bad_logo = call(
        &app,
        &school.cookie,
        "POST",
        "/api/api/companies",
        Some(json!({ "name": "Autre", "logo": "7d3f4c5e-0000-4000-8000-000000000000" })),
    )
    .await;
    let id = created.json()["id"].as_i64().unwrap();
    let listed = get_as(&app, Some(&school.cookie), "/api/api/companies?name=numé").await.json();
    let one = get_as(&app, Some(&school.cookie), &format!("/api/api/companies/{id}")).await;
    let missing = get_as(&app, Some(&school.cookie), "/api/api/companies/999999").await;

    assert_eq!(created.status, StatusCode::CREATED);
    assert_eq!((again.status, again.json()["id"].as_i64()), (StatusCode::OK, Some(id)));
    assert_eq!(bad_logo.json()["errors"], json!({ "logo": ["unknown"] }));
    assert_eq!(listed, json!([{ "id": id, "name": "Numéria Conseil", "logo": null }]));
    assert_eq!(one.json()["name"], "Numéria Conseil");
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_school_reads_and_edits_its_own_profile(pool: PgPool) {
    let app = app(pool.clone());
    let school = new_school(&pool, &app, "ecole@example.org", "École des Pentes").await;
    let other = new_school(&pool, &app, "autre@example.org", "Autre École").await;

    let read = get_as(&app, Some(&school.cookie), "/api/api/school/profile").await.json();
    let bad = json!({ "name": " ", "link": "ftp://pentes.example.org", "school_type": 99, "institution": 99 });
    let refused = call(&app, &school.cookie, "POST", "/api/api/school/profile", Some(bad)).await;
    let good = json!({ "name": "École des Pentes", "school_type": 1, "description": "Une école à Lyon.",
                       "link": "https://pentes.example.org", "institution": null });
    let saved = call(&app, &school.cookie, "POST", "/api/api/school/profile", Some(good)).await;

    assert_eq!(
        read,
        json!({ "name": "École des Pentes", "school_type": null, "description": null, "link": null, "institution": null })
    );
    assert_eq!(
        refused.json()["errors"],
        json!({ "name": ["required"], "link": ["http_url_expected"], "school_type": ["unknown"], "institution": ["unknown"] })
    );
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
    assert_eq!(saved.json()["link"], "https://pentes.example.org");
    let untouched = get_as(&app, Some(&other.cookie), "/api/api/school/profile").await.json();
    assert_eq!(untouched["name"], "Autre École");
}
