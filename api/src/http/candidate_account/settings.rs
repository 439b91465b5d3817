//! Small account settings: the language of the emails the user receives
//! (`POST /api/api/user/locale`), and the end of the candidate's onboarding
//! (`POST /api/api/candidates/onboarding`), which clears `first_time` so that the app stops
//! sending them to `/personnalisation/candidat`.

use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::Result;
use crate::extract::Json;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct EmailLocaleRequest {
    locale: crate::locale::Locale,
}

#[utoipa::path(
    post, path = "/api/api/user/locale", request_body = EmailLocaleRequest,
    responses(
        (status = 204, description = "emails now come in that language"),
    )
)]
pub async fn update_email_locale(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(request): Json<EmailLocaleRequest>,
) -> Result<StatusCode> {
    let locale = request.locale.code();
    sqlx::query("update users set locale = $2 where id = $1").bind(user.id).bind(locale).execute(&state.db).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(
    post, path = "/api/api/candidates/onboarding",
    responses(
        (status = 204, description = "onboarding finished (or skipped): `first_time` is now false"),
    )
)]
pub async fn complete_onboarding(State(state): State<AppState>, user: CurrentUser) -> Result<StatusCode> {
    sqlx::query("update users set first_time = false where id = $1").bind(user.id).execute(&state.db).await?;
    Ok(StatusCode::NO_CONTENT)
}
