//! Sharing the profile (spec section 4: on or off): `POST` and `DELETE /api/api/candidates/share`,
//! and `GET /api/api/candidates/slug`, the caller's slug (the address of their public page,
//! `/candidat/{slug}`) and whether it is shared.
//!
//! A shared profile is readable by anyone at its slug; an unshared one is a 404 to everyone but
//! the candidate, on the profile and on every part read by slug (the rule of
//! `candidates::authorize_read`). The search documents carry the slug only while the profile is
//! shared (migration 0007), so a partner's hit links the public page only then.

use axum::extract::State;
use serde::Serialize;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::Result;
use crate::extract::Json;

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SharingResponse {
    /// The profile's address is `/candidat/{slug}`.
    slug: String,
    /// Whether anyone may read the profile at that address.
    is_public: bool,
}

async fn set_sharing(state: &AppState, user: CurrentUser, is_public: bool) -> Result<Json<SharingResponse>> {
    let (slug, is_public): (String, bool) =
        sqlx::query_as("update candidates set is_public = $2 where user_id = $1 returning slug, is_public")
            .bind(user.id)
            .bind(is_public)
            .fetch_one(&state.db)
            .await?;
    Ok(Json(SharingResponse { slug, is_public }))
}

#[utoipa::path(
    post, path = "/api/api/candidates/share",
    responses(
        (status = 200, body = SharingResponse, description = "the profile is shared at `/candidat/{slug}`"),
    )
)]
pub async fn share_profile(State(state): State<AppState>, user: CurrentUser) -> Result<Json<SharingResponse>> {
    set_sharing(&state, user, true).await
}

#[utoipa::path(
    delete, path = "/api/api/candidates/share",
    responses(
        (status = 200, body = SharingResponse, description = "the profile is no longer shared: its page answers 404"),
    )
)]
pub async fn unshare_profile(State(state): State<AppState>, user: CurrentUser) -> Result<Json<SharingResponse>> {
    set_sharing(&state, user, false).await
}

#[utoipa::path(
    get, path = "/api/api/candidates/slug",
    responses(
        (status = 200, body = SharingResponse),
    )
)]
pub async fn get_own_slug(State(state): State<AppState>, user: CurrentUser) -> Result<Json<SharingResponse>> {
    let (slug, is_public): (String, bool) = sqlx::query_as("select slug, is_public from candidates where user_id = $1")
        .bind(user.id)
        .fetch_one(&state.db)
        .await?;
    Ok(Json(SharingResponse { slug, is_public }))
}
