//! Erasing a candidate account (GDPR article 17): every row about the candidate goes in one
//! transaction. Deleting the user cascades to the candidate, their records and their parts,
//! their uploads (pictures), tokens, consents, emails, saved-candidate rows and search document;
//! what a cascade cannot reach is deleted here: the places and CAR texts their records pointed
//! to (owned rows, never shared), the problem reports they wrote (whose messages may name
//! them; a cascade would only null the author), the searches they appeared in (a table
//! without foreign keys, for the speed of its writes: migration 0022), the schools' invitations
//! to their address, the audit lines about the account and the answers kept for their resent
//! requests (`idempotent_requests`, scoped by a text, which may hold their profile).
//!
//! What stays, without them: the partners' saved searches (the candidate leaves their saved
//! list), the statistics computed from the remaining rows. The sourcing index follows through
//! its normal path: the delete is logged in `candidate_changes` by the triggers of migration
//! 0006/0007 and every server's indexer drops the candidate's document.

use sqlx::PgConnection;

/// Erases candidate `candidate_id` inside `transaction`; `false` when there was no such
/// candidate (nothing is deleted then).
pub async fn erase_candidate(transaction: &mut PgConnection, candidate_id: i64) -> sqlx::Result<bool> {
    // the rows are locked first, so that a concurrent write to the profile waits or fails
    let exists: bool = sqlx::query_scalar("select exists (select 1 from candidates where user_id = $1 for update)")
        .bind(candidate_id)
        .fetch_one(&mut *transaction)
        .await?;
    if !exists {
        return Ok(false);
    }
    let localization_ids: Vec<i64> = sqlx::query_scalar("select * from localizations_of_candidate($1)")
        .bind(candidate_id)
        .fetch_all(&mut *transaction)
        .await?;
    let car_method_ids: Vec<i64> = sqlx::query_scalar(
        "select car_method_id from experiences where candidate_id = $1
         union select car_method_id from projects where candidate_id = $1 and car_method_id is not null",
    )
    .bind(candidate_id)
    .fetch_all(&mut *transaction)
    .await?;
    sqlx::query("delete from problem_reports where user_id = $1").bind(candidate_id).execute(&mut *transaction).await?;
    // the invitations schools sent to the address, and the operators' decisions about the account
    sqlx::query("delete from school_invitations where lower(email) = (select lower(email) from users where id = $1)")
        .bind(candidate_id)
        .execute(&mut *transaction)
        .await?;
    sqlx::query("delete from audit_events where subject_id = $1").bind(candidate_id).execute(&mut *transaction).await?;
    sqlx::query("delete from idempotent_requests where scope = 'user:' || $1")
        .bind(candidate_id)
        .execute(&mut *transaction)
        .await?;
    sqlx::query("delete from users where id = $1 and discriminator = 'candidate'")
        .bind(candidate_id)
        .execute(&mut *transaction)
        .await?;
    sqlx::query("delete from localizations where id = any($1)")
        .bind(&localization_ids)
        .execute(&mut *transaction)
        .await?;
    sqlx::query("delete from car_methods where id = any($1)").bind(&car_method_ids).execute(&mut *transaction).await?;
    sqlx::query("delete from search_appearances where candidate_id = $1")
        .bind(candidate_id)
        .execute(&mut *transaction)
        .await?;
    Ok(true)
}
