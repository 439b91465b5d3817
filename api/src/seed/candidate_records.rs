//! A demo candidate's records: educations, experiences, projects and hobbies, each with the
//! soft skills it gave and, where the spec has one, a CAR method, buffered for COPY.

use super::*;

impl Seeder {
    /// 1 to 4 soft skills, mostly from the candidate's two favourite families.
    fn soft_skills(&mut self, favourite_families: [usize; 2]) -> Vec<i16> {
        let count = self.rng.random_range(1..=4);
        let mut chosen: Vec<i16> = Vec::with_capacity(count);
        while chosen.len() < count {
            let family = if self.rng.random_bool(0.7) {
                favourite_families[self.rng.random_range(0..2)]
            } else {
                self.rng.random_range(0..self.reference.soft_skills_by_category.len())
            };
            let skill =
                *self.reference.soft_skills_by_category[family].choose(&mut self.rng).expect("families are not empty");
            if !chosen.contains(&skill) {
                chosen.push(skill);
            }
        }
        chosen
    }

    fn car_method(&mut self) -> i64 {
        let id = self.next_car_id;
        self.next_car_id += 1;
        let (context, actions, results) = people::car_story(&mut self.rng);
        self.buffers.car_methods.row(&[&id, &context, &actions, &results]);
        id
    }

    fn record_id(&mut self) -> i64 {
        let id = self.next_record_id;
        self.next_record_id += 1;
        id
    }

    pub(super) fn educations(
        &mut self,
        user_id: i64,
        degree_level: usize,
        home: &'static Commune,
        families: [usize; 2],
    ) {
        let count = if degree_level == 0 { 1 } else { self.rng.random_range(1..=2) };
        for step in 0..count {
            let id = self.record_id();
            let (specialization, specialization_name) =
                self.reference.education_specializations.choose(&mut self.rng).expect("checked non-empty").clone();
            let level = degree_level.saturating_sub(step * 2);
            let commune = self.places.draw_near(home, 60.0, &mut self.rng);
            let localization = self.localization(commune);
            let end_date = self.day_offset(-365 * (step as i64 * 2 + 1)..-30);
            let start_date = end_date - Duration::days(365 * self.rng.random_range(1..=3));
            let institution = format!("Université de {}", commune.name);
            let level_name = match level {
                0 => "CAP".to_owned(),
                1 => "Bac".to_owned(),
                years => format!("Bac+{years}"),
            };
            let name = format!("{specialization_name} — {level_name}");
            self.buffers.educations.row(&[
                &id,
                &user_id,
                &name,
                &self.reference.degree_by_level[level],
                &institution,
                &specialization,
                &localization,
                &start_date,
                &Some(end_date),
                &false,
            ]);
            for skill in self.soft_skills(families) {
                self.buffers.education_soft_skills.row(&[&id, &skill]);
            }
        }
    }

    pub(super) fn experiences(
        &mut self,
        user_id: i64,
        categories: &[i16],
        home: &'static Commune,
        families: [usize; 2],
    ) {
        for step in 0..self.rng.random_range(0..=3) {
            let id = self.record_id();
            let category = *categories.choose(&mut self.rng).expect("at least one category");
            let position = self.job_title(category).unwrap_or_else(|| "Assistant·e".to_owned());
            let company = COMPANIES.choose(&mut self.rng).expect("not empty");
            let contract = *self.reference.contract_types.choose(&mut self.rng).expect("checked non-empty");
            let scheme = *self.reference.hourly_schemes.choose(&mut self.rng).expect("checked non-empty");
            let commune = self.places.draw_near(home, 30.0, &mut self.rng);
            let localization = self.localization(commune);
            let car = self.car_method();
            let is_current = step == 0 && self.rng.random_bool(0.2);
            let end_date = self.day_offset(-400 * (step as i64 + 1)..-20);
            let start_date = end_date - Duration::days(self.rng.random_range(60..900));
            self.buffers.experiences.row(&[
                &id,
                &user_id,
                company,
                &position,
                &contract,
                &scheme,
                &category,
                &localization,
                &car,
                &start_date,
                &(!is_current).then_some(end_date),
                &is_current,
            ]);
            for skill in self.soft_skills(families) {
                self.buffers.experience_soft_skills.row(&[&id, &skill]);
            }
        }
    }

    pub(super) fn project(&mut self, user_id: i64, home: &'static Commune, families: [usize; 2]) {
        let id = self.record_id();
        let academic = self.rng.random_bool(0.5);
        let (kind, (category, category_name)) = if academic {
            ("academic", self.reference.academic_project_categories.choose(&mut self.rng).expect("checked").clone())
        } else {
            ("personal", self.reference.personal_project_categories.choose(&mut self.rng).expect("checked").clone())
        };
        let commune = self.places.draw_near(home, 30.0, &mut self.rng);
        let localization = self.localization(commune);
        let car = self.car_method();
        let end_date = self.day_offset(-900..-10);
        let start_date = end_date - Duration::days(self.rng.random_range(30..400));
        let name = format!("{category_name} à {}", commune.name);
        self.buffers.projects.row(&[
            &id,
            &user_id,
            &kind,
            &name,
            &category,
            &localization,
            &car,
            &start_date,
            &Some(end_date),
            &false,
        ]);
        for skill in self.soft_skills(families) {
            self.buffers.project_soft_skills.row(&[&id, &skill]);
        }
    }

    pub(super) fn hobby(&mut self, user_id: i64, families: [usize; 2]) {
        let id = self.record_id();
        let (hobby, specialities) = self.reference.hobbies.choose(&mut self.rng).expect("checked non-empty").clone();
        let speciality = specialities.choose(&mut self.rng).copied();
        let frequency = *self.reference.hobby_frequencies.choose(&mut self.rng).expect("checked non-empty");
        let purpose = *self.reference.hobby_purposes.choose(&mut self.rng).expect("checked non-empty");
        self.buffers.hobbies.row(&[&id, &user_id, &hobby, &speciality, &frequency, &Some(purpose)]);
        for skill in self.soft_skills(families) {
            self.buffers.hobby_soft_skills.row(&[&id, &skill]);
        }
    }
}
