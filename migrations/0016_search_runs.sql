-- Which partner searches each candidate appeared in, for the candidate's visibility (dashboard)
-- and a school's "search demand" (statistics). Counts only ever leave these tables: no answer
-- names the partner of a run.
--
-- A run is one distinct search of one partner on one day (the same criteria run again that day,
-- or paged through, is the same run). The API records runs as partners search; a background job
-- on any replica claims the runs not yet evaluated, finds who matches them on the matcher and
-- writes the appearances. Runs older than 31 days are deleted with their appearances.
create table search_runs (
    id bigserial primary key,
    -- who ran it, for telling runs apart only; a deleted partner leaves the run anonymous
    partner_user_id bigint references users on delete set null,
    -- sha-256 of the criteria, to tell one search from another
    criteria_key bytea not null check (length(criteria_key) = 32),
    -- the matcher's query (job, contracts, duration, dates, place, degree, languages, keywords)
    criteria jsonb not null,
    day date not null default current_date,
    evaluated_at timestamptz,
    -- how many candidates matched when it was evaluated
    matched integer check (matched >= 0),
    created_at timestamptz not null default now()
);
create unique index search_runs_once_a_day_idx on search_runs (partner_user_id, criteria_key, day);
create index search_runs_pending_idx on search_runs (id) where evaluated_at is null;
create index search_runs_day_idx on search_runs (day);

create table search_appearances (
    candidate_id bigint not null references candidates (user_id) on delete cascade,
    run_id bigint not null references search_runs on delete cascade,
    primary key (candidate_id, run_id)
);
create index search_appearances_run_idx on search_appearances (run_id);
