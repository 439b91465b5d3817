//! The bell's live stream: the unread count at once, then the new count as soon as a
//! notification is written or read, from the trigger's signal rather than a poll.

use std::time::{Duration, Instant};

use api::app::Settings;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use sqlx::PgPool;
use tower::ServiceExt;

use crate::support::{app_with_state, get_as, login, send_as, settings, state_with};

/// Reads the stream until its next `unread` event, and gives the count it carries.
async fn next_unread(body: &mut Body, buffer: &mut String) -> i64 {
    loop {
        if let Some(end) = buffer.find("\n\n") {
            let event: String = buffer.drain(..end + 2).collect();
            if let Some(data) = event.lines().find_map(|line| line.strip_prefix("data: ")) {
                assert!(event.contains("event: unread"), "an unread event: {event}");
                let value: serde_json::Value = serde_json::from_str(data).expect("the event's data is JSON");
                return value["unread"].as_i64().expect("a count");
            }
            continue; // a keep-alive comment
        }
        let frame = body.frame().await.expect("the stream is still open").expect("a readable frame");
        if let Ok(data) = frame.into_data() {
            buffer.push_str(std::str::from_utf8(&data).expect("UTF-8 events"));
        }
    }
}

/// Writes a notification of the demo partner's saved search about a candidate it has not
/// notified yet, addressed to `partner_id` (the demo partner, or another one).
async fn notify(pool: &PgPool, partner_id: i64) {
    sqlx::query(
        "insert into sourcing_search_matches (sourcing_search_id, candidate_id, partner_id, reason)
         select s.id, (select c.user_id from candidates c join users u on u.id = c.user_id
                       where c.in_research and u.active
                         and c.user_id not in (select candidate_id from sourcing_search_matches where sourcing_search_id = s.id)
                       order by c.user_id limit 1),
                $1, '{\"score\": 50}'
         from sourcing_searches s join users p on p.id = s.partner_id where p.email = $2
         order by s.id limit 1",
    )
    .bind(partner_id)
    .bind(api::seed::DEMO_PARTNER_EMAIL)
    .execute(pool)
    .await
    .unwrap();
}

async fn partner_id(pool: &PgPool, other_than_the_demo: bool) -> i64 {
    sqlx::query_scalar(
        "select p.user_id from partners p join users u on u.id = p.user_id
         where (u.email = $1) <> $2 order by p.user_id limit 1",
    )
    .bind(api::seed::DEMO_PARTNER_EMAIL)
    .bind(other_than_the_demo)
    .fetch_one(pool)
    .await
    .unwrap()
}

/// The demo partner's app and session on a seeded database, streams lasting `lifetime`.
async fn partner_app(pool: &PgPool, lifetime: Duration) -> (axum::Router, String) {
    api::seed::seed_database(pool, 20, 1).await.unwrap();
    let app =
        app_with_state(state_with(pool.clone(), Settings { notification_stream_lifetime: lifetime, ..settings() }));
    let cookie = login(&app, api::seed::DEMO_PARTNER_EMAIL, api::seed::DEMO_PASSWORD).await;
    (app, cookie)
}

/// Opens the stream, checks it is one, and gives its body.
async fn open_stream(app: &axum::Router, cookie: &str) -> Body {
    let mut request = Request::get("/api/api/notifications/events").body(Body::empty()).unwrap();
    request.headers_mut().insert(header::COOKIE, cookie.parse().unwrap());
    let response = app.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()[header::CONTENT_TYPE], "text/event-stream");
    response.into_body()
}

#[sqlx::test(migrations = "../migrations")]
async fn the_bell_stream_sends_the_new_count_as_soon_as_a_notification_is_written_or_read(pool: PgPool) {
    let (app, cookie) = partner_app(&pool, Duration::from_secs(30)).await;
    let unread = get_as(&app, Some(&cookie), "/api/api/notifications/unread").await;
    let before = unread.json()["unread"].as_i64().unwrap();
    let (mut body, mut buffer) = (open_stream(&app, &cookie).await, String::new());
    assert_eq!(next_unread(&mut body, &mut buffer).await, before, "the count at once");

    let written = Instant::now();
    notify(&pool, partner_id(&pool, false).await).await;
    let after = tokio::time::timeout(Duration::from_secs(5), next_unread(&mut body, &mut buffer)).await.unwrap();
    let elapsed = written.elapsed();
    println!("the stream told the new count {} ms after the row was written", elapsed.as_millis());
    assert_eq!(after, before + 1);
    assert!(elapsed < Duration::from_secs(1), "within a second ({elapsed:?})");

    let read =
        send_as(&app, Some(&cookie), Request::post("/api/api/notifications/read").body(Body::empty()).unwrap()).await;
    assert_eq!(read.status, StatusCode::NO_CONTENT);
    let cleared = tokio::time::timeout(Duration::from_secs(5), next_unread(&mut body, &mut buffer)).await.unwrap();
    assert_eq!(cleared, 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn another_partners_notification_does_not_reach_the_stream_and_it_ends_in_time(pool: PgPool) {
    let lifetime = Duration::from_millis(1500);
    let (app, cookie) = partner_app(&pool, lifetime).await;
    let opened = Instant::now();
    let (mut body, mut buffer) = (open_stream(&app, &cookie).await, String::new());
    let first = next_unread(&mut body, &mut buffer).await;
    notify(&pool, partner_id(&pool, true).await).await;
    // nothing more comes: the stream ends at its lifetime without another event
    let rest = body.collect().await.unwrap().to_bytes();
    assert!(!String::from_utf8_lossy(&rest).contains("data:"), "no event after {first}: {rest:?}");
    assert!(opened.elapsed() >= lifetime && opened.elapsed() < lifetime + Duration::from_secs(3));
}
