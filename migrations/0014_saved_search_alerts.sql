-- Saved-search alerts: a partner asks to hear of candidates who start to match a saved search,
-- in a daily digest or at once; and the outbox becomes a queue one worker drains for every email.

-- 'off' (the default), 'daily' (one digest a day at most) or 'immediate' (an email per batch)
alter table sourcing_searches add column alerts text not null default 'off'
    check (alerts in ('off', 'daily', 'immediate'));
create index sourcing_searches_alerts_idx on sourcing_searches (id) where saved and alerts <> 'off';

-- A candidate started to match a saved search with alerts. One row per (search, candidate) ever:
-- the unique key is what keeps a restart or a second server from notifying twice. The row is also
-- the partner's notification (read or not) and remembers whether an email told of it.
create table sourcing_search_matches (
    id bigserial primary key,
    sourcing_search_id bigint not null references sourcing_searches on delete cascade,
    candidate_id bigint not null references candidates on delete cascade,
    partner_id bigint not null references partners on delete cascade,
    -- what the match explanation said when it started: score, distance, place (rendered per language)
    reason jsonb not null,
    read_at timestamptz,
    -- set when a digest or an immediate email included it
    emailed_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (sourcing_search_id, candidate_id)
);
create index sourcing_search_matches_partner_idx on sourcing_search_matches (partner_id, created_at desc);
create index sourcing_search_matches_unread_idx on sourcing_search_matches (partner_id) where read_at is null;
create index sourcing_search_matches_unemailed_idx on sourcing_search_matches (partner_id) where emailed_at is null;
create index sourcing_search_matches_candidate_idx on sourcing_search_matches (candidate_id);

create trigger sourcing_search_matches_set_updated_at before update on sourcing_search_matches
    for each row execute function set_updated_at();

-- The partner's visits to a saved search's results (a visit lasts 30 minutes from its first page):
-- hits that started to match after the previous visit are marked "new" during this one. Kept
-- apart from sourcing_searches, whose updated_at tells servers to recompile their alert searches.
create table sourcing_search_visits (
    sourcing_search_id bigint primary key references sourcing_searches on delete cascade,
    visit_started_at timestamptz not null,
    previous_visit_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

create trigger sourcing_search_visits_set_updated_at before update on sourcing_search_visits
    for each row execute function set_updated_at();

-- The last digest of a partner: at most one a day.
create table alert_digests (
    partner_id bigint primary key references partners on delete cascade,
    last_sent_at timestamptz not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

create trigger alert_digests_set_updated_at before update on alert_digests
    for each row execute function set_updated_at();

-- The outbox as a queue: a worker claims due rows (FOR UPDATE SKIP LOCKED), pushes
-- next_attempt_at past its send as a lease, then marks the row sent or schedules a retry.
alter table outbox_emails add column attempts integer not null default 0;
alter table outbox_emails add column next_attempt_at timestamptz not null default now();
create index outbox_emails_due_idx on outbox_emails (next_attempt_at) where sent_at is null;
