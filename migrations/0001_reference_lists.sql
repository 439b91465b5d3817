-- Reference lists: the vocabulary every profile, search and offer is built from.
-- Every list is bilingual (label_fr, label_en); the API answers in the caller's language.
-- Rows are seeded by the next migration; ids are stable so that clients may keep them.

create function set_updated_at() returns trigger language plpgsql as $$
begin
    new.updated_at := now();
    return new;
end;
$$;

-- the label of a bilingual pair in the caller's language (French unless 'en')
create function label(language text, label_fr text, label_en text) returns text
    language sql immutable parallel safe
    return case when language = 'en' then label_en else label_fr end;

create type localization_type as enum ('city', 'country', 'department', 'region');
create type project_kind as enum ('personal', 'academic');
create type user_role as enum ('user', 'candidate', 'school', 'partner');

create table degrees (
    id smallint primary key,
    -- 0 = no degree, 3 = Bac+3 (licence), 5 = Bac+5 (master), 8 = Bac+8 (doctorate)
    level smallint not null unique check (level between 0 and 8),
    label_fr text not null,
    label_en text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

create table candidate_types (
    id smallint primary key,
    code text not null unique,
    label_fr text not null,
    label_en text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

create table job_categories (
    id smallint primary key,
    code text not null unique,
    label_fr text not null,
    label_en text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

-- trades ("métiers") offered by the /jobs calls, each in one job category
create table jobs (
    id integer primary key,
    job_category_id smallint not null references job_categories,
    label_fr text not null,
    label_en text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index jobs_job_category_id_idx on jobs (job_category_id);

create table contract_types (
    id smallint primary key,
    code text not null unique,
    label_fr text not null,
    label_en text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

create table contract_hourly_schemes (
    id smallint primary key,
    code text not null unique,
    label_fr text not null,
    label_en text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

create table company_types (
    id smallint primary key,
    code text not null unique,
    label_fr text not null,
    label_en text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

create table languages (
    id smallint primary key,
    -- ISO 639-1
    code text not null unique check (code ~ '^[a-z]{2}$'),
    label_fr text not null,
    label_en text not null,
    -- an emoji flag of the country most associated with the language
    flag text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

create table soft_skill_categories (
    id smallint primary key,
    code text not null unique,
    icon text not null,
    label_fr text not null,
    label_en text not null,
    description_fr text not null,
    description_en text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

create table soft_skills (
    id smallint primary key,
    soft_skill_category_id smallint not null references soft_skill_categories,
    label_fr text not null,
    label_en text not null,
    description_fr text not null,
    description_en text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index soft_skills_category_idx on soft_skills (soft_skill_category_id);

create table hobby_categories (
    id smallint primary key,
    icon text not null,
    label_fr text not null,
    label_en text not null,
    -- the question asked to the candidate when they pick this category
    question_fr text not null,
    question_en text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

create table hobbies (
    id smallint primary key,
    hobby_category_id smallint not null references hobby_categories,
    icon text not null,
    label_fr text not null,
    label_en text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index hobbies_category_idx on hobbies (hobby_category_id);

create table hobby_specialities (
    id integer primary key,
    hobby_id smallint not null references hobbies,
    icon text not null,
    label_fr text not null,
    label_en text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index hobby_specialities_hobby_idx on hobby_specialities (hobby_id);

create table hobby_frequencies (
    id smallint primary key,
    code text not null unique,
    label_fr text not null,
    label_en text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

create table hobby_purposes (
    id smallint primary key,
    code text not null unique,
    label_fr text not null,
    label_en text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

-- categories of personal and academic projects; schools and candidates may add academic ones
create table project_categories (
    id serial primary key,
    kind project_kind not null,
    label_fr text not null,
    label_en text not null,
    picture text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create unique index project_categories_kind_label_fr_key on project_categories (kind, lower(label_fr));

create table education_specializations (
    id smallint primary key,
    label_fr text not null,
    label_en text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

create table school_types (
    id smallint primary key,
    code text not null unique,
    label_fr text not null,
    label_en text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

-- how a student follows a program: initial training, work-study, continuing education...
create table parcours (
    id smallint primary key,
    code text not null unique,
    label_fr text not null,
    label_en text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

-- the DISC personality test: each question offers one answer per DISC letter
create table disc_questions (
    id smallint primary key,
    position smallint not null unique,
    about_fr text not null,
    about_en text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

create table disc_answers (
    id smallint primary key,
    disc_question_id smallint not null references disc_questions,
    letter char(1) not null check (letter in ('D', 'I', 'S', 'C')),
    about_fr text not null,
    about_en text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (disc_question_id, letter)
);
