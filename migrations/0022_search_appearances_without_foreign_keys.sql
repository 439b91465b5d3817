-- Recording who appeared in a partner search is the heaviest write of the server under
-- load: every evaluated run writes one row per matching candidate, up to 10,000. Each row's
-- two foreign keys cost a lookup and a share lock on the candidate's and the run's row, two
-- thirds of the insert (300,000 rows: 4.7 s with them, 1.5 s without, at 1M candidates). Under
-- the load test's 140 searches a second (load-tests/load.js, 1M candidates) the database used
-- 80 s of CPU in 2 minutes with them and 38 s without; the search p99 went from 10.8 ms to 6.3 ms.
--
-- What the keys guaranteed is now done by the code that writes and deletes:
-- - a run's appearances are written in the transaction that holds the run's row lock (claimed
--   for update), and runs are deleted with their appearances in one statement
--   (api/src/search_demand/runs.rs);
-- - an appearance is only written for a candidate who exists at that moment, the erasure of a
--   candidate deletes their appearances (api/src/candidate_data/erasure.rs), and the daily
--   retention job deletes any appearance whose candidate is gone (one written while its
--   candidate was being erased): two numbers that no longer name anyone.
alter table search_appearances
    drop constraint search_appearances_candidate_id_fkey,
    drop constraint search_appearances_run_id_fkey;

-- The index on run_id only serves the deletion of a day's expired runs: rows are written in
-- run order, so a block-range index finds them at a fraction of a b-tree's cost per insert
-- (another 15 % of the insert). Reads by candidate use the primary key.
drop index search_appearances_run_idx;
create index search_appearances_run_brin_idx on search_appearances using brin (run_id);
