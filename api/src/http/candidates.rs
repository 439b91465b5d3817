//! `GET /api/api/candidates/{id or slug}`: a candidate's profile as the web app shows it (the
//! candidate's own dashboard, the public page `/candidat/{slug}`, a school or a partner looking
//! at a candidate), in the caller's language.
//!
//! Who may read what:
//! - the candidate reads their own profile whole, with the contact details (`contact`: email,
//!   phone, birthdate);
//! - anyone, logged in or not, reads a profile its candidate shares (`is_public`), by its slug:
//!   the link the candidate shares. A numeric id names a profile only for the readers below, so
//!   that counting through ids does not list every shared profile;
//! - a school reads the candidates it manages: attached to the school, or to one of its campuses;
//! - a partner reads the candidates saved in one of their own sourcing searches while the
//!   candidate would still appear to them in a search: looking for a job, and findable by
//!   everyone or by the partners of their school when the partner is one (the SQL function
//!   `partner_may_find`, migration 0032, the matcher's audience rule). Reads follow consent:
//!   a candidate who stops looking or narrows who finds them is closed to the partner. A search run
//!   without being saved leaves no trace to check, so a candidate merely met in results is read
//!   through the hit the results already show (name, headline, commune, degree, languages...),
//!   until the partner saves them or the candidate shares the profile. A candidate who accepted
//!   a partner's contact request is open to that partner whatever else they chose, until either
//!   closes the conversation (or the candidate blocks the company). A candidate who applied to
//!   one of a partner's offers is open to that partner likewise, until they withdraw;
//! - a school or a partner whose account an operator has not approved reads as a visitor, but
//!   for a waiting partner that a school invited, who reads the candidates of that school it
//!   saved, as above;
//! - nobody but the candidate receives `contact`: not schools, not partners, not visitors;
//! - a partner reads a blind-first candidate's initials instead of their names, no picture and
//!   the id instead of the slug (which spells the name), until the candidate accepts their
//!   contact request or applies to their offer ([`crate::blind_first`]);
//! - anyone else: 404, logged in or not, exactly as for an unknown id or slug, a user who is
//!   not a candidate or a deactivated account, so that an answer never tells whether someone
//!   has an account.
//!
//! The path names a candidate by id (digits) or by slug (lowercase words joined by hyphens);
//! anything else cannot name one and is a 404 without asking the database.
//!
//! [`authorize_read`] is that rule for every read of a candidate's profile or of its parts (the
//! records under `/candidates/{slug}/...`, the pictures the profile shows).
//!
//! No profile is for search engines, shared or not: its answer carries [`NOT_FOR_SEARCH_ENGINES`],
//! as do its pictures and its public page (see the README's decisions).

use std::sync::LazyLock;

use axum::extract::State;
use axum::http::{HeaderName, HeaderValue};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use sqlx::types::Json as JsonColumn;
use utoipa_axum::routes;

use super::candidate_profile::{NamedItem, PICTURE_JSON_SQL, PictureView};
use super::locale::Locale;
use super::routes::{Access, RouteTable};
use crate::app::AppState;
use crate::auth::{AccountStanding, CurrentUser, Role};
use crate::blind_first::shown_name;
use crate::error::{Error, Result};
use crate::extract::{Json, Path};
use crate::places::{PLACE_JSON_SQL, Place};
use crate::profile_views::{self, ProfileViewKind};
use crate::quotas::{self, QuotaKind};
use crate::slug::is_slug;
use sqlx::AssertSqlSafe;

pub fn routes(table: &mut RouteTable) {
    table.add(Access::PublicWithSession, routes!(get_candidate));
}

/// `X-Robots-Tag: noindex`: what every read of a profile answers with, so that a search engine
/// that fetches it (a shared profile is public) does not index the candidate.
pub const NOT_FOR_SEARCH_ENGINES: (HeaderName, HeaderValue) =
    (HeaderName::from_static("x-robots-tag"), HeaderValue::from_static("noindex"));

/// The longest identifier worth looking up; slugs are names of at most 100 characters each
/// plus an id.
const MAX_IDENTIFIER_CHARS: usize = 250;

/// How the path names a candidate.
#[derive(Debug, PartialEq, Eq)]
enum CandidateKey {
    Id(i64),
    Slug(String),
}

impl CandidateKey {
    /// The candidate `text` names, or `None` when it can name none.
    fn parse(text: &str) -> Option<Self> {
        if text.is_empty() || text.len() > MAX_IDENTIFIER_CHARS {
            return None;
        }
        if text.bytes().all(|byte| byte.is_ascii_digit()) {
            // too many digits for an id: no candidate has it
            return text.parse().ok().map(CandidateKey::Id);
        }
        is_slug(text).then(|| CandidateKey::Slug(text.to_owned()))
    }
}

