//! Job offers as the engine reads them. An offer's criteria are a sourcing search (the contract
//! offered is the one contract sought, no keyword), so the engine answers both ways:
//! - which published offers a candidate fits ("offers for me"): the offers are compiled as
//!   saved queries and the candidate's document is percolated through them ([`OfferIndex`]);
//! - which candidates a newly published offer fits: one search over every candidate
//!   ([`fitting_candidates`]), whose matches get the offer in their daily digest ([`digest`]).
//!
//! Both use the same criteria, score and explanation as sourcing. The candidate is the one
//! looking here, so their own choice of who finds them does not apply to what they see (see
//! [`CandidateDoc::looking_at_offers`]); an offer is live while published and not past its closing date ([`LIVE`]).

pub mod digest;

use chrono::NaiveDate;
use matcher::{Audience, CandidateDoc, Hit, SourcingQuery};
use sqlx::types::Json;
use sqlx::{AssertSqlSafe, PgPool};

use crate::compiled_queries::CompiledQueries;
use crate::engine::Engine;
use crate::error::Result;
use crate::job_criteria::{JobCriteria, LanguageLevel};
use crate::places::{PLACE_JSON_SQL, Place};
use crate::sourcing_searches::criteria::{Page, SearchCriteria, SortOrder};

/// The condition on `job_offers o` of an offer candidates may see and apply to.
pub const LIVE: &str = "o.status = 'published' and (o.closes_on is null or o.closes_on >= current_date)";

/// The most candidates a newly published offer is told to: the best-fitting ones. A wider offer
/// reaches the others through "offers for me" when they look.
pub const ALERTED_PER_OFFER: usize = 1000;

/// An offer's criteria as stored, read back into the shape of a search's.
#[derive(sqlx::FromRow)]
struct CriteriaRow {
    id: i64,
    job_category: i16,
    duration: Option<i16>,
    start_at: NaiveDate,
    localization: Json<Place>,
    radius: i16,
    degree: i16,
    languages: Json<Vec<LanguageLevel>>,
    softskills_categories: Vec<i16>,
    contract_type: i16,
    duration_flexibility: i16,
}

impl CriteriaRow {
    fn criteria(self) -> (i64, SearchCriteria) {
        let job = JobCriteria {
            job_category: self.job_category,
            duration: self.duration,
            start_at: self.start_at,
            localization: self.localization.0,
            radius: self.radius,
            degree: self.degree,
            languages: self.languages.0,
            softskills_categories: self.softskills_categories,
        };
        let criteria = SearchCriteria {
            job,
            contracts: vec![self.contract_type],
            duration_flexibility: self.duration_flexibility,
            keywords: None,
        };
        (self.id, criteria)
    }
}

/// The criteria of the offers `o` that `condition` selects.
async fn criteria_where(
    db: impl sqlx::PgExecutor<'_>,
    condition: &str,
    offer_id: Option<i64>,
) -> Result<Vec<(i64, SearchCriteria)>> {
    let rows: Vec<CriteriaRow> = sqlx::query_as(AssertSqlSafe(format!(
        "select o.id, o.job_category_id as job_category, o.duration, o.start_at, {PLACE_JSON_SQL} as localization,
                o.radius, o.degree_level as degree,
                coalesce((select jsonb_agg(jsonb_build_object('id', ol.language_id, 'level', ol.level)
                                           order by ol.language_id)
                          from job_offer_languages ol where ol.job_offer_id = o.id), '[]') as languages,
                array(select soft_skill_category_id from job_offer_soft_skill_categories s
                      where s.job_offer_id = o.id order by soft_skill_category_id) as softskills_categories,
                o.contract_type_id as contract_type, o.duration_flexibility
         from job_offers o join localizations l on l.id = o.localization_id
         where {condition} and ($1::bigint is null or o.id = $1)"
    )))
    .bind(offer_id)
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(CriteriaRow::criteria).collect())
}

/// The criteria of offer `offer_id`, whatever its status.
pub async fn offer_criteria(db: impl sqlx::PgExecutor<'_>, offer_id: i64) -> Result<Option<SearchCriteria>> {
    Ok(criteria_where(db, "true", Some(offer_id)).await?.pop().map(|(_, criteria)| criteria))
}

