//! Unsubscribing from notification emails: every email carries a link that turns one kind of
//! notification off, without logging in.

use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use sqlx::PgConnection;

use crate::app::Settings;
use crate::auth::tokens;
use crate::error::Result;
use crate::extract::Json;
use crate::http::sessions::invalid_token;
use crate::http::{AppState, ClientIp};
use crate::mail::unsubscribe_link;

/// Notification emails a user may unsubscribe from; every account is subscribed at sign-up.
const NOTIFICATION_TYPES: &[&str] = &["news", "sourcing", "school", "messages", "offers", "applications"];

/// Subscribes a new account to every notification email, in the transaction that creates it.
pub(super) async fn subscribe_to_everything(
    connection: &mut PgConnection,
    settings: &Settings,
    user_id: i64,
) -> Result<()> {
    for notification_type in NOTIFICATION_TYPES {
        unsubscribe_link(&mut *connection, settings, user_id, notification_type).await?;
    }
    Ok(())
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct UnsubscribeRequest {
    token: Option<String>,
    /// The notification type named in the link (`news`, `sourcing`, `school`, `messages`).
    #[serde(rename = "type")]
    notification_type: Option<String>,
}

#[utoipa::path(
    post, path = "/api/api/notifications/unsubscribe", request_body = UnsubscribeRequest,
    responses(
        (status = 204),
        (status = 400, body = crate::error::ErrorBody, description = "invalid_token"),
        (status = 429, body = crate::error::ErrorBody, description = "too many token attempts from one address"),
    )
)]
pub async fn unsubscribe(
    State(state): State<AppState>,
    ClientIp(client_ip): ClientIp,
    Json(request): Json<UnsubscribeRequest>,
) -> Result<StatusCode> {
    state.limits.tokens_per_ip.hit(&state.db, &client_ip.to_string()).await?;
    let token = request.token.unwrap_or_default();
    let notification_type = request.notification_type.unwrap_or_default();
    let updated = sqlx::query(
        "update notification_subscriptions set subscribed = false where unsubscribe_token_hash = $1 and type = $2",
    )
    .bind(tokens::sha256(&token))
    .bind(&notification_type)
    .execute(&state.db)
    .await?;
    if updated.rows_affected() == 0 {
        return Err(invalid_token());
    }
    Ok(StatusCode::NO_CONTENT)
}
