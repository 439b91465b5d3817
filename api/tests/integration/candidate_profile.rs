//! A candidate builds their profile: the four kinds of record with the rules of spec section 5
//! (held by the server, and by the database where it can), ownership, the profile update, the
//! languages, and the completion that follows every write.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::support::{TestResponse, app, execute_of, login, row, scalar, send_as};

pub const PASSWORD: &str = "Vivier-test-2026";

/// A logged-in candidate created for the test, with nothing in their profile.
pub struct Candidate {
    pub id: i64,
    pub cookie: String,
}

/// A user of `discriminator` (`candidate`, `school`, ...) whose email is validated and whose
/// password is [`PASSWORD`], with nothing else: the caller adds the role's own row.
pub async fn new_validated_user(
    pool: &PgPool,
    discriminator: &str,
    email: &str,
    (lastname, firstname): (&str, &str),
) -> i64 {
    let hash = api::password::hash(PASSWORD).unwrap();
    sqlx::query_scalar(
        "insert into users (discriminator, email, password_hash, lastname, firstname, email_validated_at)
         values ($1::user_role, $2, $3, $4, $5, now()) returning id",
    )
    .bind(discriminator)
    .bind(email)
    .bind(hash)
    .bind(lastname)
    .bind(firstname)
    .fetch_one(pool)
    .await
    .unwrap()
}

/// A new, validated candidate with an empty profile, logged in.
pub async fn new_candidate(pool: &PgPool, app: &Router, email: &str) -> Candidate {
    let id = new_validated_user(pool, "candidate", email, ("Durand", "Léa")).await;
    execute_of(pool, "insert into candidates (user_id, slug) values ($1, 'lea-durand-' || $1)", id).await;
    Candidate { id, cookie: login(app, email, PASSWORD).await }
}

/// `method uri` with a JSON body (or none) as `candidate`.
pub async fn call(app: &Router, cookie: &str, method: &str, uri: &str, body: Option<Value>) -> TestResponse {
    let request = Request::builder().method(method).uri(uri).header(header::CONTENT_TYPE, "application/json");
    let request = request.body(body.map_or_else(Body::empty, |body| Body::from(body.to_string()))).unwrap();
    send_as(app, Some(cookie), request).await
}

pub fn lyon() -> Value {
    json!({ "value": "Lyon", "type": "city", "id": "69123" })
}

pub fn valid_experience() -> Value {
    json!({
        "company_name": "Numéria Conseil", "position_name": "Développeuse", "contract_type": 5,
        "contract_hourly_scheme": 1, "job_category": 1, "localization": lyon(),
        "start_date": "2024-02-01", "end_date": "2024-07-31", "is_current": false,
        "car_method": { "context": "Une équipe de 5", "actions": "J'ai écrit l'API", "results": "Livrée à temps" },
        "softskills": [1, 2]
    })
}

pub fn valid_education() -> Value {
    json!({
        "name": "Master informatique", "degree": 6, "institution": "Université Lyon 1", "specialization": 1,
        "localization": lyon(), "start_date": "2022-09-01", "is_current": true, "softskills": [3]
    })
}

pub fn valid_project(pictures: &[&str]) -> Value {
    json!({
        "name": "Un jardin partagé", "category": 1, "discr": "personal", "localization": lyon(),
        "start_date": "2023-03-01", "end_date": "2023-06-30", "softskills": [4], "pictures": pictures
    })
}

pub fn valid_hobby() -> Value {
    json!({ "hobby": 1, "speciality": 1, "frequency": 2, "description": "En club", "softskills": [5] })
}