/// What decides who may read a candidate.
#[derive(Debug, sqlx::FromRow)]
struct AccessFacts {
    candidate_id: i64,
    is_public: bool,
    /// Whether the caller is the school the candidate is attached to (directly or by campus).
    managed_by_caller: bool,
    /// Whether the caller is a partner the candidate is open to: one who saved the candidate in
    /// one of their sourcing searches and would still find them (the candidate is looking and
    /// lets the caller find them), or whose contact request the candidate accepted (while their
    /// conversation is open).
    open_to_partner: bool,
}

/// How much of a profile the caller receives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Reader {
    /// The candidate: everything, contact details included.
    Owner,
    /// Someone else allowed to read the profile: everything but the contact details.
    Other,
}

/// The rule of the module documentation; `by_slug` says whether the path named the candidate
/// by the slug they share.
fn reader_of(caller: Option<CurrentUser>, facts: &AccessFacts, by_slug: bool) -> Result<Reader> {
    match caller {
        Some(user) if user.id == facts.candidate_id => Ok(Reader::Owner),
        _ if facts.is_public && by_slug => Ok(Reader::Other),
        // a waiting partner a school invited reads that school's candidates it saved: the
        // query's `open_to_partner` leaves everyone else's out
        Some(user)
            if user.role == Role::Partner && user.standing == AccountStanding::Pending && facts.open_to_partner =>
        {
            Ok(Reader::Other)
        }
        Some(user) if user.standing != AccountStanding::Approved => Err(Error::NotFound),
        Some(user) if user.role == Role::School && facts.managed_by_caller => Ok(Reader::Other),
        Some(user) if user.role == Role::Partner && facts.open_to_partner => Ok(Reader::Other),
        _ => Err(Error::NotFound),
    }
}

#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct DegreeView {
    id: i64,
    /// 0 = no degree, 3 = Bac+3 (licence), 5 = Bac+5 (master), 8 = Bac+8 (doctorate).
    level: i16,
    name: String,
}

#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct LanguageView {
    id: i64,
    name: String,
    /// An emoji flag.
    flag: String,
    /// 1 = A1 ... 6 = C2.
    level: i16,
}

/// A soft-skill family's share of the soft skills the candidate chose.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SoftSkillShareView {
    id: i64,
    code: String,
    icon: String,
    name: String,
    /// 0 to 100, one decimal; 0 everywhere when the candidate chose none.
    percentage: f64,
}

/// What only the candidate sees of their own profile.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ContactDetails {
    email: String,
    phone: Option<String>,
    birthdate: Option<NaiveDate>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CandidateProfileResponse {
    id: i64,
    /// The id, as digits, while `name_hidden`: the slug spells the name.
    slug: String,
    /// Initials ("C.") while `name_hidden`.
    firstname: String,
    lastname: String,
    /// For a partner: the candidate chose blind first and has not opened up to them yet
    /// (accepted their contact request, applied to their offer). The names are initials and
    /// there is no picture.
    name_hidden: bool,
    headline: Option<String>,
    /// Where the candidate lives (a commune at most).
    localization: Option<Place>,
    profile_picture: Option<PictureView>,
    /// The candidate type (student, job seeker...).
    #[serde(rename = "type")]
    candidate_type: Option<NamedItem>,
    degree: Option<DegreeView>,
    /// Looking for a job: the candidate may appear in sourcing searches.
    in_research: bool,
    /// The profile is shared: anyone may read it at `/candidat/{slug}`.
    is_public: bool,
    /// How complete the profile is, 0 to 100.
    completion: i16,
    entry_year: Option<i16>,
    job_categories: Vec<NamedItem>,
    contract_types: Vec<NamedItem>,
    contract_hourly_schemes: Vec<NamedItem>,
    company_types: Vec<NamedItem>,
    /// Shortest contract accepted, in months (0: any).
    contract_min_duration: i16,
    availability: Option<NaiveDate>,
    /// Where the candidate looks for a job, in the candidate's order.
    job_localizations: Vec<Place>,
    /// Best level first.
    languages: Vec<LanguageView>,
    /// Every soft-skill family, in family order.
    softskill_percentages: Vec<SoftSkillShareView>,
    school: Option<NamedItem>,
    campus: Option<NamedItem>,
    program: Option<NamedItem>,
    institution: Option<NamedItem>,
    /// Only in the candidate's own profile.
    #[serde(skip_serializing_if = "Option::is_none")]
    contact: Option<ContactDetails>,
}

