//! `GET /api/ping`: a cheap liveness probe for load balancers and the web app.

use serde::Serialize;
use utoipa_axum::routes;

use super::routes::{Access, RouteTable};
use crate::extract::Json;

pub fn routes(table: &mut RouteTable) {
    table.add(Access::Public, routes!(ping));
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
