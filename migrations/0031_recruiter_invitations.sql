-- A school invites a recruiter by email. An address without an account gets a link that creates
-- a partner account already linked to the school: that recruiter finds the school's students at
-- once, and everyone else's only once an operator approves them. An address with a partner
-- account gets a link request instead. The row is written whatever the address is, so that the
-- school's list of invitations tells nothing about who uses Vivier.
create table recruiter_invitations (
    id bigserial primary key,
    school_id bigint not null references schools on delete cascade,
    email text not null check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and length(email) <= 254),
    firstname text not null check (length(firstname) between 1 and 100),
    lastname text not null check (length(lastname) between 1 and 100),
    token_hash bytea not null unique check (length(token_hash) = 32),
    answer invitation_answer,
    answered_at timestamptz,
    expires_at timestamptz not null default now() + interval '30 days',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
-- one open invitation per school and address: inviting again renews it
create unique index recruiter_invitations_open_key on recruiter_invitations (school_id, lower(email)) where answer is null;
