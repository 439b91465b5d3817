//! What every response of the site carries, and how the built web app is served: the security
//! headers (a strict Content-Security-Policy the app and its MapLibre map run under, no
//! framing), the caching policy (`no-store` for API answers, which hold personal data, unless a
//! route set its own; immutable hashed assets; an `index.html` that is always revalidated),
//! gzip and brotli compression, a 404 for a missing file instead of the app's page, and the app's
//! page with a 404 for a path that is none of its routes ([`client_routes`]).
//!
//! Kept apart from the route table so that `http/mod.rs` only mounts these layers. The files
//! come from the app embedded in the binary ([`embedded`]) or, for development, from a folder.

mod client_routes;
mod embedded;

use std::path::{Path, PathBuf};

use axum::Router;
use axum::extract::Request;
use axum::handler::HandlerWithoutStateExt;
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use tower::ServiceExt;
use tower_http::compression::CompressionLayer;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;

/// Where the app's scripts, styles and data may come from. MapLibre runs its worker from a file
/// of the build (`/assets/maplibre-gl-worker-*.mjs`) and decodes images from blobs; the map's
/// default style, borders and places are served by this server. Inline styles are allowed
/// because React and MapLibre set `style` attributes; inline scripts are not.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; worker-src 'self'; \
     child-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; font-src 'self' data:; \
     connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// Vite names the files under `/assets/` by a hash of their content: a new build is a new name.
const HASHED_ASSET_CACHING: &str = "public, max-age=31536000, immutable";

/// The policy with a configured tile server's origin, and the other origins its style names
/// (`map_origins`, checked by `config::parse_map_origin`), added to what the map may fetch.
fn content_security_policy(map_style_url: Option<&str>, map_origins: &[String]) -> HeaderValue {
    let mut origins: Vec<&str> = map_style_url.and_then(origin_of).into_iter().collect();
    origins.extend(map_origins.iter().map(String::as_str).filter(|origin| origin_of(origin) == Some(*origin)));
    origins.dedup();
    let policy = if origins.is_empty() {
        CONTENT_SECURITY_POLICY.to_owned()
    } else {
        let listed = origins.join(" ");
        CONTENT_SECURITY_POLICY
            .replace("connect-src 'self'", &format!("connect-src 'self' {listed}"))
            .replace("img-src 'self'", &format!("img-src 'self' {listed}"))
    };
    HeaderValue::from_str(&policy).expect("the policy is a valid header value")
}

/// `https://tiles.example.org` of `https://tiles.example.org/style.json`; `None` for anything
/// but an http(s) URL with a plain host.
pub(crate) fn origin_of(url: &str) -> Option<&str> {
    let rest = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://"))?;
    let host_end = rest.find('/').unwrap_or(rest.len());
    let host = &rest[..host_end];
    let plain = !host.is_empty() && host.chars().all(|c| c.is_ascii_alphanumeric() || ".-:[]".contains(c));
    plain.then(|| &url[..url.len() - rest.len() + host_end])
}

/// Where the web app's files come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WebApp {
    /// The app built into the binary when it was compiled (`web/dist` then; see `api/build.rs`).
    Embedded,
    /// A built app in a folder (`--web-dist`), read at each request: for development, or to
    /// serve another build than the embedded one.
    Folder(PathBuf),
}

impl From<&Path> for WebApp {
    fn from(folder: &Path) -> Self {
        WebApp::Folder(folder.to_owned())
    }
}

impl WebApp {
    /// Whether there is an app to serve (the binary may have been compiled before the web app
    /// was built; a folder may be empty).
    pub fn is_available(&self) -> bool {
        match self {
            WebApp::Embedded => embedded::is_embedded(),
            WebApp::Folder(folder) => folder.join("index.html").is_file(),
        }
    }

    /// The app's `index.html`, which every client-side route answers with.
    pub async fn index_html(&self) -> Option<String> {
        match self {
            WebApp::Embedded => embedded::index_html(),
            WebApp::Folder(folder) => tokio::fs::read_to_string(folder.join("index.html")).await.ok(),
        }
    }

    /// The app's files, and `index.html` for every client-side route (`/dashboard/...`); a
    /// missing file (a path whose last segment has an extension) is a 404, so that a stale
    /// chunk name fails as a missing script rather than as HTML parsed as JavaScript; any other
    /// path is `index.html` with a 404 when the app's `routes.json` does not know it.
    pub fn files(&self) -> Router {
        match self {
            WebApp::Embedded => embedded::files::<embedded::EmbeddedWebApp>(),
            WebApp::Folder(folder) => files_in(folder),
        }
    }
}

/// Whether a path the app has no file for names a file (a 404) rather than a client route.
fn names_a_file(request_path: &str) -> bool {
    request_path.rsplit('/').next().unwrap_or_default().contains('.')
}

/// Whether `request_path` is a page of the app whose `routes.json` holds `manifest`; every path
/// is one when the build wrote no manifest.
fn is_client_route(manifest: Option<&[u8]>, request_path: &str) -> bool {
    manifest.and_then(client_routes::ClientRoutes::from_manifest).is_none_or(|routes| routes.knows(request_path))
}

