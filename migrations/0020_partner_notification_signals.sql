-- Live unread counts (api/src/alerts/live.rs): every change to a partner's notifications
-- wakes the servers holding that partner's open streams, which recount. The payload is only
-- the partner's id; identical payloads within one transaction are sent once.
create function signal_partner_notifications() returns trigger
language plpgsql as $$
begin
    perform pg_notify('partner_notifications', coalesce(new.partner_id, old.partner_id)::text);
    return null;
end
$$;

create trigger sourcing_search_matches_signal
    after insert or delete or update of read_at on sourcing_search_matches
    for each row execute function signal_partner_notifications();
