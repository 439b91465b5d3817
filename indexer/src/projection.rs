//! The projection: a candidate's search document row turned into the [`CandidateDoc`] the matcher
//! searches and the [`CandidateCard`] a hit shows.
//!
//! Postgres projects a candidate's rows where they change: the change-log triggers keep
//! `candidate_search_documents` equal to the view `candidate_search_document_projection`
//! (`migrations/0007_candidate_search_documents.sql`, which states the rules). This module reads
//! either relation with one column list and one decoder, so that a document never depends on how
//! it was loaded:
//! - [`stored_documents`] reads the stored documents of some candidates (catch-up, retries);
//! - [`read_every_searchable`] reads every searchable candidate in parallel ranges that share one
//!   snapshot: from the table for a load, from the view for a verification, which projects the
//!   rows afresh and so also checks that the triggers kept the table right.
//!
//! Decoding turns a localization's code into a place id ([`crate::place_ids`]) and checks that
//! every number fits the matcher's types; a row that fails is a [`ProjectionError`] for that
//! candidate only.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use chrono::NaiveDate;
use matcher::{CandidateDoc, CountryCode, FindableBy, JobLocalization, LanguageSkill, SoftSkillShare};
use sqlx::{AssertSqlSafe, PgConnection, PgPool};

use crate::cards::CandidateCard;
use crate::place_ids::{PlaceKind, place_id_of};
use crate::read_progress::ReadProgress;

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

/// The outcome of projecting a batch of candidates.
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

impl ProjectedBatch {
    /// Adds a decoded row: its document and card, or its failure.
    fn push(&mut self, row: DocumentRow) {
        if !row.searchable {
            self.absent.push(row.candidate_id);
            return;
        }
        let candidate_id = row.candidate_id;
        match row.decode() {
            Ok((document, card)) => {
                self.documents.push(document);
                self.cards.push(card);
            }
            Err(reason) => self.failures.push(ProjectionError { candidate_id, reason }),
        }
    }

    /// Appends `other`.
    fn extend(&mut self, other: ProjectedBatch) {
        self.documents.extend(other.documents);
        self.cards.extend(other.cards);
        self.absent.extend(other.absent);
        self.failures.extend(other.failures);
    }
}

/// The columns of a search document, in the order of both relations.
pub const DOCUMENT_COLUMNS: &str = "candidate_id, searchable, firstname, lastname, headline, public_slug, availability,
    available_from, degree_level, contract_min_duration, job_category_ids, contract_type_ids, language_ids,
    language_levels, soft_skill_category_ids, soft_skill_percents, localization_types, localization_latitudes,
    localization_longitudes, localization_codes, localization_countries, text, findable_by, school_id, home_commune_code";

/// A row of `candidate_search_documents` or of `candidate_search_document_projection`.
#[derive(sqlx::FromRow)]
struct DocumentRow {
    candidate_id: i64,
    searchable: bool,
    firstname: String,
    lastname: String,
    headline: Option<String>,
    public_slug: Option<String>,
    availability: Option<NaiveDate>,
    available_from: NaiveDate,
    degree_level: Option<i16>,
    contract_min_duration: i16,
    job_category_ids: Vec<i16>,
    contract_type_ids: Vec<i16>,
    language_ids: Vec<i16>,
    language_levels: Vec<i16>,
    soft_skill_category_ids: Vec<i16>,
    soft_skill_percents: Vec<i16>,
    localization_types: Vec<String>,
    localization_latitudes: Vec<Option<f64>>,
    localization_longitudes: Vec<Option<f64>>,
    localization_codes: Vec<Option<String>>,
    localization_countries: Vec<String>,
    text: String,
    /// `everyone` or `school_partners` (a searchable candidate never chose `nobody`).
    findable_by: String,
    school_id: Option<i64>,
    /// The INSEE code of the commune the candidate lives in; none for a home abroad.
    home_commune_code: Option<String>,
}

/// `value` in the matcher's type, or why not.
fn convert<T: TryFrom<i16>>(what: &str, value: i16) -> Result<T, String> {
    T::try_from(value).map_err(|_| format!("{what} {value} is out of range"))
}

fn convert_all<T: TryFrom<i16>>(what: &str, values: &[i16]) -> Result<Vec<T>, String> {
    values.iter().map(|&value| convert(what, value)).collect()
}

/// Checks that parallel arrays of one row have the same length.
fn same_length(what: &str, lengths: &[usize]) -> Result<(), String> {
    if lengths.windows(2).all(|pair| pair[0] == pair[1]) {
        Ok(())
    } else {
        Err(format!("{what} arrays of different lengths {lengths:?}"))
    }
}

