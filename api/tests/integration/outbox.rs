//! The outbox: every email is written in the transaction of the change that causes it, and
//! the workers of every replica send it once.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use api::mail::outbox::{self, OutboxOptions};
use api::mail::{Delivery, Email, Mailer, Transport};
use axum::http::StatusCode;
use serde_json::json;
use sqlx::PgPool;

use crate::support::{app, execute_of, post_json, row_of, scalar, scalar_of};

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
