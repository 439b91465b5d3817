//! Account life cycle: sign-up of candidates, schools and partners; email validation; password
//! reset and change; email change; unsubscribing from notification emails.
//!
//! Sign-up never tells whether an address is registered: a known address gets an email
//! ("you already have an account", with a login link) and the caller gets the same answer as
//! for a new one. The same goes for password-reset requests.

use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{Datelike, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use sqlx::PgConnection;
use utoipa_axum::routes;

use super::auth::{invalid_token, logged_in, verify_password};
use super::locale::Locale;
use super::routes::{Access, RouteTable};
use super::{AppState, ClientIp};
use crate::auth::password_policy;
use crate::auth::tokens::{self, TokenKind};
use crate::auth::{CurrentUser, session};
use crate::error::{Error, ErrorCode, Result, RuleCode};
use crate::extract::{Json, Path, Query};
use crate::mail::{self, Email};
use crate::password;
use crate::places::{LocalizationInput, Place};
use crate::slug::profile_slug;
use crate::validation::Checks;

pub fn routes(table: &mut RouteTable) {
    table.add(Access::Public, routes!(create_candidate));
    table.add(Access::Public, routes!(create_school));
    table.add(Access::Public, routes!(create_partner));
    table.add(Access::Public, routes!(validate_account));
    table.add(Access::Public, routes!(request_password_reset));
    table.add(Access::Public, routes!(reset_password));
    table.add(Access::Authenticated, routes!(request_email_renewal));
    table.add(Access::Public, routes!(confirm_email_renewal));
    table.add(Access::Only(crate::auth::Role::Candidate), routes!(change_candidate_password));
    table.add(Access::Only(crate::auth::Role::Partner), routes!(change_partner_password));
    table.add(Access::Public, routes!(unsubscribe));
}

/// The youngest age at which one may sign up (French work law allows jobs from 14-16).
const MIN_AGE_YEARS: i32 = 15;
/// Notification emails a user may unsubscribe from; every account is subscribed at sign-up.
const NOTIFICATION_TYPES: &[&str] = &["news", "sourcing", "school"];

#[derive(Serialize, utoipa::ToSchema)]
pub struct SignUpResponse {
    /// Always `check_your_inbox`: whether the address was new is told by email only.
    status: &'static str,
}

fn check_your_inbox() -> (StatusCode, Json<SignUpResponse>) {
    (StatusCode::CREATED, Json(SignUpResponse { status: "check_your_inbox" }))
}

/// The fields every sign-up has.
#[derive(Deserialize, utoipa::ToSchema)]
pub struct IdentityFields {
    firstname: Option<String>,
    lastname: Option<String>,
    email: Option<String>,
    password: Option<String>,
    phone: Option<String>,
    /// `fr` or `en` (default: the caller's language), for the emails.
    locale: Option<String>,
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct CandidateSignUpRequest {
    #[serde(flatten)]
    identity: IdentityFields,
    /// `YYYY-MM-DD`
    birthdate: Option<String>,
    localization: Option<LocalizationInput>,
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct SchoolSignUpRequest {
    /// The school's name.
    name: Option<String>,
    #[serde(flatten)]
    identity: IdentityFields,
    school_type: Option<i16>,
    localization: Option<LocalizationInput>,
}

/// A company by id, or by name (found case-insensitively, created when new).
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum CompanyReference {
    Id(i64),
    Name(String),
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct PartnerSignUpRequest {
    #[serde(flatten)]
    identity: IdentityFields,
    company: Option<CompanyReference>,
    role: Option<String>,
}

/// What every account has, checked.
struct NewAccount {
    email: String,
    password: String,
    firstname: String,
    lastname: String,
    phone: Option<String>,
    birthdate: Option<NaiveDate>,
    localization: Option<Place>,
    locale: Locale,
}

/// The rows that make a user a candidate, a school or a partner.
enum RoleDetails {
    Candidate,
    School { name: String, school_type: Option<i16> },
    Partner { company: CompanyReference, role: Option<String> },
}

fn check_phone(checks: &mut Checks, phone: Option<&str>, required: bool) -> Option<String> {
    let phone = if required { Some(checks.text("phone", phone, 30)) } else { checks.optional_text("phone", phone, 30) };
    let phone = phone.filter(|phone| !phone.is_empty())?;
    let digits = phone.chars().filter(char::is_ascii_digit).count();
    let allowed = phone.chars().all(|c| c.is_ascii_digit() || " +-.()".contains(c));
    if !allowed || !(6..=15).contains(&digits) {
        checks.fail("phone", RuleCode::InvalidPhone);
    }
    Some(phone)
}

fn check_birthdate(checks: &mut Checks, birthdate: Option<&str>) -> Option<NaiveDate> {
    let text = checks.text("birthdate", birthdate, 10);
    if text.is_empty() {
        return None;
    }
    let Ok(date) = NaiveDate::parse_from_str(&text, "%Y-%m-%d") else {
        checks.fail("birthdate", RuleCode::InvalidDate);
        return None;
    };
    let today = Utc::now().date_naive();
    let age = today.year() - date.year() - i32::from((today.month(), today.day()) < (date.month(), date.day()));
    if age < MIN_AGE_YEARS {
        checks.fail("birthdate", RuleCode::TooYoung);
    } else if age > 120 {
        checks.fail("birthdate", RuleCode::InvalidDate);
    }
    Some(date)
}

fn check_password(checks: &mut Checks, field: &str, password: Option<&str>, email: &str) -> String {
    let password = password.unwrap_or_default();
    if password.is_empty() {
        checks.fail(field, RuleCode::Required);
    } else if !password_policy::accepts(password, email) {
        checks.fail(field, RuleCode::PasswordPolicy);
    }
    password.to_owned()
}

fn chosen_locale(requested: Option<&str>, from_request: Locale) -> Locale {
    match requested {
        Some("en") => Locale::En,
        Some("fr") => Locale::Fr,
        _ => from_request,
    }
}

/// Checks the identity fields; the account still lacks its birthdate and place.
fn check_identity(checks: &mut Checks, identity: &IdentityFields, phone_required: bool, locale: Locale) -> NewAccount {
    let firstname = checks.text("firstname", identity.firstname.as_deref(), 100);
    let lastname = checks.text("lastname", identity.lastname.as_deref(), 100);
    let email = checks.email("email", identity.email.as_deref());
    let password = check_password(checks, "password", identity.password.as_deref(), &email);
    let phone = check_phone(checks, identity.phone.as_deref(), phone_required);
    NewAccount {
        email,
        password,
        firstname,
        lastname,
        phone,
        birthdate: None,
        localization: None,
        locale: chosen_locale(identity.locale.as_deref(), locale),
    }
}

/// Answers every broken rule, or creates the account (rate-limited per address).
async fn sign_up(
    state: &AppState,
    client_ip: std::net::IpAddr,
    checks: Checks,
    account: NewAccount,
    details: RoleDetails,
) -> Result<Response> {
    checks.finish()?;
    state.limits.sign_ups_per_ip.hit(&client_ip.to_string())?;
    register(state, account, details).await?;
    Ok(check_your_inbox().into_response())
}

#[utoipa::path(
    post, path = "/api/api/candidates", request_body = CandidateSignUpRequest,
    responses(
        (status = 201, body = SignUpResponse),
        (status = 422, body = crate::error::ErrorBody, description = "field rules: required, invalid_email, password_policy, invalid_phone, invalid_date, too_young, invalid_localization"),
        (status = 429, body = crate::error::ErrorBody),
    )
)]
pub async fn create_candidate(
    State(state): State<AppState>,
    ClientIp(client_ip): ClientIp,
    locale: Locale,
    Json(request): Json<CandidateSignUpRequest>,
) -> Result<Response> {
    let mut checks = Checks::new();
    let mut account = check_identity(&mut checks, &request.identity, true, locale);
    account.birthdate = check_birthdate(&mut checks, request.birthdate.as_deref());
    account.localization = Place::resolve(request.localization.as_ref(), "localization", &mut checks);
    sign_up(&state, client_ip, checks, account, RoleDetails::Candidate).await
}

#[utoipa::path(
    post, path = "/api/api/schools", request_body = SchoolSignUpRequest,
    responses((status = 201, body = SignUpResponse), (status = 422, body = crate::error::ErrorBody), (status = 429, body = crate::error::ErrorBody))
)]
pub async fn create_school(
    State(state): State<AppState>,
    ClientIp(client_ip): ClientIp,
    locale: Locale,
    Json(request): Json<SchoolSignUpRequest>,
) -> Result<Response> {
    let mut checks = Checks::new();
    let name = checks.text("name", request.name.as_deref(), 200);
    let mut account = check_identity(&mut checks, &request.identity, true, locale);
    account.localization = Place::resolve(request.localization.as_ref(), "localization", &mut checks);
    if let Some(school_type) = request.school_type {
        let known: bool = sqlx::query_scalar("select exists (select 1 from school_types where id = $1)")
            .bind(school_type)
            .fetch_one(&state.db)
            .await?;
        if !known {
            checks.fail("school_type", RuleCode::Unknown);
        }
    }
    sign_up(&state, client_ip, checks, account, RoleDetails::School { name, school_type: request.school_type }).await
}

