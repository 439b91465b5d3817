-- Who joins is governed: an operator (a person of the team running Vivier) approves the schools
-- and partners who sign up, may suspend any account but an operator's, and accepts the
-- institutions schools ask for. Every such decision is written to the audit log.
--
-- `standing` is where an account stands: a new school or partner waits (`pending`) until an
-- operator, or for a partner an approved colleague of the same company, approves it; a
-- refusal says why; a suspension shuts the account out and says why. Accounts that existed
-- before this migration, candidates and operators are approved.
alter type user_role add value if not exists 'operator';

create type account_standing as enum ('pending', 'approved', 'refused', 'suspended');
alter table users
    add column standing account_standing not null default 'approved',
    -- why the account was refused or suspended, as the operator wrote it to the person
    add column standing_reason text check (length(standing_reason) between 1 and 1000),
    add column standing_changed_at timestamptz;
create index users_pending_idx on users (created_at) where standing = 'pending';

-- An institution request is resolved once: accepted (the institution exists) or refused.
alter table institution_requests
    add column resolved_at timestamptz,
    add column institution_id integer references institutions on delete set null;
create index institution_requests_unresolved_idx on institution_requests (created_at) where resolved_at is null;

create type audit_action as enum (
    'account_approved',
    'account_refused',
    'account_suspended',
    'account_reinstated',
    'operator_created',
    'institution_created',
    'institution_request_refused'
);

-- What operators (and approving colleagues) did, newest read first. The subject's name is kept
-- as it was when the event happened: the log still reads after the account is erased.
create table audit_events (
    id bigserial primary key,
    actor_id bigint references users on delete set null,
    action audit_action not null,
    subject_id bigint references users on delete set null,
    subject_name text check (length(subject_name) <= 300),
    detail text check (length(detail) <= 1000),
    created_at timestamptz not null default now()
);
create index audit_events_created_at_idx on audit_events (created_at desc);
