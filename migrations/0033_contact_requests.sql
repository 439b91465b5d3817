-- A match leads to a conversation, with the candidate's consent (double opt-in): a partner asks to
-- get in touch with a short message, the candidate accepts or declines, and only an accepted
-- request shows each side the other's contact details and opens a thread of messages. A request
-- nobody answers closes itself after 14 days; a partner who was declined waits 90 days before
-- asking the same candidate again. A candidate may block a company: it can no longer ask.
create type contact_request_state as enum ('pending', 'accepted', 'declined', 'expired');

create table contact_requests (
    id bigserial primary key,
    partner_id bigint not null references partners on delete cascade,
    candidate_id bigint not null references candidates on delete cascade,
    -- one of the partner's offers the request is about, if any
    offer_id bigint references job_offers on delete set null,
    message text not null check (length(message) between 20 and 2000),
    state contact_request_state not null default 'pending',
    expires_at timestamptz not null default now() + interval '14 days',
    answered_at timestamptz,
    -- a closed thread takes no more messages (either side closes it)
    closed_at timestamptz,
    created_at timestamptz not null default now()
);
-- one open request per partner and candidate
create unique index contact_requests_open_key on contact_requests (partner_id, candidate_id) where state = 'pending';
create index contact_requests_candidate_idx on contact_requests (candidate_id, created_at desc);
create index contact_requests_partner_idx on contact_requests (partner_id, created_at desc);

create table contact_messages (
    id bigserial primary key,
    contact_request_id bigint not null references contact_requests on delete cascade,
    author_id bigint not null references users on delete cascade,
    body text not null check (length(body) between 1 and 5000),
    created_at timestamptz not null default now(),
    read_at timestamptz,
    -- when the other side was emailed about it: at most one email per thread and side every 15 minutes
    emailed_at timestamptz
);
create index contact_messages_thread_idx on contact_messages (contact_request_id, id);

-- companies a candidate blocked: their recruiters can no longer ask to get in touch
create table company_blocks (
    candidate_id bigint not null references candidates on delete cascade,
    company_id bigint not null references companies on delete cascade,
    created_at timestamptz not null default now(),
    primary key (candidate_id, company_id)
);

alter type quota_kind add value if not exists 'contact';