#[derive(sqlx::FromRow)]
struct ProfileRow {
    id: i64,
    slug: String,
    firstname: String,
    lastname: String,
    headline: Option<String>,
    email: String,
    phone: Option<String>,
    birthdate: Option<NaiveDate>,
    in_research: bool,
    is_public: bool,
    completion: i16,
    entry_year: Option<i16>,
    contract_min_duration: i16,
    availability: Option<NaiveDate>,
    localization: Option<JsonColumn<Place>>,
    profile_picture: Option<JsonColumn<PictureView>>,
    candidate_type: Option<JsonColumn<NamedItem>>,
    degree: Option<JsonColumn<DegreeView>>,
    job_categories: JsonColumn<Vec<NamedItem>>,
    contract_types: JsonColumn<Vec<NamedItem>>,
    contract_hourly_schemes: JsonColumn<Vec<NamedItem>>,
    company_types: JsonColumn<Vec<NamedItem>>,
    job_localizations: JsonColumn<Vec<Place>>,
    languages: JsonColumn<Vec<LanguageView>>,
    softskill_percentages: JsonColumn<Vec<SoftSkillShareView>>,
    school: Option<JsonColumn<NamedItem>>,
    campus: Option<JsonColumn<NamedItem>>,
    program: Option<JsonColumn<NamedItem>>,
    institution: Option<JsonColumn<NamedItem>>,
    name_hidden: bool,
}

/// The candidate's choices among the reference list `list`, linked through `link_table`.
fn chosen_items(link_table: &str, list_column: &str, list: &str) -> String {
    format!(
        "coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'name', label($2, r.label_fr, r.label_en)) order by r.id)
                   from {link_table} k join {list} r on r.id = k.{list_column} where k.candidate_id = c.user_id), '[]')"
    )
}

/// Candidate `c`'s share of each soft-skill family as a JSON array of [`SoftSkillShareView`],
/// names in language `$2`.
pub(super) const SOFT_SKILL_SHARES_SQL: &str =
    "coalesce((select jsonb_agg(jsonb_build_object('id', f.id, 'code', f.code, 'icon', f.icon,
                                                              'name', label($2, f.label_fr, f.label_en),
                                                              'percentage', coalesce(p.percentage, 0)) order by f.id)
                          from soft_skill_categories f
                          left join (select soft_skill_category_id, percentage from candidate_soft_skill_percentages
                                     where candidate_id = c.user_id) p on p.soft_skill_category_id = f.id), '[]')";

/// The whole profile of candidate `$1`, names in language `$2`, as partner `$3` may see it (null
/// for anyone else).
static PROFILE_SELECT: LazyLock<String> = LazyLock::new(|| {
    format!(
        "select c.user_id as id, c.slug, u.firstname, u.lastname, c.headline, u.email, u.phone, u.birthdate,
                c.in_research, c.is_public, c.completion, c.entry_year, c.contract_min_duration, c.availability,
                (select {PLACE_JSON_SQL} from localizations l where l.id = u.localization_id) as localization,
                (select jsonb_build_object('id', t.id, 'name', label($2, t.label_fr, t.label_en))
                 from candidate_types t where t.id = c.candidate_type_id) as candidate_type,
                (select jsonb_build_object('id', d.id, 'level', d.level, 'name', label($2, d.label_fr, d.label_en))
                 from degrees d where d.id = c.degree_id) as degree,
                {job_categories} as job_categories,
                {contract_types} as contract_types,
                {contract_hourly_schemes} as contract_hourly_schemes,
                {company_types} as company_types,
                coalesce((select jsonb_agg({PLACE_JSON_SQL} order by j.position, l.id)
                          from candidate_job_localizations j join localizations l on l.id = j.localization_id
                          where j.candidate_id = c.user_id), '[]') as job_localizations,
                coalesce((select jsonb_agg(jsonb_build_object('id', g.id, 'name', label($2, g.label_fr, g.label_en),
                                                              'flag', g.flag, 'level', k.level) order by k.level desc, g.id)
                          from candidate_languages k join languages g on g.id = k.language_id
                          where k.candidate_id = c.user_id), '[]') as languages,
                {SOFT_SKILL_SHARES_SQL} as softskill_percentages,
                (select {PICTURE_JSON_SQL} from uploads u
                 where u.id = (select profile_picture_id from users where id = c.user_id)) as profile_picture,
                (select jsonb_build_object('id', s.user_id, 'name', s.name) from schools s where s.user_id = c.school_id) as school,
                (select jsonb_build_object('id', m.id, 'name', m.name) from campuses m where m.id = c.campus_id) as campus,
                (select jsonb_build_object('id', r.id, 'name', r.name) from programs r where r.id = c.program_id) as program,
                (select jsonb_build_object('id', i.id, 'name', i.name) from institutions i where i.id = c.institution_id) as institution,
                $3::bigint is not null and not partner_may_see_name(c.user_id, $3) as name_hidden
         from candidates c join users u on u.id = c.user_id
         where c.user_id = $1",
        job_categories = chosen_items("candidate_job_categories", "job_category_id", "job_categories"),
        contract_types = chosen_items("candidate_contract_types", "contract_type_id", "contract_types"),
        contract_hourly_schemes =
            chosen_items("candidate_hourly_schemes", "contract_hourly_scheme_id", "contract_hourly_schemes"),
        company_types = chosen_items("candidate_company_types", "company_type_id", "company_types"),
    )
});

