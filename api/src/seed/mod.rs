//! `vivier seed`: the demo data set, deterministic for a given seed and month.
//!
//! It creates schools with campuses and programs, partners with their companies, and N
//! candidates (20,000 by default, 1,000,000 for benchmarks) whose homes are drawn in proportion
//! to commune populations, each with 1 to 5 job localizations (some country-wide), languages,
//! educations, experiences, projects and hobbies carrying soft skills. Everything is written in
//! one transaction through COPY: either the whole data set is there or none of it, and a second
//! run sees the demo accounts and does nothing.
//!
//! Dates are drawn relative to the first day of the current month so that availabilities stay
//! in the near future; the same seed in the same month gives the same rows.

mod candidate_records;
mod copy;
mod deferred_checks;
mod derived;
mod offers;
mod organisations;
mod people;
mod places;
mod progress;
mod reference;
mod search_runs;

use anyhow::Context;
use chrono::{Datelike, Duration, NaiveDate, Utc};
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sqlx::{AssertSqlSafe, PgConnection, PgPool};

use crate::config::SeedArgs;
use crate::geodata::{self, Commune};
use crate::slug::{profile_slug, slugify};
use crate::{db, password};
use copy::CopyBuffer;
use deferred_checks::DeferredChecks;
use people::{COMPANIES, FIRST_NAMES, LAST_NAMES, SCHOOLS};
use places::Places;
use progress::SeedProgress;
use reference::ReferenceIds;

/// The demo accounts, one per role, all with [`DEMO_PASSWORD`].
pub const DEMO_CANDIDATE_EMAIL: &str = "candidat@vivier.demo";
pub const DEMO_SCHOOL_EMAIL: &str = "ecole@vivier.demo";
pub const DEMO_PARTNER_EMAIL: &str = "partenaire@vivier.demo";
/// The operator of the demo, who approves the schools and partners who sign up.
pub const DEMO_OPERATOR_EMAIL: &str = "operateur@vivier.demo";
/// A recruiter who signed up and waits for the operator, so that the approval queue of a demo
/// is not empty.
pub const DEMO_PENDING_PARTNER_EMAIL: &str = "nouvelle.recruteuse@jeune-pousse.example.org";
pub const DEMO_PASSWORD: &str = "Vivier-demo-2026";

/// Candidates written per COPY round trip.
const BATCH_CANDIDATES: usize = 5_000;

pub async fn run(args: SeedArgs) -> anyhow::Result<()> {
    let pool = db::connect(&args.database).await?;
    db::migrate(&pool).await?;
    if seed_database(&pool, args.candidates, args.seed).await? == SeedOutcome::AlreadySeeded {
        tracing::info!("demo data already present: nothing to do");
    }
    Ok(())
}

#[derive(Debug, PartialEq, Eq)]
pub enum SeedOutcome {
    Written,
    /// The demo accounts exist: the data set was written before and is left as it is.
    AlreadySeeded,
}

/// Writes the demo data set into a migrated database, unless it is already there.
pub async fn seed_database(pool: &PgPool, candidates: usize, seed: u64) -> anyhow::Result<SeedOutcome> {
    let mut transaction = pool.begin().await?;
    if already_seeded(&mut transaction).await? {
        transaction.commit().await?;
        return Ok(SeedOutcome::AlreadySeeded);
    }
    let progress = SeedProgress::start();
    let mut seeder = Seeder::new(ReferenceIds::load(&mut transaction).await?, seed)?;
    // the change-log triggers would project and log each candidate once per table; projecting and
    // logging every candidate once at the end gives a running indexer the same for a fraction of the cost
    sqlx::query("set local vivier.bulk_change_log = 'on'").execute(&mut *transaction).await?;
    // the generator draws 1 to 4 soft skills per record itself; checking each of millions of
    // records again at commit (migration 0009) would only cost time
    sqlx::query("set local vivier.trusted_bulk_write = 'on'").execute(&mut *transaction).await?;
    progress.step("schools and partners", seeder.write_schools_and_partners(&mut transaction)).await?;
    let tables = seeder.buffers.tables();
    let deferred =
        progress.step("dropping foreign keys and indexes", DeferredChecks::drop_on(&mut transaction, &tables));
    let deferred = deferred.await?;
    seeder.write_candidates(candidates, &mut transaction, &progress).await?;
    progress.step("foreign keys and indexes", deferred.restore(&mut transaction)).await?;
    let the_rest = async {
        seeder.write_operator_and_waiting_partner(&mut transaction).await?;
        seeder.finish(&mut transaction).await?;
        write_demo_alert_search(&mut transaction).await?;
        offers::write_demo_offers(&mut transaction).await?;
        anyhow::Ok(())
    };
    progress.step("operator, alert search and offers", the_rest).await?;
    sqlx::query("set local vivier.bulk_change_log = 'off'").execute(&mut *transaction).await?;
    let documents = progress.step("search documents", derived::project_search_documents(&mut transaction)).await?;
    progress.step("search runs", search_runs::write_search_runs(&mut seeder.rng, &mut transaction)).await?;
    let logged = progress.step("change log", derived::log_every_candidate(&mut transaction)).await?;
    progress.step("commit", transaction.commit()).await?;
    let mut rows = seeder.buffers.sent_rows();
    rows.extend([("candidate_search_documents", documents), ("candidate_changes", logged)]);
    progress.finish(candidates, rows);
    Ok(SeedOutcome::Written)
}

