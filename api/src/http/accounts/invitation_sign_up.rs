//! Joining from a school's invitation, for an address that had no account: the link of the
//! email (`/inscription/invitation?token=…`) shows who invites
//! (`GET /api/api/school-invitations/{token}`), and setting a password creates the account
//! (`POST /api/api/school-invitations/{token}/account`). Only the owner of the address can do it:
//! the school never creates an account, so nobody can prepare one for someone else's address.
//! The new candidate is on the school's campus, their address validated by the link, and found
//! only by the recruiters their school works with until they choose otherwise.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};

use super::sign_up::{chosen_locale, insert_candidate};
use super::unsubscribe::create_subscriptions;
use super::{check_password, email_taken_on_race, open_invitation};
use crate::auth::password_strength::PasswordOwner;
use crate::error::{Result, RuleCode};
use crate::extract::{Json, Path};
use crate::http::sessions::logged_in;
use crate::http::{AppState, ClientIp};
use crate::locale::Locale;
use crate::password;
use crate::validation::Checks;

/// Who invites whom, as the invitation page shows it.
#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct InvitationPreview {
    firstname: String,
    lastname: String,
    email: String,
    /// The school's name.
    school: String,
    campus: String,
}

/// The open invitation whose link carries `token` (locked when `lock`).
async fn open_school_invitation(
    connection: &mut sqlx::PgConnection,
    token: &str,
    lock: bool,
) -> Result<(i64, InvitationPreview)> {
    #[derive(sqlx::FromRow)]
    struct Row {
        id: i64,
        #[sqlx(flatten)]
        preview: InvitationPreview,
    }
    let select = "select i.id, i.firstname, i.lastname, i.email, s.name as school, m.name as campus
         from school_invitations i join schools s on s.user_id = i.school_id join campuses m on m.id = i.campus_id";
    let row: Row = open_invitation(connection, select, token, lock).await?;
    Ok((row.id, row.preview))
}

#[utoipa::path(
    get, path = "/api/api/school-invitations/{token}",
    params(("token" = String, Path, description = "the token of the invitation link")),
    responses(
        (status = 200, body = InvitationPreview),
        (status = 400, body = crate::error::ErrorBody, description = "invalid_token: unknown, answered or expired"),
        (status = 429, body = crate::error::ErrorBody),
    )
)]
pub async fn preview_invitation(
    State(state): State<AppState>,
    ClientIp(client_ip): ClientIp,
    Path(token): Path<String>,
) -> Result<Json<InvitationPreview>> {
    state.limits.tokens_per_ip.hit(&state.db, &client_ip.to_string()).await?;
    let mut connection = state.db.acquire().await?;
    Ok(Json(open_school_invitation(&mut connection, &token, false).await?.1))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct InvitationAccountRequest {
    /// 10 to 128 characters with a letter and a digit, and not easily guessed.
    #[schema(required = true, nullable = false, min_length = 10, max_length = 128)]
    password: Option<String>,
    /// `true`: the candidate accepts the terms of use and privacy notice.
    #[schema(required = true, nullable = false)]
    consent: Option<bool>,
    /// `fr` or `en` (default: the caller's language), for the emails.
    locale: Option<String>,
}

#[utoipa::path(
    post, path = "/api/api/school-invitations/{token}/account", request_body = InvitationAccountRequest,
    params(("token" = String, Path, description = "the token of the invitation link")),
    responses(
        (status = 201, body = crate::http::sessions::WhoAmI, description = "the account exists and is logged in"),
        (status = 400, body = crate::error::ErrorBody, description = "invalid_token: unknown, answered or expired"),
        (status = 409, body = crate::error::ErrorBody, description = "email_taken: log in, the invitation waits in the dashboard"),
        (status = 422, body = crate::error::ErrorBody, description = "password: required, password_policy, password_too_weak; consent: required"),
        (status = 429, body = crate::error::ErrorBody),
    )
)]
pub async fn create_invited_account(
    State(state): State<AppState>,
    ClientIp(client_ip): ClientIp,
    locale: Locale,
    Path(token): Path<String>,
    Json(request): Json<InvitationAccountRequest>,
) -> Result<Response> {
    state.limits.tokens_per_ip.hit(&state.db, &client_ip.to_string()).await?;
    let mut transaction = state.db.begin().await?;
    let (invitation_id, invited) = open_school_invitation(&mut transaction, &token, true).await?;
    let mut checks = Checks::new();
    let owner = PasswordOwner { email: &invited.email, firstname: &invited.firstname, lastname: &invited.lastname };
    let password = check_password(&mut checks, "password", request.password.as_deref(), &owner).await?;
    if request.consent != Some(true) {
        checks.fail("consent", RuleCode::Required);
    }
    checks.finish()?;
    let locale = chosen_locale(request.locale.as_deref(), locale);
    let password_hash = password::hash_off_runtime(password).await?;
    let user_id: i64 = sqlx::query_scalar(
        "insert into users (discriminator, email, password_hash, firstname, lastname, locale, email_validated_at)
         values ('candidate', lower($1), $2, $3, $4, $5, now()) returning id",
    )
    .bind(&invited.email)
    .bind(password_hash)
    .bind(&invited.firstname)
    .bind(&invited.lastname)
    .bind(locale.code())
    .fetch_one(&mut *transaction)
    .await
    .map_err(email_taken_on_race)?;
    insert_candidate(&mut transaction, user_id, &invited.firstname, &invited.lastname).await?;
    sqlx::query(
        "update candidates c set school_id = i.school_id, campus_id = i.campus_id, program_id = i.program_id,
                parcours_id = i.parcours_id, findable_by = 'school_partners'
         from school_invitations i where i.id = $2 and c.user_id = $1",
    )
    .bind(user_id)
    .bind(invitation_id)
    .execute(&mut *transaction)
    .await?;
    sqlx::query(
        "update school_invitations set answer = 'accepted', answered_at = now(), updated_at = now() where id = $1",
    )
    .bind(invitation_id)
    .execute(&mut *transaction)
    .await?;
    create_subscriptions(&mut transaction, &state.settings, user_id, None).await?;
    transaction.commit().await?;
    let mut response = logged_in(&state, user_id, false).await?;
    *response.status_mut() = StatusCode::CREATED;
    Ok(response.into_response())
}
