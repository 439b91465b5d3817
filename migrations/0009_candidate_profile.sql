-- Rules of a candidate's profile (spec sections 5 and 9) that the database can hold, so that no
-- writer (the API, a script, a later feature) can store a record the forms would refuse.
--
-- Held here:
-- - a CAR method (context, actions, results) is stored whole: the spec calls it empty when any
--   part is empty, and an empty one is not stored at all (a project without one has none; an
--   experience must have one);
-- - educations, experiences and projects keep 1 to 4 soft skills: 0003 holds the upper bound,
--   the deferred triggers below the lower one, checked at commit because a record and its first
--   soft skill are inserted one after the other;
-- - at most 3 pictures per hobby: already held by 0003.
--
-- Left to the API: at least one picture per project. Pictures are uploads their owner may delete
-- (the link rows go with them), and the demo data set has projects without pictures; a trigger
-- would make deleting an upload or seeding fail where the spec only asks the form to insist.

alter table car_methods add constraint car_methods_complete
    check (btrim(context) <> '' and btrim(actions) <> '' and btrim(results) <> '');

-- A record (tg_argv[0], the table whose row has `id`) keeps at least tg_argv[3] rows in
-- tg_argv[1] pointing to it through tg_argv[2]. Fired after an insert of the record and after a
-- delete or update of a child row; a record deleted since (its children go with it) is fine.
-- `vivier seed` draws 1 to 4 soft skills per record itself and says so with the transaction-local
-- `vivier.trusted_bulk_write`: a check per record at its commit would only cost time. (The check
-- runs at commit, after the seed has turned `vivier.bulk_change_log` off again, hence its own flag.)
create function enforce_children_minimum() returns trigger language plpgsql as $$
declare
    parent_table text := tg_argv[0];
    child_table text := tg_argv[1];
    parent_column text := tg_argv[2];
    min_children integer := tg_argv[3]::integer;
    parent_id bigint;
    parent_exists boolean;
    children integer;
begin
    if current_setting('vivier.trusted_bulk_write', true) = 'on' then
        return null;
    end if;
    if tg_table_name = parent_table then
        parent_id := (to_jsonb(new) ->> 'id')::bigint;
    else
        parent_id := (to_jsonb(old) ->> parent_column)::bigint;
    end if;
    execute format('select exists (select 1 from %I where id = $1)', parent_table) into parent_exists using parent_id;
    if not parent_exists then
        return null;
    end if;
    execute format('select count(*) from %I where %I = $1', child_table, parent_column) into children using parent_id;
    if children < min_children then
        raise exception 'at least % rows per % in %', min_children, parent_column, child_table
            using errcode = 'check_violation', constraint = child_table || '_minimum';
    end if;
    return null;
end;
$$;

create procedure attach_children_minimum(parent_table text, child_table text, parent_column text, min_children integer)
language plpgsql as $$
begin
    execute format(
        'create constraint trigger %I after insert on %I deferrable initially deferred
         for each row execute function enforce_children_minimum(%L, %L, %L, %L)',
        child_table || '_minimum_on_insert', parent_table, parent_table, child_table, parent_column, min_children);
    execute format(
        'create constraint trigger %I after delete or update on %I deferrable initially deferred
         for each row execute function enforce_children_minimum(%L, %L, %L, %L)',
        child_table || '_minimum_on_change', child_table, parent_table, child_table, parent_column, min_children);
end;
$$;

call attach_children_minimum('educations', 'education_soft_skills', 'education_id', 1);
call attach_children_minimum('experiences', 'experience_soft_skills', 'experience_id', 1);
call attach_children_minimum('projects', 'project_soft_skills', 'project_id', 1);

-- Who may see an upload is decided by what uses it (api/src/http/candidate_profile/pictures.rs):
-- these find the users of one upload without scanning.
create index users_profile_picture_id_idx on users (profile_picture_id);
create index education_pictures_upload_id_idx on education_pictures (upload_id);
create index project_pictures_upload_id_idx on project_pictures (upload_id);
create index candidate_hobby_pictures_upload_id_idx on candidate_hobby_pictures (upload_id);
-- the pixel size of a stored picture, for the page to reserve its place before it loads
alter table uploads add column width integer check (width > 0), add column height integer check (height > 0);
