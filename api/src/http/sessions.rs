//! Sessions over HTTP (the session itself is [`crate::auth::session`]): logging in and out,
//! and "who am I": `POST /api/api/auth/login`, `POST /api/api/auth/login/with-token`,
//! `POST /api/logout`, `GET /api/api/auth/whoami`.
//!
//! An unknown email and a wrong password get the same answer after the same work (a password
//! hash is verified either way), so the login form does not reveal who has an account.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa_axum::routes;

use super::ClientIp;
use super::routes::{Access, RouteTable};
use crate::app::AppState;
use crate::auth::tokens::{self, TokenKind};
use crate::auth::{AccountStanding, CurrentUser, Role, session};
use crate::error::{Error, ErrorCode, Result};
use crate::extract::Json;
use crate::password;

pub fn routes(table: &mut RouteTable) {
    table.add(Access::Public, routes!(login));
    table.add(Access::Public, routes!(login_with_token));
    table.add(Access::Public, routes!(logout));
    table.add(Access::Authenticated, routes!(whoami));
}

/// The logged-in user and the role flags the web app needs (spec section 6).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WhoAmI {
    id: i64,
    email: String,
    firstname: String,
    lastname: String,
    locale: String,
    discriminator: Role,
    is_candidate: bool,
    is_school: bool,
    is_partner: bool,
    is_operator: bool,
    /// Where the account stands with the operators: a pending or refused school or partner
    /// cannot reach candidates yet.
    standing: AccountStanding,
    /// Why the account was refused or suspended, in the operator's words.
    standing_reason: Option<String>,
    is_belong_to_a_school: bool,
    has_campus: bool,
    first_time: bool,
    /// Whether the guided tutorial is still to be offered (spec section 3, `tour`; candidates only
    /// have one). Stored for the user, so finishing it on one device ends it on every device.
    tour: bool,
    candidate: Option<CandidateSummary>,
    partner: Option<PartnerSummary>,
    school: Option<SchoolSummary>,
}

