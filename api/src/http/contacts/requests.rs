//! Contact requests: `POST /api/api/contact-requests` (a partner asks) and
//! `GET /api/api/contact-requests` (the partner's, newest first); the candidate's side,
//! `GET /api/api/candidates/contact-requests` and `POST …/{id}/acceptance` or `…/{id}/refusal`.

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};

use super::{ContactRequestView, VIEW, notify, own_side};
use crate::app::AppState;
use crate::auth::{CurrentUser, Role};
use crate::blind_first::shown_name;
use crate::error::{Error, ErrorCode, Result, RuleCode};
use crate::extract::{Json, Path};
use crate::mail::EmailKind;
use crate::quotas::{self, QuotaKind};
use crate::validation::Checks;
use sqlx::AssertSqlSafe;

/// The most requests one list returns.
const LIST_SIZE: i64 = 200;

#[derive(Deserialize, utoipa::ToSchema)]
pub struct ContactRequestCreate {
    candidate_id: Option<i64>,
    /// Why the partner writes: 20 to 2,000 characters of plain text.
    #[schema(min_length = 20, max_length = 2000)]
    message: Option<String>,
    /// One of the partner's own offers, if the request is about it.
    offer_id: Option<i64>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ContactRequestList {
    requests: Vec<ContactRequestView>,
}

/// The request `id` as the reader sees it.
async fn view(state: &AppState, id: i64, partner_reads: bool) -> Result<ContactRequestView> {
    let view: ContactRequestView = sqlx::query_as(AssertSqlSafe(format!("{VIEW} where r.id = $2")))
        .bind(partner_reads)
        .bind(id)
        .fetch_one(&state.db)
        .await?;
    Ok(view.with_shown_name())
}

fn conflict(code: ErrorCode, message: &str) -> Error {
    Error::Conflict { code, message: message.to_owned() }
}

#[utoipa::path(
    post, path = "/api/api/contact-requests", request_body = ContactRequestCreate,
    responses(
        (status = 201, body = ContactRequestView, description = "asked: the candidate is told and answers"),
        (status = 404, body = crate::error::ErrorBody, description = "no candidate the partner may reach has this id"),
        (status = 409, body = crate::error::ErrorBody, description = "contact_request_open: a request waits or the conversation is open; contact_recently_declined: declined less than 90 days ago"),
        (status = 429, body = crate::error::ErrorBody, description = "daily_quota_reached: 50 candidates a day"),
    )
)]
pub async fn ask_for_contact(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(request): Json<ContactRequestCreate>,
) -> Result<(StatusCode, Json<ContactRequestView>)> {
    let mut checks = Checks::new();
    let message = checks.text("message", request.message.as_deref(), 2000);
    if !checks.has_failed("message") && message.chars().count() < 20 {
        checks.fail("message", RuleCode::TooShort);
    }
    if request.candidate_id.is_none() {
        checks.fail("candidate_id", RuleCode::Required);
    }
    if let Some(offer_id) = request.offer_id {
        let own: bool =
            sqlx::query_scalar("select exists (select 1 from job_offers where id = $1 and partner_id = $2)")
                .bind(offer_id)
                .bind(user.id)
                .fetch_one(&state.db)
                .await?;
        if !own {
            checks.fail("offer_id", RuleCode::Unknown);
        }
    }
    checks.finish()?;
    let candidate_id = request.candidate_id.unwrap_or_default();
    // a candidate out of the partner's reach, or who blocked their company, is not there for them
    let reachable: bool = sqlx::query_scalar(
        "select partner_may_find($1, $2) and not exists (
             select 1 from company_blocks b join partners p on p.company_id = b.company_id
             where b.candidate_id = $1 and p.user_id = $2)",
    )
    .bind(candidate_id)
    .bind(user.id)
    .fetch_one(&state.db)
    .await?;
    if !reachable {
        return Err(Error::NotFound);
    }
    let mut transaction = state.db.begin().await?;
    let (open, recently_declined): (bool, bool) = sqlx::query_as(
        "with stale as (
             update contact_requests set state = 'expired'
             where partner_id = $1 and candidate_id = $2 and state = 'pending' and expires_at <= now())
         select coalesce(bool_or(state = 'pending' and expires_at > now() or state = 'accepted' and closed_at is null), false),
                coalesce(bool_or(state = 'declined' and answered_at > now() - interval '90 days'), false)
         from contact_requests where partner_id = $1 and candidate_id = $2",
    )
    .bind(user.id)
    .bind(candidate_id)
    .fetch_one(&mut *transaction)
    .await?;
    if open {
        return Err(conflict(ErrorCode::ContactRequestOpen, "a request to this candidate is open"));
    }
    if recently_declined {
        return Err(conflict(ErrorCode::ContactRecentlyDeclined, "the candidate declined less than 90 days ago"));
    }
    quotas::take(&state.db, user.id, QuotaKind::Contact, &candidate_id.to_string()).await?;
    let id: i64 = sqlx::query_scalar(
        "insert into contact_requests (partner_id, candidate_id, offer_id, message) values ($1, $2, $3, $4) returning id",
    )
    .bind(user.id)
    .bind(candidate_id)
    .bind(request.offer_id)
    .bind(&message)
    .fetch_one(&mut *transaction)
    .await?;
    let sender: String = sqlx::query_scalar(
        "select u.firstname || ' ' || u.lastname || ' (' || c.name || ')'
         from users u join partners p on p.user_id = u.id join companies c on c.id = p.company_id where u.id = $1",
    )
    .bind(user.id)
    .fetch_one(&mut *transaction)
    .await?;
    notify(&state, &mut transaction, EmailKind::ContactRequest, candidate_id, Role::Candidate, sender).await?;
    transaction.commit().await?;
    Ok((StatusCode::CREATED, Json(view(&state, id, true).await?)))
}

