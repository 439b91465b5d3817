//! Pictures: judged by their content, re-encoded before they are stored, served to who may see
//! the profile showing them.

use std::io::Cursor;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use image::{DynamicImage, ImageFormat, Rgb, RgbImage};
use serde_json::json;
use sqlx::PgPool;

use crate::candidate_profile::{call, new_candidate, valid_hobby};
use crate::support::{TestResponse, app, execute_of, get_as, scalar, send_as};

const BOUNDARY: &str = "vivier-test-boundary";

/// A 2000 x 1200 PNG picture (larger than what is served, to see it shrink).
pub fn png_bytes() -> Vec<u8> {
    png_of(2000, 1200)
}

/// A PNG picture of `width` x `height` pixels, a gradient.
fn png_of(width: u32, height: u32) -> Vec<u8> {
    let picture = RgbImage::from_fn(width, height, |x, y| Rgb([(x % 256) as u8, (y % 256) as u8, 128]));
    let mut bytes = Vec::new();
    DynamicImage::ImageRgb8(picture).write_to(&mut Cursor::new(&mut bytes), ImageFormat::Png).unwrap();
    bytes
}

/// Sends `bytes` as the multipart field `file`, named `file_name` and declared `content_type`.
pub async fn upload(app: &Router, cookie: &str, bytes: &[u8], file_name: &str, content_type: &str) -> TestResponse {
    let mut body = format!(
        "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{file_name}\"\r\nContent-Type: {content_type}\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{BOUNDARY}--\r\n").as_bytes());
    let request = Request::post("/api/api/uploads")
        .header(header::CONTENT_TYPE, format!("multipart/form-data; boundary={BOUNDARY}"))
        .body(Body::from(body))
        .unwrap();
    send_as(app, Some(cookie), request).await
}

/// Uploads a small picture as `cookie` and returns its id.
pub async fn upload_picture(app: &Router, cookie: &str) -> String {
    let response = upload(app, cookie, &png_of(320, 200), "photo.png", "image/png").await;
    assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
    response.json()["id"].as_str().unwrap().to_owned()
}

