//! The page of `/candidat/{slug}` as the server sends it: the web app's `index.html` with the
//! shared profile's title, description and Open Graph tags written into its `<head>`, so that
//! link previews (chat apps, social networks), which read the HTML without running scripts,
//! show the candidate's name and headline. The app then renders the page as usual.
//!
//! Only a profile the public may read gets tags (shared, active account); any other slug gets
//! the plain page, which the app shows as "not available": the tags never say more than the
//! profile route would. (The status stays 200 like every client route's: the app, not the
//! server, decides what a path shows.)
//!
//! Every such page, shared or not, says `noindex` to search engines (the `X-Robots-Tag` header,
//! and a `robots` meta tag that the app also sets): a shared profile is for the people its
//! candidate gives the link to, not for search results. `robots.txt` lets crawlers fetch these
//! pages so that they read the `noindex` (a crawler barred from a page may still list its
//! address, which holds the candidate's name, when other sites link to it).

use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::candidates::NOT_FOR_SEARCH_ENGINES;
use crate::app::AppState;
use crate::extract::Path;
use crate::slug::is_slug;

/// What the page needs to serve: the database and the built app's `index.html`.
#[derive(Clone)]
pub struct PageState {
    pub app: AppState,
    pub web_app: super::WebApp,
}

fn escape_html(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for character in text.chars() {
        match character {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&#39;"),
            other => escaped.push(other),
        }
    }
    escaped
}

/// What a link preview of a shared profile shows.
struct ProfilePreview<'a> {
    name: &'a str,
    headline: Option<&'a str>,
    url: &'a str,
    /// The address of the profile picture, public while the profile is shared.
    image_url: Option<&'a str>,
}

/// `index` with the profile's tags before `</head>` (and its `<title>` replaced).
fn with_profile_tags(index: &str, preview: &ProfilePreview) -> String {
    let name = escape_html(preview.name);
    let description = escape_html(preview.headline.unwrap_or("Vivier"));
    let url = escape_html(preview.url);
    let image = preview
        .image_url
        .map(|image| format!("<meta property=\"og:image\" content=\"{}\">", escape_html(image)))
        .unwrap_or_default();
    let tags = format!(
        "<meta name=\"robots\" content=\"noindex\">\
         <meta name=\"description\" content=\"{description}\">\
         <meta property=\"og:type\" content=\"profile\">\
         <meta property=\"og:title\" content=\"{name}\">\
         <meta property=\"og:description\" content=\"{description}\">\
         <meta property=\"og:url\" content=\"{url}\">{image}\
         <meta name=\"twitter:card\" content=\"summary\"></head>"
    );
    let titled = match (index.find("<title>"), index.find("</title>")) {
        (Some(start), Some(end)) if start < end => {
            format!("{}<title>{name} · Vivier</title>{}", &index[..start], &index[end + "</title>".len()..])
        }
        _ => index.to_owned(),
    };
    titled.replacen("</head>", &tags, 1)
}

pub async fn public_profile_page(State(state): State<PageState>, Path(slug): Path<String>) -> Response {
    let Some(index) = state.web_app.index_html().await else {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    };
    let shared: Option<(String, String, Option<String>, Option<String>)> = if is_slug(&slug) {
        sqlx::query_as(
            "select u.firstname, u.lastname, c.headline, u.profile_picture_id::text from candidates c join users u on u.id = c.user_id
             where c.slug = $1 and c.is_public and u.active",
        )
        .bind(&slug)
        .fetch_optional(&state.app.db)
        .await
        .unwrap_or_else(|error| {
            tracing::warn!(%error, "cannot read a profile's page tags");
            None
        })
    } else {
        None
    };
    let html_type =
        [(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8")), NOT_FOR_SEARCH_ENGINES];
    match shared {
        Some((firstname, lastname, headline, picture)) => {
            let public_url = &state.app.settings.public_url;
            let image_url = picture.map(|id| format!("{public_url}/api/uploads/{id}"));
            let preview = ProfilePreview {
                name: &format!("{firstname} {lastname}"),
                headline: headline.as_deref(),
                url: &format!("{public_url}/candidat/{slug}"),
                image_url: image_url.as_deref(),
            };
            let page = with_profile_tags(&index, &preview);
            (html_type, page).into_response()
        }
        None => (html_type, index).into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tags_are_escaped_and_replace_the_title() {
        let index = "<html><head><title>Vivier</title></head><body></body></html>";
        let preview = ProfilePreview {
            name: "Léa <b>\"Dupont\"",
            headline: Some("dev & co"),
            url: "http://x/candidat/lea-1",
            image_url: None,
        };
        let page = with_profile_tags(index, &preview);
        assert!(page.contains("<title>Léa &lt;b&gt;&quot;Dupont&quot; · Vivier</title>"), "{page}");
        assert!(page.contains("<meta property=\"og:description\" content=\"dev &amp; co\">"));
        assert!(page.contains("<meta name=\"robots\" content=\"noindex\">"));
        assert!(page.contains("og:url\" content=\"http://x/candidat/lea-1\""));
        assert_eq!(page.matches("<title>").count(), 1);
        assert!(page.ends_with("</head><body></body></html>"));
        assert!(!page.contains("og:image"));
    }

    #[test]
    fn a_profile_picture_is_the_preview_image() {
        let preview = ProfilePreview {
            name: "Léa Dupont",
            headline: None,
            url: "http://x/candidat/lea-1",
            image_url: Some("http://x/api/uploads/0b7c"),
        };
        let page = with_profile_tags("<head></head>", &preview);
        assert!(page.contains("<meta property=\"og:image\" content=\"http://x/api/uploads/0b7c\">"), "{page}");
    }
}