impl DocumentRow {
    fn decode(self) -> Result<(CandidateDoc, CandidateCard), String> {
        let degree_level = self.degree_level.map(|level| convert("degree level", level)).transpose()?;
        same_length("language", &[self.language_ids.len(), self.language_levels.len()])?;
        same_length("soft-skill", &[self.soft_skill_category_ids.len(), self.soft_skill_percents.len()])?;
        same_length(
            "localization",
            &[
                self.localization_types.len(),
                self.localization_latitudes.len(),
                self.localization_longitudes.len(),
                self.localization_codes.len(),
                self.localization_countries.len(),
            ],
        )?;
        let languages = self
            .language_ids
            .iter()
            .zip(&self.language_levels)
            .map(|(&language, &level)| {
                Ok(LanguageSkill { language: convert("language", language)?, level: convert("language level", level)? })
            })
            .collect::<Result<_, String>>()?;
        let soft_skills = self
            .soft_skill_category_ids
            .iter()
            .zip(&self.soft_skill_percents)
            .map(|(&category, &percent)| {
                Ok(SoftSkillShare {
                    category: convert("soft-skill category", category)?,
                    percent: convert("soft-skill percent", percent)?,
                })
            })
            .collect::<Result<_, String>>()?;
        let mut localizations = Vec::with_capacity(self.localization_types.len());
        for (index, localization_type) in self.localization_types.iter().enumerate() {
            let country = &self.localization_countries[index];
            let country = CountryCode::parse(country).ok_or_else(|| format!("invalid country code {country:?}"))?;
            let kind = PlaceKind::parse(localization_type)
                .ok_or_else(|| format!("unknown localization type {localization_type:?}"))?;
            if kind == PlaceKind::Country {
                localizations.push(JobLocalization::Country { country });
                continue;
            }
            let (Some(lat), Some(lng)) = (self.localization_latitudes[index], self.localization_longitudes[index])
            else {
                return Err(format!("{localization_type} localization without coordinates"));
            };
            let code = self.localization_codes[index].as_deref().unwrap_or_default();
            let place_id = place_id_of(kind, code).map_err(|error| error.to_string())?;
            localizations.push(JobLocalization::Place { place_id, lat, lng, country });
        }
        let document = CandidateDoc {
            candidate_id: self.candidate_id,
            localizations,
            job_categories: convert_all("job category", &self.job_category_ids)?,
            contract_types: convert_all("contract type", &self.contract_type_ids)?,
            minimum_duration_months: convert("minimum contract duration", self.contract_min_duration)?,
            available_from: self.available_from,
            degree_level: degree_level.unwrap_or(0),
            languages,
            soft_skills,
            searchable: true,
            findable_by: match self.findable_by.as_str() {
                "everyone" => FindableBy::Everyone,
                "school_partners" => FindableBy::SchoolPartners,
                other => return Err(format!("findable by {other:?}")),
            },
            school_id: self.school_id,
            text: self.text,
        };
        let card = CandidateCard {
            candidate_id: self.candidate_id,
            firstname: self.firstname.into(),
            lastname: self.lastname.into(),
            headline: self.headline.map(Into::into),
            availability: self.availability,
            public_slug: self.public_slug.map(Into::into),
            degree_level,
            home_place_id: match self.home_commune_code {
                Some(code) => Some(place_id_of(PlaceKind::City, &code).map_err(|error| error.to_string())?),
                None => None,
            },
        };
        Ok((document, card))
    }
}

/// The stored documents of `candidate_ids` as the connection's snapshot sees them; candidates
/// without a searchable document are absent.
pub async fn stored_documents(connection: &mut PgConnection, candidate_ids: &[i64]) -> sqlx::Result<ProjectedBatch> {
    let rows: Vec<DocumentRow> = sqlx::query_as(AssertSqlSafe(format!(
        "select {DOCUMENT_COLUMNS} from candidate_search_documents where candidate_id = any($1) order by candidate_id"
    )))
    .bind(candidate_ids)
    .fetch_all(connection)
    .await?;
    let mut batch = ProjectedBatch::default();
    let mut requested = candidate_ids.to_vec();
    requested.sort_unstable();
    requested.dedup();
    let mut rows = rows.into_iter().peekable();
    for candidate_id in requested {
        match rows.next_if(|row| row.candidate_id == candidate_id) {
            Some(row) => batch.push(row),
            None => batch.absent.push(candidate_id),
        }
    }
    Ok(batch)
}

