//! Schools: campuses and programs, the candidates of a campus, the CSV import and the
//! statistics, each rule and each refusal of another school's resource (a 404).

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::candidate_profile::{PASSWORD, call, lyon, new_candidate, new_validated_user};
use crate::support::{
    TestResponse, app, execute, get_as, latest_email, login, post_json, row_of, scalar, scalar_of, send_as, token_of,
};

pub struct School {
    pub id: i64,
    pub cookie: String,
}

/// A school account with a validated email, logged in.
pub async fn new_school(pool: &PgPool, app: &Router, email: &str, name: &str) -> School {
    let id = new_validated_user(pool, "school", email, ("Service", "Carrières")).await;
    sqlx::query("insert into schools (user_id, name) values ($1, $2)").bind(id).bind(name).execute(pool).await.unwrap();
    School { id, cookie: login(app, email, PASSWORD).await }
}

/// Creates a campus in Lyon with `programs` and returns its JSON.
pub async fn new_campus(app: &Router, school: &School, name: &str, programs: &[&str]) -> Value {
    let programs: Vec<Value> = programs.iter().map(|name| json!({ "name": name })).collect();
    let body = json!({ "name": name, "localization": lyon(), "programs": programs });
    let response = call(app, &school.cookie, "POST", "/api/api/school/campuses", Some(body)).await;
    assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
    response.json()
}

const BOUNDARY: &str = "vivier-import-boundary";

/// Sends `file` for `campus` to the checking (`check`) or the import route.
pub async fn send_import(app: &Router, cookie: &str, campus: i64, file: &[u8], check: bool) -> TestResponse {
    let mut body = format!(
        "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"campus\"\r\n\r\n{campus}\r\n\
         --{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"etudiants.csv\"\r\nContent-Type: text/csv\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(file);
    body.extend_from_slice(format!("\r\n--{BOUNDARY}--\r\n").as_bytes());
    let uri = if check { "/api/api/candidates/import/checking" } else { "/api/api/candidates/import" };
    let request = Request::post(uri)
        .header(header::CONTENT_TYPE, format!("multipart/form-data; boundary={BOUNDARY}"))
        .body(Body::from(body))
        .unwrap();
    send_as(app, Some(cookie), request).await
}

fn windows_1252(text: &str) -> Vec<u8> {
    let (bytes, _, unmappable) = encoding_rs::WINDOWS_1252.encode(text);
    assert!(!unmappable);
    bytes.into_owned()
}

fn problems(report: &Value) -> Vec<(u64, String, String)> {
    report["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|problem| {
            let text = |key: &str| problem[key].as_str().unwrap().to_owned();
            (problem["line"].as_u64().unwrap(), text("field"), text("code"))
        })
        .collect()
}

async fn candidates_of_campus(pool: &PgPool, campus: i64) -> i64 {
    scalar_of(pool, "select count(*) from candidates where campus_id = $1", campus).await
}

/// The owner of `email`, who had no account, follows the school's invitation link and sets a
/// password: the account is created on the campus. Its session cookie.
pub async fn join_by_invitation_link(app: &Router, pool: &PgPool, email: &str) -> String {
    let (_, links) = latest_email(pool, email).await;
    assert!(links[0].contains("/inscription/invitation?token="), "{links:?}");
    let uri = format!("/api/api/school-invitations/{}/account", token_of(&links[0]));
    let joined = post_json(app, &uri, &json!({ "password": PASSWORD, "consent": true })).await;
    assert_eq!(joined.status, StatusCode::CREATED, "{}", joined.text());
    crate::support::session_cookie(&joined)
}

/// A school with a campus, and Léa, a candidate it invited there who accepted; the campus id.
async fn lea_on_a_campus(pool: &PgPool, app: &Router) -> (School, i64, crate::candidate_profile::Candidate) {
    let school = new_school(pool, app, "ecole@example.org", "École des Pentes").await;
    let campus = new_campus(app, &school, "Croix-Rousse", &["Bachelor"]).await;
    let id = campus["id"].as_i64().unwrap();
    let lea = new_candidate(pool, app, "lea@example.org").await;
    let body = json!({ "firstname": "Léa", "lastname": "Durand", "email": "lea@example.org",
                       "program": campus["programs"][0]["id"] });
    call(app, &school.cookie, "POST", &format!("/api/api/school/campuses/{id}/candidates"), Some(body)).await;
    accept_invitations(app, &lea.cookie).await;
    (school, id, lea)
}