/// The matcher's query of an offer's criteria: every candidate it fits, `limit` of them ranked.
/// An offer on a permanent contract has no duration: it accepts every candidate's minimum
/// duration ([`JobCriteria::matched_duration_months`]).
pub fn offer_query(criteria: &SearchCriteria, limit: usize, audience: Audience) -> SourcingQuery {
    criteria.query(Page { limit, offset: 0, sort: SortOrder::Score }, audience)
}

/// Candidate `candidate_id`'s document as they look at offers ([`CandidateDoc::looking_at_offers`]): the matcher's,
/// or, for a candidate who hid from partners (the matcher holds only those partners may find),
/// the stored one. `None` when they do not look for a job.
pub async fn looking_document(db: &PgPool, engine: &Engine, candidate_id: i64) -> Result<Option<CandidateDoc>> {
    if let Some(doc) = engine.matcher.document_without_text(candidate_id) {
        return Ok(Some(doc.looking_at_offers()));
    }
    let mut connection = db.acquire().await?;
    Ok(indexer::projection::own_document(&mut connection, candidate_id).await?)
}

/// Offer `offer_id`'s criteria as one engine query, whatever its status (`None`: no such offer).
pub async fn offer_query_of(db: &PgPool, offer_id: i64) -> Result<Option<SourcingQuery>> {
    let criteria = offer_criteria(db, offer_id).await?;
    Ok(criteria.map(|criteria| offer_query(&criteria, 1, Audience::default())))
}

/// How candidate `candidate_id` fits the offer of `query` now (`None`: not at all, or not
/// looking for a job), with the explanation sourcing gives.
pub async fn fit_to(db: &PgPool, engine: &Engine, candidate_id: i64, query: &SourcingQuery) -> Result<Option<Hit>> {
    Ok(looking_document(db, engine, candidate_id).await?.and_then(|doc| fit(&doc, query)))
}

/// How the candidate of `doc` (as they look: [`looking_document`]) fits the offer of `query`.
pub fn fit(doc: &CandidateDoc, query: &SourcingQuery) -> Option<Hit> {
    matcher::oracle::matches(doc, query).map(|choice| matcher::semantics::hit(doc, query, &[], &choice))
}

/// The live offers compiled for percolation, kept equal to Postgres through the generation
/// counter of migration 0034.
pub struct OfferIndex {
    offers: CompiledQueries,
}

impl Default for OfferIndex {
    fn default() -> Self {
        OfferIndex { offers: CompiledQueries::new("job_offer_generation") }
    }
}

impl OfferIndex {
    /// The live offers the candidate of `doc` (as they look: [`looking_document`]) fits, with the
    /// hit each would show, best first (then the oldest offer). An offer that closed since the
    /// index was built may be among them: the reader of its row checks [`LIVE`].
    pub async fn fitting(&self, db: &PgPool, doc: &CandidateDoc) -> Result<Vec<(i64, Hit)>> {
        self.refresh(db).await?;
        Ok(self.offers.read().ranked(doc))
    }

    /// How many live offers the candidate of `doc` fits, and the best `limit` of them as
    /// [`Self::fitting`] gives them, the others never explained.
    pub async fn best_fitting(
        &self,
        db: &PgPool,
        doc: &CandidateDoc,
        limit: usize,
    ) -> Result<(usize, Vec<(i64, Hit)>)> {
        self.refresh(db).await?;
        Ok(self.offers.read().ranked_top(doc, limit))
    }

    async fn refresh(&self, db: &PgPool) -> Result<()> {
        self.offers
            .refresh(db, || async {
                let offers = criteria_where(db, LIVE, None).await?;
                Ok(offers
                    .into_iter()
                    .map(|(id, criteria)| (id, offer_query(&criteria, 0, Audience::default())))
                    .collect())
            })
            .await
    }
}

/// The candidates offer `criteria` fits among all who look for a job (whoever they let find
/// them: an offer's alert tells the partner nothing), the best [`ALERTED_PER_OFFER`] of them.
pub async fn fitting_candidates(db: &PgPool, engine: &Engine, criteria: &SearchCriteria) -> Result<Vec<Hit>> {
    let schools: Vec<i64> = sqlx::query_scalar("select user_id from schools order by user_id").fetch_all(db).await?;
    let query = offer_query(criteria, ALERTED_PER_OFFER, Audience { everyone: true, schools });
    Ok(engine.search(query).await?.hits)
}
