//! The caller's language, for answers and emails: the `locale` cookie the web app sets when a
//! user picks one, else the first of French or English in `Accept-Language`, else French (the
//! product's home language). It lives outside `http` because the mailer writes in it too.

use axum::extract::FromRequestParts;
use axum::http::header;
use axum::http::request::Parts;

/// `fr` or `en`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Locale {
    Fr,
    En,
}

impl Locale {
    pub fn code(self) -> &'static str {
        match self {
            Locale::Fr => "fr",
            Locale::En => "en",
        }
    }

    /// The locale stored with a user (`fr` or `en`); French for anything else.
    pub fn from_code(code: &str) -> Self {
        if code == "en" { Locale::En } else { Locale::Fr }
    }

    fn parse(tag: &str) -> Option<Self> {
        let primary = tag.trim().split(['-', '_', ';']).next()?.trim().to_ascii_lowercase();
        match primary.as_str() {
            "fr" => Some(Locale::Fr),
            "en" => Some(Locale::En),
            _ => None,
        }
    }

    pub fn from_headers(headers: &axum::http::HeaderMap) -> Self {
        let from_cookie = headers
            .get_all(header::COOKIE)
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|cookies| cookies.split(';'))
            .filter_map(|cookie| cookie.trim().strip_prefix("locale="))
            .find_map(Locale::parse);
        if let Some(locale) = from_cookie {
            return locale;
        }
        // Accept-Language lists tags by preference; q-values rarely reorder them in practice
        headers
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|value| value.to_str().ok())
            .and_then(|languages| languages.split(',').find_map(Locale::parse))
            .unwrap_or(Locale::Fr)
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Locale {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(Locale::from_headers(&parts.headers))
    }
}

#[cfg(test)]
mod tests {
    use axum::http::{HeaderMap, HeaderValue};

    use super::*;

    fn headers(pairs: &[(header::HeaderName, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(name.clone(), HeaderValue::from_str(value).unwrap());
        }
        map
    }

    #[test]
    fn the_cookie_wins_over_the_browser_language() {
        let map = headers(&[(header::COOKIE, "a=1; locale=en"), (header::ACCEPT_LANGUAGE, "fr-FR,fr;q=0.9")]);
        assert_eq!(Locale::from_headers(&map), Locale::En);
    }

    #[test]
    fn the_first_supported_browser_language_is_taken() {
        let map = headers(&[(header::ACCEPT_LANGUAGE, "de-DE,en-GB;q=0.8,fr;q=0.5")]);
        assert_eq!(Locale::from_headers(&map), Locale::En);
    }

    #[test]
    fn french_is_the_default() {
        assert_eq!(Locale::from_headers(&HeaderMap::new()), Locale::Fr);
        let map = headers(&[(header::COOKIE, "locale=xx"), (header::ACCEPT_LANGUAGE, "es")]);
        assert_eq!(Locale::from_headers(&map), Locale::Fr);
    }
}
