//! Partners source candidates: `GET/POST /api/api/sourcing/searchs`, `GET .../searchs/{id}`,
//! editing, renaming and deleting a saved search ([`saved`]), and saving candidates into a search. Only partners call these routes, and a search is only
//! ever visible to the partner who saved it (another partner's id is a 404).

mod keywords;
pub(crate) mod results;
mod saved;

use std::collections::HashSet;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa_axum::routes;

use super::locale::Locale;
use super::routes::{Access, RouteTable};
use crate::alerts::AlertMode;
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::{Error, Result};
use crate::extract::{Json, Path, Query};
use crate::job_criteria::{List, ReferenceLists};
use crate::profile_views::{self, ProfileViewKind};
use crate::sourcing_searches::criteria::Page;
pub use crate::sourcing_searches::criteria::{SearchCreateRequest, SearchCriteria, SortOrder};
use crate::sourcing_searches::store;
use crate::validation::Checks;
use results::SavedSearch;
pub use results::SearchResponse;

pub fn routes(table: &mut RouteTable) {
    let partner = Access::SourcingPartner;
    table.add(partner, routes!(list_searches));
    table.add(partner, routes!(create_search));
    table.add(partner, routes!(get_search));
    table.add(partner, routes!(saved::edit_search));
    table.add(partner, routes!(saved::rename_search));
    table.add(partner, routes!(saved::delete_search));
    table.add(partner, routes!(save_candidate));
    table.add(partner, routes!(unsave_candidate));
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct SaveQuery {
    /// Keep the search in the partner's list (default false: run it only).
    #[serde(default)]
    save: bool,
}

#[utoipa::path(
    post, path = "/api/api/sourcing/searchs", params(SaveQuery), request_body = SearchCreateRequest,
    responses(
        (status = 200, body = SearchResponse, description = "the first page of results of an ad-hoc search"),
        (status = 201, body = SearchResponse, description = "the search was saved; `id` names it"),
    )
)]
pub async fn create_search(
    State(state): State<AppState>,
    user: CurrentUser,
    locale: Locale,
    Query(query): Query<SaveQuery>,
    Json(request): Json<SearchCreateRequest>,
) -> Result<Response> {
    let reference = state.reference_lists().await?;
    let (criteria, page, name) = request.check(reference)?;
    let search_id = if query.save {
        let name = name.unwrap_or_else(|| default_name(reference, &criteria, locale));
        let mut transaction = state.db.begin().await?;
        let id = store::insert_search(&mut transaction, user.id, &criteria, &name).await?;
        transaction.commit().await?;
        Some(id)
    } else {
        None
    };
    let saved =
        search_id.map(|id| SavedSearch { id, saved_candidates: HashSet::new(), new_candidates: HashSet::new() });
    let response = results::live_page(&state, locale, user.id, saved.as_ref(), criteria, page).await?;
    let status = if search_id.is_some() { StatusCode::CREATED } else { StatusCode::OK };
    Ok((status, Json(response)).into_response())
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SavedSearchSummary {
    id: i64,
    /// The name the partner gave, or the job category and place.
    name: String,
    search: SearchCriteria,
    job_category_name: String,
    localization_value: String,
    saved_candidates: i64,
    created_at: DateTime<Utc>,
    /// Whether the partner is told of candidates who start to match it.
    alerts: AlertMode,
}

#[utoipa::path(
    get, path = "/api/api/sourcing/searchs",
    responses((status = 200, body = Vec<SavedSearchSummary>, description = "the partner's saved searches, newest first"))
)]
pub async fn list_searches(
    State(state): State<AppState>,
    user: CurrentUser,
    locale: Locale,
) -> Result<Json<Vec<SavedSearchSummary>>> {
    let searches = store::partner_searches(&state.db, user.id).await?;
    let reference = state.reference_lists().await?;
    Ok(Json(
        searches
            .into_iter()
            .map(|stored| SavedSearchSummary {
                id: stored.id,
                name: stored.name.clone().unwrap_or_else(|| default_name(reference, &stored.criteria, locale)),
                job_category_name: reference
                    .name(List::JobCategories, stored.criteria.job.job_category as u16, locale)
                    .to_owned(),
                localization_value: stored.criteria.job.localization.value.clone(),
                saved_candidates: stored.saved_candidates,
                created_at: stored.created_at,
                alerts: stored.alerts,
                search: stored.criteria,
            })
            .collect(),
    ))
}

