-- Accounts, candidate profiles, schools and partners: the schema of record for people.

-- A place as the user picked it: a commune, a department, a region or a whole country.
-- Rows are owned by the record that points to them (never shared), so editing one never
-- moves another record's place.
create table localizations (
    id bigserial primary key,
    value text not null check (length(value) between 1 and 200),
    type localization_type not null,
    lat double precision check (lat between -90 and 90),
    lng double precision check (lng between -180 and 180),
    -- INSEE code for a commune, department or region code otherwise
    commune_code text,
    country_code char(2) not null check (country_code ~ '^[A-Z]{2}$'),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    -- a point is needed for every place but a country
    check (type = 'country' or (lat is not null and lng is not null))
);

-- Files people upload (profile pictures, project and hobby pictures, logos, candidate imports).
create table uploads (
    id uuid primary key,
    owner_user_id bigint,
    content_type text not null check (content_type in ('image/png', 'image/jpeg', 'image/webp', 'text/csv')),
    byte_size integer not null check (byte_size between 1 and 5242880),
    sha256 bytea not null check (length(sha256) = 32),
    data bytea not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index uploads_owner_user_id_idx on uploads (owner_user_id);

create table users (
    id bigserial primary key,
    discriminator user_role not null,
    email text not null check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and length(email) <= 254),
    -- argon2id PHC string; null only for accounts created by a school import before activation
    password_hash text,
    lastname text not null check (length(lastname) between 1 and 100),
    firstname text not null check (length(firstname) between 1 and 100),
    phone text check (length(phone) <= 30),
    birthdate date,
    localization_id bigint references localizations on delete set null,
    profile_picture_id uuid references uploads on delete set null,
    locale text not null default 'fr' check (locale in ('fr', 'en')),
    active boolean not null default true,
    email_validated_at timestamptz,
    is_email_renewal boolean not null default false,
    first_time boolean not null default true,
    is_from_sso boolean not null default false,
    -- bumped on logout and password change: sessions signed with an older version are refused
    session_version integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create unique index users_email_key on users (lower(email));
alter table uploads add constraint uploads_owner_user_id_fkey foreign key (owner_user_id) references users on delete cascade;

create table institutions (
    id serial primary key,
    name text not null check (length(name) between 1 and 200),
    slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create unique index institutions_name_key on institutions (lower(name));

-- a school asks for an institution that is missing from the list
create table institution_requests (
    id bigserial primary key,
    name text not null check (length(name) between 1 and 200),
    email text not null check (length(email) <= 254),
    notify boolean not null default false,
    requested_by bigint references users on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

create table schools (
    user_id bigint primary key references users on delete cascade,
    name text not null check (length(name) between 1 and 200),
    school_type_id smallint references school_types,
    institution_id integer references institutions,
    description text check (length(description) <= 5000),
    link text check (link ~ '^https?://'),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index schools_institution_id_idx on schools (institution_id);

create table school_localizations (
    school_id bigint not null references schools on delete cascade,
    localization_id bigint not null references localizations on delete cascade,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (school_id, localization_id)
);

create table campuses (
    id bigserial primary key,
    school_id bigint not null references schools on delete cascade,
    name text not null check (length(name) between 1 and 200),
    localization_id bigint not null references localizations,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index campuses_school_id_idx on campuses (school_id);

create table programs (
    id bigserial primary key,
    campus_id bigint not null references campuses on delete cascade,
    name text not null check (length(name) between 1 and 200),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
-- spec: no two programs of a campus share a name
create unique index programs_campus_name_key on programs (campus_id, lower(name));

create table companies (
    id bigserial primary key,
    name text not null check (length(name) between 1 and 200),
    logo_id uuid references uploads on delete set null,
    company_type_id smallint references company_types,
    created_by bigint references users on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create unique index companies_name_key on companies (lower(name));

create table partners (
    user_id bigint primary key references users on delete cascade,
    company_id bigint not null references companies,
    role text check (length(role) <= 100),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index partners_company_id_idx on partners (company_id);

-- schools a partner works with (add-school / remove-school)
create table partner_schools (
    partner_id bigint not null references partners on delete cascade,
    school_id bigint not null references schools on delete cascade,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (partner_id, school_id)
);
create index partner_schools_school_id_idx on partner_schools (school_id);

create table candidates (
    user_id bigint primary key references users on delete cascade,
    slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
    headline text check (length(headline) <= 200),
    candidate_type_id smallint references candidate_types,
    degree_id smallint references degrees,
    -- "in research": the candidate is looking for a job and may appear in sourcing searches
    in_research boolean not null default true,
    contract_min_duration smallint not null default 0 check (contract_min_duration between 0 and 120),
    availability date,
    entry_year smallint check (entry_year between 1950 and 2100),
    is_public boolean not null default false,
    completion smallint not null default 0 check (completion between 0 and 100),
    institution_id integer references institutions,
    school_id bigint references schools on delete set null,
    campus_id bigint references campuses on delete set null,
    program_id bigint references programs on delete set null,
    parcours_id smallint references parcours,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index candidates_campus_id_idx on candidates (campus_id);
create index candidates_school_id_idx on candidates (school_id);
create index candidates_program_id_idx on candidates (program_id);

create table candidate_job_categories (
    candidate_id bigint not null references candidates on delete cascade,
    job_category_id smallint not null references job_categories,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (candidate_id, job_category_id)
);

create table candidate_job_localizations (
    candidate_id bigint not null references candidates on delete cascade,
    localization_id bigint not null references localizations on delete cascade,
    position smallint not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (candidate_id, localization_id)
);
create index candidate_job_localizations_localization_idx on candidate_job_localizations (localization_id);

create table candidate_company_types (
    candidate_id bigint not null references candidates on delete cascade,
    company_type_id smallint not null references company_types,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (candidate_id, company_type_id)
);

create table candidate_contract_types (
    candidate_id bigint not null references candidates on delete cascade,
    contract_type_id smallint not null references contract_types,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (candidate_id, contract_type_id)
);

create table candidate_hourly_schemes (
    candidate_id bigint not null references candidates on delete cascade,
    contract_hourly_scheme_id smallint not null references contract_hourly_schemes,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (candidate_id, contract_hourly_scheme_id)
);

create table candidate_languages (
    candidate_id bigint not null references candidates on delete cascade,
    language_id smallint not null references languages,
    -- 1 = A1 ... 6 = C2; the spec's default is 3
    level smallint not null default 3 check (level between 1 and 6),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (candidate_id, language_id)
);

-- Context, actions, results: how a candidate tells an experience or a project.
-- The spec calls it empty when any part is an empty string; forms enforce completeness.
create table car_methods (
    id bigserial primary key,
    context text not null default '' check (length(context) <= 5000),
    actions text not null default '' check (length(actions) <= 5000),
    results text not null default '' check (length(results) <= 5000),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

create table educations (
    id bigserial primary key,
    candidate_id bigint not null references candidates on delete cascade,
    name text not null check (length(name) between 1 and 200),
    degree_id smallint not null references degrees,
    institution text not null check (length(institution) between 1 and 200),
    institution_id integer references institutions,
    education_specialization_id smallint not null references education_specializations,
    localization_id bigint not null references localizations,
    start_date date not null,
    end_date date,
    is_current boolean not null default false,
    force_logo boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check (end_date is not null or is_current),
    check (end_date is null or end_date >= start_date)
);
create index educations_candidate_id_idx on educations (candidate_id);

create table experiences (
    id bigserial primary key,
    candidate_id bigint not null references candidates on delete cascade,
    company_id bigint references companies on delete set null,
    company_name text not null check (length(company_name) between 1 and 200),
    position_name text not null check (length(position_name) between 1 and 200),
    contract_type_id smallint not null references contract_types,
    contract_hourly_scheme_id smallint not null references contract_hourly_schemes,
    job_category_id smallint not null references job_categories,
    localization_id bigint not null references localizations,
    car_method_id bigint not null references car_methods,
    start_date date not null,
    end_date date,
    is_current boolean not null default false,
    force_logo boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check (end_date is not null or is_current),
    check (end_date is null or end_date >= start_date)
);
create index experiences_candidate_id_idx on experiences (candidate_id);

create table projects (
    id bigserial primary key,
    candidate_id bigint not null references candidates on delete cascade,
    kind project_kind not null,
    name text not null check (length(name) between 1 and 200),
    project_category_id integer not null references project_categories,
    localization_id bigint not null references localizations,
    car_method_id bigint references car_methods,
    start_date date not null,
    end_date date,
    is_current boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check (end_date is not null or is_current),
    check (end_date is null or end_date >= start_date)
);
create index projects_candidate_kind_idx on projects (candidate_id, kind);

create table candidate_hobbies (
    id bigserial primary key,
    candidate_id bigint not null references candidates on delete cascade,
    hobby_id smallint not null references hobbies,
    hobby_speciality_id integer references hobby_specialities,
    hobby_frequency_id smallint not null references hobby_frequencies,
    hobby_purpose_id smallint references hobby_purposes,
    description text check (length(description) <= 2000),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index candidate_hobbies_candidate_id_idx on candidate_hobbies (candidate_id);

-- soft skills shown on each kind of record (spec: 1 to 4 per education, experience, project)
create table education_soft_skills (
    education_id bigint not null references educations on delete cascade,
    soft_skill_id smallint not null references soft_skills,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (education_id, soft_skill_id)
);
create table experience_soft_skills (
    experience_id bigint not null references experiences on delete cascade,
    soft_skill_id smallint not null references soft_skills,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (experience_id, soft_skill_id)
);
create table project_soft_skills (
    project_id bigint not null references projects on delete cascade,
    soft_skill_id smallint not null references soft_skills,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (project_id, soft_skill_id)
);
create table candidate_hobby_soft_skills (
    candidate_hobby_id bigint not null references candidate_hobbies on delete cascade,
    soft_skill_id smallint not null references soft_skills,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (candidate_hobby_id, soft_skill_id)
);

create table education_pictures (
    education_id bigint not null references educations on delete cascade,
    upload_id uuid not null references uploads on delete cascade,
    position smallint not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (education_id, upload_id)
);
create table project_pictures (
    project_id bigint not null references projects on delete cascade,
    upload_id uuid not null references uploads on delete cascade,
    position smallint not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (project_id, upload_id)
);
create table candidate_hobby_pictures (
    candidate_hobby_id bigint not null references candidate_hobbies on delete cascade,
    upload_id uuid not null references uploads on delete cascade,
    position smallint not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (candidate_hobby_id, upload_id)
);

-- Limits of spec section 9 that a row-level check cannot hold: at most N children per parent.
-- The lower bounds (at least one soft skill, at least one picture) are checked by the API,
-- because a record and its first child are inserted one after the other.
create function enforce_children_limit() returns trigger language plpgsql as $$
declare
    parent_column text := tg_argv[0];
    max_children integer := tg_argv[1]::integer;
    children integer;
begin
    execute format('select count(*) from %I where %I = $1', tg_table_name, parent_column)
        into children
        using (to_jsonb(new) ->> parent_column)::bigint;
    if children > max_children then
        raise exception 'at most % rows per % in %', max_children, parent_column, tg_table_name
            using errcode = 'check_violation', constraint = tg_table_name || '_limit';
    end if;
    return null;
end;
$$;

create constraint trigger education_soft_skills_limit after insert on education_soft_skills
    for each row execute function enforce_children_limit('education_id', '4');
create constraint trigger experience_soft_skills_limit after insert on experience_soft_skills
    for each row execute function enforce_children_limit('experience_id', '4');
create constraint trigger project_soft_skills_limit after insert on project_soft_skills
    for each row execute function enforce_children_limit('project_id', '4');
create constraint trigger candidate_hobby_soft_skills_limit after insert on candidate_hobby_soft_skills
    for each row execute function enforce_children_limit('candidate_hobby_id', '4');
create constraint trigger candidate_hobby_pictures_limit after insert on candidate_hobby_pictures
    for each row execute function enforce_children_limit('candidate_hobby_id', '3');

-- The candidate's soft-skill profile: the share of each family among every soft skill they
-- chose on educations, experiences, projects and hobbies (0 everywhere when they chose none).
create view candidate_soft_skill_percentages as
with chosen as (
    select e.candidate_id, s.soft_skill_id
    from education_soft_skills s join educations e on e.id = s.education_id
    union all
    select x.candidate_id, s.soft_skill_id
    from experience_soft_skills s join experiences x on x.id = s.experience_id
    union all
    select p.candidate_id, s.soft_skill_id
    from project_soft_skills s join projects p on p.id = s.project_id
    union all
    select h.candidate_id, s.soft_skill_id
    from candidate_hobby_soft_skills s join candidate_hobbies h on h.id = s.candidate_hobby_id
),
per_category as (
    select chosen.candidate_id, k.soft_skill_category_id, count(*) as picks
    from chosen join soft_skills k on k.id = chosen.soft_skill_id
    group by chosen.candidate_id, k.soft_skill_category_id
)
select candidate_id,
       soft_skill_category_id,
       round(100.0 * picks / sum(picks) over (partition by candidate_id), 1) as percentage
from per_category;

-- DISC personality test results: one row per completed form
create table disc_results (
    id bigserial primary key,
    candidate_id bigint not null references candidates on delete cascade,
    score_d smallint not null check (score_d between 0 and 100),
    score_i smallint not null check (score_i between 0 and 100),
    score_s smallint not null check (score_s between 0 and 100),
    score_c smallint not null check (score_c between 0 and 100),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index disc_results_candidate_id_idx on disc_results (candidate_id, created_at desc);

create table disc_result_answers (
    disc_result_id bigint not null references disc_results on delete cascade,
    disc_question_id smallint not null references disc_questions,
    disc_answer_id smallint not null references disc_answers,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (disc_result_id, disc_question_id)
);
