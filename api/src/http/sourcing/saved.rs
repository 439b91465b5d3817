//! A partner's saved searches change: editing the criteria keeps the search (its id, its date,
//! the candidates saved in it) instead of saving a second one; a search can be renamed and
//! deleted. Another partner's search is a 404, as for reading it.

use std::collections::HashSet;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::super::locale::Locale;
use super::SearchCreateRequest;
use super::results::{self, SavedSearch};
use crate::alerts::AlertMode;
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::Result;
use crate::extract::{Json, Path};
use crate::sourcing_searches::criteria::MAX_NAME_CHARS;
use crate::sourcing_searches::store;
use crate::validation::Checks;

#[utoipa::path(
    post, path = "/api/api/sourcing/searchs/{id}", params(("id" = i64, Path)), request_body = SearchCreateRequest,
    responses(
        (status = 200, body = super::SearchResponse, description = "the search after the edit, with the first page of its results"),
        (status = 404, body = crate::error::ErrorBody, description = "no such search among the partner's"),
    )
)]
pub async fn edit_search(
    State(state): State<AppState>,
    user: CurrentUser,
    locale: Locale,
    Path(search_id): Path<i64>,
    Json(request): Json<SearchCreateRequest>,
) -> Result<Response> {
    store::ensure_owned(&state.db, user.id, search_id).await?;
    let (criteria, page, name) = request.check(state.reference_lists().await?)?;
    let mut transaction = state.db.begin().await?;
    store::update_search(&mut transaction, user.id, search_id, &criteria, name.as_deref()).await?;
    transaction.commit().await?;
    let saved_candidates: HashSet<i64> = store::saved_candidate_ids(&state.db, search_id).await?.into_iter().collect();
    let saved = SavedSearch { id: search_id, saved_candidates, new_candidates: HashSet::new() };
    Ok(Json(results::live_page(&state, locale, user.id, Some(&saved), criteria, page).await?).into_response())
}

/// What a PATCH changes: the name, the alerts, or both (at least one).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct SearchRenameRequest {
    /// At most 100 characters.
    name: Option<String>,
    /// Tell the partner of candidates who start to match: "off", "daily" (a digest a day at
    /// most) or "immediate".
    alerts: Option<AlertMode>,
}

#[utoipa::path(
    patch, path = "/api/api/sourcing/searchs/{id}", params(("id" = i64, Path)), request_body = SearchRenameRequest,
    responses(
        (status = 204, description = "renamed, or its alerts changed"),
        (status = 404, body = crate::error::ErrorBody, description = "no such search among the partner's"),
    )
)]
pub async fn rename_search(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(search_id): Path<i64>,
    Json(request): Json<SearchRenameRequest>,
) -> Result<StatusCode> {
    store::ensure_owned(&state.db, user.id, search_id).await?;
    let mut checks = Checks::new();
    let name = match (&request.name, request.alerts) {
        (None, Some(_)) => None,
        (name, _) => Some(checks.text("name", name.as_deref(), MAX_NAME_CHARS)),
    };
    checks.finish()?;
    if let Some(name) = name {
        store::rename_search(&state.db, user.id, search_id, &name).await?;
    }
    if let Some(alerts) = request.alerts {
        store::set_alerts(&state.db, user.id, search_id, alerts).await?;
    }
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(
    delete, path = "/api/api/sourcing/searchs/{id}", params(("id" = i64, Path)),
    responses(
        (status = 204, description = "deleted, with the list of candidates saved in it (the candidates stay)"),
        (status = 404, body = crate::error::ErrorBody, description = "no such search among the partner's"),
    )
)]
pub async fn delete_search(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(search_id): Path<i64>,
) -> Result<StatusCode> {
    store::delete_search(&state.db, user.id, search_id).await?;
    Ok(StatusCode::NO_CONTENT)
}