impl ProfileRow {
    fn into_response(self, reader: Reader) -> CandidateProfileResponse {
        let contact = (reader == Reader::Owner).then_some(ContactDetails {
            email: self.email,
            phone: self.phone,
            birthdate: self.birthdate,
        });
        let name_hidden = self.name_hidden;
        let (firstname, lastname) = shown_name(self.firstname, self.lastname, name_hidden);
        CandidateProfileResponse {
            id: self.id,
            slug: if name_hidden { self.id.to_string() } else { self.slug },
            firstname,
            lastname,
            name_hidden,
            headline: self.headline,
            localization: self.localization.map(|place| place.0),
            profile_picture: self.profile_picture.filter(|_| !name_hidden).map(|picture| picture.0),
            candidate_type: self.candidate_type.map(|item| item.0),
            degree: self.degree.map(|degree| degree.0),
            in_research: self.in_research,
            is_public: self.is_public,
            completion: self.completion,
            entry_year: self.entry_year,
            job_categories: self.job_categories.0,
            contract_types: self.contract_types.0,
            contract_hourly_schemes: self.contract_hourly_schemes.0,
            company_types: self.company_types.0,
            contract_min_duration: self.contract_min_duration,
            availability: self.availability,
            job_localizations: self.job_localizations.0,
            languages: self.languages.0,
            softskill_percentages: self.softskill_percentages.0,
            school: self.school.map(|item| item.0),
            campus: self.campus.map(|item| item.0),
            program: self.program.map(|item| item.0),
            institution: self.institution.map(|item| item.0),
            contact,
        }
    }
}

#[utoipa::path(
    get, path = "/api/api/candidates/{id_or_slug}",
    params(("id_or_slug" = String, Path, description = "the candidate's id (digits) or slug (`camille-martin-1000`)")),
    responses(
        (status = 200, body = CandidateProfileResponse, description = "the profile; `contact` only for the candidate; `X-Robots-Tag: noindex`"),
        (status = 404, body = crate::error::ErrorBody, description = "no such candidate, or one the caller may not read"),
    )
)]
pub async fn get_candidate(
    State(state): State<AppState>,
    caller: Option<CurrentUser>,
    locale: Locale,
    Path(id_or_slug): Path<String>,
) -> Result<([(HeaderName, HeaderValue); 1], Json<CandidateProfileResponse>)> {
    Ok(([NOT_FOR_SEARCH_ENGINES], read_profile(&state, caller, locale, &id_or_slug).await?))
}

/// The profile `id_or_slug` names as `caller` may read it (the answer of [`get_candidate`], and
/// of the candidate's own updates).
pub(super) async fn read_profile(
    state: &AppState,
    caller: Option<CurrentUser>,
    locale: Locale,
    id_or_slug: &str,
) -> Result<Json<CandidateProfileResponse>> {
    let (candidate_id, reader) = authorize_read(&state.db, caller, id_or_slug).await?;
    let partner = caller.filter(|user| user.role == Role::Partner);
    if let Some(partner) = partner {
        quotas::take(&state.db, partner.id, QuotaKind::Profile, &candidate_id.to_string()).await?;
        profile_views::record(&state.db, candidate_id, partner.id, ProfileViewKind::Viewed).await?;
    }
    let profile: ProfileRow = sqlx::query_as(AssertSqlSafe(PROFILE_SELECT.as_str()))
        .bind(candidate_id)
        .bind(locale.code())
        .bind(partner.map(|partner| partner.id))
        .fetch_one(&state.db)
        .await?;
    Ok(Json(profile.into_response(reader)))
}

