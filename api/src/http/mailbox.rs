//! `GET /api/mailbox`: the demo mailbox. Without an SMTP server, emails stay in the outbox and
//! this page lets a person read them and click their links (validation, reset...). It is on
//! only when the server is started with `--demo-mailbox` (the start and test scripts do) on a
//! loopback address (`vivier serve` refuses the flag elsewhere), answers only clients on the
//! same machine, and never lists anything on a server that sends real email: the outbox holds
//! every user's reset and validation links.
//!
//! A demo or a test run may leave thousands of emails: the list is paged like the other lists
//! (`page`, `per_page`) and filtered by recipient (`to`), and its first page without parameters
//! is still the latest 100, which the browser tests read.

use axum::extract::State;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa_axum::routes;

use super::ClientIp;
use super::paging::{MAX_PER_PAGE, PageQuery, Paging};
use super::routes::{Access, RouteTable};
use crate::app::AppState;
use crate::error::{Error, Result};
use crate::extract::{Json, Query};

/// How many of the latest emails a page shows when the request names no size (the most a
/// page may hold).
const MAILBOX_PAGE_SIZE: i64 = MAX_PER_PAGE;

pub fn routes(table: &mut RouteTable) {
    table.add(Access::Public, routes!(list_mailbox));
}

#[derive(Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct MailboxEmail {
    id: i64,
    to: String,
    subject: String,
    text: String,
    html: String,
    links: serde_json::Value,
    created_at: DateTime<Utc>,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct MailboxQuery {
    /// Only the emails whose recipient contains this text, whatever its case.
    to: Option<String>,
    /// Page number, from 1.
    #[param(minimum = 1)]
    page: Option<i64>,
    /// Emails per page, 1 to 100; 100 by default.
    #[param(minimum = 1, maximum = 100)]
    per_page: Option<i64>,
}

#[utoipa::path(
    get, path = "/api/mailbox", params(MailboxQuery),
    responses(
        (status = 200, body = Vec<MailboxEmail>, description = "a page of the emails, newest first"),
        (status = 404, body = crate::error::ErrorBody, description = "no demo mailbox on this server, or the caller is not on its machine"),
    )
)]
pub async fn list_mailbox(
    State(state): State<AppState>,
    ClientIp(client_ip): ClientIp,
    Query(query): Query<MailboxQuery>,
) -> Result<Json<Vec<MailboxEmail>>> {
    if !state.settings.demo_mailbox || state.mailer.sends_for_real() || !client_ip.is_loopback() {
        return Err(Error::NotFound);
    }
    let paging = Paging::of(PageQuery { page: query.page, per_page: query.per_page.or(Some(MAILBOX_PAGE_SIZE)) });
    let recipient = query.to.as_deref().map(str::trim).filter(|to| !to.is_empty());
    let emails = sqlx::query_as(
        "select id, to_email as to, subject, text_body as text, html_body as html, links, created_at
         from outbox_emails where $1::text is null or strpos(lower(to_email), lower($1)) > 0
         order by id desc limit $2 offset $3",
    )
    .bind(recipient)
    .bind(paging.per_page)
    .bind(paging.offset())
    .fetch_all(&state.db)
    .await?;
    Ok(Json(emails))
}
