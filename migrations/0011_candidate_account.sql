-- The candidate's own account: deactivation they can undo, consent given at sign-up, and the
-- activity dates the retention job reads (accounts inactive for two years are warned, then erased).

-- Set when the account's owner deactivated it (POST /api/api/candidates/{id}/desactivate): logging
-- in again with the password reactivates it. An account deactivated otherwise (null here) stays
-- refused at login.
alter table users add column self_deactivated_at timestamptz;

-- The last time the user logged in or opened the app with a valid session (kept to the day).
alter table users add column last_active_at timestamptz not null default now();
-- When the retention job warned the user that the account would be erased; cleared by activity.
alter table users add column retention_warned_at timestamptz;
create index users_candidate_last_active_idx on users (last_active_at) where discriminator = 'candidate';

-- Consents a user gave, with the version of the text they were shown: the terms of use and
-- privacy notice accepted at sign-up ('terms'). Erased with the account.
create table user_consents (
    id bigserial primary key,
    user_id bigint not null references users on delete cascade,
    kind text not null check (kind ~ '^[a-z_]{1,50}$'),
    text_version text not null check (length(text_version) between 1 and 50),
    given_at timestamptz not null default now(),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index user_consents_user_idx on user_consents (user_id);
create trigger user_consents_set_updated_at before update on user_consents
    for each row execute function set_updated_at();

-- The places a candidate's rows point to (home, places looked in, records). Each belongs to
-- one record and is never shared, so the export lists them and an erasure deletes them.
create function localizations_of_candidate(candidate bigint) returns setof bigint language sql stable as $$
    select localization_id from users where id = candidate and localization_id is not null
    union select localization_id from candidate_job_localizations where candidate_id = candidate
    union select localization_id from educations where candidate_id = candidate
    union select localization_id from experiences where candidate_id = candidate
    union select localization_id from projects where candidate_id = candidate
$$;