/// Whether the demo data set is there already; waits for a seed under way to finish first.
async fn already_seeded(transaction: &mut PgConnection) -> anyhow::Result<bool> {
    // one seeder at a time: a second one waits here, then sees the data and stops
    sqlx::query("select pg_advisory_xact_lock(20261122)").execute(&mut *transaction).await?;
    let already_seeded: bool = sqlx::query_scalar("select exists (select 1 from users where lower(email) = $1)")
        .bind(DEMO_CANDIDATE_EMAIL)
        .fetch_one(&mut *transaction)
        .await?;
    if already_seeded {
        // a new demo starts with the guided tutorial, even on a data set seeded before
        sqlx::query("update users set tour = true where lower(email) = $1 and not tour")
            .bind(DEMO_CANDIDATE_EMAIL)
            .execute(&mut *transaction)
            .await?;
    }
    Ok(already_seeded)
}

/// One COPY buffer per table the demo data fills.
struct Buffers {
    localizations: CopyBuffer,
    users: CopyBuffer,
    candidates: CopyBuffer,
    job_categories: CopyBuffer,
    job_localizations: CopyBuffer,
    contract_types: CopyBuffer,
    hourly_schemes: CopyBuffer,
    company_types: CopyBuffer,
    languages: CopyBuffer,
    car_methods: CopyBuffer,
    educations: CopyBuffer,
    education_soft_skills: CopyBuffer,
    experiences: CopyBuffer,
    experience_soft_skills: CopyBuffer,
    projects: CopyBuffer,
    project_soft_skills: CopyBuffer,
    hobbies: CopyBuffer,
    hobby_soft_skills: CopyBuffer,
}

impl Buffers {
    fn new() -> Self {
        Self {
            localizations: CopyBuffer::new("localizations", "id, value, type, lat, lng, commune_code, country_code"),
            users: CopyBuffer::new(
                "users",
                "id, discriminator, email, password_hash, lastname, firstname, phone, birthdate, localization_id, \
                 locale, email_validated_at, first_time, tour",
            ),
            candidates: CopyBuffer::new(
                "candidates",
                "user_id, slug, headline, candidate_type_id, degree_id, in_research, contract_min_duration, \
                 availability, is_public, completion, school_id, campus_id, program_id, parcours_id, entry_year",
            ),
            job_categories: CopyBuffer::new("candidate_job_categories", "candidate_id, job_category_id"),
            job_localizations: CopyBuffer::new(
                "candidate_job_localizations",
                "candidate_id, localization_id, position",
            ),
            contract_types: CopyBuffer::new("candidate_contract_types", "candidate_id, contract_type_id"),
            hourly_schemes: CopyBuffer::new("candidate_hourly_schemes", "candidate_id, contract_hourly_scheme_id"),
            company_types: CopyBuffer::new("candidate_company_types", "candidate_id, company_type_id"),
            languages: CopyBuffer::new("candidate_languages", "candidate_id, language_id, level"),
            car_methods: CopyBuffer::new("car_methods", "id, context, actions, results"),
            educations: CopyBuffer::new(
                "educations",
                "id, candidate_id, name, degree_id, institution, education_specialization_id, localization_id, \
                 start_date, end_date, is_current",
            ),
            education_soft_skills: CopyBuffer::new("education_soft_skills", "education_id, soft_skill_id"),
            experiences: CopyBuffer::new(
                "experiences",
                "id, candidate_id, company_name, position_name, contract_type_id, contract_hourly_scheme_id, \
                 job_category_id, localization_id, car_method_id, start_date, end_date, is_current",
            ),
            experience_soft_skills: CopyBuffer::new("experience_soft_skills", "experience_id, soft_skill_id"),
            projects: CopyBuffer::new(
                "projects",
                "id, candidate_id, kind, name, project_category_id, localization_id, car_method_id, start_date, \
                 end_date, is_current",
            ),
            project_soft_skills: CopyBuffer::new("project_soft_skills", "project_id, soft_skill_id"),
            hobbies: CopyBuffer::new(
                "candidate_hobbies",
                "id, candidate_id, hobby_id, hobby_speciality_id, hobby_frequency_id, hobby_purpose_id",
            ),
            hobby_soft_skills: CopyBuffer::new("candidate_hobby_soft_skills", "candidate_hobby_id, soft_skill_id"),
        }
    }

