-- What partners do (sourcing searches, saved candidates, job offers) and the account plumbing
-- (one-time tokens, notification subscriptions, problem reports).

create table sourcing_searches (
    id bigserial primary key,
    partner_id bigint not null references partners on delete cascade,
    job_category_id smallint not null references job_categories,
    -- the contract's length in months
    duration smallint not null check (duration between 0 and 120),
    start_at date not null,
    localization_id bigint not null references localizations,
    radius smallint not null default 10 check (radius between 1 and 1000),
    degree_level smallint not null default 1 check (degree_level between 0 and 8),
    duration_flexibility smallint not null default 0 check (duration_flexibility between 0 and 120),
    keywords text check (length(keywords) <= 200),
    -- a search runs without being kept; saved ones appear in the partner's list
    saved boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index sourcing_searches_partner_idx on sourcing_searches (partner_id, created_at desc) where saved;

create table sourcing_search_contract_types (
    sourcing_search_id bigint not null references sourcing_searches on delete cascade,
    contract_type_id smallint not null references contract_types,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (sourcing_search_id, contract_type_id)
);

create table sourcing_search_languages (
    sourcing_search_id bigint not null references sourcing_searches on delete cascade,
    language_id smallint not null references languages,
    level smallint not null default 3 check (level between 1 and 6),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (sourcing_search_id, language_id)
);

create table sourcing_search_soft_skill_categories (
    sourcing_search_id bigint not null references sourcing_searches on delete cascade,
    soft_skill_category_id smallint not null references soft_skill_categories,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (sourcing_search_id, soft_skill_category_id)
);

create table sourcing_saved_candidates (
    sourcing_search_id bigint not null references sourcing_searches on delete cascade,
    candidate_id bigint not null references candidates on delete cascade,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (sourcing_search_id, candidate_id)
);
create index sourcing_saved_candidates_candidate_idx on sourcing_saved_candidates (candidate_id);

create table job_offers (
    id bigserial primary key,
    partner_id bigint not null references partners on delete cascade,
    company_id bigint not null references companies,
    title text not null check (length(title) between 1 and 200),
    job_category_id smallint not null references job_categories,
    job_id integer references jobs,
    contract_type_id smallint not null references contract_types,
    duration smallint not null check (duration between 0 and 120),
    start_at date not null,
    localization_id bigint not null references localizations,
    radius smallint not null default 10 check (radius between 1 and 1000),
    degree_level smallint not null default 1 check (degree_level between 0 and 8),
    description text not null default '' check (length(description) <= 10000),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index job_offers_partner_idx on job_offers (partner_id, created_at desc);
create index job_offers_company_idx on job_offers (company_id);

create table job_offer_languages (
    job_offer_id bigint not null references job_offers on delete cascade,
    language_id smallint not null references languages,
    level smallint not null default 3 check (level between 1 and 6),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (job_offer_id, language_id)
);

create table job_offer_soft_skill_categories (
    job_offer_id bigint not null references job_offers on delete cascade,
    soft_skill_category_id smallint not null references soft_skill_categories,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (job_offer_id, soft_skill_category_id)
);

-- One-time tokens sent by email. Only a hash of the token is stored; the link carries the secret.
create type user_token_kind as enum ('validation', 'reset_password', 'email_renewal', 'login');
create table user_tokens (
    id bigserial primary key,
    user_id bigint not null references users on delete cascade,
    kind user_token_kind not null,
    token_hash bytea not null unique check (length(token_hash) = 32),
    -- the address being confirmed, for email renewal
    new_email text check (length(new_email) <= 254),
    expires_at timestamptz not null,
    used_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index user_tokens_user_kind_idx on user_tokens (user_id, kind);

-- Which notification emails a user receives; every email carries an unsubscribe token.
create table notification_subscriptions (
    user_id bigint not null references users on delete cascade,
    type text not null check (type ~ '^[a-z_]{1,50}$'),
    subscribed boolean not null default true,
    unsubscribe_token_hash bytea not null unique check (length(unsubscribe_token_hash) = 32),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (user_id, type)
);

-- "Report a problem" messages (POST /api/api/report)
create table problem_reports (
    id bigserial primary key,
    user_id bigint references users on delete set null,
    message text not null check (length(message) between 1 and 2000),
    -- the reporter's address, kept to rate-limit and to investigate abuse
    client_ip inet,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index problem_reports_client_ip_idx on problem_reports (client_ip, created_at desc);

-- every table keeps updated_at current without the application thinking of it
do $$
declare
    table_name text;
begin
    for table_name in
        select c.table_name from information_schema.columns c
        join information_schema.tables t using (table_schema, table_name)
        where c.table_schema = 'public' and c.column_name = 'updated_at' and t.table_type = 'BASE TABLE'
    loop
        execute format(
            'create trigger %I before update on %I for each row execute function set_updated_at()',
            table_name || '_set_updated_at', table_name);
    end loop;
end;
$$;
