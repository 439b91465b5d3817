-- What an outbox row needs for the headers of a notification and for its retention
-- (api/src/mail/retention.rs): sent rows are deleted after 30 days, and the secret of a
-- one-time link is blanked from a row once the link is used or expired.

-- The address a mail client posts to for a one-click unsubscribe (List-Unsubscribe, RFC 8058):
-- set on notifications and digests only, null on account emails (a password reset...).
alter table outbox_emails add column list_unsubscribe_url text;
-- The secret of the one-time link the message carries (the `token` of its action link), until
-- retention blanks it from the message once the link is used or expired; the bodies hold it too.
alter table outbox_emails add column link_token text;

create index outbox_emails_link_token_idx on outbox_emails (id) where link_token is not null;
