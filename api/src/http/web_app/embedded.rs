//! The built web app compiled into the `vivier` binary, so that a release is one file: no
//! `web/dist` folder to copy beside it, and a server can never serve another build's scripts.
//!
//! The files are answered from memory with what a folder gave before: their type, a validator
//! (an `ETag` of their content and their `Last-Modified`) and a 304 to a revalidation; the
//! caching policy and the compression are added around them, as for a folder (see the parent).

use std::borrow::Cow;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use rust_embed::{EmbeddedFile, RustEmbed};

/// `web/dist` as it was when the binary was compiled, or nothing when it was not built yet
/// (`api/build.rs` chooses the folder).
#[derive(RustEmbed)]
#[folder = "$VIVIER_EMBEDDED_WEB_APP"]
pub struct EmbeddedWebApp;

/// Whether the binary holds a web app.
pub fn is_embedded() -> bool {
    EmbeddedWebApp::get("index.html").is_some()
}

/// The embedded app's `index.html`.
pub fn index_html() -> Option<String> {
    String::from_utf8(EmbeddedWebApp::get("index.html")?.data.into_owned()).ok()
}

/// The files of `App`, with `index.html` for client routes, and with a 404 for other paths
/// (generic so that tests embed a small app of their own).
pub fn files<App: RustEmbed + Send + Sync + 'static>() -> Router {
    Router::new().fallback(|method: Method, uri: Uri, headers: HeaderMap| async move {
        if method != Method::GET && method != Method::HEAD {
            let allow = [(header::ALLOW, "GET, HEAD")];
            return (StatusCode::METHOD_NOT_ALLOWED, allow).into_response();
        }
        let request_path = uri.path();
        let mut file_path = request_path.trim_start_matches('/').to_owned();
        if file_path.is_empty() || file_path.ends_with('/') {
            file_path.push_str("index.html");
        }
        if let Some(file) = App::get(&file_path) {
            return file_response(file, &headers);
        }
        let index = if super::names_a_file(request_path) { None } else { App::get("index.html") };
        let Some(index) = index else {
            return (StatusCode::NOT_FOUND, "not found").into_response();
        };
        let manifest = App::get("routes.json");
        if super::is_client_route(manifest.as_ref().map(|file| file.data.as_ref()), request_path) {
            file_response(index, &headers)
        } else {
            super::not_a_page(file_response(index, &HeaderMap::new()))
        }
    })
}

/// A file with its type and validators, or a 304 when the client's copy is current.
fn file_response(file: EmbeddedFile, request_headers: &HeaderMap) -> Response {
    let hash = file.metadata.sha256_hash();
    let entity_tag = format!("\"{}\"", hash[..16].iter().map(|byte| format!("{byte:02x}")).collect::<String>());
    let modified =
        file.metadata.last_modified().map(|seconds| std::time::UNIX_EPOCH + std::time::Duration::from_secs(seconds));
    let mut response = if is_fresh(request_headers, &entity_tag, modified) {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let body = match file.data {
            Cow::Borrowed(bytes) => Bytes::from_static(bytes),
            Cow::Owned(bytes) => Bytes::from(bytes),
        };
        let mut response = Body::from(body).into_response();
        let content_type = HeaderValue::from_str(file.metadata.mimetype()).ok();
        let content_type = content_type.unwrap_or(HeaderValue::from_static("application/octet-stream"));
        response.headers_mut().insert(header::CONTENT_TYPE, content_type);
        response
    };
    let headers = response.headers_mut();
    headers.insert(header::ETAG, HeaderValue::from_str(&entity_tag).expect("hex is a valid header value"));
    if let Some(modified) = modified {
        let date = httpdate::fmt_http_date(modified);
        headers.insert(header::LAST_MODIFIED, HeaderValue::from_str(&date).expect("a date is a valid header value"));
    }
    response
}

