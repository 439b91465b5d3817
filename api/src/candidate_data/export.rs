//! The candidate's copy of their data (GDPR article 15 and 20): one JSON document with one
//! section per table that holds something about them, pictures included as base64, so that a
//! single download is the whole answer.
//!
//! Each section is written here by hand, with the columns it leaves out (password hashes, token
//! hashes: secrets, not data about the person). The integration test `candidate_account` lists
//! every table with a foreign key to `users` or `candidates`, or a `candidate_id` column, from
//! `information_schema` and checks that each is a section here or named in
//! [`NOT_ABOUT_CANDIDATES`]: a new table cannot be forgotten silently.

use serde_json::{Map, Value};
use sqlx::{AssertSqlSafe, PgPool};

/// A section of the export: the `rows` of `table` that are about candidate `$1`, as JSON,
/// without the `hidden` columns, with `extra` (SQL building a JSON object from `t`) merged in.
struct Section {
    table: &'static str,
    rows: Rows,
    hidden: &'static [&'static str],
    extra: Option<&'static str>,
}

/// Which rows of a section's table are about the candidate.
enum Rows {
    /// Those whose column holds the candidate's id (or their user id: the same number).
    Where(&'static str),
    /// Those whose column names one of the candidate's rows in another table (a record's
    /// soft skills, say): `(column, table)`.
    OfRecords(&'static str, &'static str),
    /// Those this query selects, with `$1` the candidate's id.
    Select(&'static str),
}

impl Section {
    fn rows_sql(&self) -> String {
        let table = self.table;
        match self.rows {
            Rows::Where(column) => format!("select * from {table} t where t.{column} = $1"),
            Rows::OfRecords(column, records) => {
                format!(
                    "select t.* from {table} t where t.{column} in (select id from {records} where candidate_id = $1)"
                )
            }
            Rows::Select(sql) => sql.to_owned(),
        }
    }
}

const fn rows_where(table: &'static str, column: &'static str) -> Section {
    Section { table, rows: Rows::Where(column), hidden: &[], extra: None }
}

const fn rows_of_records(table: &'static str, column: &'static str, records: &'static str) -> Section {
    Section { table, rows: Rows::OfRecords(column, records), hidden: &[], extra: None }
}

const fn rows_selected(table: &'static str, sql: &'static str) -> Section {
    Section { table, rows: Rows::Select(sql), hidden: &[], extra: None }
}

/// Tables with a foreign key to `users` that never hold a candidate's rows: the rows that make
/// a user a school or a partner, and the searches partners ran (a candidate account has none);
/// and tables with a `candidate_id` that holds no data about the candidate: the log of which
/// candidates changed when, by which every server's index follows the database (kept a day,
/// and the erasure itself writes to it).
pub const NOT_ABOUT_CANDIDATES: &[&str] = &["schools", "partners", "search_runs", "candidate_changes"];

/// The title and company of the offer a row names (`t.job_offer_id`).
const OFFER_AND_COMPANY: &str = "(select jsonb_build_object('offer', o.title, 'company', c.name)
                                 from job_offers o join companies c on c.id = o.company_id where o.id = t.job_offer_id)";

const SECTIONS: &[Section] = &[
    Section { table: "users", rows: Rows::Where("id"), hidden: &["password_hash", "session_version"], extra: None },
    rows_where("candidates", "user_id"),
    rows_where("user_consents", "user_id"),
    Section {
        table: "notification_subscriptions",
        rows: Rows::Where("user_id"),
        hidden: &["unsubscribe_token_hash"],
        extra: None,
    },
    Section { table: "user_tokens", rows: Rows::Where("user_id"), hidden: &["token_hash"], extra: None },
    rows_where("outbox_emails", "user_id"),
    rows_where("problem_reports", "user_id"),
    rows_where("institution_requests", "requested_by"),
    rows_where("companies", "created_by"),
    rows_where("project_categories", "author_user_id"),
    Section {
        table: "uploads",
        rows: Rows::Where("owner_user_id"),
        hidden: &["data", "sha256"],
        extra: Some("jsonb_build_object('data_base64', encode(t.data, 'base64'))"),
    },
    rows_where("candidate_job_categories", "candidate_id"),
    rows_where("candidate_job_localizations", "candidate_id"),
    rows_where("candidate_company_types", "candidate_id"),
    rows_where("candidate_contract_types", "candidate_id"),
    rows_where("candidate_hourly_schemes", "candidate_id"),
    rows_where("candidate_languages", "candidate_id"),
    rows_where("educations", "candidate_id"),
    rows_where("experiences", "candidate_id"),
    rows_where("projects", "candidate_id"),
    rows_where("candidate_hobbies", "candidate_id"),
    rows_where("disc_results", "candidate_id"),
    rows_where("candidate_search_documents", "candidate_id"),
    // which of the partners' saved searches keep the candidate (not who the partners are)
    Section {
        table: "sourcing_saved_candidates",
        rows: Rows::Where("candidate_id"),
        hidden: &["sourcing_search_id"],
        extra: None,
    },
    // the days of the partner searches the candidate appeared in (not which partner or search)
    Section {
        table: "search_appearances",
        rows: Rows::Where("candidate_id"),
        hidden: &["run_id"],
        extra: Some("jsonb_build_object('day', (select r.day from search_runs r where r.id = t.run_id))"),
    },
    // which saved searches with alerts the candidate started to match, when and why (not whose)
    Section {
        table: "sourcing_search_matches",
        rows: Rows::Where("candidate_id"),
        hidden: &["sourcing_search_id", "partner_id"],
        extra: None,
    },
    // which companies looked at the profile or saved it, and when (what the dashboard shows)
    Section {
        table: "profile_views",
        rows: Rows::Where("candidate_id"),
        hidden: &[],
        extra: Some("jsonb_build_object('company', (select c.name from companies c where c.id = t.company_id))"),
    },
    // the operators' decisions about the account (not which operator)
    Section { table: "audit_events", rows: Rows::Where("subject_id"), hidden: &["actor_id"], extra: None },
    // the invitations schools sent to the candidate's address
    Section {
        table: "school_invitations",
        rows: Rows::Select(
            "select t.* from school_invitations t where lower(t.email) = (select lower(email) from users where id = $1)",
        ),
        hidden: &["token_hash"],
        extra: Some("jsonb_build_object('school', (select s.name from schools s where s.user_id = t.school_id))"),
    },
    // the recruiters who asked to get in touch, and the conversations that followed
    Section {
        table: "contact_requests",
        rows: Rows::Where("candidate_id"),
        hidden: &["partner_id"],
        extra: Some(
            "jsonb_build_object('company', (select c.name from partners p join companies c on c.id = p.company_id
                                            where p.user_id = t.partner_id))",
        ),
    },
    Section {
        table: "contact_messages",
        rows: Rows::Select(
            "select t.* from contact_messages t join contact_requests r on r.id = t.contact_request_id
             where r.candidate_id = $1",
        ),
        hidden: &["author_id"],
        extra: Some("jsonb_build_object('mine', t.author_id = $1)"),
    },
    Section { table: "company_blocks", rows: Rows::Where("candidate_id"), hidden: &[], extra: None },
    // the offers the candidate applied to, was told of, and when the digest last went out
    Section {
        table: "job_applications",
        rows: Rows::Where("candidate_id"),
        hidden: &[],
        extra: Some(OFFER_AND_COMPANY),
    },
    Section {
        table: "job_offer_matches",
        rows: Rows::Where("candidate_id"),
        hidden: &[],
        extra: Some(OFFER_AND_COMPANY),
    },
    rows_where("job_offer_digests", "candidate_id"),
    rows_of_records("education_soft_skills", "education_id", "educations"),
    rows_of_records("experience_soft_skills", "experience_id", "experiences"),
    rows_of_records("project_soft_skills", "project_id", "projects"),
    rows_of_records("candidate_hobby_soft_skills", "candidate_hobby_id", "candidate_hobbies"),
    rows_of_records("education_pictures", "education_id", "educations"),
    rows_of_records("project_pictures", "project_id", "projects"),
    rows_of_records("candidate_hobby_pictures", "candidate_hobby_id", "candidate_hobbies"),
    rows_of_records("disc_result_answers", "disc_result_id", "disc_results"),
    rows_selected(
        "localizations",
        "select t.* from localizations t where t.id in (select * from localizations_of_candidate($1))",
    ),
    rows_selected(
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
        let sql = format!("select coalesce(jsonb_agg({row}), '[]') from ({rows}) t", rows = section.rows_sql());
        let rows: Value =
            sqlx::query_scalar(AssertSqlSafe(&*sql)).bind(candidate_id).fetch_one(&mut *transaction).await?;
        tables.insert(section.table.to_owned(), rows);
    }
    transaction.commit().await?;
    Ok(serde_json::json!({
        "format": "vivier-candidate-export/1",
        "exported_at": chrono::Utc::now(),
        "tables": tables,
    }))
}
