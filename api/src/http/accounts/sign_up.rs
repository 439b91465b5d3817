//! Sign-up of candidates, schools and partners, and the validation of their address.
//!
//! A new school or partner account waits for an operator's approval ([`AccountStanding::Pending`])
//! before it reaches any candidate; a candidate's account is approved from the start.
//!
//! Sign-up never tells whether an address is registered: a known address gets an email
//! ("you already have an account", pointing to the password reset) and the caller gets the same
//! answer as for a new one. Following the validation link validates the account but does not
//! log in: the user then logs in with their password.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;

use super::unsubscribe::create_subscriptions;
use super::{check_password, email_taken_on_race, follow_link};
use crate::auth::password_strength::PasswordOwner;
use crate::auth::tokens::{self, TokenKind};
use crate::auth::{AccountStanding, Role};
use crate::error::{Error, Result, RuleCode};
use crate::extract::{Json, Path};
use crate::http::{AppState, ClientIp};
use crate::locale::Locale;
use crate::mail::EmailKind;
use crate::mail::{Recipient, account_email};
use crate::password;
use crate::places::{LocalizationInput, Place};
use crate::slug::profile_slug;
use crate::validation::Checks;

/// The version of the terms of use and privacy notice the sign-up form shows; stored with the
/// candidate's consent (`user_consents`) so that what they accepted can be told later. Bump it
/// whenever the text (`signUp.consent` in the web app's `auth` translations, or `signUp.productNews`
/// for the product news asked beside it) changes.
pub const TERMS_VERSION: &str = "2026-11";

#[derive(Serialize, utoipa::ToSchema)]
pub struct SignUpResponse {
    /// Always `check_your_inbox`: whether the address was new is told by email only.
    status: &'static str,
}

fn check_your_inbox() -> (StatusCode, Json<SignUpResponse>) {
    (StatusCode::CREATED, Json(SignUpResponse { status: "check_your_inbox" }))
}

