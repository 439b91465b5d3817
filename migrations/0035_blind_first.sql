-- Blind first (`candidates.blind_first`, off by default): a candidate may hide their name and
-- picture from partners until they accept that partner's contact request or apply to one of
-- that partner's offers. Partners then see initials and no picture; the commune, degree,
-- languages, soft skills and the explanation of the match stay.
--
-- `partner_may_see_name` is the one rule every read that shows a candidate to a partner follows
-- (hits, saved candidates, the profile, contact requests, conversations, notifications, emails).
-- The search projection leaves a blind-first candidate's name out of the keyword text, so that
-- searching a name finds nobody; the view keeps its columns (only the text changes).
alter table candidates add column blind_first boolean not null default false;

-- Whether partner `partner_id` may see the name and picture of candidate `candidate_id`: always,
-- unless the candidate chose blind first; then once the candidate accepted a contact request of
-- that partner (the conversation already showed their address, closed or not), or while an
-- application of theirs to one of that partner's offers is not withdrawn.
create function partner_may_see_name(candidate_id bigint, partner_id bigint) returns boolean
language sql stable as $$
    select coalesce((
        select not c.blind_first
               or exists (select 1 from contact_requests r
                          where r.candidate_id = c.user_id and r.partner_id = partner_may_see_name.partner_id
                            and r.state = 'accepted')
               or exists (select 1 from job_applications a join job_offers o on o.id = a.job_offer_id
                          where a.candidate_id = c.user_id and o.partner_id = partner_may_see_name.partner_id
                            and a.status <> 'withdrawn')
        from candidates c
        where c.user_id = partner_may_see_name.candidate_id), false)
$$;

create or replace view candidate_search_document_projection as
select c.user_id as candidate_id,
       u.active and c.in_research and c.findable_by <> 'nobody' as searchable,
       u.firstname,
       u.lastname,
       c.headline,
       case when c.is_public then c.slug end as public_slug,
       c.availability,
       coalesce(c.availability, (c.created_at at time zone 'UTC')::date) as available_from,
       coalesce(d.level, finished.level) as degree_level,
       c.contract_min_duration,
       coalesce(categories.ids, '{}') as job_category_ids,
       coalesce(contracts.ids, '{}') as contract_type_ids,
       coalesce(languages.ids, '{}') as language_ids,
       coalesce(languages.levels, '{}') as language_levels,
       coalesce(soft_skills.categories, '{}') as soft_skill_category_ids,
       coalesce(soft_skills.percents, '{}') as soft_skill_percents,
       coalesce(places.types, '{}') as localization_types,
       coalesce(places.latitudes, '{}') as localization_latitudes,
       coalesce(places.longitudes, '{}') as localization_longitudes,
       coalesce(places.codes, '{}') as localization_codes,
       coalesce(places.countries, '{}') as localization_countries,
       coalesce(texts.text, '') as text,
       c.findable_by::text as findable_by,
       -- the school of the candidate or of their campus (as a school's roster counts them)
       coalesce(c.school_id, (select k.school_id from campuses k where k.id = c.campus_id)) as school_id
from candidates c
join users u on u.id = c.user_id
left join degrees d on d.id = c.degree_id
cross join lateral (
    select max(g.level) as level
    from educations e join degrees g on g.id = e.degree_id
    where e.candidate_id = c.user_id and not e.is_current
) finished
cross join lateral (
    select array_agg(job_category_id order by job_category_id) as ids
    from candidate_job_categories where candidate_id = c.user_id
) categories
cross join lateral (
    select array_agg(contract_type_id order by contract_type_id) as ids
    from candidate_contract_types where candidate_id = c.user_id
) contracts
cross join lateral (
    select array_agg(language_id order by language_id) as ids, array_agg(level order by language_id) as levels
    from candidate_languages where candidate_id = c.user_id
) languages
cross join lateral (
    select array_agg(category order by category) as categories, array_agg(percent order by category) as percents
    from (
        select k.soft_skill_category_id as category,
               round(round(100.0 * count(*) / sum(count(*)) over (), 1))::smallint as percent
        from (
            select s.soft_skill_id from educations e join education_soft_skills s on s.education_id = e.id
            where e.candidate_id = c.user_id
            union all
            select s.soft_skill_id from experiences x join experience_soft_skills s on s.experience_id = x.id
            where x.candidate_id = c.user_id
            union all
            select s.soft_skill_id from projects p join project_soft_skills s on s.project_id = p.id
            where p.candidate_id = c.user_id
            union all
            select s.soft_skill_id from candidate_hobbies h join candidate_hobby_soft_skills s on s.candidate_hobby_id = h.id
            where h.candidate_id = c.user_id
        ) picks
        join soft_skills k on k.id = picks.soft_skill_id
        group by k.soft_skill_category_id
    ) shares
) soft_skills
cross join lateral (
    select array_agg(l.type::text order by j.position, l.id) as types,
           array_agg(l.lat order by j.position, l.id) as latitudes,
           array_agg(l.lng order by j.position, l.id) as longitudes,
           array_agg(l.commune_code order by j.position, l.id) as codes,
           array_agg(l.country_code::text order by j.position, l.id) as countries
    from candidate_job_localizations j join localizations l on l.id = j.localization_id
    where j.candidate_id = c.user_id
) places
cross join lateral (
    select string_agg(piece.value, E'\n' order by piece.source, piece.record_id, piece.position) as text
    from (
        select 0 as source, 0::bigint as record_id, part.position, part.value
        -- a blind-first candidate's name is no keyword: a partner cannot find them by it
        from (values (1, c.headline), (2, case when not c.blind_first then u.firstname || ' ' || u.lastname end))
             part(position, value)
        where part.value is not null
        union all
        select 1 as source, x.id as record_id, part.position, part.value
        from experiences x
        left join car_methods m on m.id = x.car_method_id
        cross join lateral (values (1, x.position_name), (2, x.company_name), (3, m.context), (4, m.actions),
                                   (5, m.results)) part(position, value)
        where x.candidate_id = c.user_id
        union all
        select 2, p.id, part.position, part.value
        from projects p
        left join car_methods m on m.id = p.car_method_id
        cross join lateral (values (1, p.name), (2, m.context), (3, m.actions), (4, m.results)) part(position, value)
        where p.candidate_id = c.user_id
        union all
        select 3, e.id, part.position, part.value
        from educations e
        cross join lateral (values (1, e.name), (2, e.institution)) part(position, value)
        where e.candidate_id = c.user_id
    ) piece
    where piece.value <> ''
) texts;