/// The candidate of `cookie` accepts every open invitation in their dashboard.
pub async fn accept_invitations(app: &Router, cookie: &str) {
    let open = get_as(app, Some(cookie), "/api/api/candidates/school-invitations").await.json();
    for invitation in open["invitations"].as_array().unwrap() {
        let uri = format!("/api/api/candidates/school-invitations/{}/acceptance", invitation["id"]);
        assert_eq!(call(app, cookie, "POST", &uri, None).await.status, StatusCode::NO_CONTENT);
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn a_campus_needs_a_name_a_place_and_programs_of_distinct_names(pool: PgPool) {
    let app = app(pool.clone());
    let school = new_school(&pool, &app, "ecole@example.org", "École des Pentes").await;

    let empty = call(&app, &school.cookie, "POST", "/api/api/school/campuses", Some(json!({}))).await;
    let duplicate = json!({ "name": "Croix-Rousse", "localization": lyon(),
                            "programs": [{ "name": "Bachelor" }, { "name": "Master" }, { "name": " bachelor " }] });
    let duplicated = call(&app, &school.cookie, "POST", "/api/api/school/campuses", Some(duplicate)).await;

    assert_eq!(empty.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(empty.json()["errors"], json!({ "name": ["required"], "localization": ["required"] }));
    assert_eq!(duplicated.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(duplicated.json()["errors"], json!({ "programs[2].name": ["duplicate"] }), "the duplicate is named");
    let campuses = get_as(&app, Some(&school.cookie), "/api/api/school/campuses").await.json();
    assert_eq!(campuses, json!([]), "nothing was written");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_school_creates_lists_and_edits_its_campuses_and_programs(pool: PgPool) {
    let app = app(pool.clone());
    let school = new_school(&pool, &app, "ecole@example.org", "École des Pentes").await;
    let campus = new_campus(&app, &school, "Croix-Rousse", &["Bachelor", "Master"]).await;
    let id = campus["id"].as_i64().unwrap();
    assert_eq!(campus["localization"]["value"], "Lyon");
    assert_eq!(campus["candidates_count"], 0);
    let bachelor = campus["programs"][0]["id"].clone();
    let master = campus["programs"][1]["id"].clone();

    // rename the two into each other's names, drop none, add one; then drop the master
    let swap = json!({ "name": "Campus Croix-Rousse", "localization": { "type": "city", "id": "69266" },
                       "programs": [{ "id": bachelor, "name": "Master" }, { "id": master, "name": "Bachelor" },
                                    { "name": "MBA" }] });
    let swapped = call(&app, &school.cookie, "POST", &format!("/api/api/school/campuses/{id}"), Some(swap)).await;
    assert_eq!(swapped.status, StatusCode::OK, "{}", swapped.text());
    let swapped = swapped.json();
    assert_eq!(swapped["name"], "Campus Croix-Rousse");
    assert_eq!(swapped["localization"]["value"], "Villeurbanne");
    assert_eq!(swapped["programs"][0], json!({ "id": bachelor, "name": "Master" }));
    let keep_one = json!({ "name": "Campus Croix-Rousse", "localization": lyon(), "programs": [{ "id": bachelor, "name": "Master" }] });
    call(&app, &school.cookie, "POST", &format!("/api/api/school/campuses/{id}"), Some(keep_one)).await;
    let programs = get_as(&app, Some(&school.cookie), &format!("/api/api/school/campuses/{id}/programs")).await;

    assert_eq!(programs.json(), json!([{ "id": bachelor, "name": "Master" }]));
    let listed = get_as(&app, Some(&school.cookie), "/api/api/school/campuses").await.json();
    assert_eq!(listed.as_array().unwrap().len(), 1);
    let unknown = json!({ "name": "X", "localization": lyon(), "programs": [{ "id": 999_999, "name": "Y" }] });
    let refused = call(&app, &school.cookie, "POST", &format!("/api/api/school/campuses/{id}"), Some(unknown)).await;
    assert_eq!(refused.json()["errors"], json!({ "programs[0].id": ["unknown"] }));
}

#[sqlx::test(migrations = "../migrations")]
async fn another_schools_campus_and_candidates_are_a_404_on_every_route(pool: PgPool) {
    let app = app(pool.clone());
    let (_owner, id, lea) = lea_on_a_campus(&pool, &app).await;
    let other = new_school(&pool, &app, "autre@example.org", "Autre École").await;
    let program: i64 = scalar_of(&pool, "select min(id) from programs where campus_id = $1", id).await;
    let student = json!({ "firstname": "Hugo", "lastname": "Petit", "email": "hugo@example.org", "program": program });
    let candidate = lea.id;
    let edit = json!({ "name": "Pris", "localization": lyon(), "programs": [] });

    let answers = [
        ("edit", call(&app, &other.cookie, "POST", &format!("/api/api/school/campuses/{id}"), Some(edit)).await),
        ("programs", get_as(&app, Some(&other.cookie), &format!("/api/api/school/campuses/{id}/programs")).await),
        ("candidates", get_as(&app, Some(&other.cookie), &format!("/api/api/school/campuses/{id}/candidates")).await),
        ("csv", get_as(&app, Some(&other.cookie), &format!("/api/api/school/campuses/{id}/candidates?csv")).await),
        (
            "add",
            call(&app, &other.cookie, "POST", &format!("/api/api/school/campuses/{id}/candidates"), Some(student))
                .await,
        ),
        (
            "detach",
            call(&app, &other.cookie, "DELETE", &format!("/api/api/school/campuses/candidates/{candidate}"), None)
                .await,
        ),
        ("checking", send_import(&app, &other.cookie, id, b"prenom;nom;email;programme\n", true).await),
        ("import", send_import(&app, &other.cookie, id, b"prenom;nom;email;programme\n", false).await),
    ];

    for (name, response) in answers {
        assert_eq!(response.status, StatusCode::NOT_FOUND, "{name}: {}", response.text());
    }
    let listed = get_as(&app, Some(&other.cookie), "/api/api/school/campuses").await.json();
    assert_eq!(listed, json!([]));
    let campus_name: String = scalar_of(&pool, "select name from campuses where id = $1", id).await;
    assert_eq!(campus_name, "Croix-Rousse");
    assert_eq!(candidates_of_campus(&pool, id).await, 1, "still attached");
}

#[sqlx::test(migrations = "../migrations")]
async fn adding_someone_invites_them_and_tells_the_school_nothing_about_their_account(pool: PgPool) {
    let app = app(pool.clone());
    let school = new_school(&pool, &app, "ecole@example.org", "École des Pentes").await;
    let campus = new_campus(&app, &school, "Croix-Rousse", &["Bachelor"]).await;
    let id = campus["id"].as_i64().unwrap();
    let uri = format!("/api/api/school/campuses/{id}/candidates");
    let program = campus["programs"][0]["id"].clone();
    let existing = new_candidate(&pool, &app, "existing@example.org").await;
    let rival = new_school(&pool, &app, "rivale@example.org", "École Rivale").await;
    let add = |firstname: &str, email: &str| {
        let body =
            json!({ "firstname": firstname, "lastname": "Durand", "email": email, "program": program, "parcours": 2 });
        let (app, cookie, uri) = (app.clone(), school.cookie.clone(), uri.clone());
        async move { call(&app, &cookie, "POST", &uri, Some(body)).await }
    };

    // an address without an account, a candidate, a school's account: the same answer
    let answers = [
        add("Zoé", "Zoe@Example.org").await,
        add("Léa", "existing@example.org").await,
        add("A", "rivale@example.org").await,
    ];
    for answer in &answers {
        assert_eq!((answer.status, answer.json()), (StatusCode::CREATED, json!({ "outcome": "invited" })));
    }
    let invalid = call(
        &app,
        &school.cookie,
        "POST",
        &uri,
        Some(json!({ "firstname": " ", "email": "nope", "program": 999_999, "parcours": 99 })),
    )
    .await;
    assert_eq!(
        invalid.json()["errors"],
        json!({ "firstname": ["required"], "lastname": ["required"], "email": ["invalid_email"],
                "program": ["unknown"], "parcours": ["unknown"] })
    );
    // nobody joined and no account was made for an address the school does not own
    assert_eq!(candidates_of_campus(&pool, id).await, 0);
    let zoe_accounts: i64 = scalar(&pool, "select count(*) from users where lower(email) = 'zoe@example.org'").await;
    assert_eq!(zoe_accounts, 0, "no account before its owner sets a password");
    let to_rival: i64 = scalar(&pool, "select count(*) from outbox_emails where to_email = 'rivale@example.org'").await;
    assert_eq!(to_rival, 0, "a school's account cannot become a student: nothing is sent");

    // Zoé's link shows who invites and creates her account on the campus
    let (subject, links) = latest_email(&pool, "zoe@example.org").await;
    assert!(subject.contains("École des Pentes"), "{subject}");
    let preview = get_as(&app, None, &format!("/api/api/school-invitations/{}", token_of(&links[0]))).await.json();
    assert_eq!(
        (preview["school"].clone(), preview["campus"].clone()),
        (json!("École des Pentes"), json!("Croix-Rousse"))
    );
    let zoe = join_by_invitation_link(&app, &pool, "zoe@example.org").await;
    let whoami = get_as(&app, Some(&zoe), "/api/api/auth/whoami").await.json();
    assert_eq!(whoami["candidate"]["school_id"], school.id);
    let findability = get_as(&app, Some(&zoe), "/api/api/candidates/findability").await.json();
    assert_eq!(findability["findable_by"], "school_partners", "a student found by the school's recruiters first");
    let used = post_json(
        &app,
        &format!("/api/api/school-invitations/{}/account", token_of(&links[0])),
        &json!({ "password": PASSWORD, "consent": true }),
    )
    .await;
    assert_eq!(used.json()["code"], "invalid_token", "a link creates one account");

    // Léa, who has an account, accepts in her dashboard; then she is the school's student
    accept_invitations(&app, &existing.cookie).await;
    let page = get_as(&app, Some(&school.cookie), &uri).await.json();
    assert_eq!(page["total"], 2);
    let lea = page["items"].as_array().unwrap().iter().find(|item| item["firstname"] == "Léa").unwrap().clone();
    assert_eq!((lea["activated"].clone(), lea["parcours"]["id"].clone()), (json!(true), json!(2)));
    let again = add("Léa", "existing@example.org").await;
    assert_eq!((again.status, again.json()), (StatusCode::OK, json!({ "outcome": "already_your_student" })));

    // another school invites Léa: she is not moved until she accepts, and refusing keeps her here
    let rival_campus = new_campus(&app, &rival, "Ailleurs", &["Bachelor"]).await;
    let body = json!({ "firstname": "Léa", "lastname": "Durand", "email": "existing@example.org",
                       "program": rival_campus["programs"][0]["id"] });
    let rival_uri = format!("/api/api/school/campuses/{}/candidates", rival_campus["id"]);
    assert_eq!(call(&app, &rival.cookie, "POST", &rival_uri, Some(body)).await.json()["outcome"], "invited");
    let open = get_as(&app, Some(&existing.cookie), "/api/api/candidates/school-invitations").await.json();
    assert_eq!(open["invitations"][0]["school"], "École Rivale");
    let refuse = format!("/api/api/candidates/school-invitations/{}/refusal", open["invitations"][0]["id"]);
    assert_eq!(call(&app, &existing.cookie, "POST", &refuse, None).await.status, StatusCode::NO_CONTENT);
    let twice = call(&app, &existing.cookie, "POST", &refuse, None).await;
    assert_eq!((twice.status, twice.json()["code"].clone()), (StatusCode::CONFLICT, json!("invitation_closed")));
    assert_eq!(candidates_of_campus(&pool, id).await, 2, "Léa stays with her school");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_candidate_leaves_their_school_and_the_school_is_told(pool: PgPool) {
    let app = app(pool.clone());
    let (school, id, lea) = lea_on_a_campus(&pool, &app).await;
    let profile = format!("/api/api/candidates/{}", lea.id);
    assert_eq!(get_as(&app, Some(&school.cookie), &profile).await.status, StatusCode::OK);

    let left = call(&app, &lea.cookie, "DELETE", "/api/api/candidates/school", None).await;
    let twice = call(&app, &lea.cookie, "DELETE", "/api/api/candidates/school", None).await;

    assert_eq!(left.status, StatusCode::NO_CONTENT, "{}", left.text());
    assert_eq!((twice.status, twice.json()["code"].clone()), (StatusCode::CONFLICT, json!("not_in_a_school")));
    assert_eq!(get_as(&app, Some(&school.cookie), &profile).await.status, StatusCode::NOT_FOUND, "access ends at once");
    assert_eq!(candidates_of_campus(&pool, id).await, 0);
    let text: String = scalar(
        &pool,
        "select text_body from outbox_emails where to_email = 'ecole@example.org' order by id desc limit 1",
    )
    .await;
    assert!(text.contains("Durand Léa") || text.contains("Léa Durand"), "{text}");
}

#[sqlx::test(migrations = "../migrations")]
async fn the_list_filters_pages_and_exports_the_campus_candidates(pool: PgPool) {
    let app = app(pool.clone());
    let school = new_school(&pool, &app, "ecole@example.org", "École des Pentes").await;
    let campus = new_campus(&app, &school, "Croix-Rousse", &["Bachelor", "Master"]).await;
    let id = campus["id"].as_i64().unwrap();
    let file = "prenom;nom;email;programme;parcours\n\
                Élodie;Bernard;elodie@example.org;Bachelor;Alternance\n\
                Hugo;Petit;hugo@example.org;Master;\n\
                Inès;Roux;ines@example.org;Master;Alternance\n\
                Łukasz;Wałęsa;lukasz@example.org;MASTER;\n\
                Jürgen;Weiß;jurgen@example.org;bachelor;\n";
    assert_eq!(send_import(&app, &school.cookie, id, file.as_bytes(), false).await.status, StatusCode::OK);
    for email in
        ["elodie@example.org", "hugo@example.org", "ines@example.org", "lukasz@example.org", "jurgen@example.org"]
    {
        join_by_invitation_link(&app, &pool, email).await;
    }
    execute(
        &pool,
        "update candidates c set completion = 80 from users u where u.id = c.user_id and u.email = 'hugo@example.org'",
    )
    .await;
    let list = |query: &str| {
        let uri = format!("/api/api/school/campuses/{id}/candidates{query}");
        let (app, cookie) = (app.clone(), school.cookie.clone());
        async move {
            let page = get_as(&app, Some(&cookie), &uri).await.json();
            page["items"]
                .as_array()
                .unwrap()
                .iter()
                .map(|item| item["firstname"].as_str().unwrap().to_owned())
                .collect::<Vec<_>>()
        }
    };

    assert_eq!(list("").await, ["Élodie", "Hugo", "Inès", "Łukasz", "Jürgen"], "sorted by last name, folded");
    assert_eq!(list("?parcours=2").await, ["Élodie", "Inès"]);
    assert_eq!(list("?completion=50").await, ["Hugo"]);
    assert_eq!(list("?name=rou").await, ["Inès"]);
    // names are found whatever their accents and letters: the import matched "MASTER" too
    assert_eq!(list("?name=ELODIE").await, ["Élodie"]);
    assert_eq!(list("?name=lukasz%20walesa").await, ["Łukasz"]);
    assert_eq!(list("?name=weiss").await, ["Jürgen"]);
    assert_eq!(list("?per_page=2&page=2").await, ["Inès", "Łukasz"]);
    assert_eq!(list("?page=9223372036854775807").await, Vec::<String>::new(), "a page past the end is empty");
    assert_eq!(list("?name=%25").await, Vec::<String>::new(), "a % is a character, not a wildcard");
    // a candidate chooses their own name: one a spreadsheet would run as a formula is written as text
    execute(
        &pool,
        "update users set lastname = '=HYPERLINK(\"https://evil.example\")' where email = 'ines@example.org'",
    )
    .await;
    let csv =
        get_as(&app, Some(&school.cookie), &format!("/api/api/school/campuses/{id}/candidates?csv&parcours=2")).await;
    assert_eq!(csv.headers[header::CONTENT_TYPE], "text/csv; charset=utf-8");
    assert!(csv.headers[header::CONTENT_DISPOSITION].to_str().unwrap().starts_with("attachment"));
    let text = csv.text();
    assert!(text.starts_with("\u{feff}Prénom;Nom;Courriel;Programme;Parcours;"), "{text}");
    assert!(text.contains("Élodie;Bernard;elodie@example.org;Bachelor;Alternance;0;oui;oui"), "{text}");
    assert!(!text.contains("Hugo"));
    assert!(text.contains(";\"'=HYPERLINK(\"\"https://evil.example\"\")\";"), "{text}");
    // an export is a valid import: nothing changes (Łukasz and Jürgen have no parcours)
    let again = send_import(&app, &school.cookie, id, csv.body.as_slice(), true).await.json();
    assert_eq!((again["unchanged"].as_u64(), again["problems"].as_array().unwrap().len()), (Some(2), 0));
}

#[sqlx::test(migrations = "../migrations")]
async fn detaching_a_candidate_keeps_the_person_and_their_account(pool: PgPool) {
    let app = app(pool.clone());
    let (school, _campus, lea) = lea_on_a_campus(&pool, &app).await;
    let stranger = new_candidate(&pool, &app, "stranger@example.org").await;

    let detached =
        call(&app, &school.cookie, "DELETE", &format!("/api/api/school/campuses/candidates/{}", lea.id), None).await;
    let again =
        call(&app, &school.cookie, "DELETE", &format!("/api/api/school/campuses/candidates/{}", lea.id), None).await;
    let not_ours =
        call(&app, &school.cookie, "DELETE", &format!("/api/api/school/campuses/candidates/{}", stranger.id), None)
            .await;

    assert_eq!(detached.status, StatusCode::NO_CONTENT);
    assert_eq!(again.status, StatusCode::NOT_FOUND);
    assert_eq!(not_ours.status, StatusCode::NOT_FOUND);
    let row: (Option<i64>, Option<i64>, Option<i64>) =
        row_of(&pool, "select school_id, campus_id, program_id from candidates where user_id = $1", lea.id).await;
    assert_eq!(row, (None, None, None));
    login(&app, "lea@example.org", PASSWORD).await;
}

#[sqlx::test(migrations = "../migrations")]
async fn checking_a_windows_1252_file_names_every_bad_row_and_writes_nothing(pool: PgPool) {
    let app = app(pool.clone());
    let school = new_school(&pool, &app, "ecole@example.org", "École des Pentes").await;
    let campus = new_campus(&app, &school, "Croix-Rousse", &["Bachelor Commerce", "Master Marketing"]).await;
    let id = campus["id"].as_i64().unwrap();
    new_school(&pool, &app, "autre@example.org", "Autre École").await;
    let file = windows_1252(
        "Prénom;Nom;Courriel;Programme;Parcours\r\n\
         Hélène;Lefèvre;helene@example.org;Bachelor Commerce;Alternance\r\n\
         ;Dupré;sans-prenom@example.org;Master Marketing;\r\n\
         Noël;Gaëtan;pas-un-courriel;Master Marketing;\r\n\
         Éric;Faure;HELENE@example.org;Licence Inconnue;Erasmus\r\n\
         Ana;Partner;autre@example.org;Bachelor Commerce;\r\n\
         \"Pierre; dit \"\"Pierrot\"\"\";Muller;pierre@example.org;master marketing;Formation initiale\r\n",
    );

    let response = send_import(&app, &school.cookie, id, &file, true).await;

    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    let report = response.json();
    assert_eq!((report["encoding"].as_str(), report["separator"].as_str()), (Some("windows-1252"), Some(";")));
    assert_eq!(report["imported"], false);
    // a school's own address (line 6) is invited like any other: the report tells nothing about accounts
    assert_eq!(
        (report["rows"].as_u64(), report["valid"].as_u64(), report["invited"].as_u64()),
        (Some(6), Some(3), Some(3))
    );
    let expected: Vec<(u64, String, String)> = [
        (3, "firstname", "required"),
        (4, "email", "invalid_email"),
        (5, "email", "duplicate"),
        (5, "program", "unknown"),
        (5, "parcours", "unknown"),
    ]
    .into_iter()
    .map(|(line, field, code)| (line, field.to_owned(), code.to_owned()))
    .collect();
    assert_eq!(problems(&report), expected);
    assert_eq!(report["problems"][2]["first_line"], 2);
    assert_eq!(report["problems"][3]["value"], "Licence Inconnue", "accents read from Windows-1252");
    assert_eq!(candidates_of_campus(&pool, id).await, 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn an_import_invites_once_whatever_the_encoding_and_separator(pool: PgPool) {
    let app = app(pool.clone());
    let school = new_school(&pool, &app, "ecole@example.org", "École des Pentes").await;
    let campus = new_campus(&app, &school, "Croix-Rousse", &["Bachelor Commerce", "Master Marketing"]).await;
    let id = campus["id"].as_i64().unwrap();
    let existing = new_candidate(&pool, &app, "existing@example.org").await;
    let rival = new_school(&pool, &app, "rivale@example.org", "École Rivale").await;
    let rival_campus = new_campus(&app, &rival, "Rival", &["Bachelor Commerce"]).await;
    let rival_id = rival_campus["id"].as_i64().unwrap();
    let taken = "prenom,nom,email,programme\nTom,Rival,tom@example.org,Bachelor Commerce\n";
    send_import(&app, &rival.cookie, rival_id, taken.as_bytes(), false).await;
    join_by_invitation_link(&app, &pool, "tom@example.org").await;
    // UTF-8 with a BOM, commas, CRLF, quoted fields, English headers, an existing candidate, a
    // student of another school and a blank line
    let file = "\u{feff}First name,Last name,E-mail,Program,Parcours\r\n\
                \"Zoé\",\"D'Arc, de la Tour\",zoe@example.org,\"Master Marketing\",Work-study\r\n\
                Léa,Durand,existing@example.org,Bachelor Commerce,\r\n\
                \r\n\
                Tom,Rival,tom@example.org,Bachelor Commerce,\r\n\
                Bad,Row,,Bachelor Commerce,\r\n";

    let first = send_import(&app, &school.cookie, id, file.as_bytes(), false).await;
    let second = send_import(&app, &school.cookie, id, file.as_bytes(), false).await;

    assert_eq!(first.status, StatusCode::OK, "{}", first.text());
    let first = first.json();
    assert_eq!((first["encoding"].as_str(), first["separator"].as_str()), (Some("UTF-8"), Some(",")));
    let counts =
        |report: &Value| ["invited", "already_your_students", "unchanged"].map(|count| report[count].as_u64().unwrap());
    assert_eq!(counts(&first), [3, 0, 0], "the other school's student is invited like anyone: nothing tells");
    assert_eq!(problems(&first), [(6, "email".to_owned(), "required".to_owned())]);
    assert_eq!(counts(&second.json()), [3, 0, 0]);
    let open: i64 = scalar(&pool, "select count(*) from school_invitations where answer is null").await;
    assert_eq!(open, 3, "the same file twice renews the invitations, it does not double them");
    assert_eq!(candidates_of_campus(&pool, id).await, 0, "nobody joins without accepting");

    join_by_invitation_link(&app, &pool, "zoe@example.org").await;
    accept_invitations(&app, &existing.cookie).await;
    let third = send_import(&app, &school.cookie, id, file.as_bytes(), false).await.json();
    assert_eq!(counts(&third), [1, 0, 2], "Zoé and Léa are students now; Tom is still only invited");
    let lastname: String = scalar(&pool, "select lastname from users where email = 'zoe@example.org'").await;
    assert_eq!(lastname, "D'Arc, de la Tour");
    assert_eq!(candidates_of_campus(&pool, id).await, 2);
    assert_eq!(candidates_of_campus(&pool, rival_id).await, 1, "the rival's student stays theirs");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_file_without_the_needed_columns_too_large_or_not_text_is_refused_whole(pool: PgPool) {
    let app = app(pool.clone());
    let school = new_school(&pool, &app, "ecole@example.org", "École des Pentes").await;
    let id = new_campus(&app, &school, "Croix-Rousse", &["Bachelor"]).await["id"].as_i64().unwrap();
    let mut too_many = String::from("prenom;nom;email;programme\n");
    for index in 0..=api::candidate_import::MAX_ROWS {
        too_many.push_str(&format!("A;B;a{index}@example.org;Bachelor\n"));
    }

    let missing = send_import(&app, &school.cookie, id, b"prenom;nom\nA;B\n", true).await;
    let rows = send_import(&app, &school.cookie, id, too_many.as_bytes(), true).await;
    let binary = send_import(&app, &school.cookie, id, &[0xFF, 0xFE, 0x00, 0xD8], true).await;
    let large =
        send_import(&app, &school.cookie, id, &vec![b'a'; api::candidate_import::MAX_FILE_BYTES + 10], true).await;

    assert_eq!(missing.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        missing.json()["errors"],
        json!({ "file": ["missing_column"], "email": ["missing_column"], "program": ["missing_column"] })
    );
    assert_eq!(rows.json()["errors"], json!({ "file": ["too_many_rows"] }));
    assert_eq!(binary.json()["errors"], json!({ "file": ["unreadable_file"] }));
    assert_eq!(large.status, StatusCode::PAYLOAD_TOO_LARGE);
}

#[sqlx::test(migrations = "../migrations")]
async fn ten_thousand_rows_are_checked_and_invited_in_one_go(pool: PgPool) {
    let app = app(pool.clone());
    let school = new_school(&pool, &app, "ecole@example.org", "École des Pentes").await;
    let id = new_campus(&app, &school, "Croix-Rousse", &["Bachelor", "Master"]).await["id"].as_i64().unwrap();
    let mut file = String::from("prénom;nom;courriel;programme;parcours\n");
    for index in 0..10_000 {
        let program = if index % 2 == 0 { "Bachelor" } else { "Master" };
        file.push_str(&format!("Étudiant{index};Nom{index};etudiant{index}@example.org;{program};Alternance\n"));
    }

    let checked = send_import(&app, &school.cookie, id, file.as_bytes(), true).await.json();
    let imported = send_import(&app, &school.cookie, id, file.as_bytes(), false).await.json();

    assert_eq!((checked["valid"].as_u64(), checked["invited"].as_u64()), (Some(10_000), Some(10_000)));
    assert_eq!((imported["invited"].as_u64(), imported["problems"].as_array().unwrap().len()), (Some(10_000), 0));
    let invitations: i64 = scalar(&pool, "select count(*) from school_invitations").await;
    let emails: i64 = scalar(&pool, "select count(*) from outbox_emails where subject like '%vous invite%'").await;
    assert_eq!((invitations, emails), (10_000, 10_000), "every invitation's email is queued with it");
}

#[sqlx::test(migrations = "../migrations")]
async fn statistics_count_only_the_schools_own_candidates(pool: PgPool) {
    let app = app(pool.clone());
    let school = new_school(&pool, &app, "ecole@example.org", "École des Pentes").await;
    let campus = new_campus(&app, &school, "Croix-Rousse", &["Bachelor", "Master"]).await;
    let id = campus["id"].as_i64().unwrap();
    let other = new_school(&pool, &app, "autre@example.org", "Autre École").await;
    let other_id = new_campus(&app, &other, "Ailleurs", &["Bachelor"]).await["id"].as_i64().unwrap();
    let file = "prenom;nom;email;programme\nA;A;a@example.org;Bachelor\nB;B;b@example.org;Bachelor\nC;C;c@example.org;Master\n";
    send_import(&app, &school.cookie, id, file.as_bytes(), false).await;
    let theirs = "prenom;nom;email;programme\nD;D;d@example.org;Bachelor\n";
    send_import(&app, &other.cookie, other_id, theirs.as_bytes(), false).await;
    for email in ["a@example.org", "b@example.org", "c@example.org", "d@example.org"] {
        join_by_invitation_link(&app, &pool, email).await;
    }
    execute(
        &pool,
        "update candidates c set completion = 60, in_research = (u.email <> 'c@example.org')
         from users u where u.id = c.user_id",
    )
    .await;
    execute(
        &pool,
        "insert into candidate_contract_types (candidate_id, contract_type_id)
         select u.id, 1 from users u where u.email in ('a@example.org', 'b@example.org', 'd@example.org')",
    )
    .await;
    execute(
        &pool,
        "insert into candidate_languages (candidate_id, language_id)
         select u.id, 1 from users u where u.email in ('a@example.org', 'd@example.org')",
    )
    .await;

    let response = get_as(&app, Some(&school.cookie), "/api/api/school/statistics").await;

    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    let statistics = response.json();
    assert_eq!((statistics["candidates"].as_i64(), statistics["in_research"].as_i64()), (Some(3), Some(2)));
    assert_eq!(statistics["activated"], 3, "an account exists only once its owner chose a password");
    assert_eq!(statistics["campuses"][0]["candidates"], 3);
    let programs: Vec<i64> = statistics["campuses"][0]["programs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["candidates"].as_i64().unwrap())
        .collect();
    assert_eq!(programs, [2, 1]);
    let completion: Vec<i64> =
        statistics["completion"].as_array().unwrap().iter().map(|b| b["candidates"].as_i64().unwrap()).collect();
    assert_eq!(completion, [0, 0, 3, 0]);
    assert_eq!(statistics["contracts"][0]["candidates"], 2, "the other school's candidate is not counted");
    assert_eq!(statistics["languages"][0]["candidates"], 1);
    assert_eq!(statistics["soft_skill_families"], json!([]));
}
