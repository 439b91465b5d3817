//! Joining as a recruiter from a school's invitation: the link of the email
//! (`/inscription/recruteur?token=…`) shows which school invites whom
//! (`GET /api/api/recruiter-invitations/{token}`), and setting a password creates the partner
//! account (`POST /api/api/recruiter-invitations/{token}/account`), its address validated by the
//! link and already linked to the school. The account waits for an operator's approval like any
//! partner's, but the school vouches for it: it finds that school's students at once
//! ([`crate::sourcing_searches::audience`]). Only the owner of the address can do it: the school
//! never creates an account.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};

use super::sign_up::{CompanyReference, TERMS_VERSION, chosen_locale, company_id};
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

/// Who invites whom, as the sign-up page shows it.
#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct RecruiterInvitationPreview {
    firstname: String,
    lastname: String,
    email: String,
    /// The school's name.
    school: String,
}

/// The open invitation whose link carries `token` (locked when `lock`), and its school's id.
async fn open_recruiter_invitation(
    connection: &mut sqlx::PgConnection,
    token: &str,
    lock: bool,
) -> Result<(i64, i64, RecruiterInvitationPreview)> {
    #[derive(sqlx::FromRow)]
    struct Row {
        id: i64,
        school_id: i64,
        #[sqlx(flatten)]
        preview: RecruiterInvitationPreview,
    }
    let select = "select i.id, i.school_id, i.firstname, i.lastname, i.email, s.name as school
         from recruiter_invitations i join schools s on s.user_id = i.school_id";
    let row: Row = open_invitation(connection, select, token, lock).await?;
    Ok((row.id, row.school_id, row.preview))
}

#[utoipa::path(
    get, path = "/api/api/recruiter-invitations/{token}",
    params(("token" = String, Path, description = "the token of the invitation link")),
    responses(
        (status = 200, body = RecruiterInvitationPreview),
        (status = 400, body = crate::error::ErrorBody, description = "invalid_token: unknown, answered, withdrawn or expired"),
        (status = 429, body = crate::error::ErrorBody),
    )
)]
pub async fn preview_recruiter_invitation(
    State(state): State<AppState>,
    ClientIp(client_ip): ClientIp,
    Path(token): Path<String>,
) -> Result<Json<RecruiterInvitationPreview>> {
    state.limits.tokens_per_ip.hit(&state.db, &client_ip.to_string()).await?;
    let mut connection = state.db.acquire().await?;
    Ok(Json(open_recruiter_invitation(&mut connection, &token, false).await?.2))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct RecruiterAccountRequest {
    /// 10 to 128 characters with a letter and a digit, and not easily guessed.
    #[schema(required = true, nullable = false, min_length = 10, max_length = 128)]
    password: Option<String>,
    /// `true`: the recruiter accepts the terms of use and privacy notice.
    #[schema(required = true, nullable = false)]
    consent: Option<bool>,
    /// `fr` or `en` (default: the caller's language), for the emails.
    locale: Option<String>,
    /// The company's name: an existing company (found without regard to case) or a new one.
    #[schema(required = true, nullable = false, min_length = 1, max_length = 200)]
    company: Option<String>,
    /// The recruiter's job title.
    #[schema(max_length = 100)]
    role: Option<String>,
    /// Default: the name the school typed.
    #[schema(max_length = 100)]
    firstname: Option<String>,
    /// Default: the name the school typed.
    #[schema(max_length = 100)]
    lastname: Option<String>,
}

/// What the form asked for, checked.
struct RecruiterAccount {
    password: String,
    company: String,
    role: Option<String>,
    firstname: String,
    lastname: String,
}

async fn check_account(
    request: &RecruiterAccountRequest,
    invited: &RecruiterInvitationPreview,
) -> Result<RecruiterAccount> {
    let mut checks = Checks::new();
    let firstname = checks.text("firstname", Some(request.firstname.as_deref().unwrap_or(&invited.firstname)), 100);
    let lastname = checks.text("lastname", Some(request.lastname.as_deref().unwrap_or(&invited.lastname)), 100);
    let owner = PasswordOwner { email: &invited.email, firstname: &firstname, lastname: &lastname };
    let password = check_password(&mut checks, "password", request.password.as_deref(), &owner).await?;
    if request.consent != Some(true) {
        checks.fail("consent", RuleCode::Required);
    }
    let company = checks.text("company", request.company.as_deref(), 200);
    let role = checks.optional_text("role", request.role.as_deref(), 100);
    checks.finish()?;
    Ok(RecruiterAccount { password, company, role, firstname, lastname })
}

#[utoipa::path(
    post, path = "/api/api/recruiter-invitations/{token}/account", request_body = RecruiterAccountRequest,
    params(("token" = String, Path, description = "the token of the invitation link")),
    responses(
        (status = 201, body = crate::http::sessions::WhoAmI, description = "the account exists, linked to the school, and is logged in"),
        (status = 400, body = crate::error::ErrorBody, description = "invalid_token: unknown, answered, withdrawn or expired"),
        (status = 409, body = crate::error::ErrorBody, description = "email_taken: log in, the school's request waits in the dashboard"),
        (status = 422, body = crate::error::ErrorBody, description = "password: required, password_policy, password_too_weak; consent, company: required"),
        (status = 429, body = crate::error::ErrorBody),
    )
)]
pub async fn create_recruiter_account(
    State(state): State<AppState>,
    ClientIp(client_ip): ClientIp,
    locale: Locale,
    Path(token): Path<String>,
    Json(request): Json<RecruiterAccountRequest>,
) -> Result<Response> {
    state.limits.tokens_per_ip.hit(&state.db, &client_ip.to_string()).await?;
    let mut transaction = state.db.begin().await?;
    let (invitation_id, school_id, invited) = open_recruiter_invitation(&mut transaction, &token, true).await?;
    let account = check_account(&request, &invited).await?;
    let locale = chosen_locale(request.locale.as_deref(), locale);
    let password_hash = password::hash_off_runtime(account.password).await?;
    let user_id: i64 = sqlx::query_scalar(
        "insert into users (discriminator, email, password_hash, firstname, lastname, locale, email_validated_at, standing)
         values ('partner', lower($1), $2, $3, $4, $5, now(), 'pending') returning id",
    )
    .bind(&invited.email)
    .bind(password_hash)
    .bind(&account.firstname)
    .bind(&account.lastname)
    .bind(locale.code())
    .fetch_one(&mut *transaction)
    .await
    .map_err(email_taken_on_race)?;
    let company_id = company_id(&mut transaction, CompanyReference::Name(account.company), user_id).await?;
    sqlx::query("insert into partners (user_id, company_id, role) values ($1, $2, $3)")
        .bind(user_id)
        .bind(company_id)
        .bind(account.role)
        .execute(&mut *transaction)
        .await?;
    sqlx::query("insert into partner_schools (partner_id, school_id, accepted_at) values ($1, $2, now())")
        .bind(user_id)
        .bind(school_id)
        .execute(&mut *transaction)
        .await?;
    sqlx::query("insert into user_consents (user_id, kind, text_version) values ($1, 'terms', $2)")
        .bind(user_id)
        .bind(TERMS_VERSION)
        .execute(&mut *transaction)
        .await?;
    sqlx::query(
        "update recruiter_invitations set answer = 'accepted', answered_at = now(), updated_at = now() where id = $1",
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
