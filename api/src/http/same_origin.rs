//! Cross-site request forgery: a page of another site must not make a logged-in visitor's
//! browser change anything here. The session cookie's `SameSite=Lax` keeps it out of most
//! cross-site requests, but not every browser honours it and a body-less or `text/plain` POST
//! needs no preflight. So every request that may change something (any method but GET, HEAD and
//! OPTIONS) is refused with 403 when the browser says it comes from another site: a
//! `Sec-Fetch-Site: cross-site` header, or an `Origin` whose host is neither the request's `Host`
//! nor the public address's. Clients that are not browsers send neither header and pass, as do
//! the product's own pages (same origin).
//!
//! One route takes cross-site posts on purpose: the one-click unsubscribe of notification
//! emails (RFC 8058). A mail provider posts to it from its servers (no `Origin`, no
//! `Sec-Fetch-Site`: it would pass anyway) or from a webmail page of its own site, which the
//! browser marks cross-site. Its address carries the token that is its whole authority and it
//! reads no cookie, so another site's page gains nothing by posting it.

use axum::extract::{OriginalUri, Request, State};
use axum::http::{HeaderMap, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::{Error, ErrorCode};
use crate::mail::ONE_CLICK_UNSUBSCRIBE_PATH;

/// The host (with its port) of the public address, e.g. `vivier.example` or `127.0.0.1:8080`.
pub fn public_host(public_url: &str) -> String {
    host_of_origin(public_url).unwrap_or_default().to_ascii_lowercase()
}

/// The `host[:port]` of an origin or URL (`https://host:port/...`), if it has one.
fn host_of_origin(origin: &str) -> Option<&str> {
    let rest = origin.split_once("://")?.1;
    let host = rest.split('/').next()?;
    (!host.is_empty()).then_some(host)
}

/// Whether the browser says this request comes from another site.
fn is_cross_site(headers: &HeaderMap, public_host: &str) -> bool {
    let header_text = |name| headers.get(name).and_then(|value: &axum::http::HeaderValue| value.to_str().ok());
    if header_text(header::HeaderName::from_static("sec-fetch-site")) == Some("cross-site") {
        return true;
    }
    let Some(origin) = header_text(header::ORIGIN) else {
        return false;
    };
    let Some(origin_host) = host_of_origin(origin).map(str::to_ascii_lowercase) else {
        // `Origin: null` (a sandboxed frame, a redirect across sites) names no site of ours
        return true;
    };
    let request_host = header_text(header::HOST).map(str::to_ascii_lowercase);
    origin_host != public_host && Some(origin_host) != request_host
}

/// The middleware: refuses a cross-site request that may change something.
pub async fn refuse_cross_site_changes(State(public_host): State<String>, request: Request, next: Next) -> Response {
    let reads_only = matches!(*request.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    // the API is nested under `/api`: the path as the client sent it is the original one
    let path = request.extensions().get::<OriginalUri>().map_or(request.uri().path(), |original| original.path());
    if !reads_only && path != ONE_CLICK_UNSUBSCRIBE_PATH && is_cross_site(request.headers(), &public_host) {
        return Error::Rejected {
            status: StatusCode::FORBIDDEN,
            code: ErrorCode::Forbidden,
            message: "a request from another site may not change anything here".to_owned(),
        }
        .into_response();
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for (name, value) in pairs {
            headers.insert(*name, HeaderValue::from_static(value));
        }
        headers
    }

    #[test]
    fn only_another_site_is_cross_site() {
        let public = public_host("https://vivier.example");
        assert_eq!(public, "vivier.example");
        assert!(!is_cross_site(&headers(&[]), &public), "a client that is not a browser");
        assert!(!is_cross_site(&headers(&[("origin", "https://vivier.example")]), &public));
        assert!(!is_cross_site(&headers(&[("origin", "http://localhost:8080"), ("host", "localhost:8080")]), &public));
        assert!(!is_cross_site(&headers(&[("sec-fetch-site", "same-origin")]), &public));
        assert!(is_cross_site(&headers(&[("origin", "https://evil.example"), ("host", "vivier.example")]), &public));
        assert!(is_cross_site(&headers(&[("origin", "null")]), &public));
        assert!(is_cross_site(&headers(&[("sec-fetch-site", "cross-site")]), &public));
    }
}
