//! The DISC personality test (questionnaire, scoring, the server's checks, retaking, who reads
//! a result, and that the matcher never sees it) and the guided tutorial's flag.

use axum::Router;
use axum::http::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::candidate_profile::{call, new_candidate};
use crate::support::{TestResponse, app, execute_of, get_as, login, scalar_of};

/// The questionnaire as `cookie` reads it in `locale`.
async fn questions(app: &Router, cookie: &str, locale: &str) -> Vec<Value> {
    let cookies = format!("{cookie}; locale={locale}");
    let response = get_as(app, Some(&cookies), "/api/api/test/questions").await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    response.json().as_array().unwrap().clone()
}

/// One choice per group: the answer of letter `letter_of(position)`.
fn choices(questions: &[Value], letter_of: impl Fn(i64) -> &'static str) -> Value {
    let answers: Vec<Value> = questions
        .iter()
        .map(|question| {
            let letter = letter_of(question["position"].as_i64().unwrap());
            let answer =
                question["answers"].as_array().unwrap().iter().find(|answer| answer["letter"] == letter).unwrap();
            json!({ "question": question["id"], "answer": answer["id"] })
        })
        .collect();
    json!({ "answers": answers })
}

/// 12 groups D, 6 I, 4 S, 2 C.
fn mostly_dominance(position: i64) -> &'static str {
    match position {
        1..=12 => "D",
        13..=18 => "I",
        19..=22 => "S",
        _ => "C",
    }
}

