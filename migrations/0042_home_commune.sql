-- A hit says where the candidate lives apart from the wished place that matched ("lives in
-- Villeurbanne · wants Lyon, 3.4 km away"): the search document carries the commune of the
-- candidate's home (their profile's localization, which partners already read on the profile;
-- no finer than the commune). A change of home is a change of the document, so the indexer's
-- cards follow it.
--
-- Expand only: a column added at the end of the table and of the view, the refresh naming it;
-- the previous release reads the columns it names and never this one. The view is 0035's (blind
-- first), the refresh 0025's, each with the new column.
alter table candidate_search_documents add column home_commune_code text;

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
       coalesce(c.school_id, (select k.school_id from campuses k where k.id = c.campus_id)) as school_id,
       -- the commune the candidate lives in (none for a home abroad)
       (select l.commune_code from localizations l where l.id = u.localization_id and l.type = 'city') as home_commune_code
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

create or replace function refresh_candidate_search_documents(candidate_ids bigint[]) returns bigint[]
language plpgsql
-- planning the projection costs more than running it for a few candidates: plan it once per
-- connection, for any ids, instead of five times before Postgres would settle on that plan
set plan_cache_mode = force_generic_plan
as $$
declare
    changed bigint[];
begin
    -- Lock the documents first, in id order (see 0007 for why).
    perform 1 from candidate_search_documents
    where candidate_id = any(candidate_ids) order by candidate_id for update;
    with upserted as (
        insert into candidate_search_documents (candidate_id, searchable, firstname, lastname, headline, public_slug, availability, available_from, degree_level, contract_min_duration, job_category_ids, contract_type_ids, language_ids, language_levels, soft_skill_category_ids, soft_skill_percents, localization_types, localization_latitudes, localization_longitudes, localization_codes, localization_countries, text, findable_by, school_id, home_commune_code)
        select candidate_id, searchable, firstname, lastname, headline, public_slug, availability, available_from, degree_level, contract_min_duration, job_category_ids, contract_type_ids, language_ids, language_levels, soft_skill_category_ids, soft_skill_percents, localization_types, localization_latitudes, localization_longitudes, localization_codes, localization_countries, text, findable_by, school_id, home_commune_code
        from candidate_search_document_projection where candidate_id = any(candidate_ids)
        on conflict (candidate_id) do update set
            searchable = excluded.searchable,
            firstname = excluded.firstname,
            lastname = excluded.lastname,
            headline = excluded.headline,
            public_slug = excluded.public_slug,
            availability = excluded.availability,
            available_from = excluded.available_from,
            degree_level = excluded.degree_level,
            contract_min_duration = excluded.contract_min_duration,
            job_category_ids = excluded.job_category_ids,
            contract_type_ids = excluded.contract_type_ids,
            language_ids = excluded.language_ids,
            language_levels = excluded.language_levels,
            soft_skill_category_ids = excluded.soft_skill_category_ids,
            soft_skill_percents = excluded.soft_skill_percents,
            localization_types = excluded.localization_types,
            localization_latitudes = excluded.localization_latitudes,
            localization_longitudes = excluded.localization_longitudes,
            localization_codes = excluded.localization_codes,
            localization_countries = excluded.localization_countries,
            text = excluded.text,
            findable_by = excluded.findable_by,
            school_id = excluded.school_id,
            home_commune_code = excluded.home_commune_code
        -- a statement that changes nothing a search sees (a login, a new phone number) logs nothing
        where (candidate_search_documents.searchable,
               candidate_search_documents.firstname,
               candidate_search_documents.lastname,
               candidate_search_documents.headline,
               candidate_search_documents.public_slug,
               candidate_search_documents.availability,
               candidate_search_documents.available_from,
               candidate_search_documents.degree_level,
               candidate_search_documents.contract_min_duration,
               candidate_search_documents.job_category_ids,
               candidate_search_documents.contract_type_ids,
               candidate_search_documents.language_ids,
               candidate_search_documents.language_levels,
               candidate_search_documents.soft_skill_category_ids,
               candidate_search_documents.soft_skill_percents,
               candidate_search_documents.localization_types,
               candidate_search_documents.localization_latitudes,
               candidate_search_documents.localization_longitudes,
               candidate_search_documents.localization_codes,
               candidate_search_documents.localization_countries,
               candidate_search_documents.text,
               candidate_search_documents.findable_by,
               candidate_search_documents.school_id,
               candidate_search_documents.home_commune_code)
              is distinct from
              (excluded.searchable, excluded.firstname, excluded.lastname, excluded.headline, excluded.public_slug, excluded.availability, excluded.available_from, excluded.degree_level, excluded.contract_min_duration, excluded.job_category_ids, excluded.contract_type_ids, excluded.language_ids, excluded.language_levels, excluded.soft_skill_category_ids, excluded.soft_skill_percents, excluded.localization_types, excluded.localization_latitudes, excluded.localization_longitudes, excluded.localization_codes, excluded.localization_countries, excluded.text, excluded.findable_by, excluded.school_id, excluded.home_commune_code)
        returning candidate_id
    )
    select array_agg(candidate_id) into changed
    from (
        select candidate_id from upserted
        union
        -- deleted candidates: their document went with them
        select touched.candidate_id from unnest(candidate_ids) touched(candidate_id)
        where not exists (select 1 from candidates where user_id = touched.candidate_id)
    ) changes;
    return changed;
end;
$$;

update candidate_search_documents d
set home_commune_code = l.commune_code
from users u join localizations l on l.id = u.localization_id and l.type = 'city'
where u.id = d.candidate_id;
