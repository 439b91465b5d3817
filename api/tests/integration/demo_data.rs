//! `vivier seed`: a realistic demo data set, written once.

use crate::support::{row, row_of, scalar, scalar_of};
use api::seed::{self, DEMO_CANDIDATE_EMAIL, DEMO_PARTNER_EMAIL, DEMO_PASSWORD, DEMO_SCHOOL_EMAIL, SeedOutcome};
use sqlx::{AssertSqlSafe, PgPool};

#[sqlx::test(migrations = "../migrations")]
async fn seeding_writes_complete_profiles_once(pool: PgPool) {
    let first = seed::seed_database(&pool, 300, 7).await.unwrap();
    let second = seed::seed_database(&pool, 300, 7).await.unwrap();

    assert_eq!(first, SeedOutcome::Written);
    assert_eq!(second, SeedOutcome::AlreadySeeded);
    let candidates: i64 = scalar(&pool, "select count(*) from candidates").await;
    assert_eq!(candidates, 300);
    let (min_places, max_places): (i64, i64) = row(
        &pool,
        "select min(n), max(n) from (select count(*) filter (where l.type = 'city') n
         from candidate_job_localizations j join localizations l on l.id = j.localization_id group by j.candidate_id) per_candidate",
    )
    .await;
    assert!(min_places >= 1 && max_places <= 5, "1 to 5 job localizations, got {min_places}..{max_places}");
    let without_language: i64 = scalar(
        &pool,
        "select count(*) from candidates c where not exists (select 1 from candidate_languages l where l.candidate_id = c.user_id)",
    )
    .await;
    assert_eq!(without_language, 0);
    let percentages_off: i64 = scalar(
        &pool,
        "select count(*) from (select candidate_id, sum(percentage) total from candidate_soft_skill_percentages group by candidate_id) t
         where abs(total - 100) > 0.5",
    )
    .await;
    assert_eq!(percentages_off, 0, "soft-skill percentages add up to 100");
}

/// A recruiter reads a seeded profile as a person's: the headline names a trade of the
/// candidate's own job categories, every experience is a trade of one of them, and the French
/// reads right (no "de" before a vowel, a capital first letter).
#[sqlx::test(migrations = "../migrations")]
async fn seeded_headlines_and_experiences_agree_with_the_candidates_categories(pool: PgPool) {
    seed::seed_database(&pool, 1000, 11).await.unwrap();

    let headline_of_another_trade: Vec<(i64, String)> = sqlx::query_as(
        "select c.user_id, c.headline from candidates c
         where not exists (select 1 from candidate_job_categories k join jobs j on j.job_category_id = k.job_category_id
                           where k.candidate_id = c.user_id
                             and (position(j.label_fr in c.headline) > 0
                                  or position(lower(left(j.label_fr, 1)) || substr(j.label_fr, 2) in c.headline) > 0))",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert!(
        headline_of_another_trade.is_empty(),
        "headlines naming no trade of the candidate's categories: {headline_of_another_trade:?}"
    );

    let experiences_elsewhere: i64 = scalar(
        &pool,
        "select count(*) from experiences e
         where not exists (select 1 from candidate_job_categories k
                           where k.candidate_id = e.candidate_id and k.job_category_id = e.job_category_id)
            or not exists (select 1 from jobs j where j.job_category_id = e.job_category_id and j.label_fr = e.position_name)",
    )
    .await;
    assert_eq!(experiences_elsewhere, 0, "every experience is a trade of one of the candidate's categories");

    let badly_written: Vec<String> = sqlx::query_scalar(
        "select headline from candidates
         where headline ~ '(^|\\s)de [aâàeéèêëiîïoôuûùüyAÂÀEÉÈÊËIÎÏOÔUÛÙÜY]' or headline !~ '^[[:upper:]]'",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert!(badly_written.is_empty(), "headlines that do not read right: {badly_written:?}");
    let sampled: i64 = scalar(&pool, "select count(*) from candidates where headline <> ''").await;
    assert_eq!(sampled, 1000);
}

#[sqlx::test(migrations = "../migrations")]
async fn the_demo_accounts_exist_one_per_role_with_the_documented_password(pool: PgPool) {
    seed::seed_database(&pool, 20, 1).await.unwrap();

    for (email, role) in
        [(DEMO_CANDIDATE_EMAIL, "candidate"), (DEMO_SCHOOL_EMAIL, "school"), (DEMO_PARTNER_EMAIL, "partner")]
    {
        let (discriminator, hash): (String, String) =
            row_of(&pool, "select discriminator::text, password_hash from users where email = $1", email).await;
        assert_eq!(discriminator, role);
        assert!(api::password::verify(DEMO_PASSWORD, &hash), "{email} logs in with the documented password");
    }
    let demo_candidate_city: String = scalar_of(
        &pool,
        "select l.value from users u join localizations l on l.id = u.localization_id where u.email = $1",
        DEMO_CANDIDATE_EMAIL,
    )
    .await;
    assert_eq!(demo_candidate_city, "Lyon");
}

#[sqlx::test(migrations = "../migrations")]
async fn the_same_seed_gives_the_same_people(pool: PgPool) {
    seed::seed_database(&pool, 50, 42).await.unwrap();
    let names: Vec<String> = sqlx::query_scalar("select firstname || ' ' || lastname from users order by id")
        .fetch_all(&pool)
        .await
        .unwrap();

    // a second database seeded alike
    let options = pool.connect_options();
    let other_name = format!("seed_twin_{}", uuid::Uuid::new_v4().simple());
    sqlx::query(AssertSqlSafe(format!("create database {other_name}"))).execute(&pool).await.unwrap();
    let twin = PgPool::connect_with((*options).clone().database(&other_name)).await.unwrap();
    api::db::migrate(&twin).await.unwrap();
    seed::seed_database(&twin, 50, 42).await.unwrap();
    let twin_names: Vec<String> = sqlx::query_scalar("select firstname || ' ' || lastname from users order by id")
        .fetch_all(&twin)
        .await
        .unwrap();
    twin.close().await;
    sqlx::query(AssertSqlSafe(format!("drop database {other_name} with (force)"))).execute(&pool).await.unwrap();

    assert_eq!(names, twin_names);
}