#[utoipa::path(
    post, path = "/api/api/partners", request_body = PartnerSignUpRequest,
    responses((status = 201, body = SignUpResponse), (status = 422, body = crate::error::ErrorBody), (status = 429, body = crate::error::ErrorBody))
)]
pub async fn create_partner(
    State(state): State<AppState>,
    ClientIp(client_ip): ClientIp,
    locale: Locale,
    Json(request): Json<PartnerSignUpRequest>,
) -> Result<Response> {
    // spec section 5: a partner needs lastname, firstname, email and company
    let mut checks = Checks::new();
    let account = check_identity(&mut checks, &request.identity, false, locale);
    let role = checks.optional_text("role", request.role.as_deref(), 100);
    let company = match request.company {
        None => {
            checks.fail("company", RuleCode::Required);
            None
        }
        Some(CompanyReference::Name(name)) => {
            let name = checks.text("company", Some(&name), 200);
            Some(CompanyReference::Name(name))
        }
        Some(CompanyReference::Id(id)) => {
            let known: bool = sqlx::query_scalar("select exists (select 1 from companies where id = $1)")
                .bind(id)
                .fetch_one(&state.db)
                .await?;
            if !known {
                checks.fail("company", RuleCode::Unknown);
            }
            Some(CompanyReference::Id(id))
        }
    };
    match company {
        Some(company) => sign_up(&state, client_ip, checks, account, RoleDetails::Partner { company, role }).await,
        None => Err(checks.finish().expect_err("a missing company broke a rule")),
    }
}

