//! Conversations, one per accepted contact request (its id names the thread), for both sides:
//! `GET /api/api/conversations` (with the unread count for the bell), `GET …/{id}` (reading marks
//! the other side's messages read), `POST …/{id}/messages` and `POST …/{id}/closure`. Messages
//! are plain text, shown escaped. The other side is emailed about a new message at most once per
//! 15 minutes and thread, unless they turned "messages" emails off. No realtime transport: the
//! page asks again.

use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{notify, own_side};
use crate::app::AppState;
use crate::auth::{CurrentUser, Role};
use crate::error::{Error, ErrorCode, Result};
use crate::extract::{Json, Path};
use crate::mail::EmailKind;
use crate::validation::Checks;
use sqlx::AssertSqlSafe;

/// A thread in the caller's list.
#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct ConversationSummary {
    /// The contact request's id.
    id: i64,
    /// The other side: the candidate's name for the partner, the recruiter's for the candidate.
    firstname: String,
    lastname: String,
    company: String,
    /// The other side's email address.
    email: String,
    last_message_at: Option<DateTime<Utc>>,
    /// Messages of the other side the caller has not read.
    unread: i64,
    closed: bool,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ConversationList {
    /// Unread messages in every thread.
    unread: i64,
    conversations: Vec<ConversationSummary>,
}

#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct Message {
    id: i64,
    /// Written by the caller.
    mine: bool,
    body: String,
    created_at: DateTime<Utc>,
    /// For the caller's own messages: whether the other side read it.
    read: bool,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Conversation {
    #[serde(flatten)]
    summary: ConversationSummary,
    /// Oldest first.
    messages: Vec<Message>,
}

/// The caller's threads, or the one whose id is `$2` when given; `$3` says whether the caller
/// is the partner.
fn summaries(user: &CurrentUser) -> String {
    format!(
        "select r.id,
                case when $3 then cu.firstname else pu.firstname end as firstname,
                case when $3 then cu.lastname else pu.lastname end as lastname,
                co.name as company,
                case when $3 then cu.email else pu.email end as email,
                (select max(m.created_at) from contact_messages m where m.contact_request_id = r.id) as last_message_at,
                (select count(*) from contact_messages m
                 where m.contact_request_id = r.id and m.author_id <> $1 and m.read_at is null) as unread,
                r.closed_at is not null as closed
         from contact_requests r
         join partners p on p.user_id = r.partner_id join companies co on co.id = p.company_id
         join users pu on pu.id = r.partner_id join users cu on cu.id = r.candidate_id
         where r.{} = $1 and r.state = 'accepted' and ($2::bigint is null or r.id = $2)
         order by last_message_at desc nulls last, r.answered_at desc, r.id desc",
        own_side(user)
    )
}

#[utoipa::path(
    get, path = "/api/api/conversations",
    responses((status = 200, body = ConversationList, description = "the caller's conversations, latest message first"))
)]
pub async fn list_conversations(State(state): State<AppState>, user: CurrentUser) -> Result<Json<ConversationList>> {
    let conversations: Vec<ConversationSummary> = sqlx::query_as(AssertSqlSafe(&*summaries(&user)))
        .bind(user.id)
        .bind(None::<i64>)
        .bind(user.role == Role::Partner)
        .fetch_all(&state.db)
        .await?;
    let unread = conversations.iter().map(|conversation| conversation.unread).sum();
    Ok(Json(ConversationList { unread, conversations }))
}

/// The caller's thread `id`, or a 404.
async fn summary(state: &AppState, user: &CurrentUser, id: i64) -> Result<ConversationSummary> {
    sqlx::query_as(AssertSqlSafe(&*summaries(user)))
        .bind(user.id)
        .bind(id)
        .bind(user.role == Role::Partner)
        .fetch_optional(&state.db)
        .await?
        .ok_or(Error::NotFound)
}

