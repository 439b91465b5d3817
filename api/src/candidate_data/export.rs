//! The candidate's copy of their data (GDPR article 15 and 20): one JSON document with one
//! section per table that holds something about them, pictures included as base64, so that a
//! single download is the whole answer.
//!
//! Each section is written here by hand, with the columns it leaves out (password hashes, token
//! hashes: secrets, not data about the person). The integration test `candidate_account` lists
//! every table with a foreign key to `users` or `candidates` from `information_schema` and checks
//! that each is a section here or named in [`NOT_ABOUT_CANDIDATES`]: a new table cannot be
//! forgotten silently.

use serde_json::{Map, Value};
use sqlx::PgPool;

/// A section of the export: the rows `t` of `table` that `rows_sql` selects for candidate `$1`,
/// as JSON, without the `hidden` columns, with `extra` (SQL building a JSON object from `t`)
/// merged in.
struct Section {
    table: &'static str,
    rows_sql: &'static str,
    hidden: &'static [&'static str],
    extra: Option<&'static str>,
}

const fn section(table: &'static str, rows_sql: &'static str) -> Section {
    Section { table, rows_sql, hidden: &[], extra: None }
}

/// Tables with a foreign key to `users` that never hold a candidate's rows: the rows that make
/// a user a school or a partner, and the searches partners ran. A candidate account has none.
pub const NOT_ABOUT_CANDIDATES: &[&str] = &["schools", "partners", "search_runs"];

const SECTIONS: &[Section] = &[
    Section {
        table: "users",
        rows_sql: "select * from users t where t.id = $1",
        hidden: &["password_hash", "session_version"],
        extra: None,
    },
    section("candidates", "select * from candidates t where t.user_id = $1"),
    section("user_consents", "select * from user_consents t where t.user_id = $1"),
    Section {
        table: "notification_subscriptions",
        rows_sql: "select * from notification_subscriptions t where t.user_id = $1",
        hidden: &["unsubscribe_token_hash"],
        extra: None,
    },
    Section {
        table: "user_tokens",
        rows_sql: "select * from user_tokens t where t.user_id = $1",
        hidden: &["token_hash"],
        extra: None,
    },
    section("outbox_emails", "select * from outbox_emails t where t.user_id = $1"),
    section("problem_reports", "select * from problem_reports t where t.user_id = $1"),
    section("institution_requests", "select * from institution_requests t where t.requested_by = $1"),
    section("companies", "select * from companies t where t.created_by = $1"),
    section("project_categories", "select * from project_categories t where t.author_user_id = $1"),
    Section {
        table: "uploads",
        rows_sql: "select * from uploads t where t.owner_user_id = $1",
        hidden: &["data", "sha256"],
        extra: Some("jsonb_build_object('data_base64', encode(t.data, 'base64'))"),
    },
    section("candidate_job_categories", "select * from candidate_job_categories t where t.candidate_id = $1"),
    section("candidate_job_localizations", "select * from candidate_job_localizations t where t.candidate_id = $1"),
    section("candidate_company_types", "select * from candidate_company_types t where t.candidate_id = $1"),
    section("candidate_contract_types", "select * from candidate_contract_types t where t.candidate_id = $1"),
    section("candidate_hourly_schemes", "select * from candidate_hourly_schemes t where t.candidate_id = $1"),
    section("candidate_languages", "select * from candidate_languages t where t.candidate_id = $1"),
    section("educations", "select * from educations t where t.candidate_id = $1"),
    section("experiences", "select * from experiences t where t.candidate_id = $1"),
    section("projects", "select * from projects t where t.candidate_id = $1"),
    section("candidate_hobbies", "select * from candidate_hobbies t where t.candidate_id = $1"),
    section("disc_results", "select * from disc_results t where t.candidate_id = $1"),
    section("candidate_search_documents", "select * from candidate_search_documents t where t.candidate_id = $1"),
    // which of the partners' saved searches keep the candidate (not who the partners are)
    Section {
        table: "sourcing_saved_candidates",
        rows_sql: "select * from sourcing_saved_candidates t where t.candidate_id = $1",
        hidden: &["sourcing_search_id"],
        extra: None,
    },
    // the days of the partner searches the candidate appeared in (not which partner or search)
    Section {
        table: "search_appearances",
        rows_sql: "select * from search_appearances t where t.candidate_id = $1",
        hidden: &["run_id"],
        extra: Some("jsonb_build_object('day', (select r.day from search_runs r where r.id = t.run_id))"),
    },
    // which saved searches with alerts the candidate started to match, when and why (not whose)
    Section {
        table: "sourcing_search_matches",
        rows_sql: "select * from sourcing_search_matches t where t.candidate_id = $1",
        hidden: &["sourcing_search_id", "partner_id"],
        extra: None,
    },
    section(
        "education_soft_skills",
        "select t.* from education_soft_skills t where t.education_id in (select id from educations where candidate_id = $1)",
    ),
    section(
        "experience_soft_skills",
        "select t.* from experience_soft_skills t where t.experience_id in (select id from experiences where candidate_id = $1)",
    ),
    section(
        "project_soft_skills",
        "select t.* from project_soft_skills t where t.project_id in (select id from projects where candidate_id = $1)",
    ),
    section(
        "candidate_hobby_soft_skills",
        "select t.* from candidate_hobby_soft_skills t
         where t.candidate_hobby_id in (select id from candidate_hobbies where candidate_id = $1)",
    ),
    section(
        "education_pictures",
        "select t.* from education_pictures t where t.education_id in (select id from educations where candidate_id = $1)",
    ),
    section(
        "project_pictures",
        "select t.* from project_pictures t where t.project_id in (select id from projects where candidate_id = $1)",
    ),
    section(
        "candidate_hobby_pictures",
        "select t.* from candidate_hobby_pictures t
         where t.candidate_hobby_id in (select id from candidate_hobbies where candidate_id = $1)",
    ),
    section(
        "disc_result_answers",
        "select t.* from disc_result_answers t where t.disc_result_id in (select id from disc_results where candidate_id = $1)",
    ),
    section(
        "localizations",
        "select t.* from localizations t where t.id in (select * from localizations_of_candidate($1))",
    ),
    section(
        "car_methods",
        "select t.* from car_methods t where t.id in (select car_method_id from experiences where candidate_id = $1
                                                   union select car_method_id from projects where candidate_id = $1)",
    ),
];

