-- A saved sourcing search gets a name its partner can change (the list of saved searches showed
-- identical entries once a partner kept several searches for one job). Searches saved before
-- have none; the API names them after their job category and place.
alter table sourcing_searches add column name text check (char_length(name) between 1 and 100);
