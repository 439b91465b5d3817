//! A school's candidates, as every school list reads them: who they are (attached to the school
//! or to one of its campuses), the filters (campus, program, parcours, minimum completion, a part
//! of the name or email, accents and case aside) and the paging. `GET /api/api/candidates`, a
//! campus's list and its CSV download all go through [`Roster`], and the statistics count the
//! same people ([`SCHOOL_CANDIDATES_SQL`]).

use sqlx::AssertSqlSafe;

/// The candidates of school `$1`: attached to it, or to one of its campuses (`c` is `candidates`).
pub const SCHOOL_CANDIDATES_SQL: &str =
    "(c.school_id = $1 or c.campus_id in (select id from campuses where school_id = $1))";

pub use crate::http::paging::{PageQuery, Paging};

/// Which of a school's candidates a list shows.
#[derive(Debug, Clone, Default)]
pub struct Roster {
    pub school_id: i64,
    pub campus_id: Option<i64>,
    pub program_id: Option<i64>,
    pub parcours_id: Option<i16>,
    pub min_completion: Option<i16>,
    /// Part of the first name, last name, both, or the email.
    pub name: Option<String>,
}

impl Roster {
    /// The `from … where …` of the list, with the binds in [`Roster::bind`]'s order ($1 to $6).
    pub fn from_where() -> String {
        format!(
            "from candidates c join users u on u.id = c.user_id
             where {SCHOOL_CANDIDATES_SQL} and u.active
               and ($2::bigint is null or c.campus_id = $2)
               and ($3::bigint is null or c.program_id = $3)
               and ($4::smallint is null or c.parcours_id = $4)
               and c.completion >= coalesce($5, 0)
               and ($6::text is null or fold(u.firstname || ' ' || u.lastname) like fold($6)
                    or lower(u.email) like lower($6))"
        )
    }

    /// The order of every list: last name, first name (accents and case aside), then id.
    pub const ORDER_SQL: &'static str =
        "order by u.lastname collate human_order, u.firstname collate human_order, c.user_id";

    /// Binds the filters of [`Roster::from_where`].
    pub fn bind<'q, O>(
        &'q self,
        query: sqlx::query::QueryAs<'q, sqlx::Postgres, O, sqlx::postgres::PgArguments>,
    ) -> sqlx::query::QueryAs<'q, sqlx::Postgres, O, sqlx::postgres::PgArguments> {
        query
            .bind(self.school_id)
            .bind(self.campus_id)
            .bind(self.program_id)
            .bind(self.parcours_id)
            .bind(self.min_completion)
            .bind(crate::db::contains_pattern(self.name.as_deref()))
    }

    /// How many candidates the filters keep.
    pub async fn count(&self, db: &sqlx::PgPool) -> sqlx::Result<i64> {
        let (total,): (i64,) = self
            .bind(sqlx::query_as(AssertSqlSafe(format!("select count(*) {}", Self::from_where()))))
            .fetch_one(db)
            .await?;
        Ok(total)
    }
}