    /// Every buffer, parents before children so foreign keys hold.
    fn in_order(&mut self) -> [&mut CopyBuffer; 18] {
        [
            &mut self.localizations,
            &mut self.users,
            &mut self.candidates,
            &mut self.job_categories,
            &mut self.job_localizations,
            &mut self.contract_types,
            &mut self.hourly_schemes,
            &mut self.company_types,
            &mut self.languages,
            &mut self.car_methods,
            &mut self.educations,
            &mut self.education_soft_skills,
            &mut self.experiences,
            &mut self.experience_soft_skills,
            &mut self.projects,
            &mut self.project_soft_skills,
            &mut self.hobbies,
            &mut self.hobby_soft_skills,
        ]
    }

    /// Sends every pending row.
    async fn flush(&mut self, connection: &mut PgConnection) -> sqlx::Result<()> {
        for buffer in self.in_order() {
            buffer.flush(connection).await?;
        }
        Ok(())
    }

    /// The tables filled.
    fn tables(&mut self) -> Vec<&'static str> {
        self.in_order().iter().map(|buffer| buffer.table()).collect()
    }

    /// Rows sent so far, per table.
    fn sent_rows(&mut self) -> Vec<(&'static str, u64)> {
        self.in_order().iter().map(|buffer| (buffer.table(), buffer.sent_rows())).collect()
    }
}

/// A campus candidates can be attached to: (school user id, campus id, its program ids).
struct CampusIds {
    school_id: i64,
    campus_id: i64,
    program_ids: Vec<i64>,
}

struct Seeder {
    rng: ChaCha8Rng,
    reference: ReferenceIds,
    places: Places,
    anchor: NaiveDate,
    /// Every demo account shares one hash: hashing a million passwords would take hours.
    password_hash: String,
    next_localization_id: i64,
    next_car_id: i64,
    /// Ids of educations, experiences, projects and hobbies (separate tables, one counter).
    next_record_id: i64,
    buffers: Buffers,
    campuses: Vec<CampusIds>,
}

/// Where the demo partner's alert search looks: far from the demo candidate (around Lyon), so
/// that the candidate adding this place to their job search starts to match it.
const DEMO_ALERT_PLACE: &str = "33063";

