//! The demo mailbox pages its emails and filters them by recipient; without parameters it is the
//! latest 100, as the browser tests read it.

use axum::http::StatusCode;
use serde_json::Value;
use sqlx::PgPool;

use crate::support::{app, execute, get};

/// 120 emails, to `lea@example.org` every tenth (ids 1 to 120).
async fn outbox_of_120(pool: &PgPool) {
    execute(
        pool,
        "insert into outbox_emails (to_email, subject, text_body, html_body)
         select case when n % 10 = 0 then 'Lea@Example.org' else 'paul' || n || '@example.org' end,
                'email ' || n, 'text', '<p>text</p>'
         from generate_series(1, 120) n",
    )
    .await;
}

fn subjects(page: &Value) -> Vec<&str> {
    page.as_array().unwrap().iter().map(|email| email["subject"].as_str().unwrap()).collect()
}

#[sqlx::test(migrations = "../migrations")]
async fn the_mailbox_is_paged_newest_first_and_its_first_page_is_the_latest_100(pool: PgPool) {
    outbox_of_120(&pool).await;
    let app = app(pool);

    let first = get(&app, "/api/mailbox").await;
    let second = get(&app, "/api/mailbox?page=2").await;
    let small = get(&app, "/api/mailbox?page=3&per_page=5").await;
    let beyond = get(&app, "/api/mailbox?page=99").await;
    let bounded = get(&app, "/api/mailbox?per_page=1000").await;

    assert_eq!(first.status, StatusCode::OK, "{}", first.text());
    assert_eq!(subjects(&first.json()).len(), 100);
    assert_eq!(subjects(&first.json())[0], "email 120");
    assert_eq!(subjects(&second.json()), (1..=20).rev().map(|n| format!("email {n}")).collect::<Vec<_>>());
    assert_eq!(subjects(&small.json()), ["email 110", "email 109", "email 108", "email 107", "email 106"]);
    assert_eq!(beyond.json(), serde_json::json!([]));
    assert_eq!(subjects(&bounded.json()).len(), 100, "a page holds 100 at most");
}

#[sqlx::test(migrations = "../migrations")]
async fn the_mailbox_filters_by_a_part_of_the_recipient_whatever_its_case(pool: PgPool) {
    outbox_of_120(&pool).await;
    let app = app(pool);

    let lea = get(&app, "/api/mailbox?to=lea@EXAMPLE").await;
    let second_page = get(&app, "/api/mailbox?to=lea&per_page=5&page=2").await;
    let nobody = get(&app, "/api/mailbox?to=nobody%25").await;
    let blank = get(&app, "/api/mailbox?to=%20").await;

    assert_eq!(lea.status, StatusCode::OK, "{}", lea.text());
    assert_eq!(subjects(&lea.json()), (1..=12).rev().map(|n| format!("email {}", n * 10)).collect::<Vec<_>>());
    assert_eq!(subjects(&second_page.json()), ["email 70", "email 60", "email 50", "email 40", "email 30"]);
    assert_eq!(nobody.json(), serde_json::json!([]), "a % is a character, not a wildcard");
    assert_eq!(subjects(&blank.json()).len(), 100, "a blank filter is no filter");
}
