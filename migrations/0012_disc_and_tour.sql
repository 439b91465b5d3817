-- The DISC personality test's result and the candidate's guided tutorial.
--
-- `users.tour`: the spec's local configuration flag `tour` (on by default), kept for the user so
-- that finishing or declining the tutorial on one device does not replay it on another.
alter table users add column tour boolean not null default true;

-- `candidates.show_disc`: whether readers of the public profile see the DISC result. Off by
-- default: the result informs the candidate first, and others only if the candidate chooses.
alter table candidates add column show_disc boolean not null default false;

-- One DISC result per candidate: retaking the test replaces the answers and the scores in place,
-- `created_at` keeping the date of the first test and `updated_at` that of the latest one.
delete from disc_results older
using disc_results newer
where older.candidate_id = newer.candidate_id
  and (older.updated_at, older.id) < (newer.updated_at, newer.id);
drop index disc_results_candidate_id_idx;
create unique index disc_results_candidate_id_key on disc_results (candidate_id);
