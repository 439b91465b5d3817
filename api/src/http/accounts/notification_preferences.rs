//! The user's own notification preferences (`GET` and `PUT /api/api/user/notifications`): the
//! same switches the unsubscribe link of each email turns off, shown in the account settings so
//! that a user can turn a kind of email back on.

use axum::extract::State;
use serde::{Deserialize, Serialize};

use crate::app::AppState;
use crate::auth::{CurrentUser, Role};
use crate::error::{Error, Result, RuleCode};
use crate::extract::Json;
use crate::mail::unsubscribe_link;

/// The optional email of product news and advice, which is marketing: nobody receives it before
/// ticking it (at sign-up or in the settings).
pub(super) const PRODUCT_NEWS: &str = "news";

/// Whether a person who never chose receives `notification_type`: the notices of the service
/// they use, yes; product news, no.
fn subscribed_until_chosen(notification_type: &str) -> bool {
    notification_type != PRODUCT_NEWS
}

/// The kinds of notification email each role receives: product news for everyone, alerts on
/// saved searches for partners, messages of their school for candidates, contact requests and
/// conversations for candidates and partners, the offers that fit them for candidates, and the
/// steps of applications for both sides.
fn notification_types(role: Role) -> &'static [&'static str] {
    match role {
        Role::Candidate => &["news", "school", "messages", "offers", "applications"],
        Role::School | Role::Operator => &["news"],
        Role::Partner => &["news", "sourcing", "messages", "applications"],
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct NotificationPreference {
    /// `news`, `sourcing` (saved-search alerts), `school` (messages of the candidate's school),
    /// `messages` (contact requests and conversations), `offers` (the daily digest of new
    /// offers that fit the candidate) or `applications` (an application received, or its steps).
    #[serde(rename = "type")]
    notification_type: &'static str,
    subscribed: bool,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct NotificationPreferences {
    preferences: Vec<NotificationPreference>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct NotificationPreferenceChange {
    #[serde(rename = "type")]
    notification_type: Option<String>,
    subscribed: Option<bool>,
}

async fn preferences_of(state: &AppState, user: &CurrentUser) -> Result<NotificationPreferences> {
    let stored: Vec<(String, Option<bool>)> =
        sqlx::query_as("select type, subscribed from notification_subscriptions where user_id = $1")
            .bind(user.id)
            .fetch_all(&state.db)
            .await?;
    let preferences = notification_types(user.role)
        .iter()
        .map(|&notification_type| NotificationPreference {
            notification_type,
            // no row, or a row without a choice: the person never chose
            subscribed: stored
                .iter()
                .find_map(|(kind, chosen)| (kind == notification_type).then_some(*chosen))
                .flatten()
                .unwrap_or_else(|| subscribed_until_chosen(notification_type)),
        })
        .collect();
    Ok(NotificationPreferences { preferences })
}

#[utoipa::path(
    get, path = "/api/api/user/notifications",
    responses((status = 200, body = NotificationPreferences))
)]
pub async fn get_notification_preferences(
    State(state): State<AppState>,
    user: CurrentUser,
) -> Result<Json<NotificationPreferences>> {
    Ok(Json(preferences_of(&state, &user).await?))
}

#[utoipa::path(
    put, path = "/api/api/user/notifications", request_body = NotificationPreferenceChange,
    responses(
        (status = 200, body = NotificationPreferences, description = "the preferences after the change"),
        (status = 422, body = crate::error::ErrorBody, description = "type: required or unknown (for this role); subscribed: required"),
    )
)]
pub async fn set_notification_preference(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(change): Json<NotificationPreferenceChange>,
) -> Result<Json<NotificationPreferences>> {
    let notification_type = match change.notification_type.as_deref() {
        None => return Err(Error::invalid("type", RuleCode::Required)),
        Some(kind) => notification_types(user.role)
            .iter()
            .find(|&&known| known == kind)
            .ok_or_else(|| Error::invalid("type", RuleCode::Unknown))?,
    };
    let subscribed = change.subscribed.ok_or_else(|| Error::invalid("subscribed", RuleCode::Required))?;
    // the row carries the hash of the email's unsubscribe token: create it as an email would
    unsubscribe_link(&mut *state.db.acquire().await?, &state.settings, user.id, notification_type).await?;
    sqlx::query("update notification_subscriptions set subscribed = $3 where user_id = $1 and type = $2")
        .bind(user.id)
        .bind(notification_type)
        .bind(subscribed)
        .execute(&state.db)
        .await?;
    Ok(Json(preferences_of(&state, &user).await?))
}
