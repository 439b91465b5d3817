//! The schema of record holds the spec's rules where a database can.

use crate::support::{execute_of, scalar, scalar_of};
use sqlx::PgPool;

async fn insert_candidate(pool: &PgPool, email: &str) -> i64 {
    let id: i64 = scalar_of(
        pool,
        "insert into users (discriminator, email, lastname, firstname) values ('candidate', $1, 'Durand', 'Léa') returning id",
        email,
    )
    .await;
    sqlx::query("insert into candidates (user_id, slug) values ($1, $2)")
        .bind(id)
        .bind(format!("lea-durand-{id}"))
        .execute(pool)
        .await
        .unwrap();
    id
}

#[sqlx::test(migrations = "../migrations")]
async fn reference_lists_are_bilingual_and_complete(pool: PgPool) {
    let counts: Vec<(String, i64)> = sqlx::query_as(
        "select 'degrees', count(*) from degrees union all
         select 'job_categories', count(*) from job_categories union all
         select 'contract_types', count(*) from contract_types union all
         select 'languages', count(*) from languages union all
         select 'soft_skill_categories', count(*) from soft_skill_categories union all
         select 'soft_skills', count(*) from soft_skills union all
         select 'hobbies', count(*) from hobbies union all
         select 'disc_questions', count(*) from disc_questions union all
         select 'disc_answers', count(*) from disc_answers",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    let count = |name: &str| counts.iter().find(|(list, _)| list == name).unwrap().1;
    assert_eq!(count("degrees"), 9, "no degree to Bac+8");
    assert!(count("job_categories") >= 35);
    assert!(count("contract_types") >= 6);
    assert!(count("languages") >= 20);
    assert_eq!(count("soft_skill_categories"), 8);
    assert!(count("soft_skills") >= 32);
    assert!(count("hobbies") >= 20);
    assert_eq!(count("disc_answers"), 4 * count("disc_questions"));

    let codes: Vec<String> = sqlx::query_scalar("select code from contract_types").fetch_all(&pool).await.unwrap();
    for code in ["cdi", "cdd", "internship", "interim", "freelance"] {
        assert!(codes.iter().any(|c| c == code), "contract type {code}");
    }
    let untranslated: i64 = scalar(
        &pool,
        "select count(*) from (
            select label_fr, label_en from job_categories union all select label_fr, label_en from contract_types
            union all select label_fr, label_en from soft_skills union all select label_fr, label_en from degrees
         ) labels where coalesce(label_fr, '') = '' or coalesce(label_en, '') = ''",
    )
    .await;
    assert_eq!(untranslated, 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn emails_are_unique_whatever_their_case(pool: PgPool) {
    insert_candidate(&pool, "lea@example.org").await;

    let duplicate = sqlx::query(
        "insert into users (discriminator, email, lastname, firstname) values ('partner', 'LEA@example.org', 'X', 'Y')",
    )
    .execute(&pool)
    .await;

    let error = duplicate.unwrap_err();
    assert_eq!(error.as_database_error().unwrap().constraint(), Some("users_email_key"));
}

#[sqlx::test(migrations = "../migrations")]
async fn an_education_holds_at_most_four_soft_skills(pool: PgPool) {
    let candidate = insert_candidate(&pool, "lea@example.org").await;
    let localization: i64 = scalar(
        &pool,
        "insert into localizations (value, type, lat, lng, commune_code, country_code)
         values ('Lyon', 'city', 45.76, 4.83, '69123', 'FR') returning id",
    )
    .await;
    let skills: Vec<i16> =
        sqlx::query_scalar("select id from soft_skills order by id limit 5").fetch_all(&pool).await.unwrap();
    // a record and its first soft skills are written together: it may not stay without one
    let mut transaction = pool.begin().await.unwrap();
    let education: i64 = sqlx::query_scalar(
        "insert into educations (candidate_id, name, degree_id, institution, education_specialization_id, localization_id, start_date, end_date)
         values ($1, 'Licence', (select id from degrees where level = 3), 'Université Lyon', (select min(id) from education_specializations), $2, '2020-09-01', '2023-06-30')
         returning id",
    )
    .bind(candidate)
    .bind(localization)
    .fetch_one(&mut *transaction)
    .await
    .unwrap();
    for skill in &skills[..4] {
        sqlx::query("insert into education_soft_skills (education_id, soft_skill_id) values ($1, $2)")
            .bind(education)
            .bind(skill)
            .execute(&mut *transaction)
            .await
            .unwrap();
    }
    transaction.commit().await.unwrap();

    let fifth = sqlx::query("insert into education_soft_skills (education_id, soft_skill_id) values ($1, $2)")
        .bind(education)
        .bind(skills[4])
        .execute(&pool)
        .await;

    let error = fifth.unwrap_err();
    assert_eq!(error.as_database_error().unwrap().constraint(), Some("education_soft_skills_limit"));
}

#[sqlx::test(migrations = "../migrations")]
async fn limits_of_the_spec_are_checked_by_the_database(pool: PgPool) {
    let candidate = insert_candidate(&pool, "lea@example.org").await;

    let bad_level = sqlx::query("insert into candidate_languages (candidate_id, language_id, level) values ($1, (select min(id) from languages), 7)")
        .bind(candidate)
        .execute(&pool)
        .await;
    assert!(bad_level.is_err(), "language levels go from 1 to 6");

    let default_level: i16 = scalar_of(
        &pool,
        "insert into candidate_languages (candidate_id, language_id) values ($1, (select min(id) from languages)) returning level",
        candidate,
    )
    .await;
    assert_eq!(default_level, 3, "the spec's default language level");

    let country_without_point =
        sqlx::query("insert into localizations (value, type, country_code) values ('Allemagne', 'country', 'DE')")
            .execute(&pool)
            .await;
    assert!(country_without_point.is_ok(), "a country needs no point");
    let city_without_point =
        sqlx::query("insert into localizations (value, type, country_code) values ('Lyon', 'city', 'FR')")
            .execute(&pool)
            .await;
    assert!(city_without_point.is_err(), "a city needs a point");
}

#[sqlx::test(migrations = "../migrations")]
async fn updated_at_follows_every_update(pool: PgPool) {
    let candidate = insert_candidate(&pool, "lea@example.org").await;
    let before: chrono::DateTime<chrono::Utc> =
        scalar_of(&pool, "select updated_at from users where id = $1", candidate).await;

    execute_of(&pool, "update users set firstname = 'Léna' where id = $1", candidate).await;

    let after: chrono::DateTime<chrono::Utc> =
        scalar_of(&pool, "select updated_at from users where id = $1", candidate).await;
    assert!(after > before);
}
