//! A partner's notifications: the candidates who started to match their saved searches with
//! alerts (`GET /api/api/notifications`), the unread count the header's bell shows, pushed live
//! (`/api/api/notifications/events`, see [`crate::alerts::live`]) or polled, and marking them
//! read. A notification is its owner's alone: another partner's id is a 404. Candidates the
//! partner could no longer find in a search (they stopped looking, narrowed who finds them, left
//! the school that works with the partner, or closed their account) are left out. A blind-first
//! candidate is named by their initials until they open up to the partner ([`crate::blind_first`]).

use std::convert::Infallible;
use std::sync::atomic::Ordering;
use std::time::Duration;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::sse::{Event, KeepAlive, Sse};
use chrono::{DateTime, Utc};
use futures_util::Stream;
use serde::Serialize;
use tokio::sync::broadcast::{Receiver, error::RecvError};
use tokio::time::Instant;
use utoipa_axum::routes;

use super::locale::Locale;
use super::routes::{Access, RouteTable};
use crate::alerts::live::{CLOSE_STREAMS, EVERYONE};
use crate::alerts::reason::MatchReason;
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::blind_first::shown_name;
use crate::error::{Error, Result};
use crate::extract::{Json, Path};
use crate::job_criteria::List;
use sqlx::AssertSqlSafe;

/// The most notifications one list returns, newest first.
const LIST_SIZE: i64 = 100;

pub fn routes(table: &mut RouteTable) {
    let partner = Access::SourcingPartner;
    table.add(partner, routes!(list_notifications));
    table.add(partner, routes!(unread_count));
    table.add(partner, routes!(unread_count_events));
    table.add(partner, routes!(mark_read));
    table.add(partner, routes!(mark_all_read));
}

/// What the candidates' rows a partner may see have in common (see the module docs).
const VISIBLE: &str = "from sourcing_search_matches m
     join sourcing_searches s on s.id = m.sourcing_search_id
     join candidates c on c.user_id = m.candidate_id join users u on u.id = m.candidate_id
     where m.partner_id = $1 and partner_may_find(m.candidate_id, m.partner_id)";

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Notification {
    id: i64,
    search_id: i64,
    /// The saved search's name, or its job category.
    search_name: String,
    candidate_id: i64,
    /// Initials ("C. M.") while `name_hidden`.
    candidate_name: String,
    /// The candidate chose blind first and has not opened up to the partner yet.
    name_hidden: bool,
    /// One line from the match's explanation, in the caller's language.
    reason: String,
    score: f64,
    created_at: DateTime<Utc>,
    read: bool,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct NotificationList {
    unread: i64,
    notifications: Vec<Notification>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct UnreadCount {
    unread: i64,
}

#[derive(sqlx::FromRow)]
struct Row {
    id: i64,
    search_id: i64,
    search_name: Option<String>,
    job_category_id: i16,
    candidate_id: i64,
    firstname: String,
    lastname: String,
    name_hidden: bool,
    reason: sqlx::types::Json<MatchReason>,
    created_at: DateTime<Utc>,
    read: bool,
}

async fn count_unread(state: &AppState, partner_id: i64) -> Result<i64> {
    Ok(sqlx::query_scalar(AssertSqlSafe(format!("select count(*) {VISIBLE} and m.read_at is null")))
        .bind(partner_id)
        .fetch_one(&state.db)
        .await?)
}

#[utoipa::path(
    get, path = "/api/api/notifications",
    responses((status = 200, body = NotificationList, description = "the latest notifications, newest first, and how many are unread"))
)]
pub async fn list_notifications(
    State(state): State<AppState>,
    user: CurrentUser,
    locale: Locale,
) -> Result<Json<NotificationList>> {
    let rows: Vec<Row> = sqlx::query_as(AssertSqlSafe(format!(
        "select m.id, s.id as search_id, s.name as search_name, s.job_category_id, m.candidate_id,
                u.firstname, u.lastname, not partner_may_see_name(m.candidate_id, m.partner_id) as name_hidden,
                m.reason, m.created_at, m.read_at is not null as read
         {VISIBLE} order by m.created_at desc, m.id desc limit $2"
    )))
    .bind(user.id)
    .bind(LIST_SIZE)
    .fetch_all(&state.db)
    .await?;
    let reference = state.reference_lists().await?;
    let notifications = rows
        .into_iter()
        .map(|row| Notification {
            id: row.id,
            search_id: row.search_id,
            search_name: row
                .search_name
                .unwrap_or_else(|| reference.name(List::JobCategories, row.job_category_id as u16, locale).to_owned()),
            candidate_id: row.candidate_id,
            candidate_name: {
                let (firstname, lastname) = shown_name(row.firstname, row.lastname, row.name_hidden);
                format!("{firstname} {lastname}")
            },
            name_hidden: row.name_hidden,
            reason: row.reason.0.line(locale),
            score: row.reason.0.score,
            created_at: row.created_at,
            read: row.read,
        })
        .collect();
    Ok(Json(NotificationList { unread: count_unread(&state, user.id).await?, notifications }))
}

