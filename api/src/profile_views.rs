//! "Who looked at my profile": the companies whose recruiters opened a candidate's full profile
//! or saved them, one line per company, kind and day ([`record`]), shown to the candidate for
//! [`SHOWN_DAYS`] days and then deleted ([`forget_old`]). Only partners' looks are noted: a
//! visitor of a shared profile is anonymous, and a school reads its own students.

use serde::Serialize;

/// How long the candidate sees a look, and how long it is kept.
pub const SHOWN_DAYS: i32 = 90;

/// What the recruiter did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema, sqlx::Type)]
#[serde(rename_all = "lowercase")]
#[sqlx(type_name = "profile_view_kind", rename_all = "lowercase")]
pub enum ProfileViewKind {
    /// Opened the full profile.
    Viewed,
    /// Saved the candidate in a search.
    Saved,
}

/// Notes that partner `partner_id`'s company looked at candidate `candidate_id` today.
pub async fn record(
    db: impl sqlx::PgExecutor<'_>,
    candidate_id: i64,
    partner_id: i64,
    kind: ProfileViewKind,
) -> sqlx::Result<()> {
    sqlx::query(
        "insert into profile_views (candidate_id, company_id, kind)
         select $1, company_id, $3 from partners where user_id = $2
         on conflict do nothing",
    )
    .bind(candidate_id)
    .bind(partner_id)
    .bind(kind)
    .execute(db)
    .await?;
    Ok(())
}

/// Deletes the looks older than [`SHOWN_DAYS`]; how many.
pub async fn forget_old(db: impl sqlx::PgExecutor<'_>) -> sqlx::Result<u64> {
    let deleted =
        sqlx::query("delete from profile_views where day < current_date - $1").bind(SHOWN_DAYS).execute(db).await?;
    Ok(deleted.rows_affected())
}