/// A search without a name of its own is called after its job category and place.
fn default_name(reference: &ReferenceLists, criteria: &SearchCriteria, locale: Locale) -> String {
    let category = reference.name(List::JobCategories, criteria.job.job_category as u16, locale);
    format!("{category} · {}", criteria.job.localization.value)
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct SearchPageQuery {
    /// Only the candidates saved in this search (default false: the live results).
    #[serde(default)]
    only_saved: bool,
    limit: Option<usize>,
    offset: Option<usize>,
    sort: Option<SortOrder>,
}

#[utoipa::path(
    get, path = "/api/api/sourcing/searchs/{id}", params(("id" = i64, Path), SearchPageQuery),
    responses(
        (status = 200, body = SearchResponse),
        (status = 404, body = crate::error::ErrorBody, description = "no such search among the partner's"),
    )
)]
pub async fn get_search(
    State(state): State<AppState>,
    user: CurrentUser,
    locale: Locale,
    Path(search_id): Path<i64>,
    Query(query): Query<SearchPageQuery>,
) -> Result<Response> {
    let stored = store::owned_search(&state.db, user.id, search_id).await?;
    let mut checks = Checks::new();
    let page = Page::checked(query.limit, query.offset, query.sort, &mut checks);
    checks.finish()?;
    let saved_ids = store::saved_candidate_ids(&state.db, search_id).await?;
    let new_candidates = store::visit(&state.db, search_id).await?;
    let saved = SavedSearch { id: search_id, saved_candidates: saved_ids.iter().copied().collect(), new_candidates };
    if !query.only_saved {
        return Ok(Json(results::live_page(&state, locale, user.id, Some(&saved), stored.criteria, page).await?)
            .into_response());
    }
    // the saved candidates still available, with their live score when they still match
    let (available, gone, audience) = results::available_saved_candidates(&state, user.id, saved_ids).await?;
    let (result, unmatched) =
        results::saved_candidates_page(&state, audience, &stored.criteria, page, &available).await?;
    let reader = results::HitReader { partner_id: user.id, search: Some(&saved) };
    let response = results::present(&state, locale, reader, stored.criteria, page, result, &unmatched).await?;
    Ok(Json(response.with_no_longer_available(gone)).into_response())
}

#[utoipa::path(
    post, path = "/api/api/sourcing/searchs/{id}/save-candidate/{candidate_id}",
    params(("id" = i64, Path), ("candidate_id" = i64, Path)),
    responses((status = 204))
)]
pub async fn save_candidate(
    State(state): State<AppState>,
    user: CurrentUser,
    Path((search_id, candidate_id)): Path<(i64, i64)>,
) -> Result<StatusCode> {
    let stored = store::owned_search(&state.db, user.id, search_id).await?;
    // a save opens the candidate's profile to the partner: only a candidate the search finds
    // now can be saved, so that a save is never a way to read any profile by its id
    if !results::finds(&state, user.id, &stored.criteria, candidate_id).await? {
        return Err(Error::NotFound);
    }
    sqlx::query(
        "insert into sourcing_saved_candidates (sourcing_search_id, candidate_id) values ($1, $2) on conflict do nothing",
    )
    .bind(search_id)
    .bind(candidate_id)
    .execute(&state.db)
    .await?;
    profile_views::record(&state.db, candidate_id, user.id, ProfileViewKind::Saved).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(
    post, path = "/api/api/sourcing/searchs/{id}/unsave-candidate/{candidate_id}",
    params(("id" = i64, Path), ("candidate_id" = i64, Path)),
    responses((status = 204))
)]
pub async fn unsave_candidate(
    State(state): State<AppState>,
    user: CurrentUser,
    Path((search_id, candidate_id)): Path<(i64, i64)>,
) -> Result<StatusCode> {
    store::owned_search(&state.db, user.id, search_id).await?;
    sqlx::query("delete from sourcing_saved_candidates where sourcing_search_id = $1 and candidate_id = $2")
        .bind(search_id)
        .bind(candidate_id)
        .execute(&state.db)
        .await?;
    Ok(StatusCode::NO_CONTENT)
}