#[utoipa::path(
    get, path = "/api/api/conversations/{id}",
    params(("id" = i64, Path, description = "the contact request's id")),
    responses((status = 200, body = Conversation, description = "the thread; the other side's messages are now read"))
)]
pub async fn read_conversation(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<i64>,
) -> Result<Json<Conversation>> {
    let mut summary = summary(&state, &user, id).await?;
    let messages = sqlx::query_as(
        "select id, author_id = $2 as mine, body, created_at, read_at is not null as read
         from contact_messages where contact_request_id = $1 order by id",
    )
    .bind(id)
    .bind(user.id)
    .fetch_all(&state.db)
    .await?;
    sqlx::query(
        "update contact_messages set read_at = now() where contact_request_id = $1 and author_id <> $2 and read_at is null",
    )
    .bind(id)
    .bind(user.id)
    .execute(&state.db)
    .await?;
    summary.unread = 0;
    Ok(Json(Conversation { summary, messages }))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct MessageCreate {
    /// Plain text, 1 to 5,000 characters.
    #[schema(min_length = 1, max_length = 5000)]
    body: Option<String>,
}

#[utoipa::path(
    post, path = "/api/api/conversations/{id}/messages", request_body = MessageCreate,
    params(("id" = i64, Path, description = "the contact request's id")),
    responses(
        (status = 201, body = Message),
        (status = 409, body = crate::error::ErrorBody, description = "conversation_closed"),
    )
)]
pub async fn write_message(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<i64>,
    Json(request): Json<MessageCreate>,
) -> Result<(StatusCode, Json<Message>)> {
    let thread = summary(&state, &user, id).await?;
    let mut checks = Checks::new();
    let body = checks.text("body", request.body.as_deref(), 5000);
    checks.finish()?;
    if thread.closed {
        return Err(Error::Conflict {
            code: ErrorCode::ConversationClosed,
            message: "the conversation is closed".into(),
        });
    }
    let mut transaction = state.db.begin().await?;
    // the other side hears of it unless this side's messages were emailed in the last 15 minutes
    let (message, email_due): (Message, bool) = {
        let due: bool = sqlx::query_scalar(
            "select not exists (select 1 from contact_messages
                                where contact_request_id = $1 and author_id = $2 and emailed_at > now() - interval '15 minutes')",
        )
        .bind(id)
        .bind(user.id)
        .fetch_one(&mut *transaction)
        .await?;
        let message = sqlx::query_as(
            "insert into contact_messages (contact_request_id, author_id, body, emailed_at)
             values ($1, $2, $3, case when $4 then now() end)
             returning id, true as mine, body, created_at, false as read",
        )
        .bind(id)
        .bind(user.id)
        .bind(&body)
        .bind(due)
        .fetch_one(&mut *transaction)
        .await?;
        (message, due)
    };
    if email_due {
        let (recipient, recipient_role, author): (i64, Role, String) = sqlx::query_as(
            "select case when $2 then r.candidate_id else r.partner_id end,
                    case when $2 then 'candidate'::user_role else 'partner'::user_role end,
                    case when $2 then pu.firstname || ' ' || pu.lastname || ' (' || co.name || ')'
                         else cu.firstname || ' ' || cu.lastname end
             from contact_requests r join users pu on pu.id = r.partner_id join users cu on cu.id = r.candidate_id
             join partners p on p.user_id = r.partner_id join companies co on co.id = p.company_id
             where r.id = $1",
        )
        .bind(id)
        .bind(user.role == Role::Partner)
        .fetch_one(&mut *transaction)
        .await?;
        notify(&state, &mut transaction, EmailKind::ContactMessage, recipient, recipient_role, author).await?;
    }
    transaction.commit().await?;
    Ok((StatusCode::CREATED, Json(message)))
}

#[utoipa::path(
    post, path = "/api/api/conversations/{id}/closure",
    params(("id" = i64, Path, description = "the contact request's id")),
    responses((status = 204, description = "closed: it takes no more messages (closing twice changes nothing)"))
)]
pub async fn close_conversation(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<i64>,
) -> Result<StatusCode> {
    summary(&state, &user, id).await?;
    sqlx::query("update contact_requests set closed_at = coalesce(closed_at, now()) where id = $1")
        .bind(id)
        .execute(&state.db)
        .await?;
    Ok(StatusCode::NO_CONTENT)
}