/// The document of candidate `candidate_id` as they look at job offers themselves: found by
/// everyone whatever they chose about partners finding them (a hidden candidate too), as long as
/// they look for a job with an active account. `None` otherwise, or when the row is invalid.
pub async fn own_document(connection: &mut PgConnection, candidate_id: i64) -> sqlx::Result<Option<CandidateDoc>> {
    let row: Option<DocumentRow> = sqlx::query_as(AssertSqlSafe(format!(
        "select {DOCUMENT_COLUMNS} from candidate_search_documents d
         where d.candidate_id = $1
           and exists (select 1 from candidates c join users u on u.id = c.user_id
                       where c.user_id = d.candidate_id and c.in_research and u.active)"
    )))
    .bind(candidate_id)
    .fetch_optional(connection)
    .await?;
    Ok(row.and_then(|row| {
        let row = DocumentRow { searchable: true, findable_by: "everyone".to_owned(), ..row };
        row.decode().ok().map(|(document, _)| document)
    }))
}

/// Where [`read_every_searchable`] reads documents from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// `candidate_search_documents`, kept by the triggers: a sequential read, split by table blocks.
    Stored,
    /// `candidate_search_document_projection`: the candidates' rows projected now (slow: index
    /// probes in every table per candidate), split by candidate ids.
    Fresh,
}

/// Parts read side by side: Postgres sends and this process decodes on every core.
const PARALLEL_PARTS: i64 = 4;

/// Every searchable candidate's document as the exported Postgres snapshot `snapshot` sees it
/// (`pg_export_snapshot()` of a repeatable-read transaction kept open meanwhile), in no particular
/// order; the relation is split into parts read side by side on connections of `pool`.
pub async fn read_every_searchable(
    pool: &PgPool,
    snapshot: &str,
    source: Source,
) -> Result<ProjectedBatch, crate::Error> {
    async fn in_snapshot(pool: &PgPool, snapshot: &str) -> sqlx::Result<sqlx::Transaction<'static, sqlx::Postgres>> {
        let mut transaction = pool.begin().await?;
        sqlx::query("set transaction isolation level repeatable read, read only").execute(&mut *transaction).await?;
        sqlx::query(AssertSqlSafe(format!("set transaction snapshot '{snapshot}'"))).execute(&mut *transaction).await?;
        Ok(transaction)
    }
    async fn read_part(
        pool: PgPool,
        snapshot: String,
        sql: String,
        (first, last): (i64, i64),
        read: Arc<AtomicU64>,
    ) -> sqlx::Result<ProjectedBatch> {
        use futures_util::TryStreamExt;
        let mut transaction = in_snapshot(&pool, &snapshot).await?;
        let mut batch = ProjectedBatch::default();
        {
            let mut rows =
                sqlx::query_as::<_, DocumentRow>(AssertSqlSafe(&*sql)).bind(first).bind(last).fetch(&mut *transaction);
            while let Some(row) = rows.try_next().await? {
                batch.push(row);
                read.fetch_add(1, Ordering::Relaxed);
            }
        }
        transaction.commit().await?;
        Ok(batch)
    }

    // the span to split: table blocks (a TID range scan reads only its own blocks) or candidate ids
    let (span_sql, part_filter) = match source {
        Source::Stored => (
            "select 0::int8, (pg_relation_size('candidate_search_documents')
                              / current_setting('block_size')::int8)::int8",
            "from candidate_search_documents
             where ctid >= format('(%s,0)', $1)::tid and ctid < format('(%s,0)', $2 + 1)::tid and searchable",
        ),
        Source::Fresh => (
            "select min(user_id), max(user_id) from candidates",
            "from candidate_search_document_projection where candidate_id between $1 and $2 and searchable",
        ),
    };
    let ((lowest, highest), expected): ((Option<i64>, Option<i64>), f32) = {
        let mut transaction = in_snapshot(pool, snapshot).await?;
        let span = sqlx::query_as(span_sql).fetch_one(&mut *transaction).await?;
        // the planner's estimate, for the progress lines only (-1 on a table never analyzed)
        let expected =
            sqlx::query_scalar("select reltuples from pg_class where oid = 'candidate_search_documents'::regclass")
                .fetch_one(&mut *transaction)
                .await?;
        transaction.commit().await?;
        (span, expected)
    };
    let (Some(lowest), Some(highest)) = (lowest, highest) else {
        return Ok(ProjectedBatch::default());
    };
    let sql = format!("select {DOCUMENT_COLUMNS} {part_filter}");
    let width = (highest - lowest) / PARALLEL_PARTS + 1;
    let progress = ReadProgress::start((expected >= 0.0).then_some(expected as u64));
    // each part in its own task, so that decoding runs on every worker thread
    let parts: Vec<_> = (0..PARALLEL_PARTS)
        .map(|part| {
            let first = lowest + part * width;
            let last = (first + width - 1).min(highest);
            tokio::spawn(read_part(pool.clone(), snapshot.to_owned(), sql.clone(), (first, last), progress.counter()))
        })
        .collect();
    let mut batch = ProjectedBatch::default();
    for part in parts {
        batch.extend(part.await??);
    }
    Ok(batch)
}