/// The demo partner's saved search with daily alerts, in the demo candidate's first job category
/// around Bordeaux, lenient on everything else: when the demo candidate adds Bordeaux to their
/// job search, the partner gets a notification, and the next digest lists them.
async fn write_demo_alert_search(connection: &mut PgConnection) -> anyhow::Result<()> {
    let commune = geodata::commune_by_insee(DEMO_ALERT_PLACE).context("Bordeaux is in the shipped data")?;
    sqlx::query(
        "with place as (insert into localizations (value, type, lat, lng, commune_code, country_code)
                        values ($1, 'city', $2, $3, $4, 'FR') returning id),
              search as (insert into sourcing_searches (partner_id, job_category_id, duration, start_at, localization_id,
                                                        radius, degree_level, duration_flexibility, name, saved, alerts)
                         select p.id, c.job_category_id, 36, current_date + 400, place.id, 15, 0, 120, $5, true, 'daily'
                         from users p, place,
                              (select job_category_id from candidate_job_categories j join users u on u.id = j.candidate_id
                               where u.email = $6 order by job_category_id limit 1) c
                         where p.email = $7 returning id),
              contracts as (insert into sourcing_search_contract_types (sourcing_search_id, contract_type_id)
                            select search.id, t.id from search, contract_types t)
         insert into sourcing_search_languages (sourcing_search_id, language_id, level)
         select search.id, (select min(id) from languages), 1 from search",
    )
    .bind(&commune.name)
    .bind(commune.lat)
    .bind(commune.lng)
    .bind(&commune.insee)
    .bind(format!("{} · alertes", commune.name))
    .bind(DEMO_CANDIDATE_EMAIL)
    .bind(DEMO_PARTNER_EMAIL)
    .execute(connection)
    .await?;
    Ok(())
}

/// The identity of the fixed demo candidate, written as candidate number 0.
const DEMO_CANDIDATE: (&str, &str, &str) = ("Camille", "Martin", "69123");
/// Ids below this are schools and partners; candidates come after.
const FIRST_CANDIDATE_USER_ID: i64 = 1_000;

impl Seeder {
    fn new(reference: ReferenceIds, seed: u64) -> anyhow::Result<Seeder> {
        let today = Utc::now().date_naive();
        Ok(Seeder {
            rng: ChaCha8Rng::seed_from_u64(seed),
            reference,
            places: Places::new(),
            anchor: NaiveDate::from_ymd_opt(today.year(), today.month(), 1).expect("first day of a month exists"),
            password_hash: password::hash(DEMO_PASSWORD)?,
            next_localization_id: 1,
            next_car_id: 1,
            next_record_id: 1,
            buffers: Buffers::new(),
            campuses: Vec::new(),
        })
    }

    fn localization(&mut self, commune: &Commune) -> i64 {
        let id = self.next_localization_id;
        self.next_localization_id += 1;
        self.buffers.localizations.row(&[
            &id,
            &commune.name,
            &"city",
            &commune.lat,
            &commune.lng,
            &commune.insee,
            &"FR",
        ]);
        id
    }

    fn country_wide_localization(&mut self) -> i64 {
        let id = self.next_localization_id;
        self.next_localization_id += 1;
        self.buffers.localizations.row(&[&id, &"France", &"country", &None::<f64>, &None::<f64>, &None::<&str>, &"FR"]);
        id
    }

    fn day_offset(&mut self, days: std::ops::Range<i64>) -> NaiveDate {
        self.anchor + Duration::days(self.rng.random_range(days))
    }

    fn phone(&mut self) -> String {
        format!(
            "0{} {:02} {:02} {:02} {:02}",
            self.rng.random_range(6..8),
            self.rng.random_range(0..100),
            self.rng.random_range(0..100),
            self.rng.random_range(0..100),
            self.rng.random_range(0..100)
        )
    }

    #[allow(clippy::too_many_arguments)]
    fn user(
        &mut self,
        id: i64,
        role: &str,
        email: &str,
        firstname: &str,
        lastname: &str,
        home: i64,
        birthdate: NaiveDate,
    ) {
        let phone = self.phone();
        let locale = if self.rng.random_bool(0.85) { "fr" } else { "en" };
        let validated_at = format!("{} 09:00:00+00", self.anchor);
        self.buffers.users.row(&[
            &id,
            &role,
            &email,
            &self.password_hash.as_str(),
            &lastname,
            &firstname,
            &phone,
            &birthdate,
            &home,
            &locale,
            &validated_at,
            &false,
            // only the demo candidate is offered the guided tutorial: the others are returning users
            &(email == DEMO_CANDIDATE_EMAIL),
        ]);
    }

    fn name(&mut self) -> (String, String) {
        let firstname = FIRST_NAMES.choose(&mut self.rng).expect("not empty");
        let lastname = LAST_NAMES.choose(&mut self.rng).expect("not empty");
        (firstname.to_string(), lastname.to_string())
    }