/// The fields every sign-up has. A text is trimmed before its rules are checked.
#[derive(Deserialize, utoipa::ToSchema)]
pub struct IdentityFields {
    #[schema(required = true, nullable = false, min_length = 1, max_length = 100)]
    firstname: Option<String>,
    #[schema(required = true, nullable = false, min_length = 1, max_length = 100)]
    lastname: Option<String>,
    /// One `@` with something before it and a domain holding a dot after it, no spaces.
    #[schema(required = true, nullable = false, format = Email, max_length = 254)]
    email: Option<String>,
    /// 10 to 128 characters with a letter and a digit, not holding the email's part before
    /// the `@`, and not easily guessed (`password_too_weak`: names, the email and common words
    /// are tried).
    #[schema(required = true, nullable = false, min_length = 10, max_length = 128)]
    password: Option<String>,
    /// `fr` or `en` for the emails (anything else: the caller's language).
    locale: Option<String>,
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct CandidateSignUpRequest {
    #[serde(flatten)]
    identity: IdentityFields,
    #[schema(required = true, nullable = false, format = "phone", max_length = 30)]
    phone: Option<String>,
    /// Someone 15 to 120 years old.
    #[schema(required = true, nullable = false, value_type = String, format = Date)]
    birthdate: Option<String>,
    #[schema(required = true, nullable = false)]
    localization: Option<LocalizationInput>,
    /// `true`: the candidate accepts the terms of use and privacy notice.
    #[schema(required = true, nullable = false)]
    consent: Option<bool>,
    /// The candidate asks for the product news email (optional; not sent without `true`).
    product_news: Option<bool>,
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct SchoolSignUpRequest {
    /// The school's name.
    #[schema(required = true, nullable = false, min_length = 1, max_length = 200)]
    name: Option<String>,
    #[serde(flatten)]
    identity: IdentityFields,
    #[schema(required = true, nullable = false, format = "phone", max_length = 30)]
    phone: Option<String>,
    school_type: Option<i16>,
    #[schema(required = true, nullable = false)]
    localization: Option<LocalizationInput>,
}

/// A company by id, or by name (found case-insensitively, created when new).
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum CompanyReference {
    Id(i64),
    /// 1 to 200 characters.
    Name(String),
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct PartnerSignUpRequest {
    #[serde(flatten)]
    identity: IdentityFields,
    #[schema(format = "phone", max_length = 30)]
    phone: Option<String>,
    #[schema(required = true, nullable = false)]
    company: Option<CompanyReference>,
    #[schema(max_length = 100)]
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
    /// Whether the person asked for product news, when the form asked them.
    product_news: Option<bool>,
}

/// The rows that make a user a candidate, a school or a partner.
enum RoleDetails {
    Candidate,
    School { name: String, school_type: Option<i16> },
    Partner { company: CompanyReference, role: Option<String> },
}

pub(super) fn chosen_locale(requested: Option<&str>, from_request: Locale) -> Locale {
    match requested {
        Some("en") => Locale::En,
        Some("fr") => Locale::Fr,
        _ => from_request,
    }
}

/// Checks the identity fields; the account still lacks its birthdate and place.
async fn check_identity(
    checks: &mut Checks,
    identity: &IdentityFields,
    (phone, phone_required): (Option<&str>, bool),
    locale: Locale,
) -> Result<NewAccount> {
    let firstname = checks.text("firstname", identity.firstname.as_deref(), 100);
    let lastname = checks.text("lastname", identity.lastname.as_deref(), 100);
    let email = checks.email("email", identity.email.as_deref());
    let owner = PasswordOwner { email: &email, firstname: &firstname, lastname: &lastname };
    let password = check_password(checks, "password", identity.password.as_deref(), &owner).await?;
    let phone = checks.phone("phone", phone, phone_required);
    Ok(NewAccount {
        email,
        password,
        firstname,
        lastname,
        phone,
        birthdate: None,
        localization: None,
        locale: chosen_locale(identity.locale.as_deref(), locale),
        product_news: None,
    })
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
    state.limits.sign_ups_per_ip.hit(&state.db, &client_ip.to_string()).await?;
    register(state, account, details).await?;
    Ok(check_your_inbox().into_response())
}

#[utoipa::path(
    post, path = "/api/api/candidates", request_body = CandidateSignUpRequest,
    responses(
        (status = 201, body = SignUpResponse),
        (status = 422, body = crate::error::ErrorBody, description = "field rules: required, invalid_email, password_policy, password_too_weak, invalid_phone, invalid_date, too_young, invalid_localization"),
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
    let mut account = check_identity(&mut checks, &request.identity, (request.phone.as_deref(), true), locale).await?;
    account.birthdate = checks.birthdate("birthdate", request.birthdate.as_deref());
    account.localization = Place::resolve(request.localization.as_ref(), "localization", &mut checks);
    if request.consent != Some(true) {
        checks.fail("consent", RuleCode::Required);
    }
    account.product_news = Some(request.product_news == Some(true));
    sign_up(&state, client_ip, checks, account, RoleDetails::Candidate).await
}

#[utoipa::path(
    post, path = "/api/api/schools", request_body = SchoolSignUpRequest,
    responses(
        (status = 201, body = SignUpResponse),
        (status = 422, body = crate::error::ErrorBody, description = "field rules: required, too_long, invalid_email, password_policy, password_too_weak, invalid_phone, invalid_localization, unknown"),
        (status = 429, body = crate::error::ErrorBody),
    )
)]
pub async fn create_school(
    State(state): State<AppState>,
    ClientIp(client_ip): ClientIp,
    locale: Locale,
    Json(request): Json<SchoolSignUpRequest>,
) -> Result<Response> {
    let mut checks = Checks::new();
    let name = checks.text("name", request.name.as_deref(), 200);
    let mut account = check_identity(&mut checks, &request.identity, (request.phone.as_deref(), true), locale).await?;
    account.localization = Place::resolve(request.localization.as_ref(), "localization", &mut checks);
    checks.known_row(&state.db, "school_type", "school_types", request.school_type).await?;
    sign_up(&state, client_ip, checks, account, RoleDetails::School { name, school_type: request.school_type }).await
}

#[utoipa::path(
    post, path = "/api/api/partners", request_body = PartnerSignUpRequest,
    responses(
        (status = 201, body = SignUpResponse),
        (status = 422, body = crate::error::ErrorBody, description = "field rules: required, too_long, invalid_email, password_policy, password_too_weak, invalid_phone, unknown"),
        (status = 429, body = crate::error::ErrorBody),
    )
)]
pub async fn create_partner(
    State(state): State<AppState>,
    ClientIp(client_ip): ClientIp,
    locale: Locale,
    Json(request): Json<PartnerSignUpRequest>,
) -> Result<Response> {
    // spec section 5: a partner needs lastname, firstname, email and company
    let mut checks = Checks::new();
    let account = check_identity(&mut checks, &request.identity, (request.phone.as_deref(), false), locale).await?;
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
            checks.known_row(&state.db, "company", "companies", Some(id)).await?;
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
    let password_hash = password::hash_off_runtime(account.password.clone()).await?;
    let mut transaction = state.db.begin().await?;
    let existing: Option<(i64, String, String)> =
        sqlx::query_as("select id, firstname, locale from users where lower(email) = $1")
            .bind(&account.email)
            .fetch_optional(&mut *transaction)
            .await?;
    if let Some((user_id, firstname, locale)) = existing {
        // no login link: whoever typed the address may not own it; its owner logs in with
        // their password or resets it
        let owner = Recipient { user_id, email: account.email, firstname, locale: Locale::from_code(&locale) };
        let forgot_password_url = format!("{}/mot-de-passe/oublier", state.settings.public_url);
        let email =
            account_email(&mut transaction, &state.settings, EmailKind::AlreadyRegistered, owner, forgot_password_url)
                .await?;
        state.mailer.enqueue(&mut *transaction, email).await.map_err(Error::Internal)?;
        transaction.commit().await?;
        return Ok(());
    }
    let localization_id = match &account.localization {
        Some(place) => Some(place.insert(&mut transaction).await?),
        None => None,
    };
    // schools and partners reach candidates: an operator approves them first
    let (role, standing) = match details {
        RoleDetails::Candidate => (Role::Candidate, AccountStanding::Approved),
        RoleDetails::School { .. } => (Role::School, AccountStanding::Pending),
        RoleDetails::Partner { .. } => (Role::Partner, AccountStanding::Pending),
    };
    let user_id: i64 = sqlx::query_scalar(
        "insert into users (discriminator, email, password_hash, lastname, firstname, phone, birthdate, localization_id, locale, standing)
         values ($1::user_role, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id",
    )
    .bind(role.discriminator())
    .bind(&account.email)
    .bind(&password_hash)
    .bind(&account.lastname)
    .bind(&account.firstname)
    .bind(&account.phone)
    .bind(account.birthdate)
    .bind(localization_id)
    .bind(account.locale.code())
    .bind(standing)
    .fetch_one(&mut *transaction)
    .await
    .map_err(email_taken_on_race)?;
    match details {
        RoleDetails::Candidate => {
            insert_candidate(&mut transaction, user_id, &account.firstname, &account.lastname).await?;
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
    create_subscriptions(&mut transaction, &state.settings, user_id, account.product_news).await?;
    let new_user = Recipient { user_id, email: account.email, firstname: account.firstname, locale: account.locale };
    let validation_url = format!("{}/inscription/valider?token={token}", state.settings.public_url);
    let email =
        account_email(&mut transaction, &state.settings, EmailKind::Validation, new_user, validation_url).await?;
    state.mailer.enqueue(&mut *transaction, email).await.map_err(Error::Internal)?;
    transaction.commit().await?;
    Ok(())
}

/// The rows that make user `user_id` a candidate who accepted the terms of [`TERMS_VERSION`].
pub(super) async fn insert_candidate(
    connection: &mut PgConnection,
    user_id: i64,
    firstname: &str,
    lastname: &str,
) -> sqlx::Result<()> {
    sqlx::query("insert into candidates (user_id, slug) values ($1, $2)")
        .bind(user_id)
        .bind(profile_slug(&format!("{firstname} {lastname}"), user_id))
        .execute(&mut *connection)
        .await?;
    sqlx::query("insert into user_consents (user_id, kind, text_version) values ($1, 'terms', $2)")
        .bind(user_id)
        .bind(TERMS_VERSION)
        .execute(&mut *connection)
        .await?;
    Ok(())
}

pub(super) async fn company_id(
    connection: &mut PgConnection,
    company: CompanyReference,
    created_by: i64,
) -> Result<i64> {
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

#[utoipa::path(
    post, path = "/api/api/user/validation-tokens/validate/{token}",
    params(("token" = String, Path, description = "the token of the validation link")),
    responses(
        (status = 204, description = "validated; the user logs in with their password"),
        (status = 400, body = crate::error::ErrorBody, description = "invalid_token"),
        (status = 429, body = crate::error::ErrorBody),
    )
)]
pub async fn validate_account(
    State(state): State<AppState>,
    ClientIp(client_ip): ClientIp,
    Path(token): Path<String>,
) -> Result<StatusCode> {
    let (mut transaction, consumed) = follow_link(&state, client_ip, &token, TokenKind::Validation).await?;
    sqlx::query("update users set email_validated_at = coalesce(email_validated_at, now()) where id = $1")
        .bind(consumed.user_id)
        .execute(&mut *transaction)
        .await?;
    transaction.commit().await?;
    // no session: a validation link is proof of the address, not of the password, and may
    // have been opened by whoever reads that mailbox
    Ok(StatusCode::NO_CONTENT)
}
