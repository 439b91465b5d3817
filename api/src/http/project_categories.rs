//! `POST /api/api/candidate/project/academic/categories` (and `.../personal/categories`): a
//! candidate or a school proposes a project category missing from the list.
//!
//! A proposal is private to its author until adopted (its `author_user_id` cleared): the
//! author sees it in their lists next to the shared categories, nobody else does, so that no one
//! can put a name or a picture in front of every visitor. It is labelled with the name as typed,
//! in both languages, until someone translates it; proposing a name the author already sees
//! (whatever its case) returns that category instead of a twin. A picture must be an http(s)
//! address (`migrations/0008_project_category_proposals.sql` holds the same rule).

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa_axum::routes;

use super::routes::{Access, RouteTable};
use crate::app::AppState;
use crate::auth::{CurrentUser, Role};
use crate::error::{Error, Result, RuleCode};
use crate::extract::Json;
use crate::validation::Checks;

/// Candidates describe their projects and schools their programs' projects; partners do not.
const AUTHORS: Access = Access::OneOf(&[Role::Candidate, Role::School]);

pub fn routes(table: &mut RouteTable) {
    table.add(AUTHORS, routes!(create_academic_category));
    table.add(AUTHORS, routes!(create_personal_category));
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ProjectCategoryCreateRequest {
    #[schema(required = true, nullable = false, min_length = 1, max_length = 100)]
    name: Option<String>,
    /// An image address, `http://` or `https://` (optional; blank is none).
    #[schema(max_length = 300, pattern = r#"^\s*([hH][tT][tT][pP][sS]?://[^/\s"'<>\\\u0000][^\s"'<>\\\u0000]*)?\s*$"#)]
    picture: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ProjectCategoryCreateResponse {
    id: i32,
    name: String,
    picture: Option<String>,
}

#[utoipa::path(
    post, path = "/api/api/candidate/project/academic/categories", request_body = ProjectCategoryCreateRequest,
    responses(
        (status = 201, body = ProjectCategoryCreateResponse, description = "proposed (seen by its author only), or the category of that name the author already sees"),
        (status = 403, body = crate::error::ErrorBody, description = "partners do not add project categories"),
        (status = 422, body = crate::error::ErrorBody, description = "required, too_long, http_url_expected"),
    )
)]
pub async fn create_academic_category(
    state: State<AppState>,
    user: CurrentUser,
    request: Json<ProjectCategoryCreateRequest>,
) -> Result<(StatusCode, Json<ProjectCategoryCreateResponse>)> {
    create_category(state, user, request, "academic").await
}

#[utoipa::path(
    post, path = "/api/api/candidate/project/personal/categories", request_body = ProjectCategoryCreateRequest,
    responses(
        (status = 201, body = ProjectCategoryCreateResponse, description = "proposed (seen by its author only), or the category of that name the author already sees"),
        (status = 403, body = crate::error::ErrorBody, description = "partners do not add project categories"),
        (status = 422, body = crate::error::ErrorBody, description = "required, too_long, http_url_expected"),
    )
)]
pub async fn create_personal_category(
    state: State<AppState>,
    user: CurrentUser,
    request: Json<ProjectCategoryCreateRequest>,
) -> Result<(StatusCode, Json<ProjectCategoryCreateResponse>)> {
    create_category(state, user, request, "personal").await
}

/// Whether `picture` is an address a browser fetches as an image, never a script or a page of
/// ours: `http(s)://` followed by a host, and nothing an attribute could be broken out with.
fn is_web_address(picture: &str) -> bool {
    let lowercase = picture.to_ascii_lowercase();
    let rest = lowercase.strip_prefix("https://").or_else(|| lowercase.strip_prefix("http://"));
    rest.is_some_and(|rest| {
        !rest.is_empty()
            && !rest.starts_with('/')
            && !picture.chars().any(|c| c.is_whitespace() || "\"'<>\\".contains(c))
    })
}

async fn create_category(
    State(state): State<AppState>,
    author: CurrentUser,
    Json(request): Json<ProjectCategoryCreateRequest>,
    kind: &str,
) -> Result<(StatusCode, Json<ProjectCategoryCreateResponse>)> {
    let mut checks = Checks::new();
    let name = checks.text("name", request.name.as_deref(), 100);
    let picture =
        checks.optional_text("picture", request.picture.as_deref(), 300).filter(|picture| !picture.is_empty());
    if picture.as_deref().is_some_and(|picture| !is_web_address(picture)) {
        checks.fail("picture", RuleCode::HttpUrlExpected);
    }
    checks.finish()?;
    // the category of that name the author sees (a shared one first), else a new proposal; a
    // proposal racing with the same one of the same author finds it on the second read
    for _ in 0..2 {
        let found: Option<(i32, String, Option<String>)> = sqlx::query_as(
            "with seen as (
                 select id, label_fr, picture from project_categories
                 where kind = $1::project_kind and lower(label_fr) = lower($2)
                   and (author_user_id is null or author_user_id = $4)
                 order by author_user_id nulls first limit 1
             ), proposed as (
                 insert into project_categories (kind, label_fr, label_en, picture, author_user_id)
                 select $1::project_kind, $2, $2, $3, $4 where not exists (select 1 from seen)
                 on conflict do nothing
                 returning id, label_fr, picture
             )
             select * from seen union all select * from proposed",
        )
        .bind(kind)
        .bind(&name)
        .bind(&picture)
        .bind(author.id)
        .fetch_optional(&state.db)
        .await?;
        if let Some((id, name, picture)) = found {
            return Ok((StatusCode::CREATED, Json(ProjectCategoryCreateResponse { id, name, picture })));
        }
    }
    Err(Error::Internal(anyhow::anyhow!("a project category proposal kept conflicting")))
}

#[cfg(test)]
mod tests {
    use super::is_web_address;

    #[test]
    fn only_http_and_https_addresses_are_pictures() {
        assert!(is_web_address("https://cdn.example.org/icons/robot.png"));
        assert!(is_web_address("HTTP://example.org/a.svg"));
        for refused in [
            "javascript:alert(1)",
            "data:image/svg+xml;base64,PHN2Zz4=",
            "//evil.example/x.png",
            "/api/logout",
            "https://",
            "https:///path",
            "https://example.org/a.png\" onerror=\"alert(1)",
            "https://example.org/<script>",
            "robot",
        ] {
            assert!(!is_web_address(refused), "{refused}");
        }
    }
}
