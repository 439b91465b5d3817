-- Who looked at me: each day a partner opens a candidate's full profile or saves them, the
-- partner's company is noted once, so that the candidate sees which companies looked at them
-- over the last 90 days. The rows go with the candidate's account (erasure) and are in their
-- data export; rows older than 90 days are deleted by the retention job.
create type profile_view_kind as enum ('viewed', 'saved');

create table profile_views (
    candidate_id bigint not null references candidates on delete cascade,
    company_id bigint not null references companies on delete cascade,
    kind profile_view_kind not null,
    day date not null default current_date,
    primary key (candidate_id, company_id, kind, day)
);
create index profile_views_day_idx on profile_views (day);
