-- A candidate joins a school only with their consent. A school (by hand or by file) invites an
-- address to one of its campuses; nothing is attached until the owner of the address accepts.
-- An address without an account gets a link, and the account is created only when its owner
-- sets a password through it: a school can no longer create an account for an address it does
-- not own (the pre-hijack of an account) nor move another school's student.
create type invitation_answer as enum ('accepted', 'refused');

create table school_invitations (
    id bigserial primary key,
    school_id bigint not null references schools on delete cascade,
    campus_id bigint not null references campuses on delete cascade,
    program_id bigint references programs on delete set null,
    parcours_id smallint references parcours,
    email text not null check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and length(email) <= 254),
    firstname text not null check (length(firstname) between 1 and 100),
    lastname text not null check (length(lastname) between 1 and 100),
    -- the hash of the link's token, for an address that had no account when it was invited
    token_hash bytea unique check (length(token_hash) = 32),
    answer invitation_answer,
    answered_at timestamptz,
    expires_at timestamptz not null default now() + interval '30 days',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
-- one open invitation per school and address: inviting again renews it
create unique index school_invitations_open_key on school_invitations (school_id, lower(email)) where answer is null;
create index school_invitations_email_idx on school_invitations (lower(email)) where answer is null;
