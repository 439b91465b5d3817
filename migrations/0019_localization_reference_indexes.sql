-- Deleting a localization (a candidate changing their place replaces it) makes Postgres look for
-- rows that still reference it, in every table with a foreign key to `localizations`. Without an
-- index on the referencing column, each look is a full scan: at a million candidates one profile
-- write took about 10 s, holding the candidate's row lock meanwhile (found by `./load-tests/run
-- load`). Each referencing column gets its index (candidate_job_localizations has one already).
create index if not exists users_localization_id on users (localization_id);
create index if not exists campuses_localization_id on campuses (localization_id);
create index if not exists school_localizations_localization_id on school_localizations (localization_id);
create index if not exists educations_localization_id on educations (localization_id);
create index if not exists experiences_localization_id on experiences (localization_id);
create index if not exists projects_localization_id on projects (localization_id);
create index if not exists sourcing_searches_localization_id on sourcing_searches (localization_id);
create index if not exists job_offers_localization_id on job_offers (localization_id);
