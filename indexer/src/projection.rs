//! The projection: the rows of a candidate turned into the [`CandidateDoc`] the matcher searches.
//!
//! One set of queries serves every path (bulk load, catch-up, verification), for a batch of
//! candidate ids or for every searchable candidate ([`Selection`]), so that the document of a
//! candidate never depends on how it was loaded.
//!
//! Rules:
//! - only candidates whose user is active and who are `in_research` get a document; the others
//!   are removed from the matcher;
//! - `degree_level` is the level of the candidate's degree, 0 without one;
//! - each document comes with its [`CandidateCard`], read by the same query;
//! - `available_from` is the candidate's availability, or the day their profile was created
//!   (in UTC) when they left it empty: no date means "available now", and the creation day keeps
//!   the document a pure function of the rows;
//! - localizations in `position` order: a whole country for `country` rows, otherwise a place
//!   whose id comes from [`crate::place_ids`];
//! - job categories, contract types, languages and soft-skill categories in id order;
//!   soft skills are the `candidate_soft_skill_percentages` view rounded to whole percents,
//!   computed here from the picks themselves (see [`soft_skill_percent`]);
//! - the text is, one piece per line and skipping empty pieces: each experience's position,
//!   company and CAR context, actions and results; each project's name and CAR texts; each
//!   education's name and institution (records in id order).

use std::collections::HashMap;
use std::fmt;

use chrono::NaiveDate;
use matcher::{CandidateDoc, CountryCode, JobLocalization, LanguageSkill, SoftSkillShare};
use sqlx::{PgConnection, PgPool};

use crate::cards::CandidateCard;
use crate::place_ids::{PlaceKind, place_id_of};

/// Why one candidate's rows could not become a document.
#[derive(Clone, Debug, PartialEq)]
pub struct ProjectionError {
    pub candidate_id: i64,
    pub reason: String,
}

impl fmt::Display for ProjectionError {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "candidate {}: {}", self.candidate_id, self.reason)
    }
}

impl std::error::Error for ProjectionError {}

/// The outcome of projecting a batch of candidate ids.
#[derive(Debug, Default)]
pub struct ProjectedBatch {
    /// Documents of the searchable candidates, in candidate id order.
    pub documents: Vec<CandidateDoc>,
    /// The card of each document, in the same order.
    pub cards: Vec<CandidateCard>,
    /// Candidates that are gone, deactivated or not searching: they must leave the matcher.
    pub absent: Vec<i64>,
    /// Candidates whose rows are invalid; they keep whatever document they had.
    pub failures: Vec<ProjectionError>,
}

/// A document being assembled, with the first problem met on the way.
struct Draft {
    document: CandidateDoc,
    card: CandidateCard,
    problem: Option<String>,
}

impl Draft {
    fn fail(&mut self, reason: String) {
        self.problem.get_or_insert(reason);
    }
}

fn convert<T: TryFrom<i64>>(draft: &mut Draft, what: &str, value: i64) -> Option<T> {
    match T::try_from(value) {
        Ok(converted) => Some(converted),
        Err(_) => {
            draft.fail(format!("{what} {value} is out of range"));
            None
        }
    }
}

/// Which candidates a projection reads.
#[derive(Clone, Copy, Debug)]
pub enum Selection<'a> {
    /// These candidates (the catch-up after changes): each query probes the indexes per id.
    Ids(&'a [i64]),
    /// Every searchable candidate (a load or a verification): each query reads its tables once,
    /// the queries running side by side. Probing a large set of ids instead made Postgres scan the
    /// soft-skill tables once per batch, a cost growing with the square of the candidates.
    Searchable,
}

// The projection's queries, written for `Selection::Ids` with their filter spelled `= any($1)`;
// for `Searchable` the filter becomes `is not null` (ids are never null), so both paths share them.
const PROFILES: &str = "select c.user_id, d.level as degree_level, c.contract_min_duration,
                coalesce(c.availability, (c.created_at at time zone 'UTC')::date) as available_from,
                c.availability, u.firstname, u.lastname, c.headline,
                case when c.is_public then c.slug end as public_slug
         from candidates c
         join users u on u.id = c.user_id
         left join degrees d on d.id = c.degree_id
         where c.user_id = any($1) and u.active and c.in_research";
