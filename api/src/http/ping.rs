//! `GET /api/ping`: a cheap liveness probe for load balancers and the web app.

use axum::Router;
use axum::routing::get;
use serde::Serialize;

use super::AppState;
use crate::extract::Json;

pub fn router() -> Router<AppState> {
    Router::new().route("/ping", get(ping))
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct PingResponse {
    /// Always "ok" when the process answers.
    status: &'static str,
    /// Version of the running binary.
    version: &'static str,
}

#[utoipa::path(get, path = "/api/ping", responses((status = 200, body = PingResponse)))]
pub async fn ping() -> Json<PingResponse> {
    Json(PingResponse { status: "ok", version: env!("CARGO_PKG_VERSION") })
}