/// The candidate `id_or_slug` names and how much of their profile `caller` may read, by the rule
/// of the module documentation: 404 when nothing is to be read.
pub(super) async fn authorize_read(
    db: &sqlx::PgPool,
    caller: Option<CurrentUser>,
    id_or_slug: &str,
) -> Result<(i64, Reader)> {
    let key = CandidateKey::parse(id_or_slug).ok_or(Error::NotFound)?;
    let by_slug = matches!(key, CandidateKey::Slug(_));
    let (id, slug) = match key {
        CandidateKey::Id(id) => (Some(id), None),
        CandidateKey::Slug(slug) => (None, Some(slug)),
    };
    let facts: AccessFacts = sqlx::query_as(
        "select c.user_id as candidate_id, c.is_public,
                coalesce(c.school_id = $3 or m.school_id = $3, false) as managed_by_caller,
                exists (select 1 from sourcing_saved_candidates v
                        join sourcing_searches s on s.id = v.sourcing_search_id
                        where v.candidate_id = c.user_id and s.partner_id = $3)
                and partner_may_find(c.user_id, $3)
                or exists (select 1 from contact_requests r
                           where r.partner_id = $3 and r.candidate_id = c.user_id and r.state = 'accepted'
                             and r.closed_at is null)
                or exists (select 1 from job_applications a join job_offers o on o.id = a.job_offer_id
                           where o.partner_id = $3 and a.candidate_id = c.user_id and a.status <> 'withdrawn')
                as open_to_partner
         from candidates c
         join users u on u.id = c.user_id and u.active
         left join campuses m on m.id = c.campus_id
         where c.user_id = $1 or c.slug = $2",
    )
    .bind(id)
    .bind(slug)
    .bind(caller.map(|user| user.id))
    .fetch_optional(db)
    .await?
    .ok_or(Error::NotFound)?;
    Ok((facts.candidate_id, reader_of(caller, &facts, by_slug)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(is_public: bool, managed_by_caller: bool, open_to_partner: bool) -> AccessFacts {
        AccessFacts { candidate_id: 1000, is_public, managed_by_caller, open_to_partner }
    }

    fn caller(id: i64, role: Role) -> Option<CurrentUser> {
        Some(CurrentUser { id, role, standing: AccountStanding::Approved, session_version: 0 })
    }

    #[test]
    fn ids_are_digits_and_slugs_are_lowercase_words() {
        assert_eq!(CandidateKey::parse("1000"), Some(CandidateKey::Id(1000)));
        assert_eq!(CandidateKey::parse("camille-martin-1000"), Some(CandidateKey::Slug("camille-martin-1000".into())));
        for nothing in ["", "99999999999999999999", "Camille", "camille martin", "-1", "a--b", &"a".repeat(251)] {
            assert_eq!(CandidateKey::parse(nothing), None, "{nothing}");
        }
    }

    #[test]
    fn the_candidate_reads_everything_of_their_own_profile_even_unshared() {
        for by_slug in [false, true] {
            let reader = reader_of(caller(1000, Role::Candidate), &facts(false, false, false), by_slug);
            assert_eq!(reader.unwrap(), Reader::Owner);
        }
    }

    #[test]
    fn a_shared_profile_is_read_by_anyone_without_contact_details() {
        let shared = facts(true, false, false);
        for someone in [None, caller(1001, Role::Candidate), caller(1, Role::School), caller(40, Role::Partner)] {
            assert_eq!(reader_of(someone, &shared, true).unwrap(), Reader::Other);
            assert!(matches!(reader_of(someone, &shared, false), Err(Error::NotFound)), "by id");
        }
    }

    #[test]
    fn schools_read_their_candidates_and_partners_the_ones_they_saved() {
        assert_eq!(reader_of(caller(1, Role::School), &facts(false, true, false), false).unwrap(), Reader::Other);
        assert_eq!(reader_of(caller(40, Role::Partner), &facts(false, false, true), false).unwrap(), Reader::Other);
        // the flags only count for the role they are about
        assert!(matches!(
            reader_of(caller(40, Role::Partner), &facts(false, true, false), false),
            Err(Error::NotFound)
        ));
        assert!(matches!(reader_of(caller(1, Role::School), &facts(false, false, true), false), Err(Error::NotFound)));
    }

    #[test]
    fn an_unshared_profile_is_404_for_everyone_else_as_a_missing_one_is() {
        let unshared = facts(false, false, false);
        for by_slug in [false, true] {
            assert!(matches!(reader_of(caller(1001, Role::Candidate), &unshared, by_slug), Err(Error::NotFound)));
            assert!(matches!(reader_of(None, &unshared, by_slug), Err(Error::NotFound)));
        }
    }
}