/// Creates the account and sends the validation email, or, when the address is taken, tells
/// its owner by email instead.
async fn register(state: &AppState, account: NewAccount, details: RoleDetails) -> Result<()> {
    // hashing first, whatever happens next, keeps both paths equally slow
    let password_to_hash = account.password.clone();
    let password_hash = tokio::task::spawn_blocking(move || password::hash(&password_to_hash))
        .await
        .map_err(|error| Error::Internal(error.into()))??;
    let mut transaction = state.db.begin().await?;
    let existing: Option<(i64, String, String)> =
        sqlx::query_as("select id, firstname, locale from users where lower(email) = $1")
            .bind(&account.email)
            .fetch_optional(&mut *transaction)
            .await?;
    if let Some((user_id, firstname, locale)) = existing {
        let login = tokens::create(&mut transaction, user_id, TokenKind::Login, None).await?;
        transaction.commit().await?;
        let locale = if locale == "en" { Locale::En } else { Locale::Fr };
        let email = already_registered_email(state, locale, user_id, &account.email, &firstname, &login).await?;
        state.mailer.send_later(&state.db, email);
        return Ok(());
    }
    let localization_id = match &account.localization {
        Some(place) => Some(place.insert(&mut transaction).await?),
        None => None,
    };
    let role = match details {
        RoleDetails::Candidate => "candidate",
        RoleDetails::School { .. } => "school",
        RoleDetails::Partner { .. } => "partner",
    };
    let user_id: i64 = sqlx::query_scalar(
        "insert into users (discriminator, email, password_hash, lastname, firstname, phone, birthdate, localization_id, locale)
         values ($1::user_role, $2, $3, $4, $5, $6, $7, $8, $9) returning id",
    )
    .bind(role)
    .bind(&account.email)
    .bind(&password_hash)
    .bind(&account.lastname)
    .bind(&account.firstname)
    .bind(&account.phone)
    .bind(account.birthdate)
    .bind(localization_id)
    .bind(account.locale.code())
    .fetch_one(&mut *transaction)
    .await
    .map_err(email_taken_on_race)?;
    match details {
        RoleDetails::Candidate => {
            let slug = profile_slug(&format!("{} {}", account.firstname, account.lastname), user_id);
            sqlx::query("insert into candidates (user_id, slug) values ($1, $2)")
                .bind(user_id)
                .bind(slug)
                .execute(&mut *transaction)
                .await?;
        }
        RoleDetails::School { name, school_type } => {
            sqlx::query("insert into schools (user_id, name, school_type_id) values ($1, $2, $3)")
                .bind(user_id)
                .bind(name)
                .bind(school_type)
                .execute(&mut *transaction)
                .await?;
            if let Some(place) = &account.localization {
                // the school's own copy: the user's row and the school's may later differ
                let school_place = place.insert(&mut transaction).await?;
                sqlx::query("insert into school_localizations (school_id, localization_id) values ($1, $2)")
                    .bind(user_id)
                    .bind(school_place)
                    .execute(&mut *transaction)
                    .await?;
            }
        }
        RoleDetails::Partner { company, role } => {
            let company_id = company_id(&mut transaction, company, user_id).await?;
            sqlx::query("insert into partners (user_id, company_id, role) values ($1, $2, $3)")
                .bind(user_id)
                .bind(company_id)
                .bind(role)
                .execute(&mut *transaction)
                .await?;
        }
    }
    let token = tokens::create(&mut transaction, user_id, TokenKind::Validation, None).await?;
    transaction.commit().await?;
    let email = validation_email(state, account.locale, user_id, &account.email, &account.firstname, &token).await?;
    state.mailer.send_later(&state.db, email);
    Ok(())
}

