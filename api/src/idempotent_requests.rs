//! The rows behind `Idempotency-Key` (see `http::idempotency`): a key claimed by the first
//! request that carries it, its answer kept a day for resends, and the rows past their day
//! deleted by the daily retention job.

use sqlx::PgPool;

/// What a key's row says when a request claims it.
pub enum Claim {
    /// The key is this request's: run it.
    Claimed,
    /// The first request with this key still runs.
    InProgress,
    /// The key was used for another method, path or body.
    Reused,
    /// The first request's answer.
    Answered { status: u16, content_type: Option<String>, body: Vec<u8> },
}

/// Claims the key for this request, or tells what the row says. A row older than a day, or a
/// claim a minute old whose request never finished, is claimed afresh.
pub async fn claim(db: &PgPool, scope: &str, key: &str, fingerprint: &[u8]) -> sqlx::Result<Claim> {
    let claimed: Option<bool> = sqlx::query_scalar(
        "insert into idempotent_requests (scope, key, fingerprint) values ($1, $2, $3)
         on conflict (scope, key) do update
             set fingerprint = excluded.fingerprint, created_at = now(), status = null, content_type = null, body = null
             where idempotent_requests.created_at < now() - interval '1 day'
                or (idempotent_requests.status is null and idempotent_requests.created_at < now() - interval '1 minute')
         returning true",
    )
    .bind(scope)
    .bind(key)
    .bind(fingerprint)
    .fetch_optional(db)
    .await?;
    if claimed.is_some() {
        return Ok(Claim::Claimed);
    }
    let (kept_fingerprint, status, content_type, body): (Vec<u8>, Option<i16>, Option<String>, Option<Vec<u8>>) =
        sqlx::query_as(
            "select fingerprint, status, content_type, body from idempotent_requests where scope = $1 and key = $2",
        )
        .bind(scope)
        .bind(key)
        .fetch_one(db)
        .await?;
    Ok(match (kept_fingerprint == fingerprint, status) {
        (false, _) => Claim::Reused,
        (true, None) => Claim::InProgress,
        (true, Some(status)) => Claim::Answered {
            status: u16::try_from(status).unwrap_or(200),
            content_type,
            body: body.unwrap_or_default(),
        },
    })
}

/// Keeps the claimed request's answer for its resends.
pub async fn keep(
    db: &PgPool,
    scope: &str,
    key: &str,
    status: u16,
    content_type: Option<&str>,
    body: &[u8],
) -> sqlx::Result<()> {
    sqlx::query(
        "update idempotent_requests set status = $3, content_type = $4, body = $5 where scope = $1 and key = $2",
    )
    .bind(scope)
    .bind(key)
    .bind(status as i16)
    .bind(content_type)
    .bind(body)
    .execute(db)
    .await?;
    Ok(())
}

/// Frees a claimed key whose answer is not kept, so that a resend runs again.
pub async fn release(db: &PgPool, scope: &str, key: &str) -> sqlx::Result<()> {
    sqlx::query("delete from idempotent_requests where scope = $1 and key = $2 and status is null")
        .bind(scope)
        .bind(key)
        .execute(db)
        .await?;
    Ok(())
}

/// Deletes the keys past their day (the daily retention job).
pub async fn forget_expired(db: &PgPool) -> sqlx::Result<u64> {
    let deleted =
        sqlx::query("delete from idempotent_requests where created_at < now() - interval '1 day'").execute(db).await?;
    Ok(deleted.rows_affected())
}
