//! A school brings its own recruiters: `POST /api/api/school/recruiter-invitations` invites an
//! address, `GET` lists the invitations still open and `DELETE …/{id}` withdraws one (with the link
//! request it sent, if the recruiter has not accepted it).
//!
//! What the address gets depends on who owns it, and the school is never told which: an address
//! without an account receives a link that creates a partner account already linked to the
//! school ([`crate::http::accounts`]' recruiter sign-up), which finds the school's students at once
//! and the other candidates once an operator approves it; a partner's address receives the
//! school's link request (as `add-school` sends it); any other account receives nothing. The
//! invitation is recorded alike in every case, and stays open until the recruiter answers, the
//! school withdraws it or thirty days pass.

use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::partners::request_link;
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::tokens::new_secret;
use crate::error::{Error, Result};
use crate::extract::{Json, Path};
use crate::locale::Locale;
use crate::mail::{EmailKind, Letter};
use crate::validation::Checks;

#[derive(Deserialize, utoipa::ToSchema)]
pub struct RecruiterInvitationRequest {
    /// The recruiter's work address.
    #[schema(required = true, nullable = false, format = Email, max_length = 254)]
    email: Option<String>,
    #[schema(required = true, nullable = false, min_length = 1, max_length = 100)]
    firstname: Option<String>,
    #[schema(required = true, nullable = false, min_length = 1, max_length = 100)]
    lastname: Option<String>,
}

/// An invitation the recruiter has not answered yet.
#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct RecruiterInvitation {
    id: i64,
    email: String,
    firstname: String,
    lastname: String,
    created_at: DateTime<Utc>,
    expires_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RecruiterInvitationList {
    /// Newest first.
    invitations: Vec<RecruiterInvitation>,
}

#[utoipa::path(
    post, path = "/api/api/school/recruiter-invitations", request_body = RecruiterInvitationRequest,
    responses(
        (status = 204, description = "invited (or the open invitation renewed), whoever owns the address"),
        (status = 429, body = crate::error::ErrorBody, description = "too many invitations by this school for now"),
    )
)]
pub async fn invite_recruiter(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(request): Json<RecruiterInvitationRequest>,
) -> Result<StatusCode> {
    let mut checks = Checks::new();
    let email = checks.email("email", request.email.as_deref());
    let firstname = checks.text("firstname", request.firstname.as_deref(), 100);
    let lastname = checks.text("lastname", request.lastname.as_deref(), 100);
    checks.finish()?;
    state.limits.recruiter_invitations_per_school.hit(&state.db, &user.id.to_string()).await?;
    let (token, token_hash) = new_secret();
    let mut transaction = state.db.begin().await?;
    let school: String = sqlx::query_scalar(
        "with invited as (
             insert into recruiter_invitations (school_id, email, firstname, lastname, token_hash)
             values ($1, $2, $3, $4, $5)
             on conflict (school_id, lower(email)) where answer is null do update
             set firstname = excluded.firstname, lastname = excluded.lastname, token_hash = excluded.token_hash,
                 expires_at = now() + interval '30 days', updated_at = now()
             returning school_id)
         select s.name from invited join schools s on s.user_id = invited.school_id",
    )
    .bind(user.id)
    .bind(&email)
    .bind(&firstname)
    .bind(&lastname)
    .bind(token_hash)
    .fetch_one(&mut *transaction)
    .await?;
    let owner: Option<(i64, bool)> = sqlx::query_as(
        "select u.id, u.discriminator = 'partner' and u.active and u.standing in ('approved', 'pending')
         from users u where lower(u.email) = $1",
    )
    .bind(&email)
    .fetch_optional(&mut *transaction)
    .await?;
    match owner {
        Some((partner_id, true)) => request_link(&state, &mut transaction, user.id, partner_id).await?,
        Some((_, false)) => {}
        None => {
            let letter = Letter {
                kind: EmailKind::RecruiterInvitation,
                locale: school_locale(&mut transaction, user.id).await?,
                to: email,
                user_id: None,
                firstname,
                action_url: Some(format!("{}/inscription/recruteur?token={token}", state.settings.public_url)),
                unsubscribe_url: None,
                lines: Vec::new(),
                more: 0,
                detail: Some(school),
            };
            let invitation = letter.compose().map_err(|error| Error::Internal(error.into()))?;
            state.mailer.enqueue(&mut *transaction, invitation).await.map_err(Error::Internal)?;
        }
    }
    transaction.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The language of the school's account: the invitation of an address without an account is
/// written in it, as nobody's own choice is known yet.
async fn school_locale(connection: &mut sqlx::PgConnection, school_id: i64) -> Result<Locale> {
    let code: String =
        sqlx::query_scalar("select locale from users where id = $1").bind(school_id).fetch_one(connection).await?;
    Ok(Locale::from_code(&code))
}

#[utoipa::path(
    get, path = "/api/api/school/recruiter-invitations",
    responses((status = 200, body = RecruiterInvitationList, description = "the open invitations, newest first"))
)]
pub async fn list_recruiter_invitations(
    State(state): State<AppState>,
    user: CurrentUser,
) -> Result<Json<RecruiterInvitationList>> {
    let invitations = sqlx::query_as(
        "select id, email, firstname, lastname, created_at, expires_at from recruiter_invitations
         where school_id = $1 and answer is null and expires_at > now() order by created_at desc, id desc",
    )
    .bind(user.id)
    .fetch_all(&state.db)
    .await?;
    Ok(Json(RecruiterInvitationList { invitations }))
}

#[utoipa::path(
    delete, path = "/api/api/school/recruiter-invitations/{id}",
    params(("id" = i64, Path, description = "the invitation's id")),
    responses(
        (status = 204, description = "withdrawn: its link no longer works"),
        (status = 404, body = crate::error::ErrorBody, description = "no open invitation of the school has this id"),
    )
)]
pub async fn withdraw_recruiter_invitation(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<i64>,
) -> Result<StatusCode> {
    // the link request a partner's address received goes with it, unless already accepted
    let withdrawn: i64 = sqlx::query_scalar(
        "with withdrawn as (
             delete from recruiter_invitations where id = $1 and school_id = $2 and answer is null returning email),
         unasked as (
             delete from partner_schools l using withdrawn w, users u
             where lower(u.email) = lower(w.email) and l.partner_id = u.id and l.school_id = $2
               and l.accepted_at is null returning 1)
         select count(*) from withdrawn",
    )
    .bind(id)
    .bind(user.id)
    .fetch_one(&state.db)
    .await?;
    if withdrawn == 0 { Err(Error::NotFound) } else { Ok(StatusCode::NO_CONTENT) }
}
