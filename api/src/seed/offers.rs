//! The demo's job offers: published offers drawn from candidates' own wishes (their first job
//! category, wished place and contract, a start they can make, a duration they accept, none for a
//! permanent contract), so that "offers for me" has something to show the demo candidate, the
//! offers map has a spread of pins, and the demo partner's applicants page is one click away. The demo partner also keeps a draft.

use sqlx::PgConnection;

use super::{DEMO_CANDIDATE_EMAIL, DEMO_PARTNER_EMAIL};

/// Approved partners besides the demo one that get an offer each.
const OTHER_PARTNERS_WITH_AN_OFFER: i64 = 30;

/// Writes one offer of `partner_id` mirroring candidate `candidate_id`'s wishes, with `status`
/// (`published` or `draft`). Nothing when the candidate has no wished place or no category.
async fn offer_for(
    connection: &mut PgConnection,
    partner_id: i64,
    candidate_id: i64,
    status: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "with wish as (
             select c.user_id, greatest(c.contract_min_duration, 6) as duration,
                    greatest(coalesce(c.availability, current_date), current_date) + 30 as start_at,
                    (select min(job_category_id) from candidate_job_categories where candidate_id = c.user_id) as category,
                    (select min(contract_type_id) from candidate_contract_types where candidate_id = c.user_id) as contract,
                    (select l.id from candidate_job_localizations j join localizations l on l.id = j.localization_id
                     where j.candidate_id = c.user_id and l.type = 'city' order by j.position limit 1) as place
             from candidates c where c.user_id = $2
         ), place as (
             insert into localizations (value, type, lat, lng, commune_code, country_code)
             select l.value, l.type, l.lat, l.lng, l.commune_code, l.country_code
             from wish join localizations l on l.id = wish.place
             where wish.category is not null and wish.contract is not null
             returning id
         ), offer as (
             insert into job_offers (partner_id, company_id, title, job_category_id, job_id, contract_type_id, duration,
                                     start_at, localization_id, radius, degree_level, description, status, published_at)
             select p.user_id, p.company_id, j.label_fr, wish.category, j.id, wish.contract,
                    (select case when t.permanent then null else wish.duration end from contract_types t where t.id = wish.contract),
                    wish.start_at, place.id, 20, 0,
                    'Au sein d''une équipe à taille humaine, vous rejoignez nos projets du moment. '
                    || 'Nous formons et accompagnons chaque nouvelle recrue.',
                    $3::job_offer_status, case when $3 = 'published' then now() - interval '2 days' end
             from wish, place, partners p
             cross join lateral (select id, label_fr from jobs where job_category_id = wish.category order by id limit 1) j
             where p.user_id = $1
             returning id
         )
         insert into job_offer_languages (job_offer_id, language_id, level)
         select offer.id, l.language_id, least(l.level, 3)
         from offer, (select language_id, level from candidate_languages where candidate_id = $2
                      order by level desc, language_id limit 1) l",
    )
    .bind(partner_id)
    .bind(candidate_id)
    .bind(status)
    .execute(connection)
    .await?;
    Ok(())
}

/// The demo's offers (see the module docs): the demo partner publishes one the demo candidate
/// fits and two more, and keeps a draft; other approved partners publish one each.
pub async fn write_demo_offers(connection: &mut PgConnection) -> sqlx::Result<()> {
    let demo_partner: i64 = sqlx::query_scalar("select id from users where email = $1")
        .bind(DEMO_PARTNER_EMAIL)
        .fetch_one(&mut *connection)
        .await?;
    let demo_candidate: i64 = sqlx::query_scalar("select id from users where email = $1")
        .bind(DEMO_CANDIDATE_EMAIL)
        .fetch_one(&mut *connection)
        .await?;
    // other candidates looking for a job, spread over the ids (a fixed shuffle)
    let others: Vec<i64> = sqlx::query_scalar(
        "select user_id from candidates where in_research and user_id <> $1
         order by (user_id * 7919) % 1000003, user_id limit $2",
    )
    .bind(demo_candidate)
    .bind(OTHER_PARTNERS_WITH_AN_OFFER + 3)
    .fetch_all(&mut *connection)
    .await?;
    let partners: Vec<i64> = sqlx::query_scalar(
        "select p.user_id from partners p join users u on u.id = p.user_id
         where u.standing = 'approved' and p.user_id <> $1 order by p.user_id limit $2",
    )
    .bind(demo_partner)
    .bind(OTHER_PARTNERS_WITH_AN_OFFER)
    .fetch_all(&mut *connection)
    .await?;
    offer_for(connection, demo_partner, demo_candidate, "published").await?;
    let mut others = others.into_iter();
    for candidate in others.by_ref().take(2) {
        offer_for(connection, demo_partner, candidate, "published").await?;
    }
    if let Some(candidate) = others.next() {
        offer_for(connection, demo_partner, candidate, "draft").await?;
    }
    for (partner, candidate) in partners.into_iter().zip(others) {
        offer_for(connection, partner, candidate, "published").await?;
    }
    Ok(())
}