fn errors(response: &TestResponse) -> Value {
    assert_eq!(response.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", response.text());
    response.json()["errors"].clone()
}

async fn profile_app(pool: &PgPool) -> (Router, Candidate) {
    let app = app(pool.clone());
    let candidate = new_candidate(pool, &app, "lea@example.org").await;
    (app, candidate)
}

#[sqlx::test(migrations = "../migrations")]
async fn an_experience_without_a_complete_car_method_is_refused(pool: PgPool) {
    let (app, lea) = profile_app(&pool).await;
    let mut experience = valid_experience();
    experience["car_method"]["results"] = json!("  ");

    let response = call(&app, &lea.cookie, "POST", "/api/api/candidate/experiences", Some(experience)).await;

    assert_eq!(errors(&response), json!({ "car_method.results": ["required"] }));
    let stored: i64 = scalar(&pool, "select count(*) from experiences").await;
    assert_eq!(stored, 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn an_experience_needs_every_field_the_spec_lists(pool: PgPool) {
    let (app, lea) = profile_app(&pool).await;

    let response = call(&app, &lea.cookie, "POST", "/api/api/candidate/experiences", Some(json!({}))).await;

    let errors = errors(&response);
    for field in [
        "company_name",
        "position_name",
        "contract_type",
        "contract_hourly_scheme",
        "job_category",
        "localization",
        "start_date",
        "end_date",
        "car_method.context",
        "car_method.actions",
        "car_method.results",
        "softskills",
    ] {
        assert_eq!(errors[field], json!(["required"]), "{field}: {errors}");
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn a_record_takes_one_to_four_soft_skills(pool: PgPool) {
    let (app, lea) = profile_app(&pool).await;
    let mut experience = valid_experience();
    experience["softskills"] = json!([1, 2, 3, 4, 5]);
    let mut education = valid_education();
    education["softskills"] = json!([]);

    let five = call(&app, &lea.cookie, "POST", "/api/api/candidate/experiences", Some(experience)).await;
    let none = call(&app, &lea.cookie, "POST", "/api/api/candidate/educations", Some(education)).await;

    assert_eq!(errors(&five), json!({ "softskills": ["too_many"] }));
    assert_eq!(errors(&none), json!({ "softskills": ["required"] }));
}

#[sqlx::test(migrations = "../migrations")]
async fn an_education_needs_every_field_the_spec_lists(pool: PgPool) {
    let (app, lea) = profile_app(&pool).await;

    let response = call(&app, &lea.cookie, "POST", "/api/api/candidate/educations", Some(json!({}))).await;

    let errors = errors(&response);
    for field in
        ["name", "degree", "institution", "specialization", "localization", "start_date", "end_date", "softskills"]
    {
        assert_eq!(errors[field], json!(["required"]), "{field}: {errors}");
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn an_end_date_before_the_start_date_is_refused(pool: PgPool) {
    let (app, lea) = profile_app(&pool).await;
    let mut experience = valid_experience();
    experience["end_date"] = json!("2023-01-01");

    let response = call(&app, &lea.cookie, "POST", "/api/api/candidate/experiences", Some(experience)).await;

    assert_eq!(errors(&response), json!({ "end_date": ["end_before_start"] }));
}

#[sqlx::test(migrations = "../migrations")]
async fn a_project_without_a_picture_is_refused(pool: PgPool) {
    let (app, lea) = profile_app(&pool).await;

    let response = call(&app, &lea.cookie, "POST", "/api/api/candidate/projects", Some(valid_project(&[]))).await;

    assert_eq!(errors(&response), json!({ "pictures": ["required"] }));
}

#[sqlx::test(migrations = "../migrations")]
async fn a_project_needs_every_field_the_spec_lists(pool: PgPool) {
    let (app, lea) = profile_app(&pool).await;

    let response = call(&app, &lea.cookie, "POST", "/api/api/candidate/projects", Some(json!({}))).await;

    let errors = errors(&response);
    for field in ["name", "category", "discr", "localization", "start_date", "end_date", "softskills", "pictures"] {
        assert_eq!(errors[field], json!(["required"]), "{field}: {errors}");
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn a_project_car_method_is_whole_or_absent(pool: PgPool) {
    let (app, lea) = profile_app(&pool).await;
    let picture = crate::candidate_uploads::upload_picture(&app, &lea.cookie).await;
    let mut half = valid_project(&[&picture]);
    half["car_method"] = json!({ "context": "Un quartier sans jardin", "actions": "", "results": null });
    let mut academic_category = valid_project(&[&picture]);
    academic_category["discr"] = json!("academic");

    let refused = call(&app, &lea.cookie, "POST", "/api/api/candidate/projects", Some(half)).await;
    let wrong_kind = call(&app, &lea.cookie, "POST", "/api/api/candidate/projects", Some(academic_category)).await;
    let without =
        call(&app, &lea.cookie, "POST", "/api/api/candidate/projects", Some(valid_project(&[&picture]))).await;

    assert_eq!(errors(&refused), json!({ "car_method.actions": ["required"], "car_method.results": ["required"] }));
    assert_eq!(errors(&wrong_kind), json!({ "category": ["unknown"] }), "category 1 is a personal one");
    assert_eq!(without.status, StatusCode::CREATED, "{}", without.text());
    assert_eq!(without.json()["item"]["car_method"], Value::Null);
    assert_eq!(without.json()["item"]["pictures"][0]["id"], json!(picture));
}

#[sqlx::test(migrations = "../migrations")]
async fn a_hobby_needs_a_frequency_and_at_most_three_pictures(pool: PgPool) {
    let (app, lea) = profile_app(&pool).await;
    let mut pictures = Vec::new();
    for _ in 0..4 {
        pictures.push(crate::candidate_uploads::upload_picture(&app, &lea.cookie).await);
    }
    let mut hobby = valid_hobby();
    hobby.as_object_mut().unwrap().remove("frequency");
    hobby["pictures"] = json!(pictures);

    let refused = call(&app, &lea.cookie, "POST", "/api/api/candidate/hobbies", Some(hobby.clone())).await;
    hobby["frequency"] = json!(1);
    hobby["pictures"] = json!(pictures[..3]);
    let accepted = call(&app, &lea.cookie, "POST", "/api/api/candidate/hobbies", Some(hobby)).await;

    assert_eq!(errors(&refused), json!({ "frequency": ["required"], "pictures": ["too_many"] }));
    assert_eq!(accepted.status, StatusCode::CREATED, "{}", accepted.text());
    assert_eq!(accepted.json()["item"]["pictures"].as_array().unwrap().len(), 3);
    assert_eq!(accepted.json()["item"]["hobby"]["category"]["id"], 1);
}

#[sqlx::test(migrations = "../migrations")]
async fn the_database_holds_the_soft_skill_and_car_method_rules_too(pool: PgPool) {
    let (app, lea) = profile_app(&pool).await;
    let created = call(&app, &lea.cookie, "POST", "/api/api/candidate/experiences", Some(valid_experience())).await;
    let experience_id = created.json()["item"]["id"].as_i64().unwrap();

    let without_soft_skills = async {
        let mut transaction = pool.begin().await?;
        sqlx::query("delete from experience_soft_skills where experience_id = $1")
            .bind(experience_id)
            .execute(&mut *transaction)
            .await?;
        transaction.commit().await
    };
    let half_car_method = sqlx::query(
        "update car_methods set results = '' where id = (select car_method_id from experiences where id = $1)",
    )
    .bind(experience_id)
    .execute(&pool);

    let error = without_soft_skills.await.unwrap_err();
    assert!(error.to_string().contains("at least 1 rows"), "{error}");
    let error = half_car_method.await.unwrap_err();
    assert!(error.to_string().contains("car_methods_complete"), "{error}");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_candidate_creates_edits_lists_and_deletes_an_experience(pool: PgPool) {
    let (app, lea) = profile_app(&pool).await;

    let created = call(&app, &lea.cookie, "POST", "/api/api/candidate/experiences", Some(valid_experience())).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
    let id = created.json()["item"]["id"].as_i64().unwrap();
    let mut edited = valid_experience();
    edited["position_name"] = json!("Tech lead");
    edited["is_current"] = json!(true);
    edited["softskills"] = json!([6]);
    edited["localization"] = json!({ "type": "department", "id": "69" });
    let edit = call(&app, &lea.cookie, "POST", &format!("/api/api/candidate/experiences/{id}"), Some(edited)).await;
    let list = call(&app, &lea.cookie, "GET", "/api/api/candidate/experiences", None).await;

    assert_eq!(edit.status, StatusCode::OK, "{}", edit.text());
    let items = list.json();
    assert_eq!(items.as_array().unwrap().len(), 1);
    let item = &items[0];
    assert_eq!((item["id"].as_i64(), item["position_name"].as_str()), (Some(id), Some("Tech lead")));
    assert_eq!((item["is_current"].as_bool(), &item["end_date"]), (Some(true), &Value::Null));
    assert_eq!(item["softskills"].as_array().unwrap().len(), 1);
    assert_eq!(item["softskills"][0]["id"], 6);
    assert_eq!(
        (item["localization"]["type"].as_str(), item["localization"]["id"].as_str()),
        (Some("department"), Some("69"))
    );
    assert_eq!(item["contract_type"]["id"], 5);
    assert!(item["contract_type"]["name"].as_str().is_some_and(|name| !name.is_empty()));
    assert_eq!(item["car_method"]["context"], "Une équipe de 5");
    // the old place went with the edit: one place per record
    let places: i64 = scalar(&pool, "select count(*) from localizations").await;
    assert_eq!(places, 1);

    let deleted = call(&app, &lea.cookie, "DELETE", &format!("/api/api/candidate/experiences/{id}"), None).await;

    assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.text());
    let left: (i64, i64) =
        row(&pool, "select (select count(*) from localizations), (select count(*) from car_methods)").await;
    assert_eq!(left, (0, 0), "the record's place and CAR method went with it");
}

#[sqlx::test(migrations = "../migrations")]
async fn another_candidates_records_are_not_found(pool: PgPool) {
    let (app, lea) = profile_app(&pool).await;
    let other = new_candidate(&pool, &app, "noe@example.org").await;
    let mut ids = Vec::new();
    for (kind, body) in
        [("experiences", valid_experience()), ("educations", valid_education()), ("hobbies", valid_hobby())]
    {
        let created = call(&app, &lea.cookie, "POST", &format!("/api/api/candidate/{kind}"), Some(body.clone())).await;
        assert_eq!(created.status, StatusCode::CREATED, "{kind}: {}", created.text());
        ids.push((kind, body, created.json()["item"]["id"].as_i64().unwrap()));
    }

    for (kind, body, id) in &ids {
        let uri = format!("/api/api/candidate/{kind}/{id}");
        let edit = call(&app, &other.cookie, "POST", &uri, Some(body.clone())).await;
        let delete = call(&app, &other.cookie, "DELETE", &uri, None).await;
        let list = call(&app, &other.cookie, "GET", &format!("/api/api/candidate/{kind}"), None).await;

        assert_eq!((edit.status, delete.status), (StatusCode::NOT_FOUND, StatusCode::NOT_FOUND), "{kind}");
        assert_eq!(list.json(), json!([]), "{kind}: another candidate's list is their own");
    }
    let update = call(
        &app,
        &other.cookie,
        "POST",
        &format!("/api/api/candidates/{}", lea.id),
        Some(json!({ "from": "profile" })),
    )
    .await;
    let languages = call(
        &app,
        &other.cookie,
        "POST",
        &format!("/api/api/candidates/{}/languages", lea.id),
        Some(json!({ "languages": [] })),
    )
    .await;
    assert_eq!((update.status, languages.status), (StatusCode::NOT_FOUND, StatusCode::NOT_FOUND));
    let kept: i64 = scalar(
        &pool,
        "select (select count(*) from experiences) + (select count(*) from educations) + (select count(*) from candidate_hobbies)",
    )
    .await;
    assert_eq!(kept, 3);
}

#[sqlx::test(migrations = "../migrations")]
async fn completion_rises_as_records_are_added(pool: PgPool) {
    let (app, lea) = profile_app(&pool).await;
    let read_completion = || async {
        call(&app, &lea.cookie, "GET", &format!("/api/api/candidates/{}", lea.id), None).await.json()["completion"]
            .as_i64()
            .unwrap()
    };
    let mut seen = vec![read_completion().await];

    for (uri, body) in [
        ("/api/api/candidate/experiences", valid_experience()),
        ("/api/api/candidate/educations", valid_education()),
        ("/api/api/candidate/hobbies", valid_hobby()),
    ] {
        let response = call(&app, &lea.cookie, "POST", uri, Some(body)).await;
        assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
        let answered = response.json()["completion"].as_i64().unwrap();
        assert_eq!(answered, read_completion().await, "the write answers what the profile then reads");
        seen.push(answered);
    }
    let languages = call(
        &app,
        &lea.cookie,
        "POST",
        &format!("/api/api/candidates/{}/languages", lea.id),
        Some(json!({ "languages": [{ "id": 1 }] })),
    )
    .await;
    seen.push(languages.json()["completion"].as_i64().unwrap());

    // experience 15 + soft skills 5, education 15, hobby 5, languages 10
    assert_eq!(seen, vec![0, 20, 35, 40, 50]);
}

#[sqlx::test(migrations = "../migrations")]
async fn languages_replace_the_list_with_a_default_level_of_three(pool: PgPool) {
    let (app, lea) = profile_app(&pool).await;
    let uri = format!("/api/api/candidates/{}/languages", lea.id);

    let refused = call(&app, &lea.cookie, "POST", &uri, Some(json!({ "languages": [{ "id": 1, "level": 7 }] }))).await;
    call(&app, &lea.cookie, "POST", &uri, Some(json!({ "languages": [{ "id": 1, "level": 6 }, { "id": 2 }] }))).await;
    let replaced =
        call(&app, &lea.cookie, "POST", &uri, Some(json!({ "languages": [{ "id": 2 }, { "id": 3, "level": 1 }] })))
            .await;

    assert_eq!(errors(&refused), json!({ "languages": ["out_of_range"] }));
    assert_eq!(replaced.status, StatusCode::OK, "{}", replaced.text());
    let levels: Vec<(i64, i64)> = replaced.json()["languages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|language| (language["id"].as_i64().unwrap(), language["level"].as_i64().unwrap()))
        .collect();
    assert_eq!(levels, vec![(2, 3), (3, 1)], "best level first");
}

#[sqlx::test(migrations = "../migrations")]
async fn the_profile_screen_updates_identity_and_checks_the_base_user_rules(pool: PgPool) {
    let (app, lea) = profile_app(&pool).await;
    let uri = format!("/api/api/candidates/{}", lea.id);
    let picture = crate::candidate_uploads::upload_picture(&app, &lea.cookie).await;

    let empty = call(&app, &lea.cookie, "POST", &uri, Some(json!({ "from": "profile", "firstname": " " }))).await;
    let updated = call(
        &app,
        &lea.cookie,
        "POST",
        &uri,
        Some(json!({
            "from": "profile", "firstname": "Léa", "lastname": "Durand-Martin", "phone": "06 12 34 56 78",
            "birthdate": "2001-04-12", "localization": lyon(), "headline": "Développeuse en alternance",
            "degree": 4, "type": 2, "profile_picture": picture
        })),
    )
    .await;

    let errors = errors(&empty);
    for field in ["firstname", "lastname", "phone", "birthdate", "localization"] {
        assert_eq!(errors[field], json!(["required"]), "{field}");
    }
    assert_eq!(updated.status, StatusCode::OK, "{}", updated.text());
    let profile = updated.json();
    assert_eq!(profile["lastname"], "Durand-Martin");
    assert_eq!(profile["contact"]["phone"], "06 12 34 56 78");
    assert_eq!(profile["localization"]["value"], "Lyon");
    assert_eq!((profile["degree"]["id"].as_i64(), profile["type"]["id"].as_i64()), (Some(4), Some(2)));
    assert_eq!(profile["profile_picture"]["id"], json!(picture));
    // identity 10, headline 5, photo 10, degree and type 5
    assert_eq!(profile["completion"], 30);
}

#[sqlx::test(migrations = "../migrations")]
async fn the_openapi_document_describes_the_candidate_routes_with_resolvable_schemas(pool: PgPool) {
    let app = app(pool);

    let document = crate::support::get(&app, "/api/openapi.json").await.json();

    for path in [
        "/api/api/candidate/experiences",
        "/api/api/candidate/experiences/{id}",
        "/api/api/candidate/projects/{id}",
        "/api/api/candidates/{id_or_slug}/languages",
        "/api/api/candidates/{id_or_slug}/softskill/percentages",
        "/api/api/uploads",
        "/api/uploads/{id}",
        "/api/api/experiences",
    ] {
        assert!(document["paths"].get(path).is_some(), "{path}");
    }
    let schemas = document["components"]["schemas"].as_object().unwrap();
    let text = document.to_string();
    for reference in text.split("\"$ref\":\"#/components/schemas/").skip(1) {
        let name = &reference[..reference.find('"').unwrap()];
        assert!(schemas.contains_key(name), "{name} is referenced but not described");
    }
}
