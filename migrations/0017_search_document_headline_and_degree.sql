-- What a recruiter reads on a hit card is now what keywords find, and a degree can come from
-- the educations:
-- - `text` starts with the headline and the candidate's name (one line each), before the
--   experiences, projects and educations of 0007: "développeur" finds the candidate whose
--   headline says "En recherche de développeur web", and a name finds its candidate;
-- - `degree_level` is the degree the candidate gave, or else the highest degree of their
--   finished educations (not marked current): a new candidate who entered a master's degree as
--   an education is no longer filtered out by a search's default minimum (level 1).
-- The columns are those of 0007, in the same order. The documents are refreshed (and the
-- changes logged for the indexers) at the end.

create or replace view candidate_search_document_projection as
select c.user_id as candidate_id,
       u.active and c.in_research as searchable,
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
       coalesce(texts.text, '') as text
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
        from (values (1, c.headline), (2, u.firstname || ' ' || u.lastname)) part(position, value)
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

select refresh_candidate_search_documents(array(select user_id from candidates));
