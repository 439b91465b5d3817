-- Offers reach the candidates they fit, and candidates apply.
--
-- An offer is a draft until its partner publishes it; published, it is live for candidates
-- until its closing date (if any) or until the partner closes it. Its criteria are a sourcing
-- search (the contract offered is the one contract sought), so the engine tells which offers a
-- candidate fits ("offers for me") and which candidates a new offer fits (their daily digest).
create type job_offer_status as enum ('draft', 'published', 'closed');

alter table job_offers
    add column status job_offer_status not null default 'draft',
    -- months the duration may differ by, as a sourcing search's flexibility
    add column duration_flexibility smallint not null default 0 check (duration_flexibility between 0 and 120),
    add column published_at timestamptz,
    -- the last day candidates may apply (none: until the partner closes it)
    add column closes_on date;

-- offers written before publishing existed were their partners' live offers
update job_offers set status = 'published', published_at = created_at;
create index job_offers_published_idx on job_offers (published_at desc) where status = 'published';

-- Moved by every write to an offer or its lists, so that each server's index of published offers
-- knows when to rebuild (as `alert_search_generation` does for saved searches with alerts).
create table job_offer_generation (
    generation bigint not null
);
insert into job_offer_generation (generation) values (0);

create function bump_job_offer_generation() returns trigger
language plpgsql as $$
begin
    update job_offer_generation set generation = generation + 1;
    return null;
end $$;

create trigger job_offers_generation after insert or update or delete on job_offers
    for each statement execute function bump_job_offer_generation();
create trigger job_offer_languages_generation after insert or update or delete on job_offer_languages
    for each statement execute function bump_job_offer_generation();
create trigger job_offer_soft_skills_generation after insert or update or delete on job_offer_soft_skill_categories
    for each statement execute function bump_job_offer_generation();

-- A candidate's application to an offer. Applying shares the candidate's whole profile with the
-- offer's partner (even when hidden from searches) until the candidate withdraws.
create type application_status as enum ('new', 'shortlisted', 'interview', 'hired', 'declined', 'withdrawn');

create table job_applications (
    id bigserial primary key,
    job_offer_id bigint not null references job_offers on delete cascade,
    candidate_id bigint not null references candidates on delete cascade,
    note text not null default '' check (length(note) <= 2000),
    status application_status not null default 'new',
    created_at timestamptz not null default now(),
    status_changed_at timestamptz not null default now(),
    -- when the application first reached these steps: the schools' monthly outcome counts
    interview_at timestamptz,
    hired_at timestamptz,
    unique (job_offer_id, candidate_id)
);
create index job_applications_candidate_idx on job_applications (candidate_id, created_at desc);

-- The candidates a newly published offer fits, for their daily digest of offers.
create table job_offer_matches (
    job_offer_id bigint not null references job_offers on delete cascade,
    candidate_id bigint not null references candidates on delete cascade,
    score real not null,
    created_at timestamptz not null default now(),
    emailed_at timestamptz,
    primary key (job_offer_id, candidate_id)
);
create index job_offer_matches_unemailed_idx on job_offer_matches (candidate_id) where emailed_at is null;

-- at most one digest of offers a day per candidate, whichever server sends it
create table job_offer_digests (
    candidate_id bigint primary key references candidates on delete cascade,
    last_sent_at timestamptz not null
);

