-- Emails the product sends (sign-up validation, password reset, email change, notices).
-- Every email is recorded here; with SMTP configured it is also sent and `sent_at` is set.
-- Without SMTP (the demo), the mailbox page reads this table so a person can follow the links.
create table outbox_emails (
    id bigserial primary key,
    user_id bigint references users on delete cascade,
    to_email text not null check (length(to_email) <= 254),
    subject text not null check (length(subject) <= 300),
    text_body text not null,
    html_body text not null,
    -- the links of the message, for the demo mailbox to show as buttons
    links jsonb not null default '[]',
    sent_at timestamptz,
    last_error text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index outbox_emails_created_idx on outbox_emails (created_at desc);
create index outbox_emails_user_idx on outbox_emails (user_id);

create trigger outbox_emails_set_updated_at before update on outbox_emails
    for each row execute function set_updated_at();
