//! How complete a candidate's profile is, 0 to 100, computed by the server from what is filled
//! and stored in `candidates.completion` by every write of the profile, in its transaction, so
//! that the profile read, a school's candidate list (`?completion=`) and the write answers agree.
//!
//! The formula, points for each part that is filled:
//!
//! | part                                                              | points |
//! |-------------------------------------------------------------------|--------|
//! | identity: phone, birthdate and home place                          | 10     |
//! | headline                                                          | 5      |
//! | profile picture                                                   | 10     |
//! | degree and candidate type                                         | 5      |
//! | job search: a job category, a place, a contract type, availability | 15     |
//! | at least one language                                             | 10     |
//! | at least one experience                                           | 15     |
//! | at least one education                                            | 15     |
//! | at least one project                                              | 5      |
//! | at least one hobby                                                | 5      |
//! | at least one soft skill chosen on any record                      | 5      |
//!
//! Experiences and educations weigh most: they are what schools and partners read first.

use sqlx::PgConnection;

/// Recomputes and stores the completion of candidate `$1`; returns it.
const REFRESH_SQL: &str = "
update candidates c set completion = (
    select (case when u.phone is not null and u.birthdate is not null and u.localization_id is not null then 10 else 0 end)
         + (case when coalesce(c.headline, '') <> '' then 5 else 0 end)
         + (case when u.profile_picture_id is not null then 10 else 0 end)
         + (case when c.degree_id is not null and c.candidate_type_id is not null then 5 else 0 end)
         + (case when exists (select 1 from candidate_job_categories where candidate_id = c.user_id)
                  and exists (select 1 from candidate_job_localizations where candidate_id = c.user_id)
                  and exists (select 1 from candidate_contract_types where candidate_id = c.user_id)
                  and c.availability is not null then 15 else 0 end)
         + (case when exists (select 1 from candidate_languages where candidate_id = c.user_id) then 10 else 0 end)
         + (case when exists (select 1 from experiences where candidate_id = c.user_id) then 15 else 0 end)
         + (case when exists (select 1 from educations where candidate_id = c.user_id) then 15 else 0 end)
         + (case when exists (select 1 from projects where candidate_id = c.user_id) then 5 else 0 end)
         + (case when exists (select 1 from candidate_hobbies where candidate_id = c.user_id) then 5 else 0 end)
         + (case when exists (select 1 from candidate_soft_skill_percentages where candidate_id = c.user_id)
                 then 5 else 0 end)
    from users u where u.id = c.user_id
)
where c.user_id = $1
returning completion";

/// Recomputes the completion of `candidate_id` inside the writing transaction and returns it.
pub async fn refresh(connection: &mut PgConnection, candidate_id: i64) -> sqlx::Result<i16> {
    sqlx::query_scalar(REFRESH_SQL).bind(candidate_id).fetch_one(connection).await
}
