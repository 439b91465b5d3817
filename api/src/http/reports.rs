//! `POST /api/api/report`: anyone may tell us something is wrong. Messages are stored,
//! limited in size and rate-limited per client address.

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa_axum::routes;

use super::ClientIp;
use super::routes::{Access, RouteTable};
use crate::app::AppState;
use crate::error::{Error, Result, RuleCode};
use crate::extract::Json;

/// Longest report accepted, in characters.
const MAX_MESSAGE_CHARS: usize = 2000;

pub fn routes(table: &mut RouteTable) {
    table.add(Access::Public, routes!(create_report));
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct ReportCreateRequest {
    /// What went wrong, in the reporter's words.
    #[schema(min_length = 1, max_length = 2000)]
    message: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ReportCreateResponse {
    id: i64,
}

#[utoipa::path(
    post, path = "/api/api/report", request_body = ReportCreateRequest,
    responses(
        (status = 201, body = ReportCreateResponse),
        (status = 422, description = "empty or too long message", body = crate::error::ErrorBody),
        (status = 429, description = "too many reports from this address", body = crate::error::ErrorBody),
    )
)]
pub async fn create_report(
    State(state): State<AppState>,
    ClientIp(client_ip): ClientIp,
    Json(request): Json<ReportCreateRequest>,
) -> Result<(StatusCode, Json<ReportCreateResponse>)> {
    let message = request.message.trim();
    if message.is_empty() {
        return Err(Error::invalid("message", RuleCode::Required));
    }
    if message.chars().count() > MAX_MESSAGE_CHARS {
        return Err(Error::invalid("message", RuleCode::TooLong));
    }
    state.limits.reports_per_ip.hit(&state.db, &client_ip.to_string()).await?;
    let id: i64 =
        sqlx::query_scalar("insert into problem_reports (message, client_ip) values ($1, $2::inet) returning id")
            .bind(message)
            .bind(client_ip.to_string())
            .fetch_one(&state.db)
            .await?;
    Ok((StatusCode::CREATED, Json(ReportCreateResponse { id })))
}
