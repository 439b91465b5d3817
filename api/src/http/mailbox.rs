//! `GET /api/mailbox`: the demo mailbox. Without an SMTP server, emails stay in the outbox and
//! this page lets a person read them and click their links (validation, reset...). It is on
//! only when the server is started with `--demo-mailbox` (the start and test scripts do) on a
//! loopback address (`vivier serve` refuses the flag elsewhere), answers only clients on the
//! same machine, and never lists anything on a server that sends real email: the outbox holds
//! every user's reset and validation links.

use axum::extract::State;
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa_axum::routes;

use super::ClientIp;
use super::routes::{Access, RouteTable};
use crate::app::AppState;
use crate::error::{Error, Result};
use crate::extract::Json;

/// How many of the latest emails the mailbox shows.
const MAILBOX_SIZE: i64 = 100;

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

#[utoipa::path(
    get, path = "/api/mailbox",
    responses(
        (status = 200, body = Vec<MailboxEmail>, description = "the latest emails, newest first"),
        (status = 404, body = crate::error::ErrorBody, description = "no demo mailbox on this server, or the caller is not on its machine"),
    )
)]
pub async fn list_mailbox(
    State(state): State<AppState>,
    ClientIp(client_ip): ClientIp,
) -> Result<Json<Vec<MailboxEmail>>> {
    if !state.settings.demo_mailbox || state.mailer.sends_for_real() || !client_ip.is_loopback() {
        return Err(Error::NotFound);
    }
    let emails = sqlx::query_as(
        "select id, to_email as to, subject, text_body as text, html_body as html, links, created_at
         from outbox_emails order by id desc limit $1",
    )
    .bind(MAILBOX_SIZE)
    .fetch_all(&state.db)
    .await?;
    Ok(Json(emails))
}
