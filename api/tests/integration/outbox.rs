//! The outbox: every email is written in the transaction of the change that causes it, and
//! the workers of every replica send it once, with the one-click unsubscribe headers on
//! notifications; what it keeps is deleted or blanked in time.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use api::app::AppState;
use api::mail::outbox::{self, OutboxOptions};
use api::mail::retention::{OutboxForgotten, forget_old};
use api::mail::{Delivery, Email, EmailKind, Mailer, Transport, subscribed_notice};
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use chrono::Utc;
use serde_json::json;
use sqlx::{PgConnection, PgPool};

use crate::support::servers::{database_url_of, free_address, http_request, spawn_server, wait_until_ready};
use crate::support::smtp_sink::SmtpSink;
use crate::support::{
    app, app_with_state, execute_of, latest_email, post_json, row_of, scalar, scalar_of, send, state, token_of,
};

/// Keeps what it delivers, failing the first `failures` deliveries; each takes a moment, so
/// that two workers overlap.
struct Recorder {
    delivered: Mutex<Vec<Email>>,
    failures: AtomicUsize,
}

impl Recorder {
    fn failing(failures: usize) -> Arc<Self> {
        Arc::new(Recorder { delivered: Mutex::new(Vec::new()), failures: AtomicUsize::new(failures) })
    }

    fn delivered(&self) -> Vec<Email> {
        self.delivered.lock().unwrap().clone()
    }
}

impl Transport for Recorder {
    fn deliver<'a>(&'a self, email: &'a Email) -> Delivery<'a> {
        Box::pin(async move {
            tokio::time::sleep(Duration::from_millis(50)).await;
            if self.failures.load(Ordering::SeqCst) > 0 {
                self.failures.fetch_sub(1, Ordering::SeqCst);
                anyhow::bail!("smtp server unavailable");
            }
            self.delivered.lock().unwrap().push(email.clone());
            Ok(())
        })
    }
}

