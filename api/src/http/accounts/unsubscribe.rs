//! Unsubscribing from notification emails: every email carries a link that turns one kind of
//! notification off, without logging in.

use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;

use super::notification_preferences::PRODUCT_NEWS;
use super::sign_up::TERMS_VERSION;
use crate::auth::tokens;
use crate::error::Result;
use crate::extract::Json;
use crate::http::sessions::invalid_token;
use crate::http::{AppState, ClientIp};
use crate::mail::unsubscribe_link;

/// Notification emails a user may unsubscribe from.
const NOTIFICATION_TYPES: &[&str] = &[PRODUCT_NEWS, "sourcing", "school", "messages", "offers", "applications"];

/// Creates the subscriptions of a new account: the notices of the service on, product news as
/// the person chose at sign-up (`None` when the form did not ask: off until they tick it). A
/// "yes" is kept with the version of the text that asked, as the terms are.
pub(super) async fn create_subscriptions(state: &AppState, user_id: i64, product_news: Option<bool>) -> Result<()> {
    for notification_type in NOTIFICATION_TYPES {
        unsubscribe_link(&state.db, &state.settings, user_id, notification_type).await?;
    }
    let Some(chosen) = product_news else { return Ok(()) };
    sqlx::query("update notification_subscriptions set subscribed = $2 where user_id = $1 and type = $3")
        .bind(user_id)
        .bind(chosen)
        .bind(PRODUCT_NEWS)
        .execute(&state.db)
        .await?;
    if chosen {
        sqlx::query("insert into user_consents (user_id, kind, text_version) values ($1, 'product_news', $2)")
            .bind(user_id)
            .bind(TERMS_VERSION)
            .execute(&state.db)
            .await?;
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