/// Two sign-ups with one address at the same instant: the second sees the unique index.
fn email_taken_on_race(error: sqlx::Error) -> Error {
    match error.as_database_error().and_then(|database_error| database_error.constraint()) {
        Some("users_email_key") => {
            Error::Conflict { code: ErrorCode::EmailTaken, message: "this email already has an account".into() }
        }
        _ => Error::Database(error),
    }
}

async fn company_id(connection: &mut PgConnection, company: CompanyReference, created_by: i64) -> Result<i64> {
    match company {
        CompanyReference::Id(id) => Ok(id),
        CompanyReference::Name(name) => {
            let existing: Option<i64> = sqlx::query_scalar("select id from companies where lower(name) = lower($1)")
                .bind(&name)
                .fetch_optional(&mut *connection)
                .await?;
            match existing {
                Some(id) => Ok(id),
                None => Ok(sqlx::query_scalar(
                    "insert into companies (name, created_by) values ($1, $2)
                     on conflict (lower(name)) do update set name = companies.name returning id",
                )
                .bind(&name)
                .bind(created_by)
                .fetch_one(&mut *connection)
                .await?),
            }
        }
    }
}

/// The unsubscribe link of a user for one notification type. The token is derived from the
/// server secret (so every email can carry it without storing it); its hash is kept for lookup.
async fn unsubscribe_link(state: &AppState, user_id: i64, notification_type: &str) -> Result<String> {
    let mut hasher = Sha256::new();
    hasher.update(state.settings.session_keys.secret());
    hasher.update(format!(":unsubscribe:{user_id}:{notification_type}").as_bytes());
    let token = URL_SAFE_NO_PAD.encode(hasher.finalize());
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

async fn subscribe_to_everything(state: &AppState, user_id: i64) -> Result<String> {
    let mut news_link = String::new();
    for notification_type in NOTIFICATION_TYPES {
        let link = unsubscribe_link(state, user_id, notification_type).await?;
        if *notification_type == "news" {
            news_link = link;
        }
    }
    Ok(news_link)
}

async fn validation_email(
    state: &AppState,
    locale: Locale,
    user_id: i64,
    to: &str,
    firstname: &str,
    token: &str,
) -> Result<Email> {
    let unsubscribe = subscribe_to_everything(state, user_id).await?;
    let link = format!("{}/inscription/valider?token={token}", state.settings.public_url);
    let (subject, paragraphs, action) = match locale {
        Locale::Fr => (
            "Confirmez votre adresse email",
            [format!("Bonjour {firstname},"), "Bienvenue sur Vivier ! Confirmez votre adresse pour activer votre compte. Ce lien est valable 3 jours.".to_owned()],
            "Confirmer mon adresse",
        ),
        Locale::En => (
            "Confirm your email address",
            [format!("Hello {firstname},"), "Welcome to Vivier! Confirm your address to activate your account. This link is valid for 3 days.".to_owned()],
            "Confirm my address",
        ),
    };
    Ok(mail::compose(locale, to, Some(user_id), subject.to_owned(), &paragraphs, Some((action, link)), unsubscribe))
}

async fn already_registered_email(
    state: &AppState,
    locale: Locale,
    user_id: i64,
    to: &str,
    firstname: &str,
    login_token: &str,
) -> Result<Email> {
    let unsubscribe = unsubscribe_link(state, user_id, "news").await?;
    let link = format!("{}/login/with-token?token={login_token}", state.settings.public_url);
    let reset = format!("{}/mot-de-passe/oublier", state.settings.public_url);
    let (subject, paragraphs, action) = match locale {
        Locale::Fr => (
            "Vous avez déjà un compte Vivier",
            [
                format!("Bonjour {firstname},"),
                "Quelqu'un, peut-être vous, a voulu créer un compte Vivier avec cette adresse, qui en a déjà un. Vous pouvez vous connecter avec le lien ci-dessous, valable 30 minutes.".to_owned(),
                format!("Mot de passe oublié ? {reset}"),
            ],
            "Me connecter",
        ),
        Locale::En => (
            "You already have a Vivier account",
            [
                format!("Hello {firstname},"),
                "Someone, perhaps you, tried to create a Vivier account with this address, which already has one. You can log in with the link below, valid for 30 minutes.".to_owned(),
                format!("Forgot your password? {reset}"),
            ],
            "Log me in",
        ),
    };
    Ok(mail::compose(locale, to, Some(user_id), subject.to_owned(), &paragraphs, Some((action, link)), unsubscribe))
}

#[utoipa::path(
    post, path = "/api/api/user/validation-tokens/validate/{token}",
    params(("token" = String, Path, description = "the token of the validation link")),
    responses(
        (status = 200, body = super::auth::WhoAmI, description = "validated and logged in"),
        (status = 400, body = crate::error::ErrorBody, description = "invalid_token"),
        (status = 429, body = crate::error::ErrorBody),
    )
)]
pub async fn validate_account(
    State(state): State<AppState>,
    ClientIp(client_ip): ClientIp,
    Path(token): Path<String>,
) -> Result<Response> {
    state.limits.tokens_per_ip.hit(&client_ip.to_string())?;
    let mut transaction = state.db.begin().await?;
    let consumed = tokens::consume(&mut transaction, &token, TokenKind::Validation).await?.ok_or_else(invalid_token)?;
    sqlx::query("update users set email_validated_at = coalesce(email_validated_at, now()) where id = $1")
        .bind(consumed.user_id)
        .execute(&mut *transaction)
        .await?;
    transaction.commit().await?;
    logged_in(&state, consumed.user_id, false).await
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct PasswordResetRequest {
    email: Option<String>,
}

#[utoipa::path(
    post, path = "/api/api/users/reset-password", request_body = PasswordResetRequest,
    responses(
        (status = 204, description = "an email is sent if the account exists"),
        (status = 422, body = crate::error::ErrorBody),
        (status = 429, body = crate::error::ErrorBody),
    )
)]
pub async fn request_password_reset(
    State(state): State<AppState>,
    ClientIp(client_ip): ClientIp,
    Json(request): Json<PasswordResetRequest>,
) -> Result<StatusCode> {
    let mut checks = Checks::new();
    let email = checks.email("email", request.email.as_deref());
    checks.finish()?;
    state.limits.password_resets_per_ip.hit(&client_ip.to_string())?;
    state.limits.password_resets_per_account.hit(&email)?;
    // the lookup and the email happen after the answer, which then reveals nothing
    tokio::spawn(async move {
        if let Err(error) = send_password_reset(&state, &email).await {
            tracing::error!(%error, "cannot prepare a password reset email");
        }
    });
    Ok(StatusCode::NO_CONTENT)
}

