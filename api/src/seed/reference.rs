//! The ids of the reference lists, read from the database the migrations filled, so that the
//! demo data follows whatever the lists contain instead of hard-coding their ids.

use std::collections::BTreeMap;

use sqlx::PgConnection;

pub struct ReferenceIds {
    /// Degree id for each level 0..=8.
    pub degree_by_level: Vec<i16>,
    pub candidate_types: Vec<i16>,
    pub job_categories: Vec<i16>,
    /// Trade names (French, English) of each job category, for experience titles.
    pub jobs_by_category: BTreeMap<i16, Vec<(String, String)>>,
    pub contract_types: Vec<i16>,
    pub hourly_schemes: Vec<i16>,
    pub company_types: Vec<i16>,
    /// (id, ISO code) of every language.
    pub languages: Vec<(i16, String)>,
    /// Soft-skill ids of each of the soft-skill families, in family order.
    pub soft_skills_by_category: Vec<Vec<i16>>,
    /// (hobby id, its speciality ids).
    pub hobbies: Vec<(i16, Vec<i32>)>,
    pub hobby_frequencies: Vec<i16>,
    pub hobby_purposes: Vec<i16>,
    pub personal_project_categories: Vec<(i32, String)>,
    pub academic_project_categories: Vec<(i32, String)>,
    pub education_specializations: Vec<(i16, String)>,
    pub school_types: Vec<i16>,
    pub parcours: Vec<i16>,
}

async fn ids(connection: &mut PgConnection, sql: &'static str) -> sqlx::Result<Vec<i16>> {
    sqlx::query_scalar(sql).fetch_all(connection).await
}

impl ReferenceIds {
    pub async fn load(connection: &mut PgConnection) -> anyhow::Result<Self> {
        let degrees: Vec<(i16, i16)> =
            sqlx::query_as("select level, id from degrees order by level").fetch_all(&mut *connection).await?;
        anyhow::ensure!(degrees.len() == 9, "expected degrees for levels 0 to 8, found {}", degrees.len());
        let mut jobs_by_category: BTreeMap<i16, Vec<(String, String)>> = BTreeMap::new();
        let jobs: Vec<(i16, String, String)> =
            sqlx::query_as("select job_category_id, label_fr, label_en from jobs order by id")
                .fetch_all(&mut *connection)
                .await?;
        for (category, label_fr, label_en) in jobs {
            jobs_by_category.entry(category).or_default().push((label_fr, label_en));
        }
        let soft_skills: Vec<(i16, i16)> =
            sqlx::query_as("select soft_skill_category_id, id from soft_skills order by soft_skill_category_id, id")
                .fetch_all(&mut *connection)
                .await?;
        let mut soft_skills_by_category: Vec<Vec<i16>> = Vec::new();
        let mut last_category = None;
        for (category, id) in soft_skills {
            if last_category != Some(category) {
                soft_skills_by_category.push(Vec::new());
                last_category = Some(category);
            }
            soft_skills_by_category.last_mut().expect("pushed above").push(id);
        }
        let hobby_rows: Vec<(i16, Option<i32>)> = sqlx::query_as(
            "select h.id, s.id from hobbies h left join hobby_specialities s on s.hobby_id = h.id order by h.id, s.id",
        )
        .fetch_all(&mut *connection)
        .await?;
        let mut hobbies: Vec<(i16, Vec<i32>)> = Vec::new();
        for (hobby, speciality) in hobby_rows {
            if hobbies.last().is_none_or(|(last, _)| *last != hobby) {
                hobbies.push((hobby, Vec::new()));
            }
            if let Some(speciality) = speciality {
                hobbies.last_mut().expect("pushed above").1.push(speciality);
            }
        }
        let reference = Self {
            degree_by_level: degrees.into_iter().map(|(_, id)| id).collect(),
            candidate_types: ids(connection, "select id from candidate_types order by id").await?,
            job_categories: ids(connection, "select id from job_categories order by id").await?,
            jobs_by_category,
            contract_types: ids(connection, "select id from contract_types order by id").await?,
            hourly_schemes: ids(connection, "select id from contract_hourly_schemes order by id").await?,
            company_types: ids(connection, "select id from company_types order by id").await?,
            languages: sqlx::query_as("select id, code from languages order by id").fetch_all(&mut *connection).await?,
            soft_skills_by_category,
            hobbies,
            hobby_frequencies: ids(connection, "select id from hobby_frequencies order by id").await?,
            hobby_purposes: ids(connection, "select id from hobby_purposes order by id").await?,
            personal_project_categories: sqlx::query_as(
                "select id, label_fr from project_categories where kind = 'personal' order by id",
            )
            .fetch_all(&mut *connection)
            .await?,
            academic_project_categories: sqlx::query_as(
                "select id, label_fr from project_categories where kind = 'academic' order by id",
            )
            .fetch_all(&mut *connection)
            .await?,
            education_specializations: sqlx::query_as("select id, label_fr from education_specializations order by id")
                .fetch_all(&mut *connection)
                .await?,
            school_types: ids(connection, "select id from school_types order by id").await?,
            parcours: ids(connection, "select id from parcours order by id").await?,
        };
        reference.ensure_complete()
    }

    fn ensure_complete(self) -> anyhow::Result<Self> {
        let lists = [
            ("candidate_types", self.candidate_types.len()),
            ("job_categories", self.job_categories.len()),
            ("contract_types", self.contract_types.len()),
            ("contract_hourly_schemes", self.hourly_schemes.len()),
            ("company_types", self.company_types.len()),
            ("languages", self.languages.len()),
            ("soft_skill_categories", self.soft_skills_by_category.len()),
            ("hobbies", self.hobbies.len()),
            ("hobby_frequencies", self.hobby_frequencies.len()),
            ("hobby_purposes", self.hobby_purposes.len()),
            ("personal project_categories", self.personal_project_categories.len()),
            ("academic project_categories", self.academic_project_categories.len()),
            ("education_specializations", self.education_specializations.len()),
            ("school_types", self.school_types.len()),
            ("parcours", self.parcours.len()),
        ];
        for (list, length) in lists {
            anyhow::ensure!(length > 0, "the reference list {list} is empty: were the migrations applied?");
        }
        anyhow::ensure!(
            self.languages.iter().any(|(_, code)| code == "fr") && self.languages.iter().any(|(_, code)| code == "en"),
            "the languages list lacks French or English"
        );
        Ok(self)
    }
}
