//! The reference lists job criteria and candidates' records are checked against and search hits
//! are named with (job categories, contract types, languages and their flags, soft skills and
//! their categories, degrees, hourly schemes, company types, hobbies...), read from Postgres once
//! per server. Migrations fix these lists and no route adds to them, so a
//! search or a form need not spend a round trip on each of them.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use sqlx::PgPool;

use crate::locale::Locale;

/// One of the lists, by table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum List {
    JobCategories,
    ContractTypes,
    Languages,
    SoftSkillCategories,
    /// Keyed by level, not id: the matcher knows a candidate's degree by its level.
    Degrees,
    /// The degrees again, keyed by id: what a candidate's profile and educations point to.
    DegreesById,
    SoftSkills,
    ContractHourlySchemes,
    CompanyTypes,
    CandidateTypes,
    EducationSpecializations,
    Hobbies,
    HobbyFrequencies,
    HobbyPurposes,
}

impl List {
    const ALL: [List; 14] = [
        List::JobCategories,
        List::ContractTypes,
        List::Languages,
        List::SoftSkillCategories,
        List::Degrees,
        List::DegreesById,
        List::SoftSkills,
        List::ContractHourlySchemes,
        List::CompanyTypes,
        List::CandidateTypes,
        List::EducationSpecializations,
        List::Hobbies,
        List::HobbyFrequencies,
        List::HobbyPurposes,
    ];

    /// The query listing (key, French label, English label).
    fn labels_query(self) -> &'static str {
        match self {
            List::JobCategories => "select id, label_fr, label_en from job_categories",
            List::ContractTypes => "select id, label_fr, label_en from contract_types",
            List::Languages => "select id, label_fr, label_en from languages",
            List::SoftSkillCategories => "select id, label_fr, label_en from soft_skill_categories",
            List::Degrees => "select level, label_fr, label_en from degrees",
            List::DegreesById => "select id, label_fr, label_en from degrees",
            List::SoftSkills => "select id, label_fr, label_en from soft_skills",
            List::ContractHourlySchemes => "select id, label_fr, label_en from contract_hourly_schemes",
            List::CompanyTypes => "select id, label_fr, label_en from company_types",
            List::CandidateTypes => "select id, label_fr, label_en from candidate_types",
            List::EducationSpecializations => "select id, label_fr, label_en from education_specializations",
            List::Hobbies => "select id, label_fr, label_en from hobbies",
            List::HobbyFrequencies => "select id, label_fr, label_en from hobby_frequencies",
            List::HobbyPurposes => "select id, label_fr, label_en from hobby_purposes",
        }
    }
}

/// The French and English label of each key, per list, each language's flag, and which
/// contract types are permanent (migration 0039).
#[derive(Debug, Default)]
pub struct ReferenceLists {
    labels: HashMap<List, BTreeMap<u16, (String, String)>>,
    flags: HashMap<u16, String>,
    permanent_contracts: BTreeSet<i16>,
}

impl ReferenceLists {
    pub async fn load(db: &PgPool) -> sqlx::Result<ReferenceLists> {
        let mut labels = HashMap::new();
        for list in List::ALL {
            let rows: Vec<(i16, String, String)> = sqlx::query_as(list.labels_query()).fetch_all(db).await?;
            labels.insert(list, rows.into_iter().map(|(id, french, english)| (id as u16, (french, english))).collect());
        }
        let flags: Vec<(i16, String)> = sqlx::query_as("select id, flag from languages").fetch_all(db).await?;
        let flags = flags.into_iter().map(|(id, flag)| (id as u16, flag)).collect();
        let permanent_contracts: Vec<i16> =
            sqlx::query_scalar("select id from contract_types where permanent").fetch_all(db).await?;
        Ok(ReferenceLists { labels, flags, permanent_contracts: permanent_contracts.into_iter().collect() })
    }

    /// Whether every contract type of `contracts` is permanent (and there is one): a job on such
    /// contracts has no end, so it has no duration.
    pub fn all_permanent(&self, contracts: &[i16]) -> bool {
        !contracts.is_empty() && contracts.iter().all(|id| self.permanent_contracts.contains(id))
    }

    /// The emoji flag of a language, empty when unknown.
    pub fn flag(&self, language: u16) -> &str {
        self.flags.get(&language).map_or("", String::as_str)
    }

    /// Whether every id is in the list.
    pub fn knows_all(&self, list: List, ids: &[i16]) -> bool {
        let known = &self.labels[&list];
        ids.iter().all(|&id| u16::try_from(id).is_ok_and(|id| known.contains_key(&id)))
    }

    /// The label of `id` in the locale, empty when unknown.
    pub fn name(&self, list: List, id: u16, locale: Locale) -> &str {
        self.labels[&list].get(&id).map_or("", |(french, english)| match locale {
            Locale::Fr => french,
            Locale::En => english,
        })
    }
}