async fn send_password_reset(state: &AppState, email: &str) -> Result<()> {
    let account: Option<(i64, String, String)> =
        sqlx::query_as("select id, firstname, locale from users where lower(email) = $1 and active")
            .bind(email)
            .fetch_optional(&state.db)
            .await?;
    let Some((user_id, firstname, locale)) = account else {
        return Ok(());
    };
    let mut connection = state.db.acquire().await?;
    let token = tokens::create(&mut connection, user_id, TokenKind::ResetPassword, None).await?;
    drop(connection);
    let locale = if locale == "en" { Locale::En } else { Locale::Fr };
    let unsubscribe = unsubscribe_link(state, user_id, "news").await?;
    let link = format!("{}/mot-de-passe/reinitialiser?token={token}", state.settings.public_url);
    let (subject, paragraphs, action) = match locale {
        Locale::Fr => (
            "Réinitialisez votre mot de passe",
            [format!("Bonjour {firstname},"), "Vous avez demandé à changer votre mot de passe. Ce lien est valable une heure. Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.".to_owned()],
            "Choisir un nouveau mot de passe",
        ),
        Locale::En => (
            "Reset your password",
            [format!("Hello {firstname},"), "You asked to change your password. This link is valid for one hour. If you did not ask for it, ignore this message.".to_owned()],
            "Choose a new password",
        ),
    };
    let message =
        mail::compose(locale, email, Some(user_id), subject.to_owned(), &paragraphs, Some((action, link)), unsubscribe);
    state.mailer.send_later(&state.db, message);
    Ok(())
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct NewPasswordRequest {
    password: Option<String>,
}

#[utoipa::path(
    post, path = "/api/api/user/reset-password-tokens/reset/{token}", request_body = NewPasswordRequest,
    params(("token" = String, Path, description = "the token of the reset link")),
    responses(
        (status = 204, description = "password changed, every session revoked"),
        (status = 400, body = crate::error::ErrorBody, description = "invalid_token"),
        (status = 422, body = crate::error::ErrorBody, description = "password_policy"),
    )
)]
pub async fn reset_password(
    State(state): State<AppState>,
    ClientIp(client_ip): ClientIp,
    Path(token): Path<String>,
    Json(request): Json<NewPasswordRequest>,
) -> Result<StatusCode> {
    state.limits.tokens_per_ip.hit(&client_ip.to_string())?;
    let owner_email: Option<String> = sqlx::query_scalar(
        "select u.email from user_tokens t join users u on u.id = t.user_id
         where t.token_hash = $1 and t.kind = 'reset_password' and t.used_at is null and t.expires_at > now()",
    )
    .bind(tokens::sha256(&token))
    .fetch_optional(&state.db)
    .await?;
    let owner_email = owner_email.ok_or_else(invalid_token)?;
    let mut checks = Checks::new();
    let new_password = check_password(&mut checks, "password", request.password.as_deref(), &owner_email);
    checks.finish()?;
    let hash = tokio::task::spawn_blocking(move || password::hash(&new_password))
        .await
        .map_err(|error| Error::Internal(error.into()))??;
    let mut transaction = state.db.begin().await?;
    let consumed =
        tokens::consume(&mut transaction, &token, TokenKind::ResetPassword).await?.ok_or_else(invalid_token)?;
    // following the link proved the address too
    sqlx::query(
        "update users set password_hash = $2, session_version = session_version + 1,
                email_validated_at = coalesce(email_validated_at, now()) where id = $1",
    )
    .bind(consumed.user_id)
    .bind(hash)
    .execute(&mut *transaction)
    .await?;
    transaction.commit().await?;
    state.session_checks.forget(consumed.user_id);
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct EmailRenewalRequest {
    /// The new address, to be confirmed by a link sent there.
    email: Option<String>,
}

#[utoipa::path(
    post, path = "/api/api/user/renewal-email-tokens", request_body = EmailRenewalRequest,
    responses(
        (status = 204, description = "a confirmation link was sent to the new address"),
        (status = 401, body = crate::error::ErrorBody),
        (status = 409, body = crate::error::ErrorBody, description = "email_taken"),
        (status = 422, body = crate::error::ErrorBody),
    )
)]
pub async fn request_email_renewal(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(request): Json<EmailRenewalRequest>,
) -> Result<StatusCode> {
    let mut checks = Checks::new();
    let new_email = checks.email("email", request.email.as_deref());
    checks.finish()?;
    let taken: bool = sqlx::query_scalar("select exists (select 1 from users where lower(email) = $1)")
        .bind(&new_email)
        .fetch_one(&state.db)
        .await?;
    if taken {
        return Err(Error::Conflict {
            code: ErrorCode::EmailTaken,
            message: "this email already has an account".into(),
        });
    }
    let mut transaction = state.db.begin().await?;
    let token = tokens::create(&mut transaction, user.id, TokenKind::EmailRenewal, Some(&new_email)).await?;
    let (firstname, locale): (String, String) =
        sqlx::query_as("update users set is_email_renewal = true where id = $1 returning firstname, locale")
            .bind(user.id)
            .fetch_one(&mut *transaction)
            .await?;
    transaction.commit().await?;
    let locale = if locale == "en" { Locale::En } else { Locale::Fr };
    let unsubscribe = unsubscribe_link(&state, user.id, "news").await?;
    let link = format!("{}/inscription/valider?token={token}&kind=email", state.settings.public_url);
    let (subject, paragraphs, action) = match locale {
        Locale::Fr => (
            "Confirmez votre nouvelle adresse",
            [format!("Bonjour {firstname},"), "Confirmez cette adresse pour qu'elle devienne celle de votre compte Vivier. Ce lien est valable 24 heures.".to_owned()],
            "Confirmer cette adresse",
        ),
        Locale::En => (
            "Confirm your new address",
            [format!("Hello {firstname},"), "Confirm this address to make it your Vivier account's address. This link is valid for 24 hours.".to_owned()],
            "Confirm this address",
        ),
    };
    let message = mail::compose(
        locale,
        &new_email,
        Some(user.id),
        subject.to_owned(),
        &paragraphs,
        Some((action, link)),
        unsubscribe,
    );
    state.mailer.send_later(&state.db, message);
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(
    post, path = "/api/api/user/renewal-email-tokens/{token}",
    params(("token" = String, Path, description = "the token of the confirmation link")),
    responses(
        (status = 204, description = "the account's email is now the new address"),
        (status = 400, body = crate::error::ErrorBody, description = "invalid_token"),
        (status = 409, body = crate::error::ErrorBody, description = "email_taken"),
    )
)]
pub async fn confirm_email_renewal(
    State(state): State<AppState>,
    ClientIp(client_ip): ClientIp,
    Path(token): Path<String>,
) -> Result<StatusCode> {
    state.limits.tokens_per_ip.hit(&client_ip.to_string())?;
    let mut transaction = state.db.begin().await?;
    let consumed =
        tokens::consume(&mut transaction, &token, TokenKind::EmailRenewal).await?.ok_or_else(invalid_token)?;
    let new_email = consumed.new_email.ok_or_else(invalid_token)?;
    sqlx::query("update users set email = $2, is_email_renewal = false, email_validated_at = now() where id = $1")
        .bind(consumed.user_id)
        .bind(new_email)
        .execute(&mut *transaction)
        .await
        .map_err(email_taken_on_race)?;
    transaction.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, utoipa::IntoParams)]