    /// Job categories follow a Zipf-like law: a few categories gather most candidates.
    fn job_category(&mut self) -> i16 {
        let categories = &self.reference.job_categories;
        let weights: f64 = (1..=categories.len()).map(|rank| 1.0 / rank as f64).sum();
        let mut draw = self.rng.random_range(0.0..weights);
        for (rank, category) in categories.iter().enumerate() {
            draw -= 1.0 / (rank + 1) as f64;
            if draw <= 0.0 {
                return *category;
            }
        }
        *categories.last().expect("checked non-empty")
    }

    /// The French name of a job of `category`, drawn at random; `None` when it lists no job.
    fn job_title(&mut self, category: i16) -> Option<String> {
        self.reference
            .jobs_by_category
            .get(&category)
            .and_then(|jobs| jobs.choose(&mut self.rng))
            .map(|(fr, _)| fr.clone())
    }

    async fn write_candidates(
        &mut self,
        count: usize,
        connection: &mut PgConnection,
        progress: &SeedProgress,
    ) -> anyhow::Result<()> {
        let mut bar = progress.candidates(count);
        for index in 0..count {
            self.candidate(index);
            if (index + 1) % BATCH_CANDIDATES == 0 {
                self.buffers.flush(connection).await?;
                bar.advance(index + 1, self.buffers.sent_rows().iter().map(|(_, rows)| rows).sum());
            }
        }
        self.buffers.flush(connection).await?;
        bar.finish();
        Ok(())
    }