/// (case, bytes, file name, expected status, expected rule on `file`)
type RefusedUpload = (&'static str, Vec<u8>, &'static str, StatusCode, Option<&'static str>);

async fn stored_uploads(pool: &PgPool) -> i64 {
    scalar(pool, "select count(*) from uploads").await
}

#[sqlx::test(migrations = "../migrations")]
async fn a_png_named_jpg_is_accepted_as_png_and_served_re_encoded(pool: PgPool) {
    let app = app(pool.clone());
    let lea = new_candidate(&pool, &app, "lea@example.org").await;
    let original = png_bytes();

    let response = upload(&app, &lea.cookie, &original, "photo.jpg", "image/jpeg").await;

    assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
    let picture = response.json();
    assert_eq!((picture["width"].as_i64(), picture["height"].as_i64()), (Some(1600), Some(960)), "shrunk to 1600 px");
    let served = get_as(&app, Some(&lea.cookie), picture["url"].as_str().unwrap()).await;
    assert_eq!(served.status, StatusCode::OK);
    assert_eq!(served.headers[header::CONTENT_TYPE], "image/jpeg", "an opaque picture is served as JPEG");
    assert_eq!(served.headers[header::CACHE_CONTROL], "private, no-cache", "revalidated at each use");
    let entity_tag = served.headers[header::ETAG].to_str().unwrap();
    assert!(entity_tag.len() == 66 && !entity_tag.starts_with("W/"), "a strong tag of the SHA-256: {entity_tag}");
    assert_ne!(served.body, original, "no uploaded byte is served back as is");
    let decoded = image::load_from_memory(&served.body).unwrap();
    assert_eq!((decoded.width(), decoded.height()), (1600, 960));
}

#[sqlx::test(migrations = "../migrations")]
async fn html_svg_a_truncated_picture_and_a_20_mb_file_are_refused_and_nothing_is_stored(pool: PgPool) {
    let app = app(pool.clone());
    let lea = new_candidate(&pool, &app, "lea@example.org").await;
    let png = png_bytes();
    let mut huge = png.clone();
    huge.resize(20 * 1024 * 1024, 0);
    let cases: [RefusedUpload; 4] = [
        (
            "html",
            b"<!doctype html><html><script>alert(1)</script></html>".to_vec(),
            "x.png",
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("unsupported_file_type"),
        ),
        (
            "svg",
            br#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#.to_vec(),
            "x.svg",
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("unsupported_file_type"),
        ),
        (
            "truncated",
            png[..png.len() / 2].to_vec(),
            "x.png",
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("unreadable_image"),
        ),
        ("20 MB", huge, "x.png", StatusCode::PAYLOAD_TOO_LARGE, None),
    ];

    for (name, bytes, file_name, status, rule) in cases {
        let response = upload(&app, &lea.cookie, &bytes, file_name, "image/png").await;

        assert_eq!(response.status, status, "{name}: {}", response.text());
        match rule {
            Some(rule) => assert_eq!(response.json()["errors"]["file"], json!([rule]), "{name}"),
            None => assert_eq!(response.json()["code"], "payload_too_large"),
        }
    }
    assert_eq!(stored_uploads(&pool).await, 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_picture_is_seen_by_its_owner_and_by_who_may_read_the_profile_showing_it(pool: PgPool) {
    let app = app(pool.clone());
    let lea = new_candidate(&pool, &app, "lea@example.org").await;
    let other = new_candidate(&pool, &app, "noe@example.org").await;
    let shown = upload_picture(&app, &lea.cookie).await;
    let unused = upload_picture(&app, &lea.cookie).await;
    let mut hobby = valid_hobby();
    hobby["pictures"] = json!([shown]);
    let created = call(&app, &lea.cookie, "POST", "/api/api/candidate/hobbies", Some(hobby)).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
    let status_for = |cookie: Option<String>, id: String| {
        let app = app.clone();
        async move { get_as(&app, cookie.as_deref(), &format!("/api/uploads/{id}")).await.status }
    };

    assert_eq!(status_for(Some(lea.cookie.clone()), unused.clone()).await, StatusCode::OK);
    assert_eq!(status_for(Some(other.cookie.clone()), unused.clone()).await, StatusCode::NOT_FOUND);
    assert_eq!(status_for(None, shown.clone()).await, StatusCode::NOT_FOUND, "the profile is not shared");
    assert_eq!(status_for(Some(other.cookie.clone()), shown.clone()).await, StatusCode::NOT_FOUND);

    execute_of(&pool, "update candidates set is_public = true where user_id = $1", lea.id).await;

    assert_eq!(status_for(None, shown.clone()).await, StatusCode::OK, "a shared profile shows its pictures");
    assert_eq!(
        status_for(None, unused).await,
        StatusCode::NOT_FOUND,
        "an upload the profile does not show stays private"
    );
    assert_eq!(status_for(None, "not-a-uuid".to_owned()).await, StatusCode::NOT_FOUND);
}

/// `GET uri` as `cookie` (or anonymously) asking whether the copy of tag `entity_tag` is current.
async fn revalidate(app: &Router, cookie: Option<&str>, uri: &str, entity_tag: &str) -> TestResponse {
    let request = Request::get(uri).header(header::IF_NONE_MATCH, entity_tag).body(Body::empty()).unwrap();
    send_as(app, cookie, request).await
}

#[sqlx::test(migrations = "../migrations")]
async fn a_cached_picture_is_refused_on_revalidation_once_the_profile_is_unshared(pool: PgPool) {
    let app = app(pool.clone());
    let lea = new_candidate(&pool, &app, "lea@example.org").await;
    let viewer = new_candidate(&pool, &app, "noe@example.org").await;
    let picture = upload_picture(&app, &lea.cookie).await;
    let mut hobby = valid_hobby();
    hobby["pictures"] = json!([picture]);
    let shown = call(&app, &lea.cookie, "POST", "/api/api/candidate/hobbies", Some(hobby)).await;
    assert_eq!(shown.status, StatusCode::CREATED, "{}", shown.text());
    let shared = call(&app, &lea.cookie, "POST", "/api/api/candidates/share", None).await;
    assert_eq!(shared.status, StatusCode::OK, "{}", shared.text());
    let uri = format!("/api/uploads/{picture}");
    let first = get_as(&app, Some(&viewer.cookie), &uri).await;
    assert_eq!(first.status, StatusCode::OK);
    assert_eq!(first.headers["x-robots-tag"], "noindex");
    let entity_tag = first.headers[header::ETAG].to_str().unwrap().to_owned();

    let while_shared = revalidate(&app, Some(&viewer.cookie), &uri, &entity_tag).await;
    let unshared = call(&app, &lea.cookie, "DELETE", "/api/api/candidates/share", None).await;
    let after_unsharing = revalidate(&app, Some(&viewer.cookie), &uri, &entity_tag).await;
    let anonymous_after = revalidate(&app, None, &uri, "*").await;
    let owner_after = revalidate(&app, Some(&lea.cookie), &uri, &entity_tag).await;

    assert_eq!(while_shared.status, StatusCode::NOT_MODIFIED);
    assert!(while_shared.body.is_empty());
    assert_eq!(while_shared.headers[header::CACHE_CONTROL], "private, no-cache");
    assert_eq!(while_shared.headers[header::ETAG], entity_tag.as_str());
    assert_eq!(unshared.status, StatusCode::OK, "{}", unshared.text());
    assert_eq!(after_unsharing.status, StatusCode::NOT_FOUND, "the cached copy must not be confirmed");
    assert_eq!(anonymous_after.status, StatusCode::NOT_FOUND);
    assert_eq!(owner_after.status, StatusCode::NOT_MODIFIED, "its owner still sees it");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_picture_of_another_candidate_cannot_be_put_on_a_record(pool: PgPool) {
    let app = app(pool.clone());
    let lea = new_candidate(&pool, &app, "lea@example.org").await;
    let other = new_candidate(&pool, &app, "noe@example.org").await;
    let leas = upload_picture(&app, &lea.cookie).await;
    let mut hobby = valid_hobby();
    hobby["pictures"] = json!([leas]);

    let response = call(&app, &other.cookie, "POST", "/api/api/candidate/hobbies", Some(hobby)).await;

    assert_eq!(response.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(response.json()["errors"]["pictures"], json!(["unknown"]));
}
