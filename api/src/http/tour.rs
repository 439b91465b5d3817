//! `PATCH /api/api/user/tour`: the candidate's guided tutorial flag (spec section 3, local
//! configuration `tour`, on by default). The web app turns it off when the candidate finishes,
//! completes, declines or cancels the tutorial; it is stored for the user, so another device does
//! not offer the tutorial again. The identity answer (`whoami`) carries it.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa_axum::routes;

use super::routes::{Access, RouteTable};
use crate::app::AppState;
use crate::auth::{CurrentUser, Role};
use crate::error::Result;
use crate::extract::Json;

pub fn routes(table: &mut RouteTable) {
    table.add(Access::Only(Role::Candidate), routes!(update_tour));
}

#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct TourFlag {
    /// `true`: the tutorial is offered on the dashboard; `false`: it is over.
    tour: bool,
}

#[utoipa::path(
    patch, path = "/api/api/user/tour", request_body = TourFlag,
    responses((status = 200, body = TourFlag, description = "the flag as stored"))
)]
pub async fn update_tour(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(request): Json<TourFlag>,
) -> Result<Json<TourFlag>> {
    sqlx::query("update users set tour = $2, updated_at = now() where id = $1 and tour <> $2")
        .bind(user.id)
        .bind(request.tour)
        .execute(&state.db)
        .await?;
    Ok(Json(TourFlag { tour: request.tour }))
}
