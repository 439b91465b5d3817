//! `GET /api/api/school/statistics`: what a career service watches about its own candidates,
//! computed in SQL over the candidates attached to the school (directly or by one of its
//! campuses). Counts only: no figure names a candidate, and none reaches another school's.
//!
//! - by campus and program: how many candidates each holds (those without a program apart);
//! - completion: candidates per quarter of profile completion (0-24, 25-49, 50-74, 75-100 %);
//! - looking for a job: how many say they are (`in_research`);
//! - contracts sought: per contract type, how many candidates look for it;
//! - soft-skill families: per family, how many candidates have it as their strongest (the family
//!   with the largest share of the soft skills they chose; ties go to the lowest id), the five
//!   most frequent;
//! - languages: per language, how many candidates speak it, the ten most frequent;
//! - search demand: how many partner searches of the last 30 days their candidates appeared in,
//!   and which criteria most often kept them out (see [`crate::search_demand`]);
//! - outcomes: per month of the last twelve, the applications their candidates sent to offers,
//!   the interviews and the hires (counts only: which companies is the candidates' to tell).

use axum::extract::State;
use serde::{Deserialize, Serialize};
use sqlx::types::Json as JsonColumn;

use super::roster::SCHOOL_CANDIDATES_SQL;
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::Result;
use crate::extract::Json;
use crate::locale::Locale;
use crate::search_demand::exclusions::{Exclusion, Replayed, exclusions};
use sqlx::AssertSqlSafe;

/// A named thing and how many candidates it counts.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct NamedCount {
    pub id: i64,
    pub name: String,
    pub candidates: i64,
}

#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct CampusCount {
    pub id: i64,
    pub name: String,
    pub candidates: i64,
    /// Per program of the campus, programs without candidates included.
    pub programs: Vec<NamedCount>,
    /// Candidates of the campus without a program.
    pub without_program: i64,
}

#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct CompletionBucket {
    /// Lowest completion of the bucket, in percent.
    pub from: i32,
    /// Highest completion of the bucket, in percent.
    pub to: i32,
    pub candidates: i64,
}

#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SchoolStatistics {
    /// Candidates attached to the school.
    pub candidates: i64,
    /// Of them, those who chose a password.
    pub activated: i64,
    /// Of them, those looking for a job.
    pub in_research: i64,
    pub campuses: Vec<CampusCount>,
    pub completion: Vec<CompletionBucket>,
    pub contracts: Vec<NamedCount>,
    pub soft_skill_families: Vec<NamedCount>,
    pub languages: Vec<NamedCount>,
    pub search_demand: SearchDemand,
    /// The last 12 months, oldest first, the current month included.
    pub outcomes: Vec<MonthlyOutcomes>,
}

/// What the school's candidates' applications led to in one month; counts only.
#[derive(Debug, Serialize, Deserialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct MonthlyOutcomes {
    /// The month's first day.
    pub month: chrono::NaiveDate,
    /// Applications sent that month (withdrawn ones aside).
    pub applications: i64,
    /// Applications that reached the interview step that month.
    pub interviews: i64,
    /// Applications that ended in a hire that month.
    pub hires: i64,
}

/// The school's candidates in partner searches over the last 30 days; counts only.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SearchDemand {
    /// Partner searches at least one of the candidates matched.
    pub searches: i64,
    /// Candidates who matched at least one search.
    pub candidates_seen: i64,
    /// Candidate-search pairs: each candidate counted once per search they matched.
    pub appearances: i64,
    /// What most often kept the candidates out: per criterion, the appearances that relaxing it
    /// alone would have added, most first.
    pub excluded_by: Vec<Exclusion>,
}

/// The school's candidates, as a CTE named `mine`.
fn mine_sql() -> String {
    format!("mine as (select c.* from candidates c where {SCHOOL_CANDIDATES_SQL})")
}

