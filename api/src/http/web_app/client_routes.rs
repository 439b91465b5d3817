//! Which paths are pages of the web app, so that an unknown one answers 404 (with the app's
//! `index.html`, whose router shows its "page not found") instead of a 200 that crawlers, link
//! checkers and monitors would take for a page.
//!
//! The web app's build writes `routes.json`, the path patterns of its router (`web/src/config/
//! paths.ts`, written out by `web/vite.config.ts`), so that the list is never kept by hand here.
//! A pattern matches as react-router matches it: `:name` stands for one non-empty segment, letters
//! compare without case and a trailing slash is ignored.

use serde::Deserialize;

/// The route patterns of a built web app.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientRoutes {
    patterns: Vec<Vec<String>>,
}

#[derive(Deserialize)]
struct Manifest {
    routes: Vec<String>,
}

impl ClientRoutes {
    /// The routes of a `routes.json`; `None` when it is not one (the caller then serves every
    /// path as a page, as a build older than the manifest expects).
    pub fn from_manifest(json: &[u8]) -> Option<ClientRoutes> {
        let manifest: Manifest = serde_json::from_slice(json)
            .inspect_err(|error| tracing::warn!(%error, "the web app's routes.json is unreadable"))
            .ok()?;
        let patterns = manifest.routes.iter().map(|pattern| segments(pattern).map(str::to_owned).collect());
        Some(ClientRoutes { patterns: patterns.collect() })
    }

    /// Whether `request_path` is a page of the app.
    pub fn knows(&self, request_path: &str) -> bool {
        let path: Vec<&str> = segments(request_path).collect();
        self.patterns.iter().any(|pattern| {
            pattern.len() == path.len()
                && pattern
                    .iter()
                    .zip(&path)
                    .all(|(expected, segment)| expected.starts_with(':') || expected.eq_ignore_ascii_case(segment))
        })
    }
}

/// The segments of a path, without its leading and trailing slashes (none for `/`).
fn segments(path: &str) -> impl Iterator<Item = &str> {
    path.trim_matches('/').split('/').filter(|segment| !segment.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_match_the_patterns_as_the_router_matches_them() {
        let manifest = br#"{ "routes": ["/", "/login", "/candidat/:slug", "/candidat/:slug/softskills/famille/:id"] }"#;
        let routes = ClientRoutes::from_manifest(manifest).unwrap();

        for page in ["/", "/login", "/login/", "/LOGIN", "/candidat/lea-durand-12", "/candidat/x/softskills/famille/3"]
        {
            assert!(routes.knows(page), "{page}");
        }
        for unknown in ["/no-such-page", "/login/more", "/candidat", "/candidat/x/softskills", "/candidat//"] {
            assert!(!routes.knows(unknown), "{unknown}");
        }
        assert_eq!(ClientRoutes::from_manifest(b"not json"), None);
    }
}
