-- Every candidate's search document, kept current by the transaction that changes its rows.
--
-- A server used to project candidates itself, with one query per table feeding the document:
-- nine scans, joins and sorts over some 25 million rows for a million candidates at start-up, and
-- nine index probes per candidate in every catch-up. The projection now runs where the rows
-- change: the change-log triggers refresh the documents of the candidates a statement touched,
-- in the same transaction, and log only those whose document changed. A server loads by reading
-- one table and catches up by reading the documents of the logged candidates, in the same
-- statement that reads the log. At any snapshot the table equals the projection of the rows that
-- snapshot sees, so a load plus the log after it is exact.
--
-- The rules of the projection (what the indexer turns into a matcher document and a hit's card):
-- - `searchable`: the user is active and the candidate is `in_research`;
-- - `available_from`: the availability, or the day the profile was created (UTC) when empty;
-- - `degree_level`: the level of the candidate's degree, null without one;
-- - job localizations in `position` order (then id), as type, point, code and country; the
--   indexer turns a code into a place id and rejects what it cannot read;
-- - job categories, contract types, languages and soft-skill categories in id order;
-- - soft-skill percents: each category's share of every soft skill picked on educations,
--   experiences, projects and hobbies, rounded to tenths then to units, halves away from zero
--   (the `candidate_soft_skill_percentages` view, rounded);
-- - `text`: one piece per line, empty pieces skipped: each experience's position, company and CAR
--   context, actions and results; each project's name and CAR texts; each education's name and
--   institution; experiences first, then projects, then educations, each in id order.
--
-- Reference lists (degrees, soft skills) are fixed by migrations; a migration that changes the
-- level of a degree or the category of a soft skill must refresh the documents it affects. So must
-- anything that writes with `vivier.bulk_change_log` on (the triggers then do nothing), as the
-- seeder does; `select refresh_candidate_search_documents(array(select user_id from candidates))`
-- refreshes and logs every candidate whose document is wrong.

create table candidate_search_documents (
    candidate_id bigint primary key references candidates on delete cascade,
    searchable boolean not null,
    firstname text not null,
    lastname text not null,
    headline text,
    -- the profile's slug, only when the candidate shares the profile
    public_slug text,
    availability date,
    available_from date not null,
    degree_level smallint,
    contract_min_duration smallint not null,
    job_category_ids smallint[] not null,
    contract_type_ids smallint[] not null,
    language_ids smallint[] not null,
    language_levels smallint[] not null,
    soft_skill_category_ids smallint[] not null,
    soft_skill_percents smallint[] not null,
    localization_types text[] not null,
    localization_latitudes double precision[] not null,
    localization_longitudes double precision[] not null,
    localization_codes text[] not null,
    localization_countries text[] not null,
    text text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create trigger candidate_search_documents_set_updated_at before update on candidate_search_documents
    for each row execute function set_updated_at();

-- The projection as the current snapshot sees the rows: one row per candidate, searchable or not,
-- with the columns of `candidate_search_documents` up to `text`. Filtered on `candidate_id`, each
-- part is an index probe per candidate.
create view candidate_search_document_projection as
select c.user_id as candidate_id,
       u.active and c.in_research as searchable,
       u.firstname,
       u.lastname,
       c.headline,
       case when c.is_public then c.slug end as public_slug,
       c.availability,
       coalesce(c.availability, (c.created_at at time zone 'UTC')::date) as available_from,
       d.level as degree_level,
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

-- Brings the documents of these candidates up to date and returns those whose document changed,
-- appeared or went away. Run inside the writing transaction.
create function refresh_candidate_search_documents(candidate_ids bigint[]) returns bigint[]
language plpgsql
-- planning the projection costs more than running it for a few candidates: plan it once per
-- connection, for any ids, instead of five times before Postgres would settle on that plan
set plan_cache_mode = force_generic_plan
as $$
declare
    changed bigint[];
begin
    -- Lock the documents first, in id order: a concurrent transaction refreshing one of them makes
    -- this one wait until it ends, and the projection below, a new statement, then sees its rows.
    -- Projecting before the lock could write a document that misses the other transaction's change.
    perform 1 from candidate_search_documents
    where candidate_id = any(candidate_ids) order by candidate_id for update;
    with upserted as (
        -- the view's columns are the table's but the timestamps, which take their defaults
        insert into candidate_search_documents
        select * from candidate_search_document_projection where candidate_id = any(candidate_ids)
        on conflict (candidate_id) do update set
            searchable = excluded.searchable, firstname = excluded.firstname, lastname = excluded.lastname,
            headline = excluded.headline, public_slug = excluded.public_slug,
            availability = excluded.availability, available_from = excluded.available_from,
            degree_level = excluded.degree_level, contract_min_duration = excluded.contract_min_duration,
            job_category_ids = excluded.job_category_ids, contract_type_ids = excluded.contract_type_ids,
            language_ids = excluded.language_ids, language_levels = excluded.language_levels,
            soft_skill_category_ids = excluded.soft_skill_category_ids,
            soft_skill_percents = excluded.soft_skill_percents,
            localization_types = excluded.localization_types,
            localization_latitudes = excluded.localization_latitudes,
            localization_longitudes = excluded.localization_longitudes,
            localization_codes = excluded.localization_codes,
            localization_countries = excluded.localization_countries,
            text = excluded.text
        -- a statement that changes nothing a search sees (a login, a new phone number) logs nothing
        where (candidate_search_documents.searchable, candidate_search_documents.firstname,
               candidate_search_documents.lastname, candidate_search_documents.headline,
               candidate_search_documents.public_slug, candidate_search_documents.availability,
               candidate_search_documents.available_from, candidate_search_documents.degree_level,
               candidate_search_documents.contract_min_duration, candidate_search_documents.job_category_ids,
               candidate_search_documents.contract_type_ids, candidate_search_documents.language_ids,
               candidate_search_documents.language_levels, candidate_search_documents.soft_skill_category_ids,
               candidate_search_documents.soft_skill_percents, candidate_search_documents.localization_types,
               candidate_search_documents.localization_latitudes,
               candidate_search_documents.localization_longitudes, candidate_search_documents.localization_codes,
               candidate_search_documents.localization_countries, candidate_search_documents.text)
              is distinct from
              (excluded.searchable, excluded.firstname, excluded.lastname, excluded.headline, excluded.public_slug,
               excluded.availability, excluded.available_from, excluded.degree_level,
               excluded.contract_min_duration, excluded.job_category_ids, excluded.contract_type_ids,
               excluded.language_ids, excluded.language_levels, excluded.soft_skill_category_ids,
               excluded.soft_skill_percents, excluded.localization_types, excluded.localization_latitudes,
               excluded.localization_longitudes, excluded.localization_codes, excluded.localization_countries,
               excluded.text)
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

-- The change-log trigger now refreshes the documents first and logs the candidates whose document
-- changed; the rest of 0006 (one trigger per table and statement, the touched-candidates queries,
-- the bulk switch) stays as it was.
create or replace function log_candidate_changes() returns trigger language plpgsql as $$
declare
    touched text;
    touched_ids bigint[];
    changed bigint[];
begin
    -- `vivier seed` writes its whole data set in one transaction and projects and logs it itself
    if current_setting('vivier.bulk_change_log', true) = 'on' then
        return null;
    end if;
    touched := case tg_op
        when 'INSERT' then format(tg_argv[0], 'new_rows')
        when 'DELETE' then format(tg_argv[0], 'old_rows')
        else format(tg_argv[0], 'new_rows') || ' union ' || format(tg_argv[0], 'old_rows')
    end;
    execute 'select array_agg(distinct touched.candidate_id) from (' || touched || ') touched
             where touched.candidate_id is not null'
        into touched_ids;
    if touched_ids is null then
        return null;
    end if;
    changed := refresh_candidate_search_documents(touched_ids);
    if changed is null then
        return null;
    end if;
    insert into candidate_changes (candidate_id, op)
    select candidate_id, tg_table_name || ':' || lower(tg_op) from unnest(changed) candidate_id;
    perform pg_notify('candidate_changes', currval(pg_get_serial_sequence('candidate_changes', 'seq'))::text);
    return null;
end;
$$;

-- Documents of the candidates already there.
insert into candidate_search_documents select * from candidate_search_document_projection;