/// What the web app needs to load the candidate's profile (`GET /api/api/candidates/{id}`).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CandidateSummary {
    /// The candidate's id (the same as the user's).
    id: i64,
    slug: String,
    school_id: Option<i64>,
    campus_id: Option<i64>,
    completion: i16,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PartnerSummary {
    company_id: i64,
    company_name: String,
    role: Option<String>,
    /// The account waits for an operator's approval, but a school works with it (it invited the
    /// recruiter, or the recruiter accepted its request): it already sources, among the
    /// candidates of the schools it is linked to only.
    school_scoped: bool,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SchoolSummary {
    name: String,
}

#[derive(sqlx::FromRow)]
struct WhoAmIRow {
    id: i64,
    email: String,
    firstname: String,
    lastname: String,
    locale: String,
    discriminator: String,
    standing: AccountStanding,
    standing_reason: Option<String>,
    first_time: bool,
    tour: bool,
    slug: Option<String>,
    candidate_school_id: Option<i64>,
    campus_id: Option<i64>,
    completion: Option<i16>,
    company_id: Option<i64>,
    company_name: Option<String>,
    partner_role: Option<String>,
    has_school_links: bool,
    school_name: Option<String>,
}

/// Reads what [`WhoAmI`] says of a user.
pub async fn who_am_i(db: &sqlx::PgPool, user_id: i64) -> Result<WhoAmI> {
    let row: WhoAmIRow = sqlx::query_as(
        "select u.id, u.email, u.firstname, u.lastname, u.locale, u.discriminator::text as discriminator,
                u.standing, u.standing_reason, u.first_time, u.tour,
                c.slug, c.school_id as candidate_school_id, c.campus_id, c.completion,
                p.company_id, co.name as company_name, p.role as partner_role, s.name as school_name,
                exists (select 1 from partner_schools l where l.partner_id = u.id and l.accepted_at is not null)
                    as has_school_links
         from users u
         left join candidates c on c.user_id = u.id
         left join partners p on p.user_id = u.id
         left join companies co on co.id = p.company_id
         left join schools s on s.user_id = u.id
         where u.id = $1",
    )
    .bind(user_id)
    .fetch_optional(db)
    .await?
    .ok_or(Error::Unauthorized)?;
    let role = Role::from_discriminator(&row.discriminator).ok_or(Error::Forbidden)?;
    let candidate = row.slug.map(|slug| CandidateSummary {
        id: row.id,
        slug,
        school_id: row.candidate_school_id,
        campus_id: row.campus_id,
        completion: row.completion.unwrap_or(0),
    });
    let partner = row.company_id.map(|company_id| PartnerSummary {
        company_id,
        company_name: row.company_name.unwrap_or_default(),
        role: row.partner_role,
        school_scoped: row.standing == AccountStanding::Pending && row.has_school_links,
    });
    Ok(WhoAmI {
        id: row.id,
        email: row.email,
        firstname: row.firstname,
        lastname: row.lastname,
        locale: row.locale,
        discriminator: role,
        is_candidate: role == Role::Candidate,
        is_school: role == Role::School,
        is_partner: role == Role::Partner,
        is_operator: role == Role::Operator,
        standing: row.standing,
        standing_reason: row.standing_reason,
        is_belong_to_a_school: row.candidate_school_id.is_some(),
        has_campus: row.campus_id.is_some(),
        first_time: row.first_time,
        tour: row.tour,
        candidate,
        partner,
        school: row.school_name.map(|name| SchoolSummary { name }),
    })
}

/// The user's profile with a fresh session cookie.
pub async fn logged_in(state: &AppState, user_id: i64, remember: bool) -> Result<Response> {
    // a login is activity: it keeps the account from the retention job (and cancels its warning)
    let session_version: i32 = sqlx::query_scalar(
        "update users set last_active_at = now(), retention_warned_at = null where id = $1 returning session_version",
    )
    .bind(user_id)
    .fetch_one(&state.db)
    .await?;
    let cookie = session::issue_cookie(
        &state.settings.session_keys,
        user_id,
        session_version,
        remember,
        state.settings.secure_cookies(),
    );
    let profile = who_am_i(&state.db, user_id).await?;
    Ok(([(header::SET_COOKIE, cookie)], Json(profile)).into_response())
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct LoginRequest {
    /// The account's email.
    username: String,
    password: String,
    /// Keep the session 30 days instead of 1.
    #[serde(default)]
    remember: bool,
}

#[utoipa::path(
    post, path = "/api/api/auth/login", request_body = LoginRequest,
    responses(
        (status = 200, body = WhoAmI, description = "logged in; the session cookie is set"),
        (status = 401, body = crate::error::ErrorBody, description = "invalid_credentials"),
        (status = 403, body = crate::error::ErrorBody, description = "email_not_validated, account_deactivated or account_suspended"),
        (status = 429, body = crate::error::ErrorBody, description = "too many failed logins: on this account from this address (5, then waits from 20 s doubling up to 15 min), on this account (20 in 15 minutes: one try every 10 s from an address that never failed on it) or from this address (200 in 15 minutes); Retry-After gives the wait"),
    )
)]
pub async fn login(
    State(state): State<AppState>,
    ClientIp(client_ip): ClientIp,
    Json(request): Json<LoginRequest>,
) -> Result<Response> {
    let email = request.username.trim().to_lowercase();
    let attempt = state.limits.logins.admit(&state.db, &email, &client_ip.to_string()).await?;
    let account: Option<(i64, Option<String>, bool, bool, bool, AccountStanding)> = sqlx::query_as(
        "select id, password_hash, email_validated_at is not null, active, self_deactivated_at is not null, standing
         from users where lower(email) = $1",
    )
    .bind(&email)
    .fetch_optional(&state.db)
    .await?;
    let stored_hash = account.as_ref().and_then(|(_, hash, ..)| hash.clone());
    let password_matches = password::verify_off_runtime(request.password, stored_hash).await?;
    if password_matches {
        attempt.succeeded(&state.db).await?;
    }
    let Some((user_id, Some(_), validated, active, self_deactivated, standing)) = account.filter(|_| password_matches)
    else {
        return Err(invalid_credentials());
    };
    // only someone who knows the password learns these
    if !validated {
        return Err(Error::Rejected {
            status: StatusCode::FORBIDDEN,
            code: ErrorCode::EmailNotValidated,
            message: "validate your email first".into(),
        });
    }
    if standing == AccountStanding::Suspended {
        return Err(standing.refusal().expect("a suspension refuses"));
    }
    if !active && self_deactivated {
        // the owner deactivated the account themselves: logging in again is how they come back
        reactivate(&state.db, user_id).await?;
    } else if !active {
        return Err(Error::Rejected {
            status: StatusCode::FORBIDDEN,
            code: ErrorCode::AccountDeactivated,
            message: "this account is deactivated".into(),
        });
    }
    logged_in(&state, user_id, request.remember).await
}