fn email(to: &str) -> Email {
    Email {
        user_id: None,
        to: to.to_owned(),
        subject: "Hello".to_owned(),
        text: "text".to_owned(),
        html: "<p>html</p>".to_owned(),
        links: Vec::new(),
        list_unsubscribe_url: None,
        link_token: None,
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn an_email_claimed_by_two_workers_is_sent_once(pool: PgPool) {
    let recorder = Recorder::failing(0);
    let mailer = Mailer::with_transport(recorder.clone());
    for index in 0..5 {
        mailer.enqueue(&pool, email(&format!("person{index}@example.org"))).await.unwrap();
    }
    let options = OutboxOptions { batch: 3, ..OutboxOptions::default() };

    let (first, second) = tokio::join!(
        outbox::send_due(&pool, recorder.as_ref(), &options),
        outbox::send_due(&pool, recorder.as_ref(), &options)
    );
    let (third, fourth) = tokio::join!(
        outbox::send_due(&pool, recorder.as_ref(), &options),
        outbox::send_due(&pool, recorder.as_ref(), &options)
    );

    let sent = [first, second, third, fourth].into_iter().map(|pass| pass.unwrap().sent).sum::<usize>();
    assert_eq!(sent, 5);
    assert_eq!(recorder.delivered().len(), 5, "each email delivered once");
    let unsent: i64 = scalar(&pool, "select count(*) from outbox_emails where sent_at is null or attempts <> 1").await;
    assert_eq!(unsent, 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn an_email_whose_send_failed_is_retried(pool: PgPool) {
    let recorder = Recorder::failing(1);
    let mailer = Mailer::with_transport(recorder.clone());
    let id = mailer.enqueue(&pool, email("lea@example.org")).await.unwrap();
    let options = OutboxOptions::default();

    let failed = outbox::send_due(&pool, recorder.as_ref(), &options).await.unwrap();
    let too_soon = outbox::send_due(&pool, recorder.as_ref(), &options).await.unwrap();
    let (attempts, error, wait): (i32, Option<String>, f64) = row_of(
        &pool,
        "select attempts, last_error, extract(epoch from next_attempt_at - now())::float8 from outbox_emails where id = $1",
        id,
    )
    .await;
    // the backoff is over
    execute_of(&pool, "update outbox_emails set next_attempt_at = now() where id = $1", id).await;
    let retried = outbox::send_due(&pool, recorder.as_ref(), &options).await.unwrap();

    assert_eq!((failed.failed, too_soon.sent + too_soon.failed, retried.sent), (1, 0, 1));
    assert_eq!(attempts, 1);
    assert!(error.unwrap().contains("unavailable"));
    assert!(wait > 20.0 && wait <= 30.0, "the first retry waits 30 s: {wait}");
    assert_eq!(recorder.delivered().len(), 1);
    let sent: bool = scalar_of(&pool, "select sent_at is not null from outbox_emails where id = $1", id).await;
    assert!(sent);
}

/// A transport that never answers: the worker is stopped in the middle of a delivery, as a
/// server killed while sending.
struct Hanging;

impl Transport for Hanging {
    fn deliver<'a>(&'a self, _email: &'a Email) -> Delivery<'a> {
        Box::pin(std::future::pending())
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn an_email_whose_worker_died_while_sending_goes_out_once_after_its_lease(pool: PgPool) {
    let recorder = Recorder::failing(0);
    let mailer = Mailer::with_transport(recorder.clone());
    let id = mailer.enqueue(&pool, email("lea@example.org")).await.unwrap();
    let options = OutboxOptions { lease: Duration::from_secs(1), ..OutboxOptions::default() };

    // the first worker claims the email and dies before its delivery ends: dropping its pass
    // leaves the database as a kill -9 would, the claim written and nothing after it
    let died = tokio::time::timeout(Duration::from_millis(300), outbox::send_due(&pool, &Hanging, &options)).await;
    assert!(died.is_err(), "the hanging delivery never ends");
    // another worker (or the same server restarted) leaves it alone while the lease holds
    let during_lease = outbox::send_due(&pool, recorder.as_ref(), &options).await.unwrap();
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let after_lease = outbox::send_due(&pool, recorder.as_ref(), &options).await.unwrap();
    let later = outbox::send_due(&pool, recorder.as_ref(), &options).await.unwrap();

    assert_eq!((during_lease.sent, after_lease.sent, later.sent), (0, 1, 0));
    assert_eq!(recorder.delivered().len(), 1, "sent once after the restart");
    let (attempts, sent): (i32, bool) =
        row_of(&pool, "select attempts, sent_at is not null from outbox_emails where id = $1", id).await;
    assert_eq!((attempts, sent), (2, true));
}

#[sqlx::test(migrations = "../migrations")]
async fn an_email_committed_by_a_server_killed_before_sending_goes_out_once_after_the_restart(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    // a server without a worker answers and is gone: nothing of it is left to send the email
    let killed = app(pool.clone());
    let asked = post_json(&killed, "/api/api/users/reset-password", &json!({ "email": "candidat@vivier.demo" })).await;
    assert_eq!(asked.status, StatusCode::NO_CONTENT);
    drop(killed);
    let waiting: i64 =
        scalar(&pool, "select count(*) from outbox_emails where to_email = 'candidat@vivier.demo' and sent_at is null")
            .await;
    assert_eq!(waiting, 1, "written before the answer, in the transaction of its token");

    // two replicas start, each with its worker polling the outbox
    let recorder = Recorder::failing(0);
    let options = OutboxOptions { poll: Duration::from_millis(20), ..OutboxOptions::default() };
    let workers: Vec<_> = (0..2)
        .map(|_| {
            let mailer = Arc::new(Mailer::with_transport(recorder.clone()));
            tokio::spawn(outbox::run(pool.clone(), mailer, options.clone()))
        })
        .collect();
    for _ in 0..250 {
        if !recorder.delivered().is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // many more polls of both workers, which must find nothing more to send
    tokio::time::sleep(Duration::from_millis(300)).await;
    workers.iter().for_each(|worker| worker.abort());

    let delivered = recorder.delivered();
    assert_eq!(delivered.len(), 1, "sent once");
    assert_eq!(delivered[0].to, "candidat@vivier.demo");
    let (attempts, sent): (i32, bool) = row_of(
        &pool,
        "select attempts, sent_at is not null from outbox_emails where to_email = $1",
        "candidat@vivier.demo",
    )
    .await;
    assert_eq!((attempts, sent), (1, true));
}

#[sqlx::test(migrations = "../migrations")]
async fn an_email_being_sent_by_a_server_killed_with_sigkill_goes_out_once_from_the_next_server(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let database_url = database_url_of(&pool);
    let to = "candidat@vivier.demo";
    let unsent = "select attempts, sent_at is not null from outbox_emails where to_email = $1";

    // the first server's mail server takes the connection and never answers: its worker has
    // claimed the email and is inside the delivery when the process is killed
    let hanging = SmtpSink::hanging().await;
    let address = free_address();
    let mut killed = spawn_server(&database_url, &address, &[("VIVIER_SMTP_URL", &hanging.url)]);
    wait_until_ready(&mut killed, &address).await;
    let asked = http_request(&address, "POST", "/api/api/users/reset-password", Some(&json!({ "email": to }))).await;
    assert_eq!(asked.map(|(status, _)| status), Some(204));
    wait_for("the worker to connect to the mail server", || hanging.connections() > 0).await;
    killed.start_kill().unwrap(); // SIGKILL
    killed.wait().await.unwrap();
    let (attempts, sent): (i32, bool) = row_of(&pool, unsent, to).await;
    assert_eq!((attempts, sent), (1, false), "claimed, not sent");

    // the claim keeps other workers off the row for its five-minute lease: the test moves the
    // lease's end to now instead of waiting for it
    execute_of(&pool, "update outbox_emails set next_attempt_at = now() where to_email = $1", to).await;
    let receiving = SmtpSink::receiving().await;
    let address = free_address();
    let mut restarted = spawn_server(&database_url, &address, &[("VIVIER_SMTP_URL", &receiving.url)]);
    wait_until_ready(&mut restarted, &address).await;
    wait_for("the email at the mail server", || !receiving.messages().is_empty()).await;
    // the restarted worker polls again: nothing more goes out
    tokio::time::sleep(Duration::from_millis(500)).await;
    restarted.start_kill().unwrap();

    let messages = receiving.messages();
    assert_eq!(messages.len(), 1, "sent once");
    assert!(messages[0].contains(&format!("To: {to}")), "{}", messages[0]);
    let (attempts, sent): (i32, bool) = row_of(&pool, unsent, to).await;
    assert_eq!((attempts, sent), (2, true));
}

/// Polls `done` for up to twenty seconds.
async fn wait_for(what: &str, done: impl Fn() -> bool) {
    for _ in 0..400 {
        if done() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("waited twenty seconds for {what}");
}

/// The email telling the candidate of a new message, if they still want those.
async fn message_notice(state: &AppState, connection: &mut PgConnection, candidate_id: i64) -> Option<Email> {
    let action_url = "http://127.0.0.1:8080/dashboard/candidate".to_owned();
    let kind = EmailKind::ContactMessage;
    subscribed_notice(connection, &state.settings, kind, candidate_id, "messages", action_url, "Sam".to_owned())
        .await
        .unwrap()
}

/// A cross-site post, as a webmail page makes it: no cookie, another site's origin.
fn cross_site_post(path: &str, content_type: &str, body: &str) -> Request<Body> {
    Request::post(path)
        .header(header::CONTENT_TYPE, content_type)
        .header(header::ORIGIN, "https://webmail.example.net")
        .header("sec-fetch-site", "cross-site")
        .body(Body::from(body.to_owned()))
        .unwrap()
}

#[sqlx::test(migrations = "../migrations")]
async fn a_notification_offers_a_one_click_unsubscribe_that_another_site_may_post_without_a_cookie(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let state = state(pool.clone());
    let app = app_with_state(state.clone());
    let candidate_id: i64 = scalar(&pool, "select id from users where email = 'candidat@vivier.demo'").await;
    let mut connection = pool.acquire().await.unwrap();
    let notice = message_notice(&state, &mut connection, candidate_id).await.expect("subscribed to messages");
    state.mailer.enqueue(&mut *connection, notice).await.unwrap();
    post_json(&app, "/api/api/users/reset-password", &json!({ "email": "candidat@vivier.demo" })).await;
    let recorder = Recorder::failing(0);
    outbox::send_due(&pool, recorder.as_ref(), &OutboxOptions::default()).await.unwrap();

    // the worker hands the one-click address to the transport, which makes it the headers
    let delivered = recorder.delivered();
    let one_click_of = |words: &str| {
        let email = delivered.iter().find(|email| email.text.contains(words)).unwrap_or_else(|| panic!("{words}"));
        email.list_unsubscribe_url.clone()
    };
    let one_click = one_click_of("Sam").expect("a notification names its one-click address");
    assert!(one_click.ends_with("&type=messages"), "{one_click}");
    assert_eq!(one_click_of("/mot-de-passe/reinitialiser?token="), None, "a password reset is no notification");

    // a webmail page posts it (cross-site, no cookie), then a mail provider's server (no
    // Origin, no Sec-Fetch-Site), with the body of RFC 8058
    let path = one_click.strip_prefix("http://127.0.0.1:8080").unwrap();
    let form = "application/x-www-form-urlencoded";
    let from_a_page = send(&app, cross_site_post(path, form, "List-Unsubscribe=One-Click")).await;
    let from_a_server =
        Request::post(path).header(header::CONTENT_TYPE, form).body(Body::from("List-Unsubscribe=One-Click"));
    let from_a_server = send(&app, from_a_server.unwrap()).await;
    // the same cross-site post anywhere else is still refused, and a wrong token changes nothing
    let token = token_of(&one_click);
    let elsewhere = json!({ "token": token, "type": "messages" }).to_string();
    let refused =
        send(&app, cross_site_post("/api/api/notifications/unsubscribe", "application/json", &elsewhere)).await;
    let wrong = path.replace(&token, "not-the-token");
    let wrong = send(&app, cross_site_post(&wrong, form, "List-Unsubscribe=One-Click")).await;

    assert_eq!(from_a_page.status, StatusCode::NO_CONTENT, "{}", from_a_page.text());
    assert_eq!(from_a_server.status, StatusCode::NO_CONTENT);
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert_eq!(wrong.status, StatusCode::BAD_REQUEST);
    let turned_off: Vec<String> =
        sqlx::query_scalar("select type from notification_subscriptions where user_id = $1 and not subscribed")
            .bind(candidate_id)
            .fetch_all(&pool)
            .await
            .unwrap();
    assert_eq!(turned_off, vec!["messages".to_owned()], "that kind only");
    assert!(message_notice(&state, &mut connection, candidate_id).await.is_none(), "no more messages by email");
}

/// How many stored emails still hold `secret`, in a part of the message or beside it.
async fn holding(pool: &PgPool, secret: &str) -> i64 {
    scalar_of(
        pool,
        "select count(*) from outbox_emails
         where strpos(text_body, $1) > 0 or strpos(html_body, $1) > 0 or strpos(links::text, $1) > 0
            or link_token = $1",
        secret,
    )
    .await
}

#[sqlx::test(migrations = "../migrations")]
async fn sent_emails_go_after_thirty_days_and_spent_links_lose_their_secret(pool: PgPool) {
    api::seed::seed_database(&pool, 5, 1).await.unwrap();
    let app = app(pool.clone());
    let candidate = json!({ "email": "candidat@vivier.demo" });
    let reset = || post_json(&app, "/api/api/users/reset-password", &candidate);
    reset().await;
    let used = token_of(&latest_email(&pool, "candidat@vivier.demo").await.1[0]);
    let new_password = json!({ "password": "Nouveau-mot-2026" });
    let done = post_json(&app, &format!("/api/api/user/reset-password-tokens/reset/{used}"), &new_password).await;
    assert_eq!(done.status, StatusCode::NO_CONTENT);
    reset().await;
    let open = token_of(&latest_email(&pool, "candidat@vivier.demo").await.1[0]);
    let mailer = Mailer::new(None, "Vivier <no-reply@vivier.localhost>").unwrap();
    for (to, sent_days_ago, attempts) in [
        ("old@example.org", Some(31), 1),
        ("recent@example.org", Some(29), 1),
        ("unsent@example.org", None, 3),
        ("given-up@example.org", None, api::mail::outbox::MAX_ATTEMPTS),
    ] {
        let id = mailer.enqueue(&pool, email(to)).await.unwrap();
        sqlx::query(
            "update outbox_emails set created_at = now() - interval '40 days',
                    sent_at = now() - make_interval(days => $2), attempts = $3 where id = $1",
        )
        .bind(id)
        .bind(sent_days_ago)
        .bind(attempts)
        .execute(&pool)
        .await
        .unwrap();
    }
    let now = Utc::now();

    let first = forget_old(&pool, now, true).await.unwrap();
    let (used_held, open_held) = (holding(&pool, &used).await, holding(&pool, &open).await);
    let two_hours_later = forget_old(&pool, now + chrono::Duration::hours(2), true).await.unwrap();

    assert_eq!(first, OutboxForgotten { deleted: 2, redacted: 1 }, "the old sent email and the one given up");
    assert_eq!((used_held, open_held), (0, 1), "the used link is blanked, the open one kept");
    assert_eq!(two_hours_later, OutboxForgotten { deleted: 0, redacted: 1 }, "the open link, once expired");
    assert_eq!(holding(&pool, &open).await, 0);
    let kept: Vec<String> =
        sqlx::query_scalar("select to_email from outbox_emails where to_email like '%@example.org' order by to_email")
            .fetch_all(&pool)
            .await
            .unwrap();
    assert_eq!(kept, ["recent@example.org", "unsent@example.org"]);
    let (text, links): (String, serde_json::Value) = row_of(
        &pool,
        "select text_body, links from outbox_emails where to_email = $1 order by id limit 1",
        "candidat@vivier.demo",
    )
    .await;
    assert!(text.contains("?token=redacted"), "{text}");
    assert!(links[0].as_str().unwrap().ends_with("?token=redacted"), "{links}");

    // without an SMTP server nothing will send the unsent one: it goes after the same days
    let demo = forget_old(&pool, now, false).await.unwrap();
    assert_eq!(demo.deleted, 1);
    assert_eq!(
        scalar::<i64>(&pool, "select count(*) from outbox_emails where to_email = 'unsent@example.org'").await,
        0
    );
}