#[utoipa::path(
    get, path = "/api/api/notifications/unread",
    responses((status = 200, body = UnreadCount, description = "how many notifications are unread"))
)]
pub async fn unread_count(State(state): State<AppState>, user: CurrentUser) -> Result<Json<UnreadCount>> {
    Ok(Json(UnreadCount { unread: count_unread(&state, user.id).await? }))
}

#[utoipa::path(
    post, path = "/api/api/notifications/{id}/read", params(("id" = i64, Path)),
    responses(
        (status = 204, description = "marked read"),
        (status = 404, body = crate::error::ErrorBody, description = "no such notification among the partner's"),
    )
)]
pub async fn mark_read(State(state): State<AppState>, user: CurrentUser, Path(id): Path<i64>) -> Result<StatusCode> {
    let marked = sqlx::query(
        "update sourcing_search_matches set read_at = coalesce(read_at, now()) where id = $1 and partner_id = $2",
    )
    .bind(id)
    .bind(user.id)
    .execute(&state.db)
    .await?;
    if marked.rows_affected() == 0 { Err(Error::NotFound) } else { Ok(StatusCode::NO_CONTENT) }
}

#[utoipa::path(
    post, path = "/api/api/notifications/read",
    responses((status = 204, description = "every notification marked read"))
)]
pub async fn mark_all_read(State(state): State<AppState>, user: CurrentUser) -> Result<StatusCode> {
    sqlx::query("update sourcing_search_matches set read_at = now() where partner_id = $1 and read_at is null")
        .bind(user.id)
        .execute(&state.db)
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// A comment line every so often keeps idle streams open through proxies and balancers.
const KEEP_ALIVE: Duration = Duration::from_secs(15);
/// How long a browser waits before reconnecting a stream that ended.
const RECONNECT_AFTER: Duration = Duration::from_secs(2);

#[utoipa::path(
    get, path = "/api/api/notifications/events",
    responses((status = 200, content_type = "text/event-stream", body = String, description = "server-sent events: an `unread` event with the unread count (`{\"unread\": n}`) at once and whenever it changes; the stream ends after a few minutes and the browser reconnects"))
)]
pub async fn unread_count_events(
    State(state): State<AppState>,
    user: CurrentUser,
) -> Sse<impl Stream<Item = std::result::Result<Event, Infallible>>> {
    let feed = Feed {
        signals: state.partner_signals.subscribe(&state.db).await,
        ends_at: Instant::now() + state.settings.notification_stream_lifetime,
        state,
        partner_id: user.id,
        sent: None,
    };
    let events = futures_util::stream::unfold(feed, |mut feed| async move {
        let first = feed.sent.is_none();
        let unread = feed.next_count().await?;
        let event = Event::default().event("unread").json_data(UnreadCount { unread }).expect("a count serializes");
        Some((Ok(if first { event.retry(RECONNECT_AFTER) } else { event }), feed))
    });
    Sse::new(events).keep_alive(KeepAlive::new().interval(KEEP_ALIVE))
}

/// One open stream: whose count it follows, what it last sent and when it ends.
struct Feed {
    state: AppState,
    partner_id: i64,
    signals: Receiver<i64>,
    ends_at: Instant,
    sent: Option<i64>,
}

impl Feed {
    /// The count to send next: at once for the first, then after a change of this partner's
    /// notifications; `None` ends the stream (its time is up, the server is stopping, or the
    /// database failed: the browser reconnects).
    async fn next_count(&mut self) -> Option<i64> {
        loop {
            if self.sent.is_some() {
                if self.state.stopping.load(Ordering::Relaxed) {
                    return None;
                }
                tokio::select! {
                    signal = self.signals.recv() => match signal {
                        Ok(CLOSE_STREAMS) | Err(RecvError::Closed) => return None,
                        Ok(partner_id) if partner_id != self.partner_id && partner_id != EVERYONE => continue,
                        Ok(_) | Err(RecvError::Lagged(_)) => {}
                    },
                    () = tokio::time::sleep_until(self.ends_at) => return None,
                }
            }
            let unread = count_unread(&self.state, self.partner_id).await.ok()?;
            if self.sent != Some(unread) {
                self.sent = Some(unread);
                return Some(unread);
            }
        }
    }
}
