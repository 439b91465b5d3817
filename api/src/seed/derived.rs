//! The rows the seed derives from the ones it wrote, once they are all there: each candidate's
//! search document and one change-log row per candidate. The triggers that keep them current
//! for the API's writes would do this once per table and candidate; the seed turns them off
//! (`vivier.bulk_change_log`) and does it in two statements.

use sqlx::{AssertSqlSafe, PgConnection};

/// Projects the search documents of the candidates that have none; returns how many.
pub async fn project_search_documents(connection: &mut PgConnection) -> sqlx::Result<u64> {
    // once the planner knows the tables are no longer empty (it would scan them for each candidate)
    sqlx::query("analyze").execute(&mut *connection).await?;
    let projected = sqlx::query(AssertSqlSafe(format!(
        "insert into candidate_search_documents ({columns})
         select {columns} from candidate_search_document_projection projected
         where not exists (select 1 from candidate_search_documents d where d.candidate_id = projected.candidate_id)",
        columns = indexer::projection::DOCUMENT_COLUMNS
    )))
    .execute(&mut *connection)
    .await?;
    Ok(projected.rows_affected())
}

/// Logs every candidate as changed, so that a running indexer loads them; returns how many.
pub async fn log_every_candidate(connection: &mut PgConnection) -> sqlx::Result<u64> {
    let (logged, last_seq): (i64, Option<i64>) = sqlx::query_as(
        "with logged as (
             insert into candidate_changes (candidate_id, op) select user_id, 'seed' from candidates returning seq
         )
         select count(*), max(seq) from logged",
    )
    .fetch_one(&mut *connection)
    .await?;
    if let Some(last_seq) = last_seq {
        sqlx::query("select pg_notify('candidate_changes', $1)").bind(last_seq.to_string()).execute(connection).await?;
    }
    Ok(logged as u64)
}