/// Every table the export has a section for.
pub fn exported_tables() -> impl Iterator<Item = &'static str> {
    SECTIONS.iter().map(|section| section.table)
}

/// The candidate's data: `{ "format": ..., "exported_at": ..., "tables": { table: [rows] } }`.
pub async fn export_candidate(db: &PgPool, candidate_id: i64) -> sqlx::Result<Value> {
    let mut tables = Map::new();
    let mut transaction = db.begin().await?;
    // one snapshot for every section
    sqlx::query("set transaction isolation level repeatable read, read only").execute(&mut *transaction).await?;
    for section in SECTIONS {
        let hidden = section.hidden.iter().map(|column| format!("'{column}'")).collect::<Vec<_>>().join(", ");
        let row = match section.extra {
            Some(extra) => format!("(to_jsonb(t) - array[{hidden}]::text[]) || {extra}"),
            None => format!("to_jsonb(t) - array[{hidden}]::text[]"),
        };
        let sql = format!("select coalesce(jsonb_agg({row}), '[]') from ({rows}) t", rows = section.rows_sql);
        let rows: Value = sqlx::query_scalar(&sql).bind(candidate_id).fetch_one(&mut *transaction).await?;
        tables.insert(section.table.to_owned(), rows);
    }
    transaction.commit().await?;
    Ok(serde_json::json!({
        "format": "vivier-candidate-export/1",
        "exported_at": chrono::Utc::now(),
        "tables": tables,
    }))
}
