//! `GET /api/config`: settings the web app needs at start-up: the map style (without a
//! configured tile server the app draws its offline style from the outlines it ships) and
//! where the footer's "source code" link points.

use axum::extract::State;
use serde::Serialize;
use utoipa_axum::routes;

use super::routes::{Access, RouteTable};
use crate::app::AppState;
use crate::extract::Json;

pub fn routes(table: &mut RouteTable) {
    table.add(Access::Public, routes!(get_client_config));
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ClientConfig {
    /// A MapLibre style URL of a tile server; null: use the offline style.
    map_style_url: Option<String>,
    /// Where users can get the source code of this server (AGPL-3.0 §13); null: not configured.
    source_code_url: Option<String>,
}

#[utoipa::path(get, path = "/api/config", responses((status = 200, body = ClientConfig)))]
pub async fn get_client_config(State(state): State<AppState>) -> Json<ClientConfig> {
    Json(ClientConfig {
        map_style_url: state.settings.map_style_url.clone(),
        source_code_url: state.settings.source_code_url.clone(),
    })
}
