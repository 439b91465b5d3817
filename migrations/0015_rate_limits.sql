-- Rate-limit counters shared by every replica (api/src/rate_limit.rs): one row per limiter and
-- key (the SHA-256 of a client address or an account's email, so that the table holds no
-- personal data in clear) with the times of its hits inside the window.
-- Unlogged: losing the counters in a crash or a failover only forgives a few attempts, and
-- the table is written on every login.
create unlogged table rate_limit_hits (
    bucket text not null,
    key bytea not null,
    hits timestamptz[] not null default '{}',
    -- when the newest hit leaves the window: the row can go after that
    expires_at timestamptz not null,
    primary key (bucket, key)
);

create index rate_limit_hits_expires_at on rate_limit_hits (expires_at);
