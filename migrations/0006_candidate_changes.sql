-- The change log the indexer follows to keep every server's in-memory matcher current.
--
-- Every statement that touches a row feeding a candidate's search document appends one row per
-- candidate it touched, in the same transaction, and wakes the listeners up with
-- pg_notify('candidate_changes', seq). A notification is only a wake-up: the log is the truth.
--
-- Readers do not trust seq order alone: a sequence value is taken when a row is written, not
-- when its transaction commits, so a lower seq can become visible after a higher one. Each row
-- therefore carries the id of the transaction that wrote it (`xid`), and a reader keeps the
-- snapshot of its last read and next reads the rows visible now that were not visible then
-- (pg_visible_in_snapshot(xid, last_snapshot)).
--
-- Rows are pruned by the indexer once they are older than its retention window (24 hours).
create table candidate_changes (
    seq bigserial primary key,
    candidate_id bigint not null,
    -- the table and statement that caused the change, e.g. 'candidate_languages:insert'
    op text not null,
    at timestamptz not null default now(),
    xid xid8 not null default pg_current_xact_id()
);
create index candidate_changes_xid_idx on candidate_changes (xid);
create index candidate_changes_at_idx on candidate_changes (at);

-- Statement-level trigger: tg_argv[0] is a query template returning the `candidate_id`s touched,
-- with %1$I standing for the transition table of the changed rows. One insert per statement
-- keeps bulk loads (COPY of thousands of rows) cheap.
create function log_candidate_changes() returns trigger language plpgsql as $$
declare
    touched text;
    logged bigint;
begin
    -- `vivier seed` writes its whole data set in one transaction and logs its candidates itself
    if current_setting('vivier.bulk_change_log', true) = 'on' then
        return null;
    end if;
    touched := case tg_op
        when 'INSERT' then format(tg_argv[0], 'new_rows')
        when 'DELETE' then format(tg_argv[0], 'old_rows')
        else format(tg_argv[0], 'new_rows') || ' union ' || format(tg_argv[0], 'old_rows')
    end;
    execute 'insert into candidate_changes (candidate_id, op)
             select distinct touched.candidate_id, $1 from (' || touched || ') touched
             where touched.candidate_id is not null'
        using tg_table_name || ':' || lower(tg_op);
    get diagnostics logged = row_count;
    if logged > 0 then
        perform pg_notify('candidate_changes', currval(pg_get_serial_sequence('candidate_changes', 'seq'))::text);
    end if;
    return null;
end;
$$;

-- Postgres allows transition tables on single-event triggers only: three triggers per table.
create procedure attach_candidate_change_log(table_name text, touched_query text) language plpgsql as $$
begin
    execute format(
        'create trigger %I after insert on %I referencing new table as new_rows
         for each statement execute function log_candidate_changes(%L)',
        table_name || '_log_insert', table_name, touched_query);
    execute format(
        'create trigger %I after update on %I referencing old table as old_rows new table as new_rows
         for each statement execute function log_candidate_changes(%L)',
        table_name || '_log_update', table_name, touched_query);
    execute format(
        'create trigger %I after delete on %I referencing old table as old_rows
         for each statement execute function log_candidate_changes(%L)',
        table_name || '_log_delete', table_name, touched_query);
end;
$$;

call attach_candidate_change_log('users', 'select id as candidate_id from %1$I where discriminator = ''candidate''');
call attach_candidate_change_log('candidates', 'select user_id as candidate_id from %1$I');
call attach_candidate_change_log('candidate_job_categories', 'select candidate_id from %1$I');
call attach_candidate_change_log('candidate_job_localizations', 'select candidate_id from %1$I');
call attach_candidate_change_log('candidate_contract_types', 'select candidate_id from %1$I');
call attach_candidate_change_log('candidate_languages', 'select candidate_id from %1$I');
call attach_candidate_change_log('educations', 'select candidate_id from %1$I');
call attach_candidate_change_log('experiences', 'select candidate_id from %1$I');
call attach_candidate_change_log('projects', 'select candidate_id from %1$I');
call attach_candidate_change_log('candidate_hobbies', 'select candidate_id from %1$I');
-- a localization belongs to one record; only job localizations feed the search document
call attach_candidate_change_log('localizations',
    'select j.candidate_id from %1$I changed join candidate_job_localizations j on j.localization_id = changed.id');
call attach_candidate_change_log('education_soft_skills',
    'select e.candidate_id from %1$I changed join educations e on e.id = changed.education_id');
call attach_candidate_change_log('experience_soft_skills',
    'select x.candidate_id from %1$I changed join experiences x on x.id = changed.experience_id');
call attach_candidate_change_log('project_soft_skills',
    'select p.candidate_id from %1$I changed join projects p on p.id = changed.project_id');
call attach_candidate_change_log('candidate_hobby_soft_skills',
    'select h.candidate_id from %1$I changed join candidate_hobbies h on h.id = changed.candidate_hobby_id');
call attach_candidate_change_log('car_methods',
    'select x.candidate_id from %1$I changed join experiences x on x.car_method_id = changed.id
     union all
     select p.candidate_id from %1$I changed join projects p on p.car_method_id = changed.id');

-- the CAR triggers look records up by their CAR method
create index experiences_car_method_id_idx on experiences (car_method_id);
create index projects_car_method_id_idx on projects (car_method_id);
