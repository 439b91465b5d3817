//! Unsubscribing from notification emails: every email carries a link that turns one kind of
//! notification off, without logging in. The link opens a page of the web app, which posts it
//! here; notifications and digests also name a one-click address in their headers (RFC 8058),
//! which the person's mail provider posts to when they press its "unsubscribe" button.

use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use sqlx::PgConnection;

use super::notification_preferences::PRODUCT_NEWS;
use super::sign_up::TERMS_VERSION;
use crate::app::Settings;
use crate::auth::tokens;
use crate::error::Result;
use crate::extract::{Json, Query};
use crate::http::sessions::invalid_token;
use crate::http::{AppState, ClientIp};
use crate::mail::unsubscribe_link;

/// Notification emails a user may unsubscribe from.
const NOTIFICATION_TYPES: &[&str] = &[PRODUCT_NEWS, "sourcing", "school", "messages", "offers", "applications"];

/// Creates the subscriptions of a new account, in the transaction that creates it: the notices
/// of the service on, product news as the person chose at sign-up (`None` when the form did not
/// ask: off until they tick it). A "yes" is kept with the version of the text that asked, as the
/// terms are.
pub(super) async fn create_subscriptions(
    connection: &mut PgConnection,
    settings: &Settings,
    user_id: i64,
    product_news: Option<bool>,
) -> Result<()> {
    for notification_type in NOTIFICATION_TYPES {
        unsubscribe_link(&mut *connection, settings, user_id, notification_type).await?;
    }
    let Some(chosen) = product_news else { return Ok(()) };
    sqlx::query("update notification_subscriptions set subscribed = $2 where user_id = $1 and type = $3")
        .bind(user_id)
        .bind(chosen)
        .bind(PRODUCT_NEWS)
        .execute(&mut *connection)
        .await?;
    if chosen {
        sqlx::query("insert into user_consents (user_id, kind, text_version) values ($1, 'product_news', $2)")
            .bind(user_id)
            .bind(TERMS_VERSION)
            .execute(&mut *connection)
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
    turn_off(&state, request.token, request.notification_type).await
}

/// The query of a one-click address: that of the email's unsubscribe link.
#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OneClickUnsubscribeQuery {
    token: Option<String>,
    /// The notification type named in the link.
    #[serde(rename = "type")]
    notification_type: Option<String>,
}

/// The one-click unsubscribe of RFC 8058: a mail provider posts `List-Unsubscribe=One-Click` to
/// the address of a notification's `List-Unsubscribe` header, with no cookie, from its servers
/// or from a webmail page of its own site. The token in the address is the whole authority:
/// the body is not read, and the post may come from another site.
#[utoipa::path(
    post, path = "/api/api/notifications/unsubscribe/one-click", params(OneClickUnsubscribeQuery),
    request_body(
        content = String, content_type = "application/x-www-form-urlencoded",
        description = "`List-Unsubscribe=One-Click` (not read: the address is the request)"
    ),
    responses(
        (status = 204, description = "that type of notification is turned off"),
        (status = 400, body = crate::error::ErrorBody, description = "invalid_token"),
    )
)]
pub async fn unsubscribe_in_one_click(
    State(state): State<AppState>,
    Query(query): Query<OneClickUnsubscribeQuery>,
) -> Result<StatusCode> {
    // RFC 8058 allows a form or a multipart body: neither is read. No limit per client address
    // either: a provider posts for all its users from a few addresses, a refused post is an
    // unsubscribe lost, and the tokens (an HMAC) cannot be guessed anyway
    turn_off(&state, query.token, query.notification_type).await
}

/// Turns off the notification type of an unsubscribe link; `invalid_token` when the link is
/// not one.
async fn turn_off(state: &AppState, token: Option<String>, notification_type: Option<String>) -> Result<StatusCode> {
    let updated = sqlx::query(
        "update notification_subscriptions set subscribed = false where unsubscribe_token_hash = $1 and type = $2",
    )
    .bind(tokens::sha256(&token.unwrap_or_default()))
    .bind(notification_type.unwrap_or_default())
    .execute(&state.db)
    .await?;
    if updated.rows_affected() == 0 {
        return Err(invalid_token());
    }
    Ok(StatusCode::NO_CONTENT)
}