pub struct PasswordChangeQuery {
    /// Present (`?password`) when the request changes the password.
    password: Option<String>,
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct PasswordChangeRequest {
    current_password: Option<String>,
    password: Option<String>,
}

#[utoipa::path(
    patch, path = "/api/api/candidates", params(PasswordChangeQuery), request_body = PasswordChangeRequest,
    responses(
        (status = 204, description = "password changed; other sessions revoked, this one renewed"),
        (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
        (status = 422, body = crate::error::ErrorBody, description = "wrong_password, password_policy"),
    )
)]
pub async fn change_candidate_password(
    state: State<AppState>,
    user: CurrentUser,
    query: Query<PasswordChangeQuery>,
    request: Json<PasswordChangeRequest>,
) -> Result<Response> {
    change_password(state, user, query, request).await
}

#[utoipa::path(
    patch, path = "/api/api/partners", params(PasswordChangeQuery), request_body = PasswordChangeRequest,
    responses(
        (status = 204, description = "password changed; other sessions revoked, this one renewed"),
        (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
        (status = 422, body = crate::error::ErrorBody, description = "wrong_password, password_policy"),
    )
)]
pub async fn change_partner_password(
    state: State<AppState>,
    user: CurrentUser,
    query: Query<PasswordChangeQuery>,
    request: Json<PasswordChangeRequest>,
) -> Result<Response> {
    change_password(state, user, query, request).await
}