#[utoipa::path(
    get, path = "/api/api/contact-requests",
    responses((status = 200, body = ContactRequestList, description = "the partner's requests, newest first (at most 200)"))
)]
pub async fn list_sent_requests(State(state): State<AppState>, user: CurrentUser) -> Result<Json<ContactRequestList>> {
    Ok(Json(ContactRequestList { requests: list(&state, &user).await? }))
}

/// The caller's requests, sent (a partner) or received (a candidate), newest first, with the
/// candidate's names as the caller may see them.
pub(super) async fn list(state: &AppState, user: &CurrentUser) -> Result<Vec<ContactRequestView>> {
    let side = own_side(user);
    let requests: Vec<ContactRequestView> = sqlx::query_as(AssertSqlSafe(format!(
        "{VIEW} where r.{side} = $2 order by r.created_at desc, r.id desc limit $3"
    )))
    .bind(user.role == Role::Partner)
    .bind(user.id)
    .bind(LIST_SIZE)
    .fetch_all(&state.db)
    .await?;
    Ok(requests.into_iter().map(ContactRequestView::with_shown_name).collect())
}

/// Moves the candidate's open request `id` to `answer` and tells the partner with `kind`.
async fn answer(
    state: &AppState,
    candidate: CurrentUser,
    id: i64,
    answer: &str,
    kind: EmailKind,
) -> Result<Json<ContactRequestView>> {
    let mut transaction = state.db.begin().await?;
    let answered: Option<(i64, String, String)> = sqlx::query_as(
        "update contact_requests r set state = $3::contact_request_state, answered_at = now()
         from users u where u.id = r.candidate_id
           and r.id = $1 and r.candidate_id = $2 and r.state = 'pending' and r.expires_at > now()
         returning r.partner_id, u.firstname, u.lastname",
    )
    .bind(id)
    .bind(candidate.id)
    .bind(answer)
    .fetch_optional(&mut *transaction)
    .await?;
    let Some((partner_id, firstname, lastname)) = answered else {
        let exists: bool =
            sqlx::query_scalar("select exists (select 1 from contact_requests where id = $1 and candidate_id = $2)")
                .bind(id)
                .bind(candidate.id)
                .fetch_one(&mut *transaction)
                .await?;
        return Err(if exists {
            conflict(ErrorCode::ContactRequestClosed, "the request was answered or expired")
        } else {
            Error::NotFound
        });
    };
    // after the answer: an acceptance shows the name, a refusal leaves a blind-first one hidden
    let name_hidden: bool = sqlx::query_scalar("select not partner_may_see_name($1, $2)")
        .bind(candidate.id)
        .bind(partner_id)
        .fetch_one(&mut *transaction)
        .await?;
    let (firstname, lastname) = shown_name(firstname, lastname, name_hidden);
    notify(state, &mut transaction, kind, partner_id, Role::Partner, format!("{firstname} {lastname}")).await?;
    transaction.commit().await?;
    Ok(Json(view(state, id, false).await?))
}

#[utoipa::path(
    post, path = "/api/api/candidates/contact-requests/{id}/acceptance",
    params(("id" = i64, Path, description = "the request's id")),
    responses(
        (status = 200, body = ContactRequestView, description = "accepted: both sides see each other's address, the conversation opens"),
        (status = 404, body = crate::error::ErrorBody, description = "not a request to the caller"),
        (status = 409, body = crate::error::ErrorBody, description = "contact_request_closed: answered or expired"),
    )
)]
pub async fn accept_request(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<i64>,
) -> Result<Json<ContactRequestView>> {
    answer(&state, user, id, "accepted", EmailKind::ContactAccepted).await
}

#[utoipa::path(
    post, path = "/api/api/candidates/contact-requests/{id}/refusal",
    params(("id" = i64, Path, description = "the request's id")),
    responses(
        (status = 200, body = ContactRequestView, description = "declined: the partner is told kindly, and waits 90 days to ask again"),
        (status = 404, body = crate::error::ErrorBody, description = "not a request to the caller"),
        (status = 409, body = crate::error::ErrorBody, description = "contact_request_closed: answered or expired"),
    )
)]
pub async fn decline_request(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<i64>,
) -> Result<Json<ContactRequestView>> {
    answer(&state, user, id, "declined", EmailKind::ContactDeclined).await
}