#[utoipa::path(
    get, path = "/api/api/school/statistics",
    responses((status = 200, body = SchoolStatistics))
)]
pub async fn get_statistics(
    State(state): State<AppState>,
    user: CurrentUser,
    locale: Locale,
) -> Result<Json<SchoolStatistics>> {
    let label = if locale == Locale::En { "label_en" } else { "label_fr" };
    let mine = mine_sql();
    let sql = format!(
        "with {mine},
         strongest as (
            select distinct on (p.candidate_id) p.candidate_id, p.soft_skill_category_id
            from candidate_soft_skill_percentages p join mine on mine.user_id = p.candidate_id
            where p.percentage > 0
            order by p.candidate_id, p.percentage desc, p.soft_skill_category_id)
         select
            (select count(*) from mine) as candidates,
            (select count(*) from mine join users u on u.id = mine.user_id where u.password_hash is not null) as activated,
            (select count(*) from mine where in_research) as in_research,
            coalesce((select jsonb_agg(jsonb_build_object(
                    'id', k.id, 'name', k.name,
                    'candidates', (select count(*) from mine where mine.campus_id = k.id),
                    'without_program', (select count(*) from mine where mine.campus_id = k.id and mine.program_id is null),
                    'programs', coalesce((select jsonb_agg(jsonb_build_object(
                            'id', p.id, 'name', p.name,
                            'candidates', (select count(*) from mine where mine.program_id = p.id)) order by p.id)
                        from programs p where p.campus_id = k.id), '[]'::jsonb)) order by k.name collate human_order, k.id)
                from campuses k where k.school_id = $1), '[]'::jsonb) as campuses,
            (select jsonb_agg(jsonb_build_object('from', b.low, 'to', b.high,
                    'candidates', (select count(*) from mine where mine.completion between b.low and b.high)) order by b.low)
                from (values (0, 24), (25, 49), (50, 74), (75, 100)) b(low, high)) as completion,
            coalesce((select jsonb_agg(jsonb_build_object('id', t.id, 'name', t.{label}, 'candidates', t.candidates)
                        order by t.candidates desc, t.id)
                from (select x.id, x.{label}, count(*) as candidates
                      from candidate_contract_types cc join mine on mine.user_id = cc.candidate_id
                      join contract_types x on x.id = cc.contract_type_id group by x.id) t), '[]'::jsonb) as contracts,
            coalesce((select jsonb_agg(jsonb_build_object('id', t.id, 'name', t.{label}, 'candidates', t.candidates)
                        order by t.candidates desc, t.id)
                from (select f.id, f.{label}, count(*) as candidates
                      from strongest s join soft_skill_categories f on f.id = s.soft_skill_category_id
                      group by f.id order by count(*) desc, f.id limit 5) t), '[]'::jsonb) as soft_skill_families,
            coalesce((select jsonb_agg(jsonb_build_object('id', t.id, 'name', t.{label}, 'candidates', t.candidates)
                        order by t.candidates desc, t.id)
                from (select g.id, g.{label}, count(*) as candidates
                      from candidate_languages cl join mine on mine.user_id = cl.candidate_id
                      join languages g on g.id = cl.language_id
                      group by g.id order by count(*) desc, g.id limit 10) t), '[]'::jsonb) as languages"
    );
    type Row = (
        i64,
        i64,
        i64,
        JsonColumn<Vec<CampusCount>>,
        JsonColumn<Vec<CompletionBucket>>,
        JsonColumn<Vec<NamedCount>>,
        JsonColumn<Vec<NamedCount>>,
        JsonColumn<Vec<NamedCount>>,
    );
    let row: Row = sqlx::query_as(AssertSqlSafe(&*sql)).bind(user.id).fetch_one(&state.db).await?;
    let (candidates, activated, in_research, campuses, completion, contracts, families, languages) = row;
    let search_demand = search_demand(&state, user.id).await?;
    let outcomes = outcomes(&state, user.id).await?;
    Ok(Json(SchoolStatistics {
        candidates,
        activated,
        in_research,
        campuses: campuses.0,
        completion: completion.0,
        contracts: contracts.0,
        soft_skill_families: families.0,
        languages: languages.0,
        search_demand,
        outcomes,
    }))
}

/// The school's candidates' applications, interviews and hires per month, the last twelve.
async fn outcomes(state: &AppState, school_id: i64) -> Result<Vec<MonthlyOutcomes>> {
    Ok(sqlx::query_as(AssertSqlSafe(format!(
        "with {mine},
         months as (select generate_series(date_trunc('month', current_date) - interval '11 months',
                                           date_trunc('month', current_date), interval '1 month')::date as month),
         theirs as (select a.* from job_applications a join mine on mine.user_id = a.candidate_id)
         select m.month,
                (select count(*) from theirs where date_trunc('month', theirs.created_at)::date = m.month
                                                and theirs.status <> 'withdrawn') as applications,
                (select count(*) from theirs where date_trunc('month', theirs.interview_at)::date = m.month) as interviews,
                (select count(*) from theirs where date_trunc('month', theirs.hired_at)::date = m.month) as hires
         from months m order by m.month",
        mine = mine_sql()
    )))
    .bind(school_id)
    .fetch_all(&state.db)
    .await?)
}

async fn search_demand(state: &AppState, school_id: i64) -> Result<SearchDemand> {
    let mine: Vec<i64> = sqlx::query_scalar(AssertSqlSafe(format!("with {} select user_id from mine", mine_sql())))
        .bind(school_id)
        .fetch_all(&state.db)
        .await?;
    let (searches, candidates_seen, appearances): (i64, i64, i64) = sqlx::query_as(
        "select count(distinct a.run_id), count(distinct a.candidate_id), count(*)
         from search_appearances a join search_runs r on r.id = a.run_id
         where a.candidate_id = any($1) and r.day > current_date - $2",
    )
    .bind(&mine)
    .bind(crate::search_demand::DEMAND_DAYS)
    .fetch_one(&state.db)
    .await?;
    let excluded_by = exclusions(&state.db, &state.engine, mine.into_iter().collect(), Replayed::All).await?;
    Ok(SearchDemand { searches, candidates_seen, appearances, excluded_by })
}
