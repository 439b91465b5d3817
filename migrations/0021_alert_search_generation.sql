-- Every server holds the saved searches with alerts compiled in memory and recompiles them when
-- they changed (api/src/alerts/percolate.rs), which it asks before each batch the indexer
-- applies: hundreds of times a second under load. Counting the searches and reading their
-- latest update scanned the table (25 ms at 100,000 searches); this counter answers in one row.
-- It moves with every write to a saved search that has or had alerts (its criteria lists are
-- written in the same transaction as its row).
create table alert_search_generation (
    only_row boolean primary key default true check (only_row),
    generation bigint not null
);
insert into alert_search_generation (generation) values (0);

create function bump_alert_search_generation() returns trigger
language plpgsql as $$
begin
    update alert_search_generation set generation = generation + 1;
    return null;
end
$$;

create trigger sourcing_searches_alerts_inserted after insert on sourcing_searches
    for each row when (new.saved and new.alerts <> 'off') execute function bump_alert_search_generation();
create trigger sourcing_searches_alerts_updated after update on sourcing_searches
    for each row when ((old.saved and old.alerts <> 'off') or (new.saved and new.alerts <> 'off'))
    execute function bump_alert_search_generation();
create trigger sourcing_searches_alerts_deleted after delete on sourcing_searches
    for each row when (old.saved and old.alerts <> 'off') execute function bump_alert_search_generation();
