-- What an outbox row needs for the headers of a notification: the address a mail client posts
-- to for a one-click unsubscribe (List-Unsubscribe, RFC 8058), set on notifications and digests
-- only, null on account emails (a password reset...).
alter table outbox_emails add column list_unsubscribe_url text;
