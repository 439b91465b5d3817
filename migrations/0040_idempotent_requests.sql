-- A POST or PATCH sent with an `Idempotency-Key` header, and the answer it got, kept a day so
-- that the client's resend after a lost answer (a timeout, a 502) is answered the same without
-- the work being done twice (an offer, an account or an import created twice).
create table idempotent_requests (
    -- whose key: `user:<id>` for a session, `address:<ip>` for a visitor
    scope text not null,
    key text not null,
    -- SHA-256 of the method, the path and query, and the body: the same key for another
    -- request is refused
    fingerprint bytea not null,
    created_at timestamptz not null default now(),
    -- null while the first request runs
    status smallint,
    content_type text,
    body bytea,
    primary key (scope, key)
);

create index idempotent_requests_created_idx on idempotent_requests (created_at);