fn rules(response: &crate::support::TestResponse) -> Value {
    assert_eq!(response.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", response.text());
    response.json()["errors"]["answers"].clone()
}

#[sqlx::test(migrations = "../migrations")]
async fn the_questionnaire_has_24_groups_of_one_answer_per_letter_in_both_languages(pool: PgPool) {
    let app = app(pool.clone());
    let candidate = new_candidate(&pool, &app, "disc-questions@example.org").await;
    let french = questions(&app, &candidate.cookie, "fr").await;
    let english = questions(&app, &candidate.cookie, "en").await;
    assert_eq!(french.len(), 24);
    for (position, (fr, en)) in french.iter().zip(&english).enumerate() {
        assert_eq!(fr["position"], position + 1);
        assert_eq!(fr["id"], en["id"]);
        assert_ne!(fr["about"], en["about"], "translated");
        assert_eq!(fr["value"], Value::Null, "no answer before the test");
        let mut letters: Vec<&str> =
            fr["answers"].as_array().unwrap().iter().map(|a| a["letter"].as_str().unwrap()).collect();
        letters.sort_unstable();
        assert_eq!(letters, ["C", "D", "I", "S"]);
    }
    assert_eq!(english[0]["about"], "In a group, I tend to…");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_test_is_scored_per_letter_and_retaking_replaces_it_keeping_the_first_date(pool: PgPool) {
    let app = app(pool.clone());
    let candidate = new_candidate(&pool, &app, "disc-score@example.org").await;
    let before = call(&app, &candidate.cookie, "GET", "/api/api/test/forms/discs", None).await.json();
    assert_eq!(before, json!({ "answers": [], "result": null, "show_disc": false }));

    let questions = questions(&app, &candidate.cookie, "fr").await;
    let first =
        call(&app, &candidate.cookie, "POST", "/api/api/test/forms/discs", Some(choices(&questions, mostly_dominance)))
            .await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.text());
    let first = first.json();
    assert_eq!(first["result"]["scores"], json!({ "d": 50, "i": 25, "s": 17, "c": 8 }));
    assert_eq!((&first["result"]["dominant"], &first["result"]["secondary"]), (&json!("D"), &json!("I")));
    assert_eq!(first["answers"].as_array().unwrap().len(), 24);
    assert_eq!(first["result"]["taken_at"], first["result"]["first_taken_at"]);

    // retaking: the new answers and scores replace the old ones, the first date stays
    let steady = |position: i64| if position <= 18 { "S" } else { "C" };
    let second =
        call(&app, &candidate.cookie, "POST", "/api/api/test/forms/discs", Some(choices(&questions, steady))).await;
    let second = second.json();
    assert_eq!(second["result"]["scores"], json!({ "d": 0, "i": 0, "s": 75, "c": 25 }));
    assert_eq!((&second["result"]["dominant"], &second["result"]["secondary"]), (&json!("S"), &json!("C")));
    assert_eq!(second["result"]["first_taken_at"], first["result"]["first_taken_at"]);
    assert!(second["result"]["taken_at"].as_str() > first["result"]["taken_at"].as_str());
    let rows: i64 = scalar_of(&pool, "select count(*) from disc_results where candidate_id = $1", candidate.id).await;
    assert_eq!(rows, 1);
    assert_eq!(call(&app, &candidate.cookie, "GET", "/api/api/test/forms/discs", None).await.json(), second);
    // the questionnaire shows the saved answers as each group's value
    let again = crate::disc_tour::questions(&app, &candidate.cookie, "en").await;
    let first_steady = again[0]["answers"].as_array().unwrap().iter().find(|a| a["letter"] == "S").unwrap();
    assert_eq!(again[0]["value"], first_steady["id"]);
}

#[sqlx::test(migrations = "../migrations")]
async fn the_server_refuses_a_questionnaire_not_answered_once_per_group(pool: PgPool) {
    let app = app(pool.clone());
    let candidate = new_candidate(&pool, &app, "disc-rules@example.org").await;
    let questions = questions(&app, &candidate.cookie, "fr").await;
    let complete = choices(&questions, mostly_dominance);
    let answers = complete["answers"].as_array().unwrap().clone();
    let post = |body: Value| call(&app, &candidate.cookie, "POST", "/api/api/test/forms/discs", Some(body));

    let missing = json!({ "answers": answers[1..] });
    assert_eq!(rules(&post(missing).await), json!(["disc_group_unanswered"]));
    let twice = json!({ "answers": ([answers.clone(), vec![answers[0].clone()]].concat()) });
    assert_eq!(rules(&post(twice).await), json!(["disc_group_answered_twice"]));
    // group 1 answered with an answer of group 2
    let mut foreign = answers.clone();
    foreign[0]["answer"] = answers[1]["answer"].clone();
    assert_eq!(
        rules(&post(json!({ "answers": foreign })).await),
        json!(["disc_answer_not_in_group", "disc_group_unanswered"])
    );
    let unknown = json!({ "answers": ([answers.clone(), vec![json!({ "question": 999, "answer": 1 })]].concat()) });
    assert_eq!(rules(&post(unknown).await), json!(["unknown"]));
    assert_eq!(rules(&post(json!({})).await), json!(["disc_group_unanswered"]));
    // nothing was stored
    let form = call(&app, &candidate.cookie, "GET", "/api/api/test/forms/discs", None).await.json();
    assert_eq!(form["result"], Value::Null);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_result_is_read_by_the_candidate_and_by_profile_readers_only_when_shown(pool: PgPool) {
    let app = app(pool.clone());
    let candidate = new_candidate(&pool, &app, "disc-reader@example.org").await;
    let other = new_candidate(&pool, &app, "disc-other@example.org").await;
    let slug = format!("lea-durand-{}", candidate.id);
    let by_slug = format!("/api/api/candidates/{slug}/discs");
    let by_id = format!("/api/api/candidates/{}/discs", candidate.id);
    execute_of(&pool, "update candidates set is_public = true where user_id = $1", candidate.id).await;

    // no result yet: the same ordinary null for everyone
    let no_result = |response: TestResponse| (response.status, response.json());
    for cookie in [Some(candidate.cookie.as_str()), Some(other.cookie.as_str()), None] {
        assert_eq!(no_result(get_as(&app, cookie, &by_slug).await), (StatusCode::OK, Value::Null));
    }
    let questions = questions(&app, &candidate.cookie, "fr").await;
    call(&app, &candidate.cookie, "POST", "/api/api/test/forms/discs", Some(choices(&questions, mostly_dominance)))
        .await;

    // taken but not shown (the default): only the candidate reads it
    assert_eq!(get_as(&app, Some(&candidate.cookie), &by_id).await.status, StatusCode::OK);
    assert_eq!(get_as(&app, Some(&candidate.cookie), &by_slug).await.json()["dominant"], "D");
    assert_eq!(no_result(get_as(&app, Some(&other.cookie), &by_slug).await), (StatusCode::OK, Value::Null));
    assert_eq!(no_result(get_as(&app, None, &by_slug).await), (StatusCode::OK, Value::Null));

    // shown: whoever may read the profile reads it, by the profile's own rule
    let shown =
        call(&app, &candidate.cookie, "PATCH", "/api/api/test/forms/discs", Some(json!({ "show_disc": true }))).await;
    assert_eq!(shown.json()["show_disc"], true);
    assert_eq!(get_as(&app, None, &by_slug).await.json()["scores"]["d"], 50);
    assert_eq!(get_as(&app, Some(&other.cookie), &by_slug).await.status, StatusCode::OK);
    assert_eq!(get_as(&app, None, &by_id).await.status, StatusCode::NOT_FOUND, "a shared profile is named by its slug");
    execute_of(&pool, "update candidates set is_public = false where user_id = $1", candidate.id).await;
    assert_eq!(get_as(&app, None, &by_slug).await.status, StatusCode::NOT_FOUND, "an unshared profile hides it");
    execute_of(&pool, "update candidates set is_public = true where user_id = $1", candidate.id).await;

    // hidden again
    call(&app, &candidate.cookie, "PATCH", "/api/api/test/forms/discs", Some(json!({ "show_disc": false }))).await;
    assert_eq!(no_result(get_as(&app, None, &by_slug).await), (StatusCode::OK, Value::Null));
    let unknown = format!("/api/api/candidates/nobody-{}/discs", other.id + 1000);
    assert_eq!(get_as(&app, None, &unknown).await.status, StatusCode::NOT_FOUND, "an unknown profile stays a 404");
}

#[sqlx::test(migrations = "../migrations")]
async fn the_matcher_documents_never_carry_the_disc_result(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let app = app(pool.clone());
    let cookie = login(&app, api::seed::DEMO_CANDIDATE_EMAIL, api::seed::DEMO_PASSWORD).await;
    let candidate_id: i64 =
        scalar_of(&pool, "select id from users where email = $1", api::seed::DEMO_CANDIDATE_EMAIL).await;
    let document = |pool: PgPool| async move {
        let mut connection = pool.acquire().await.unwrap();
        let batch = indexer::projection::stored_documents(&mut connection, &[candidate_id]).await.unwrap();
        assert_eq!(batch.documents.len(), 1, "the demo candidate is searchable");
        (serde_json::to_value(&batch.documents[0]).unwrap(), format!("{:?}", batch.cards[0]))
    };
    let before = document(pool.clone()).await;

    let questions = questions(&app, &cookie, "fr").await;
    let taken =
        call(&app, &cookie, "POST", "/api/api/test/forms/discs", Some(choices(&questions, mostly_dominance))).await;
    assert_eq!(taken.status, StatusCode::OK);
    call(&app, &cookie, "PATCH", "/api/api/test/forms/discs", Some(json!({ "show_disc": true }))).await;

    // the document and the card a search hit shows are what they were, with no field about DISC
    let after = document(pool.clone()).await;
    assert_eq!(after, before);
    let fields: Vec<&String> = after.0.as_object().unwrap().keys().collect();
    assert!(fields.iter().all(|field| !field.contains("disc")), "{fields:?}");
    assert!(!after.1.to_lowercase().contains("disc"), "{}", after.1);
    // nor does the stored projection have a column for it
    let columns: Vec<String> = sqlx::query_scalar(
        "select column_name::text from information_schema.columns
         where table_name in ('candidate_search_documents', 'candidate_search_document_projection')",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert!(!columns.is_empty());
    assert!(columns.iter().all(|column| !column.contains("disc")), "{columns:?}");
}

#[sqlx::test(migrations = "../migrations")]
async fn the_tutorial_flag_is_on_for_a_new_candidate_and_stays_off_once_ended(pool: PgPool) {
    let app = app(pool.clone());
    let candidate = new_candidate(&pool, &app, "tour@example.org").await;
    let whoami = |cookie: String| {
        let app = app.clone();
        async move { get_as(&app, Some(&cookie), "/api/api/auth/whoami").await.json()["tour"].clone() }
    };
    assert_eq!(whoami(candidate.cookie.clone()).await, true);
    let ended = call(&app, &candidate.cookie, "PATCH", "/api/api/user/tour", Some(json!({ "tour": false }))).await;
    assert_eq!(ended.json(), json!({ "tour": false }));
    assert_eq!(whoami(candidate.cookie.clone()).await, false);
    // another device: a new session reads the same flag
    let again = login(&app, "tour@example.org", crate::candidate_profile::PASSWORD).await;
    assert_eq!(whoami(again.clone()).await, false);
    let bad = call(&app, &again, "PATCH", "/api/api/user/tour", Some(json!({ "tour": "no" }))).await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[sqlx::test(migrations = "../migrations")]
async fn seeding_offers_the_tutorial_to_the_demo_candidate_again(pool: PgPool) {
    use api::seed::{DEMO_CANDIDATE_EMAIL, DEMO_PASSWORD, DEMO_SCHOOL_EMAIL, SeedOutcome, seed_database};
    assert_eq!(seed_database(&pool, 5, 1).await.unwrap(), SeedOutcome::Written);
    let tours: Vec<(String, bool)> =
        sqlx::query_as("select email, tour from users order by id").fetch_all(&pool).await.unwrap();
    assert!(tours.iter().all(|(email, tour)| *tour == (email == DEMO_CANDIDATE_EMAIL)), "{tours:?}");
    let app = app(pool.clone());
    let cookie = login(&app, DEMO_CANDIDATE_EMAIL, DEMO_PASSWORD).await;
    call(&app, &cookie, "PATCH", "/api/api/user/tour", Some(json!({ "tour": false }))).await;
    assert_eq!(seed_database(&pool, 5, 1).await.unwrap(), SeedOutcome::AlreadySeeded);
    let flag = |email: &'static str| {
        let pool = pool.clone();
        async move {
            let flag: bool = scalar_of(&pool, "select tour from users where email = $1", email).await;
            flag
        }
    };
    assert!(flag(DEMO_CANDIDATE_EMAIL).await);
    assert!(!flag(DEMO_SCHOOL_EMAIL).await);
}