    fn candidate(&mut self, index: usize) {
        let user_id = FIRST_CANDIDATE_USER_ID + index as i64;
        let (home_commune, firstname, lastname, email) = if index == 0 {
            let (firstname, lastname, insee) = DEMO_CANDIDATE;
            (self.places.by_insee(insee), firstname.to_owned(), lastname.to_owned(), DEMO_CANDIDATE_EMAIL.to_owned())
        } else {
            let (firstname, lastname) = self.name();
            let email = format!("{}.{}.{index}@example.org", slugify(&firstname), slugify(&lastname));
            (self.places.draw(&mut self.rng), firstname, lastname, email)
        };
        let home = self.localization(home_commune);
        let birthdate = self.day_offset(-15_000..-6_600);
        self.user(user_id, "candidate", &email, &firstname, &lastname, home, birthdate);

        let degree_level: usize = *[0, 1, 2, 2, 3, 3, 3, 4, 5, 5, 5, 6, 7, 8].choose(&mut self.rng).expect("not empty");
        let main_category = self.job_category();
        let job = self.job_title(main_category).unwrap_or_else(|| "poste".to_owned());
        let headline = people::headline(&job, &mut self.rng);
        let candidate_type = *self.reference.candidate_types.choose(&mut self.rng).expect("checked non-empty");
        let min_duration: i16 = *[0, 1, 3, 6, 12, 18, 24, 36].choose(&mut self.rng).expect("not empty");
        let availability = self.day_offset(0..180);
        let in_research = index == 0 || self.rng.random_bool(0.95);
        let is_public = index == 0 || self.rng.random_bool(0.3);
        let completion: i16 = self.rng.random_range(40..=100);
        let campus = if index == 0 || self.rng.random_bool(0.3) {
            let campus = if index == 0 {
                &self.campuses[0]
            } else {
                self.campuses.choose(&mut self.rng).expect("schools written first")
            };
            Some((
                campus.school_id,
                campus.campus_id,
                *campus.program_ids.choose(&mut self.rng).expect("programs exist"),
            ))
        } else {
            None
        };
        let parcours = campus.map(|_| *self.reference.parcours.choose(&mut self.rng).expect("checked non-empty"));
        let entry_year = campus.map(|_| self.anchor.year() as i16 - self.rng.random_range(0..3));
        let slug = profile_slug(&format!("{firstname} {lastname}"), user_id);
        self.buffers.candidates.row(&[
            &user_id,
            &slug,
            &headline,
            &candidate_type,
            &self.reference.degree_by_level[degree_level],
            &in_research,
            &min_duration,
            &availability,
            &is_public,
            &completion,
            &campus.map(|(school, _, _)| school),
            &campus.map(|(_, campus, _)| campus),
            &campus.map(|(_, _, program)| program),
            &parcours,
            &entry_year,
        ]);

        // what they look for
        let mut categories = vec![main_category];
        for _ in 0..self.rng.random_range(0..=2) {
            let category = self.job_category();
            if !categories.contains(&category) {
                categories.push(category);
            }
        }
        for category in &categories {
            self.buffers.job_categories.row(&[&user_id, category]);
        }
        let localization_count = self.rng.random_range(1..=5);
        let mut wanted: Vec<&'static Commune> = vec![home_commune];
        for _ in 1..localization_count {
            let near = self.places.draw_near(home_commune, 30.0, &mut self.rng);
            if !wanted.iter().any(|commune| commune.insee == near.insee) {
                wanted.push(near);
            }
        }
        for (position, commune) in wanted.into_iter().enumerate() {
            let localization = self.localization(commune);
            self.buffers.job_localizations.row(&[&user_id, &localization, &(position as i16)]);
        }
        // never the demo candidate, whom the demo partner's alert search must not find yet (the
        // draw still happens, so that the rest of the data set stays the same)
        if self.rng.random_bool(0.05) && index != 0 {
            let localization = self.country_wide_localization();
            self.buffers.job_localizations.row(&[&user_id, &localization, &(localization_count as i16)]);
        }
        let contract_count = self.rng.random_range(1..=3);
        let contracts: Vec<i16> =
            self.reference.contract_types.choose_multiple(&mut self.rng, contract_count).copied().collect();
        for contract in &contracts {
            self.buffers.contract_types.row(&[&user_id, contract]);
        }
        let scheme = *self.reference.hourly_schemes.choose(&mut self.rng).expect("checked non-empty");
        self.buffers.hourly_schemes.row(&[&user_id, &scheme]);
        if self.rng.random_bool(0.5) {
            let company_type = *self.reference.company_types.choose(&mut self.rng).expect("checked non-empty");
            self.buffers.company_types.row(&[&user_id, &company_type]);
        }

        // languages: French for nearly everyone, English often, sometimes a third
        let mut languages: Vec<(i16, i16)> = Vec::new();
        let french = self.reference.languages.iter().find(|(_, code)| code == "fr").expect("checked").0;
        let english = self.reference.languages.iter().find(|(_, code)| code == "en").expect("checked").0;
        if self.rng.random_bool(0.97) {
            languages.push((french, if self.rng.random_bool(0.9) { 6 } else { self.rng.random_range(2..=5) }));
        }
        if self.rng.random_bool(0.8) {
            languages.push((english, self.rng.random_range(1..=6)));
        }
        if languages.is_empty() || self.rng.random_bool(0.3) {
            let (other, _) = self.reference.languages.choose(&mut self.rng).expect("checked").clone();
            if !languages.iter().any(|(language, _)| *language == other) {
                languages.push((other, self.rng.random_range(1..=6)));
            }
        }
        for (language, level) in &languages {
            self.buffers.languages.row(&[&user_id, language, level]);
        }

        // their story, each piece carrying soft skills
        let family_count = self.reference.soft_skills_by_category.len();
        let mut families: Vec<usize> = (0..family_count).collect();
        families.shuffle(&mut self.rng);
        let favourite_families = [families[0], families[1 % family_count]];
        self.educations(user_id, degree_level, home_commune, favourite_families);
        self.experiences(user_id, &categories, home_commune, favourite_families);
        if self.rng.random_bool(0.6) {
            self.project(user_id, home_commune, favourite_families);
        }
        for _ in 0..self.rng.random_range(0..=2) {
            self.hobby(user_id, favourite_families);
        }
    }

    /// Moves the sequences past the explicit ids, so later inserts by the API do not collide.
    async fn finish(&mut self, connection: &mut PgConnection) -> anyhow::Result<()> {
        for table in
            ["users", "localizations", "car_methods", "educations", "experiences", "projects", "candidate_hobbies"]
        {
            sqlx::query(AssertSqlSafe(format!(
                "select setval(pg_get_serial_sequence('{table}', 'id'), coalesce((select max(id) from {table}), 0) + 1, false)"
            )))
            .execute(&mut *connection)
            .await?;
        }
        Ok(())
    }
}