const LOCALIZATIONS: &str = "select j.candidate_id, l.type::text, l.lat, l.lng, l.commune_code, l.country_code
         from candidate_job_localizations j join localizations l on l.id = j.localization_id
         where j.candidate_id = any($1)
         order by j.candidate_id, j.position, l.id";
const JOB_CATEGORIES: &str = "select candidate_id, job_category_id from candidate_job_categories
         where candidate_id = any($1) order by candidate_id, job_category_id";
const CONTRACT_TYPES: &str = "select candidate_id, contract_type_id from candidate_contract_types
         where candidate_id = any($1) order by candidate_id, contract_type_id";
const LANGUAGES: &str = "select candidate_id, language_id, level from candidate_languages
         where candidate_id = any($1) order by candidate_id, language_id";
// One row per soft skill picked on an education, experience, project or hobby, with its category:
// the rows the `candidate_soft_skill_percentages` view aggregates. Counting them here costs a
// third of what the view's grouping, window and sort cost Postgres at a million candidates.
const SOFT_SKILL_PICKS: &str = "select e.candidate_id, k.soft_skill_category_id
         from education_soft_skills s join educations e on e.id = s.education_id
         join soft_skills k on k.id = s.soft_skill_id where e.candidate_id = any($1)
         union all
         select x.candidate_id, k.soft_skill_category_id
         from experience_soft_skills s join experiences x on x.id = s.experience_id
         join soft_skills k on k.id = s.soft_skill_id where x.candidate_id = any($1)
         union all
         select p.candidate_id, k.soft_skill_category_id
         from project_soft_skills s join projects p on p.id = s.project_id
         join soft_skills k on k.id = s.soft_skill_id where p.candidate_id = any($1)
         union all
         select h.candidate_id, k.soft_skill_category_id
         from candidate_hobby_soft_skills s join candidate_hobbies h on h.id = s.candidate_hobby_id
         join soft_skills k on k.id = s.soft_skill_id where h.candidate_id = any($1)";

/// The whole percent the projection gives a category picked `picks` times out of `total`: the
/// view's `round(100.0 * picks / total, 1)`, then rounded to a whole number, both rounding halves
/// away from zero, in integers (the view's numeric division is exact to far more digits than a
/// tie between two tenths needs).
pub fn soft_skill_percent(picks: u32, total: u32) -> u8 {
    let (picks, total) = (u64::from(picks), u64::from(total.max(1)));
    let tenths = (2000 * picks + total) / (2 * total);
    ((tenths + 5) / 10).min(100) as u8
}
// The free-text records, one row per record with its pieces in order (the first three columns of
// a source it lacks are null); `assemble` orders and joins them. Aggregating them in Postgres
// (`string_agg ... order by`) sorted every piece of every candidate and cost most of a bulk load.
const EXPERIENCE_TEXTS: &str = "select x.candidate_id, x.id, x.position_name, x.company_name, m.context, m.actions,
                m.results
         from experiences x left join car_methods m on m.id = x.car_method_id
         where x.candidate_id = any($1)";
const PROJECT_TEXTS: &str = "select p.candidate_id, p.id, p.name, null::text, m.context, m.actions, m.results
         from projects p left join car_methods m on m.id = p.car_method_id
         where p.candidate_id = any($1)";
const EDUCATION_TEXTS: &str = "select e.candidate_id, e.id, e.name, e.institution, null::text, null::text, null::text
         from educations e
         where e.candidate_id = any($1)";