/// The password change of spec section 7 (`PATCH ...?password`). Other profile updates through
/// these paths belong to the profile features and answer 422 until they exist.
async fn change_password(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(query): Query<PasswordChangeQuery>,
    Json(request): Json<PasswordChangeRequest>,
) -> Result<Response> {
    if query.password.is_none() {
        return Err(Error::invalid("password", RuleCode::QueryParameterExpected));
    }
    let (email, stored_hash): (String, Option<String>) =
        sqlx::query_as("select email, password_hash from users where id = $1")
            .bind(user.id)
            .fetch_one(&state.db)
            .await?;
    let current = request.current_password.clone().unwrap_or_default();
    let matches = verify_password(current, stored_hash.unwrap_or_default()).await?;
    let mut checks = Checks::new();
    if !matches {
        checks.fail("current_password", RuleCode::WrongPassword);
    }
    let new_password = check_password(&mut checks, "password", request.password.as_deref(), &email);
    checks.finish()?;
    let hash = tokio::task::spawn_blocking(move || password::hash(&new_password))
        .await
        .map_err(|error| Error::Internal(error.into()))??;
    let session_version: i32 = sqlx::query_scalar(
        "update users set password_hash = $2, session_version = session_version + 1 where id = $1 returning session_version",
    )
    .bind(user.id)
    .bind(hash)
    .fetch_one(&state.db)
    .await?;
    state.session_checks.forget(user.id);
    // every other device is logged out; this one gets a session of the new version
    let cookie = session::issue_cookie(
        &state.settings.session_keys,
        user.id,
        session_version,
        false,
        state.settings.secure_cookies(),
    );
    Ok((StatusCode::NO_CONTENT, [(header::SET_COOKIE, cookie)]).into_response())
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
    responses((status = 204), (status = 400, body = crate::error::ErrorBody, description = "invalid_token"))
)]
pub async fn unsubscribe(
    State(state): State<AppState>,
    ClientIp(client_ip): ClientIp,
    Json(request): Json<UnsubscribeRequest>,
) -> Result<StatusCode> {
    state.limits.tokens_per_ip.hit(&client_ip.to_string())?;
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
