//! The reference lists a sourcing search checks its criteria against and names its hits with (job
//! categories, contract types, languages, soft-skill categories), read from Postgres once per
//! server. Migrations fix these lists and no route adds to them, so a search need not spend a
//! round trip on each of them.

use std::collections::{BTreeMap, HashMap};

use sqlx::PgPool;

use crate::http::locale::Locale;

/// One of the lists, by table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum List {
    JobCategories,
    ContractTypes,
    Languages,
    SoftSkillCategories,
}

impl List {
    const ALL: [List; 4] = [List::JobCategories, List::ContractTypes, List::Languages, List::SoftSkillCategories];

    fn table(self) -> &'static str {
        match self {
            List::JobCategories => "job_categories",
            List::ContractTypes => "contract_types",
            List::Languages => "languages",
            List::SoftSkillCategories => "soft_skill_categories",
        }
    }
}

/// The French and English label of each id, per list.
#[derive(Debug, Default)]
pub struct SourcingReference {
    labels: HashMap<List, BTreeMap<u16, (String, String)>>,
}

impl SourcingReference {
    pub async fn load(db: &PgPool) -> sqlx::Result<SourcingReference> {
        let mut labels = HashMap::new();
        for list in List::ALL {
            let rows: Vec<(i16, String, String)> =
                sqlx::query_as(&format!("select id, label_fr, label_en from {}", list.table())).fetch_all(db).await?;
            labels.insert(list, rows.into_iter().map(|(id, french, english)| (id as u16, (french, english))).collect());
        }
        Ok(SourcingReference { labels })
    }

    /// Whether every id is in the list.
    pub fn knows_all(&self, list: List, ids: &[i16]) -> bool {
        let known = &self.labels[&list];
        ids.iter().all(|&id| u16::try_from(id).is_ok_and(|id| known.contains_key(&id)))
    }

    /// The label of `id` in the locale, empty when unknown.
    pub fn name(&self, list: List, id: u16, locale: Locale) -> String {
        self.labels[&list]
            .get(&id)
            .map(|(french, english)| match locale {
                Locale::Fr => french.clone(),
                Locale::En => english.clone(),
            })
            .unwrap_or_default()
    }
}