/// Runs one of the projection's queries.
async fn fetch<O>(connection: &mut PgConnection, sql: &str, selection: Selection<'_>) -> sqlx::Result<Vec<O>>
where
    O: for<'r> sqlx::FromRow<'r, sqlx::postgres::PgRow> + Send + Unpin,
{
    match selection {
        Selection::Ids(ids) => sqlx::query_as(sql).bind(ids).fetch_all(connection).await,
        Selection::Searchable => {
            let sql = sql.replace("= any($1)", "is not null");
            sqlx::query_as(&sql).fetch_all(connection).await
        }
    }
}

/// (candidate, type, lat, lng, commune code, country code)
type LocalizationRow = (i64, String, Option<f64>, Option<f64>, Option<String>, String);

/// A row of [`PROFILES`].
#[derive(sqlx::FromRow)]
struct ProfileRow {
    user_id: i64,
    degree_level: Option<i16>,
    contract_min_duration: i16,
    available_from: NaiveDate,
    availability: Option<NaiveDate>,
    firstname: String,
    lastname: String,
    headline: Option<String>,
    public_slug: Option<String>,
}

/// (candidate, record id, its text pieces in order): a row of the `*_TEXTS` queries.
type TextRecord = (i64, i64, Option<String>, Option<String>, Option<String>, Option<String>, Option<String>);

/// The rows the queries return, before they become documents.
#[derive(Default)]
struct Rows {
    profiles: Vec<ProfileRow>,
    localizations: Vec<LocalizationRow>,
    job_categories: Vec<(i64, i16)>,
    contract_types: Vec<(i64, i16)>,
    languages: Vec<(i64, i16, i16)>,
    soft_skill_picks: Vec<(i64, i16)>,
    /// Experiences, projects, educations: the order their texts come in.
    texts: [Vec<TextRecord>; 3],
}

/// Projects the candidates of `candidate_ids` as the connection's snapshot sees them.
///
/// Run it inside a repeatable-read transaction to get documents from one consistent snapshot.
pub async fn project_candidates(connection: &mut PgConnection, candidate_ids: &[i64]) -> sqlx::Result<ProjectedBatch> {
    let profiles: Vec<ProfileRow> = fetch(&mut *connection, PROFILES, Selection::Ids(candidate_ids)).await?;
    if profiles.is_empty() {
        return Ok(ProjectedBatch { absent: candidate_ids.to_vec(), ..ProjectedBatch::default() });
    }
    // the other queries only need the candidates that passed the first
    let present: Vec<i64> = profiles.iter().map(|profile| profile.user_id).collect();
    let selection = Selection::Ids(&present);
    let rows = Rows {
        profiles,
        localizations: fetch(&mut *connection, LOCALIZATIONS, selection).await?,
        job_categories: fetch(&mut *connection, JOB_CATEGORIES, selection).await?,
        contract_types: fetch(&mut *connection, CONTRACT_TYPES, selection).await?,
        languages: fetch(&mut *connection, LANGUAGES, selection).await?,
        soft_skill_picks: fetch(&mut *connection, SOFT_SKILL_PICKS, selection).await?,
        texts: [
            fetch(&mut *connection, EXPERIENCE_TEXTS, selection).await?,
            fetch(&mut *connection, PROJECT_TEXTS, selection).await?,
            fetch(&mut *connection, EDUCATION_TEXTS, selection).await?,
        ],
    };
    Ok(assemble(rows, Some(candidate_ids)))
}

/// Projects every searchable candidate as the exported Postgres snapshot `snapshot` sees them
/// (`pg_export_snapshot()` of a repeatable-read transaction kept open meanwhile), each query on
/// its own connection of `pool`.
pub async fn project_searchable(pool: &PgPool, snapshot: &str) -> Result<ProjectedBatch, crate::Error> {
    async fn in_snapshot<O>(pool: &PgPool, snapshot: &str, sql: &str) -> sqlx::Result<Vec<O>>
    where
        O: for<'r> sqlx::FromRow<'r, sqlx::postgres::PgRow> + Send + Unpin,
    {
        let mut transaction = pool.begin().await?;
        sqlx::query("set transaction isolation level repeatable read, read only").execute(&mut *transaction).await?;
        sqlx::query(&format!("set transaction snapshot '{snapshot}'")).execute(&mut *transaction).await?;
        let rows = fetch(&mut transaction, sql, Selection::Searchable).await?;
        transaction.commit().await?;
        Ok(rows)
    }
    let (
        profiles,
        localizations,
        job_categories,
        contract_types,
        languages,
        soft_skill_picks,
        experiences,
        projects,
        educations,
    ) = tokio::try_join!(
        in_snapshot(pool, snapshot, PROFILES),
        in_snapshot(pool, snapshot, LOCALIZATIONS),
        in_snapshot(pool, snapshot, JOB_CATEGORIES),
        in_snapshot(pool, snapshot, CONTRACT_TYPES),
        in_snapshot(pool, snapshot, LANGUAGES),
        in_snapshot(pool, snapshot, SOFT_SKILL_PICKS),
        in_snapshot(pool, snapshot, EXPERIENCE_TEXTS),
        in_snapshot(pool, snapshot, PROJECT_TEXTS),
        in_snapshot(pool, snapshot, EDUCATION_TEXTS),
    )?;
    let texts = [experiences, projects, educations];
    let rows = Rows { profiles, localizations, job_categories, contract_types, languages, soft_skill_picks, texts };
    Ok(assemble(rows, None))
}

/// Turns the rows into documents; `requested`: the ids asked for (the others are ignored, the
/// missing ones absent), `None` for every candidate with a profile row.
fn assemble(rows: Rows, requested: Option<&[i64]>) -> ProjectedBatch {
    let mut drafts: HashMap<i64, Draft> = HashMap::with_capacity(rows.profiles.len());
    for profile in rows.profiles {
        let candidate_id = profile.user_id;
        let mut draft = Draft {
            document: CandidateDoc {
                candidate_id,
                localizations: Vec::new(),
                job_categories: Vec::new(),
                contract_types: Vec::new(),
                minimum_duration_months: 0,
                available_from: profile.available_from,
                degree_level: 0,
                languages: Vec::new(),
                soft_skills: Vec::new(),
                searchable: true,
                text: String::new(),
            },
            card: CandidateCard {
                candidate_id,
                firstname: profile.firstname.into(),
                lastname: profile.lastname.into(),
                headline: profile.headline.map(Into::into),
                availability: profile.availability,
                public_slug: profile.public_slug.map(Into::into),
                degree_level: None,
            },
            problem: None,
        };
        if let Some(level) = profile.degree_level {
            draft.card.degree_level = convert(&mut draft, "degree level", level.into());
        }
        draft.document.degree_level = draft.card.degree_level.unwrap_or(0);
        draft.document.minimum_duration_months =
            convert(&mut draft, "minimum contract duration", profile.contract_min_duration.into()).unwrap_or(0);
        drafts.insert(candidate_id, draft);
    }
    for (candidate_id, localization_type, lat, lng, code, country) in rows.localizations {
        let Some(draft) = drafts.get_mut(&candidate_id) else { continue };
        let Some(country) = CountryCode::parse(&country) else {
            draft.fail(format!("invalid country code {country:?}"));
            continue;
        };
        if localization_type == "country" {
            draft.document.localizations.push(JobLocalization::Country { country });
            continue;
        }
        let Some(kind) = PlaceKind::from_localization_type(&localization_type) else {
            draft.fail(format!("unknown localization type {localization_type:?}"));
            continue;
        };
        let (Some(lat), Some(lng)) = (lat, lng) else {
            draft.fail(format!("{localization_type} localization without coordinates"));
            continue;
        };
        match place_id_of(kind, code.as_deref().unwrap_or_default()) {
            Ok(place_id) => draft.document.localizations.push(JobLocalization::Place { place_id, lat, lng, country }),
            Err(error) => draft.fail(error.to_string()),
        }
    }

    for (candidate_id, category) in rows.job_categories {
        let Some(draft) = drafts.get_mut(&candidate_id) else { continue };
        if let Some(category) = convert(draft, "job category", category.into()) {
            draft.document.job_categories.push(category);
        }
    }

    for (candidate_id, contract_type) in rows.contract_types {
        let Some(draft) = drafts.get_mut(&candidate_id) else { continue };
        if let Some(contract_type) = convert(draft, "contract type", contract_type.into()) {
            draft.document.contract_types.push(contract_type);
        }
    }

    for (candidate_id, language, level) in rows.languages {
        let Some(draft) = drafts.get_mut(&candidate_id) else { continue };
        if let (Some(language), Some(level)) =
            (convert(draft, "language", language.into()), convert(draft, "language level", level.into()))
        {
            draft.document.languages.push(LanguageSkill { language, level });
        }
    }

    // each candidate's picks grouped by category, categories in id order
    let mut picks = rows.soft_skill_picks;
    picks.sort_unstable();
    for candidate_picks in picks.chunk_by(|a, b| a.0 == b.0) {
        let Some(draft) = drafts.get_mut(&candidate_picks[0].0) else { continue };
        let total = candidate_picks.len() as u32;
        for category_picks in candidate_picks.chunk_by(|a, b| a.1 == b.1) {
            if let Some(category) = convert(draft, "soft-skill category", category_picks[0].1.into()) {
                let percent = soft_skill_percent(category_picks.len() as u32, total);
                draft.document.soft_skills.push(SoftSkillShare { category, percent });
            }
        }
    }

    // records by source, then id; a record's non-empty pieces in column order, one per line
    let mut records: Vec<(i64, usize, i64, [Option<String>; 5])> = Vec::new();
    for (source, rows) in rows.texts.into_iter().enumerate() {
        records.extend(rows.into_iter().map(|(candidate_id, record_id, first, second, third, fourth, fifth)| {
            (candidate_id, source, record_id, [first, second, third, fourth, fifth])
        }));
    }
    records.sort_unstable_by_key(|&(candidate_id, source, record_id, _)| (candidate_id, source, record_id));
    for (candidate_id, _, _, pieces) in records {
        let Some(draft) = drafts.get_mut(&candidate_id) else { continue };
        for piece in pieces.into_iter().flatten().filter(|piece| !piece.is_empty()) {
            if !draft.document.text.is_empty() {
                draft.document.text.push('\n');
            }
            draft.document.text.push_str(&piece);
        }
    }

    let mut batch = ProjectedBatch::default();
    let mut sorted_ids = match requested {
        Some(ids) => ids.to_vec(),
        None => drafts.keys().copied().collect(),
    };
    sorted_ids.sort_unstable();
    sorted_ids.dedup();
    for candidate_id in sorted_ids {
        match drafts.remove(&candidate_id) {
            None => batch.absent.push(candidate_id),
            Some(Draft { problem: Some(reason), .. }) => batch.failures.push(ProjectionError { candidate_id, reason }),
            Some(Draft { document, card, problem: None }) => {
                batch.documents.push(document);
                batch.cards.push(card);
            }
        }
    }
    batch
}

#[cfg(test)]
mod tests {
    use super::soft_skill_percent;

    #[test]
    fn soft_skill_percents_round_tenths_then_units_halves_away_from_zero() {
        // 12.5 -> 13; 6.25 -> 6.3 -> 6; 33.33 -> 33.3 -> 33; 66.67 -> 66.7 -> 67
        assert_eq!(soft_skill_percent(1, 8), 13);
        assert_eq!(soft_skill_percent(1, 16), 6);
        assert_eq!(soft_skill_percent(1, 3), 33);
        assert_eq!(soft_skill_percent(2, 3), 67);
        // 0.5 -> 1, but 0.04998 -> 0.0 -> 0
        assert_eq!(soft_skill_percent(1, 200), 1);
        assert_eq!(soft_skill_percent(1, 2001), 0);
        assert_eq!(soft_skill_percent(7, 7), 100);
    }
}
