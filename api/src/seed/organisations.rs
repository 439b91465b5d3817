//! The demo schools (with campuses and programs) and partners (with their companies): few
//! rows, written with plain inserts before the candidates that refer to them.

use super::*;

impl Seeder {
    pub(super) async fn write_schools_and_partners(&mut self, connection: &mut PgConnection) -> anyhow::Result<()> {
        // schools (user ids 1..) and their campuses and programs, through plain inserts: few rows
        let mut next_user_id = 1_i64;
        for (index, school) in SCHOOLS.iter().enumerate() {
            let user_id = next_user_id;
            next_user_id += 1;
            let first_campus = self.places.by_insee(school.campuses[0].1);
            let home = self.localization(first_campus);
            let email = if index == 0 {
                DEMO_SCHOOL_EMAIL.to_owned()
            } else {
                format!("contact@{}.example.org", slugify(school.name))
            };
            let birthdate = NaiveDate::from_ymd_opt(1980, 1, 1).expect("valid date");
            self.user(user_id, "school", &email, "Service", "Relations entreprises", home, birthdate);
            self.buffers.flush(connection).await?;
            let school_type = *self.reference.school_types.choose(&mut self.rng).expect("checked non-empty");
            sqlx::query(
                "insert into schools (user_id, name, school_type_id, description, link) values ($1, $2, $3, $4, $5)",
            )
            .bind(user_id)
            .bind(school.name)
            .bind(school_type)
            .bind(format!(
                "{} forme chaque année des centaines d'étudiants et les accompagne vers l'emploi.",
                school.name
            ))
            .bind(format!("https://{}.example.org", slugify(school.name)))
            .execute(&mut *connection)
            .await?;
            for (campus_name, insee) in school.campuses {
                let commune = self.places.by_insee(insee);
                let localization = self.localization(commune);
                self.buffers.flush(connection).await?;
                let campus_id: i64 = sqlx::query_scalar(
                    "insert into campuses (school_id, name, localization_id) values ($1, $2, $3) returning id",
                )
                .bind(user_id)
                .bind(campus_name)
                .bind(localization)
                .fetch_one(&mut *connection)
                .await?;
                let program_ids: Vec<i64> = sqlx::query_scalar(
                    "insert into programs (campus_id, name) select $1, unnest($2::text[]) returning id",
                )
                .bind(campus_id)
                .bind(school.programs)
                .fetch_all(&mut *connection)
                .await?;
                self.campuses.push(CampusIds { school_id: user_id, campus_id, program_ids });
            }
        }
        // partners: one or two recruiters per company
        for (index, company) in COMPANIES.iter().enumerate() {
            let company_type = *self.reference.company_types.choose(&mut self.rng).expect("checked non-empty");
            let company_id: i64 =
                sqlx::query_scalar("insert into companies (name, company_type_id) values ($1, $2) returning id")
                    .bind(company)
                    .bind(company_type)
                    .fetch_one(&mut *connection)
                    .await?;
            let recruiters = if index == 0 { 2 } else { self.rng.random_range(1..=2) };
            for recruiter in 0..recruiters {
                let user_id = next_user_id;
                next_user_id += 1;
                let (firstname, lastname) = self.name();
                let email = if index == 0 && recruiter == 0 {
                    DEMO_PARTNER_EMAIL.to_owned()
                } else {
                    format!("{}.{}@{}.example.org", slugify(&firstname), slugify(&lastname), slugify(company))
                };
                let home_commune = self.places.draw(&mut self.rng);
                let home = self.localization(home_commune);
                let birthdate = self.day_offset(-20_000..-9_000);
                self.user(user_id, "partner", &email, &firstname, &lastname, home, birthdate);
                self.buffers.flush(connection).await?;
                sqlx::query("insert into partners (user_id, company_id, role) values ($1, $2, $3)")
                    .bind(user_id)
                    .bind(company_id)
                    .bind(if recruiter == 0 { "Responsable recrutement" } else { "Chargé·e de recrutement" })
                    .execute(&mut *connection)
                    .await?;
            }
        }
        // the operator and the waiting recruiter, written after the candidates (their draws would
        // change every candidate of a seed), take the next two ids
        anyhow::ensure!(next_user_id + 2 < FIRST_CANDIDATE_USER_ID, "too many demo schools and partners");
        Ok(())
    }

    /// The demo operator, and a recruiter of a new company waiting for their approval.
    pub(super) async fn write_operator_and_waiting_partner(
        &mut self,
        connection: &mut PgConnection,
    ) -> anyhow::Result<()> {
        let first_user_id: i64 =
            sqlx::query_scalar("select max(id) + 1 from users where id < $1 and discriminator <> 'candidate'")
                .bind(FIRST_CANDIDATE_USER_ID)
                .fetch_one(&mut *connection)
                .await?;
        let home = self.localization(self.places.by_insee("69123"));
        let birthdate = NaiveDate::from_ymd_opt(1985, 6, 1).expect("valid date");
        self.user(first_user_id, "operator", DEMO_OPERATOR_EMAIL, "Inès", "Moreau", home, birthdate);
        let waiting = first_user_id + 1;
        self.user(waiting, "partner", DEMO_PENDING_PARTNER_EMAIL, "Nora", "Benali", home, birthdate);
        self.buffers.flush(connection).await?;
        let company_id: i64 = sqlx::query_scalar("insert into companies (name) values ('Jeune Pousse') returning id")
            .fetch_one(&mut *connection)
            .await?;
        sqlx::query("insert into partners (user_id, company_id, role) values ($1, $2, 'Fondatrice')")
            .bind(waiting)
            .bind(company_id)
            .execute(&mut *connection)
            .await?;
        sqlx::query("update users set standing = 'pending' where id = $1")
            .bind(waiting)
            .execute(&mut *connection)
            .await?;
        Ok(())
    }
}