/// Whether the client's cached copy is this file: `If-None-Match` decides when it is sent,
/// else `If-Modified-Since` (RFC 9110, 13.2.2).
fn is_fresh(request_headers: &HeaderMap, entity_tag: &str, modified: Option<std::time::SystemTime>) -> bool {
    if let Some(tags) = request_headers.get(header::IF_NONE_MATCH) {
        let tags = tags.to_str().unwrap_or_default();
        return tags
            .split(',')
            .map(|tag| tag.trim().trim_start_matches("W/"))
            .any(|tag| tag == entity_tag || tag == "*");
    }
    let since = request_headers.get(header::IF_MODIFIED_SINCE).and_then(|since| since.to_str().ok());
    match (since.and_then(|since| httpdate::parse_http_date(since).ok()), modified) {
        // HTTP dates have whole seconds
        (Some(since), Some(modified)) => modified <= since,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use axum::body::to_bytes;
    use axum::http::Request;
    use tower::ServiceExt;

    use super::*;

    /// A small built app: an `index.html` and a hashed script.
    #[derive(RustEmbed)]
    #[folder = "$CARGO_MANIFEST_DIR/tests/fixtures/web-app"]
    struct FixtureApp;

    async fn get(path: &str, headers: &[(header::HeaderName, &str)]) -> (StatusCode, HeaderMap, String) {
        let mut request = Request::get(path);
        for (name, value) in headers {
            request = request.header(name, *value);
        }
        let response = files::<FixtureApp>().oneshot(request.body(Body::empty()).unwrap()).await.unwrap();
        let (parts, body) = response.into_parts();
        let body = to_bytes(body, usize::MAX).await.unwrap();
        (parts.status, parts.headers, String::from_utf8_lossy(&body).into_owned())
    }

    #[tokio::test]
    async fn files_are_served_with_their_type_and_client_routes_with_the_index() {
        let (status, headers, body) = get("/assets/index-1a2b3c.js", &[]).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(headers[header::CONTENT_TYPE], "text/javascript");
        assert!(body.contains("console.log"));
        for client_route in
            ["/", "/dashboard/partenaire/sourcing", "/dashboard/partenaire/sourcing/", "/candidat/lea-12"]
        {
            let (status, headers, body) = get(client_route, &[]).await;
            assert_eq!(status, StatusCode::OK, "{client_route}");
            assert_eq!(headers[header::CONTENT_TYPE], "text/html", "{client_route}");
            assert!(body.contains("<div id=\"root\">"), "{client_route}");
        }
    }

    #[tokio::test]
    async fn a_path_that_is_no_route_of_the_app_is_its_page_with_a_404() {
        let (_, index_headers, _) = get("/", &[]).await;
        let entity_tag = index_headers[header::ETAG].to_str().unwrap().to_owned();

        for unknown in ["/dashboard/", "/no-such-page", "/candidat/lea-12/more"] {
            let (status, headers, body) = get(unknown, &[(header::IF_NONE_MATCH, &entity_tag)]).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{unknown}");
            assert_eq!(headers[header::CONTENT_TYPE], "text/html", "{unknown}");
            assert!(body.contains("<div id=\"root\">"), "{unknown}: the app shows its page not found");
        }
    }

    /// The files the web app's build copies as they are (`web/public`), `robots.txt` among them.
    #[derive(RustEmbed)]
    #[folder = "$CARGO_MANIFEST_DIR/../web/public"]
    struct PublicFiles;

    #[tokio::test]
    async fn a_missing_file_is_a_404_not_the_index() {
        for missing in ["/assets/index-000000.js", "/sitemap.xml"] {
            let (status, _, body) = get(missing, &[]).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{missing}");
            assert!(!body.contains("root"), "{missing}");
        }
    }

    #[tokio::test]
    async fn robots_txt_keeps_crawlers_out_of_the_api_and_the_personal_areas() {
        let request = Request::get("/robots.txt").body(Body::empty()).unwrap();
        let response = files::<PublicFiles>().oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()[header::CONTENT_TYPE], "text/plain");
        let body = to_bytes(response.into_body(), usize::MAX).await.unwrap();
        let rules: Vec<&str> = std::str::from_utf8(&body)
            .unwrap()
            .lines()
            .filter(|line| !line.starts_with('#') && !line.is_empty())
            .collect();

        assert_eq!(rules[0], "User-agent: *");
        for private in ["/api/", "/dashboard/", "/admin/", "/login", "/inscription/", "/mot-de-passe/", "/mailbox"] {
            assert!(rules.contains(&format!("Disallow: {private}").as_str()), "{private} is disallowed: {rules:?}");
        }
        assert!(rules.contains(&"Allow: /$") && rules.contains(&"Allow: /offres"), "{rules:?}");
        // a shared profile says noindex itself, which a crawler barred from it would never read
        assert!(rules.iter().all(|rule| !rule.contains("/candidat")), "{rules:?}");
    }

    #[tokio::test]
    async fn a_revalidation_of_the_same_file_is_a_304() {
        let (_, headers, _) = get("/assets/index-1a2b3c.js", &[]).await;
        let entity_tag = headers[header::ETAG].to_str().unwrap().to_owned();
        let modified = headers[header::LAST_MODIFIED].to_str().unwrap().to_owned();

        let by_tag = get("/assets/index-1a2b3c.js", &[(header::IF_NONE_MATCH, &entity_tag)]).await;
        let by_date = get("/assets/index-1a2b3c.js", &[(header::IF_MODIFIED_SINCE, &modified)]).await;
        let other_tag = get("/assets/index-1a2b3c.js", &[(header::IF_NONE_MATCH, "\"0123\"")]).await;

        assert_eq!(by_tag.0, StatusCode::NOT_MODIFIED);
        assert!(by_tag.2.is_empty());
        assert_eq!(by_date.0, StatusCode::NOT_MODIFIED);
        assert_eq!(other_tag.0, StatusCode::OK);
    }
}