/// The app's page for a path that is none of its routes: `index.html` with a 404, never a 304
/// (a cached copy of the index would be a cached 200).
fn not_a_page(mut page: Response) -> Response {
    *page.status_mut() = StatusCode::NOT_FOUND;
    page
}

/// The built web app in `web_dist`, read from the disk at each request.
fn files_in(web_dist: &Path) -> Router {
    let index = ServeFile::new(web_dist.join("index.html"));
    let manifest_path = web_dist.join("routes.json");
    let index_or_not_found = move |mut request: Request| {
        let index = index.clone();
        let manifest_path = manifest_path.clone();
        async move {
            if names_a_file(request.uri().path()) {
                return (StatusCode::NOT_FOUND, "not found").into_response();
            }
            let manifest = tokio::fs::read(&manifest_path).await.ok();
            let known = is_client_route(manifest.as_deref(), request.uri().path());
            if !known {
                request.headers_mut().remove(header::IF_NONE_MATCH);
                request.headers_mut().remove(header::IF_MODIFIED_SINCE);
            }
            let page = match index.oneshot(request).await {
                Ok(response) => response.into_response(),
                Err(never) => match never {},
            };
            if known { page } else { not_a_page(page) }
        }
    };
    let files = ServeDir::new(web_dist).append_index_html_on_directories(true);
    Router::new().fallback_service(files.fallback(index_or_not_found.into_service()))
}

/// How long browsers keep to https once they saw the site over it (two years, as the
/// balancer's own header in `deploy/haproxy.cfg`).
const STRICT_TRANSPORT_SECURITY: &str = "max-age=63072000";

/// Adds the headers and the compression every response gets; `https`: the site's public
/// address is https, and browsers are told to never use plain http for it again.
pub fn with_headers(site: Router, map_style_url: Option<&str>, map_origins: &[String], https: bool) -> Router {
    let set = SetResponseHeaderLayer::if_not_present;
    let transport_security = https.then(|| HeaderValue::from_static(STRICT_TRANSPORT_SECURITY));
    site.layer(middleware::from_fn(caching))
        .layer(SetResponseHeaderLayer::if_not_present(header::STRICT_TRANSPORT_SECURITY, transport_security))
        .layer(set(header::CONTENT_SECURITY_POLICY, content_security_policy(map_style_url, map_origins)))
        .layer(set(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")))
        .layer(set(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")))
        .layer(set(header::REFERRER_POLICY, HeaderValue::from_static("same-origin")))
        .layer(CompressionLayer::new())
}

/// The `Cache-Control` of a response that did not set one.
async fn caching(request: Request, next: Next) -> Response {
    let path = request.uri().path().to_owned();
    let mut response = next.run(request).await;
    if response.headers().contains_key(header::CACHE_CONTROL) {
        return response;
    }
    let policy = if path == "/api" || path.starts_with("/api/") {
        // answers carry personal data unless the route says otherwise (public reference lists)
        "no-store"
    } else if path.starts_with("/assets/")
        // a 304 refreshes the cached headers: it must not downgrade the asset's caching
        && (response.status().is_success() || response.status() == StatusCode::NOT_MODIFIED)
    {
        HASHED_ASSET_CACHING
    } else {
        // index.html and the app's unhashed files: revalidated on each use
        "no-cache"
    };
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(policy));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tile_server_origin_is_allowed_for_the_map_only_when_it_is_a_plain_http_url() {
        assert_eq!(origin_of("https://tiles.example.org/styles/basic.json"), Some("https://tiles.example.org"));
        assert_eq!(origin_of("http://127.0.0.1:8081"), Some("http://127.0.0.1:8081"));
        assert_eq!(origin_of("javascript:alert(1)"), None);
        assert_eq!(origin_of("https://evil.example; script-src *"), None);
        let policy = content_security_policy(Some("https://tiles.example.org/style.json"), &[]);
        assert!(policy.to_str().unwrap().contains("connect-src 'self' https://tiles.example.org;"));
        assert!(content_security_policy(None, &[]).to_str().unwrap().contains("script-src 'self';"));
    }

    #[test]
    fn the_other_origins_of_a_hosted_style_are_allowed_to_the_map() {
        let fonts = "https://fonts.example.org".to_owned();
        let policy = content_security_policy(Some("https://tiles.example.org/style.json"), &[fonts]);
        let policy = policy.to_str().unwrap();
        assert!(policy.contains("connect-src 'self' https://tiles.example.org https://fonts.example.org;"), "{policy}");
        assert!(
            policy.contains("img-src 'self' https://tiles.example.org https://fonts.example.org data:"),
            "{policy}"
        );
        assert!(policy.contains("script-src 'self';"), "never scripts: {policy}");
        assert_eq!(
            crate::config::parse_map_origin("https://fonts.example.org/"),
            Ok("https://fonts.example.org".into())
        );
        assert!(crate::config::parse_map_origin("https://fonts.example.org/glyphs").is_err());
        assert!(crate::config::parse_map_origin("data:").is_err());
    }
}
