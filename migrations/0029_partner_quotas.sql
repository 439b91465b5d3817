-- Quotas against scraping: an approved partner runs at most so many distinct searches and opens
-- at most so many distinct candidate profiles a day (defaults in the code, README "Quotas");
-- an operator may raise a partner's. Counted in Postgres, like the rate limits, so that every
-- replica counts the same. A use is a distinct thing per day: paging through one search, or
-- opening one profile twice, counts once.
alter table partners
    add column daily_search_quota integer check (daily_search_quota between 1 and 100000),
    add column daily_profile_quota integer check (daily_profile_quota between 1 and 100000);

create type quota_kind as enum ('search', 'profile');

create unlogged table partner_quota_uses (
    partner_id bigint not null references partners on delete cascade,
    day date not null default current_date,
    kind quota_kind not null,
    -- what was used: a search's criteria (a hash) or a candidate's id
    subject text not null check (length(subject) <= 100),
    primary key (partner_id, day, kind, subject)
);

alter type audit_action add value if not exists 'quota_changed';
