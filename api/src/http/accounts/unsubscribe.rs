//! Unsubscribing from notification emails: every email carries a link that turns one kind of
//! notification off, without logging in.

use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;

use crate::auth::tokens;
use crate::error::Result;
use crate::extract::Json;
use crate::http::sessions::invalid_token;
use crate::http::{AppState, ClientIp};

/// Notification emails a user may unsubscribe from; every account is subscribed at sign-up.
const NOTIFICATION_TYPES: &[&str] = &["news", "sourcing", "school"];

/// The unsubscribe link of a user for one notification type (see
/// [`crate::auth::session::SessionKeys::unsubscribe_token`]); its hash is kept for lookup.
pub(crate) async fn unsubscribe_link(state: &AppState, user_id: i64, notification_type: &str) -> Result<String> {
    let token = state.settings.session_keys.unsubscribe_token(user_id, notification_type);
    sqlx::query(
        "insert into notification_subscriptions (user_id, type, unsubscribe_token_hash) values ($1, $2, $3)
         on conflict (user_id, type) do update set unsubscribe_token_hash = excluded.unsubscribe_token_hash",
    )
    .bind(user_id)
    .bind(notification_type)
    .bind(tokens::sha256(&token))
    .execute(&state.db)
    .await?;
    Ok(format!("{}/notifications/desinscrire?token={token}&type={notification_type}", state.settings.public_url))
}

/// Subscribes a new account to every notification email.
pub(super) async fn subscribe_to_everything(state: &AppState, user_id: i64) -> Result<()> {
    for notification_type in NOTIFICATION_TYPES {
        unsubscribe_link(state, user_id, notification_type).await?;
    }
    Ok(())
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct UnsubscribeRequest {
    token: Option<String>,
    /// The notification type named in the link (`news`, `sourcing`, `school`).
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
