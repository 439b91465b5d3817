//! A partner's saved searches change in place: edited criteria keep the search and its saved
//! candidates, a search is renamed and deleted, and another partner can do none of it.

use axum::http::StatusCode;
use serde_json::json;
use sqlx::PgPool;

use crate::sourcing::{PartnerApp, another_partner, lyon_search, partner_app, search};
use crate::support::{get_as, json_request, scalar, scalar_of, send_as};

#[sqlx::test(migrations = "../migrations")]
async fn a_saved_search_is_edited_in_place_renamed_and_deleted_by_its_partner_only(pool: PgPool) {
    let PartnerApp { app, cookie, .. } = partner_app(&pool).await;
    // the demo partner starts with the demo data's saved search
    let kept_before = get_as(&app, Some(&cookie), "/api/api/sourcing/searchs").await.json().as_array().unwrap().len();
    let saved = search(&app, &cookie, true, &lyon_search()).await;
    assert_eq!(saved.status, StatusCode::CREATED);
    let id = saved.json()["id"].as_i64().unwrap();
    let candidate = saved.json()["hits"][0]["candidate"]["id"].as_i64().unwrap();
    let path = format!("/api/api/sourcing/searchs/{id}");
    let call = |method: &str, uri: &str, body: serde_json::Value| {
        let request = json_request(method, uri, &body);
        let (app, cookie) = (app.clone(), cookie.clone());
        async move { send_as(&app, Some(&cookie), request).await }
    };
    let saved_candidate = call("POST", &format!("{path}/save-candidate/{candidate}"), json!({})).await;
    assert_eq!(saved_candidate.status, StatusCode::NO_CONTENT);
    let list = get_as(&app, Some(&cookie), "/api/api/sourcing/searchs").await.json();
    assert!(list[0]["name"].as_str().is_some_and(|name| name.ends_with("· Lyon")), "named after category and place");

    let mut wider = lyon_search();
    wider["radius"] = json!(30);
    wider["name"] = json!("Développeurs lyonnais");
    let edited = call("POST", &path, wider).await;
    assert_eq!(edited.status, StatusCode::OK, "{}", edited.text());
    assert_eq!(edited.json()["id"], id);
    assert_eq!(edited.json()["search"]["radius"], 30);
    let list = get_as(&app, Some(&cookie), "/api/api/sourcing/searchs").await.json();
    assert_eq!(list.as_array().unwrap().len(), kept_before + 1, "an edit saves no second search");
    assert_eq!((list[0]["id"].as_i64(), list[0]["saved_candidates"].as_i64()), (Some(id), Some(1)));
    assert_eq!(list[0]["name"], "Développeurs lyonnais");
    assert_eq!(list[0]["search"]["radius"], 30);

    let blank = call("PATCH", &path, json!({ "name": "  " })).await;
    assert_eq!(blank.json()["errors"]["name"], json!(["required"]));
    let too_long = call("PATCH", &path, json!({ "name": "x".repeat(101) })).await;
    assert_eq!(too_long.json()["errors"]["name"], json!(["too_long"]));
    assert_eq!(call("PATCH", &path, json!({ "name": "Stage été" })).await.status, StatusCode::NO_CONTENT);
    assert_eq!(get_as(&app, Some(&cookie), "/api/api/sourcing/searchs").await.json()[0]["name"], "Stage été");

    let stranger = another_partner(&app, &pool).await;
    for (method, body) in [("POST", lyon_search()), ("PATCH", json!({ "name": "À moi" })), ("DELETE", json!({}))] {
        let answer = send_as(&app, Some(&stranger), json_request(method, &path, &body)).await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{method} by another partner");
    }

    let places_before: i64 = scalar(&pool, "select count(*) from localizations").await;
    assert_eq!(call("DELETE", &path, json!({})).await.status, StatusCode::NO_CONTENT);
    assert_eq!(get_as(&app, Some(&cookie), &path).await.status, StatusCode::NOT_FOUND);
    assert_eq!(call("DELETE", &path, json!({})).await.status, StatusCode::NOT_FOUND);
    let places_after: i64 = scalar(&pool, "select count(*) from localizations").await;
    assert_eq!(places_after, places_before - 1, "the search's place went with it");
    let still_there: bool =
        scalar_of(&pool, "select exists (select 1 from candidates where user_id = $1)", candidate).await;
    assert!(still_there, "deleting a search deletes no candidate");
}