/// Undoes the owner's own deactivation; the profile goes back to the search index (and to its
/// public page when shared) through the change log, as any profile change does.
async fn reactivate(db: &sqlx::PgPool, user_id: i64) -> Result<()> {
    sqlx::query(
        "update users set active = true, self_deactivated_at = null where id = $1 and self_deactivated_at is not null",
    )
    .bind(user_id)
    .execute(db)
    .await?;
    Ok(())
}

fn invalid_credentials() -> Error {
    Error::Rejected {
        status: StatusCode::UNAUTHORIZED,
        code: ErrorCode::InvalidCredentials,
        message: "unknown email or wrong password".into(),
    }
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct LoginWithTokenRequest {
    token: String,
}

#[utoipa::path(
    post, path = "/api/api/auth/login/with-token", request_body = LoginWithTokenRequest,
    responses(
        (status = 200, body = WhoAmI, description = "logged in; the session cookie is set"),
        (status = 400, body = crate::error::ErrorBody, description = "invalid_token"),
        (status = 429, body = crate::error::ErrorBody),
    )
)]
pub async fn login_with_token(
    State(state): State<AppState>,
    ClientIp(client_ip): ClientIp,
    Json(request): Json<LoginWithTokenRequest>,
) -> Result<Response> {
    state.limits.tokens_per_ip.hit(&state.db, &client_ip.to_string()).await?;
    let mut connection = state.db.acquire().await?;
    let consumed =
        tokens::consume(&mut connection, &request.token, TokenKind::Login).await?.ok_or_else(invalid_token)?;
    drop(connection);
    let active: bool = sqlx::query_scalar("select active and standing <> 'suspended' from users where id = $1")
        .bind(consumed.user_id)
        .fetch_one(&state.db)
        .await?;
    if !active {
        return Err(invalid_token());
    }
    logged_in(&state, consumed.user_id, false).await
}

/// The answer to any unknown, used or expired token.
pub fn invalid_token() -> Error {
    Error::Rejected {
        status: StatusCode::BAD_REQUEST,
        code: ErrorCode::InvalidToken,
        message: "this link is invalid, already used or expired".into(),
    }
}

#[utoipa::path(
    post, path = "/api/logout",
    responses((status = 204, description = "the cookie is cleared and every session of the user revoked"))
)]
pub async fn logout(State(state): State<AppState>, headers: HeaderMap) -> Result<Response> {
    // logging out ends the sessions on every device: a lost phone is one click away from safe
    let keys = &state.settings.session_keys;
    if let Some(user) = session::current_user(&state.db, keys, &state.session_checks, &headers).await? {
        sqlx::query("update users set session_version = session_version + 1 where id = $1")
            .bind(user.id)
            .execute(&state.db)
            .await?;
        return Ok(sessions_ended(&state, user.id));
    }
    let cookie = session::clearing_cookie(state.settings.secure_cookies());
    Ok((StatusCode::NO_CONTENT, [(header::SET_COOKIE, cookie)]).into_response())
}

/// 204 with the session cookie cleared: the answer of every route that has just ended the
/// caller's sessions (moved their session version), whose passed session checks are forgotten.
pub(crate) fn sessions_ended(state: &AppState, user_id: i64) -> Response {
    state.session_checks.forget(user_id);
    let cookie = session::clearing_cookie(state.settings.secure_cookies());
    (StatusCode::NO_CONTENT, [(header::SET_COOKIE, cookie)]).into_response()
}

#[utoipa::path(
    get, path = "/api/api/auth/whoami",
    responses((status = 200, body = WhoAmI))
)]
pub async fn whoami(State(state): State<AppState>, user: CurrentUser) -> Result<Json<WhoAmI>> {
    // the app asks this on every start: opening it is activity, recorded once a day at most
    sqlx::query(
        "update users set last_active_at = now(), retention_warned_at = null
         where id = $1 and last_active_at < now() - interval '1 day'",
    )
    .bind(user.id)
    .execute(&state.db)
    .await?;
    Ok(Json(who_am_i(&state.db, user.id).await?))
}
