-- "This was not me": when an account's address changes, the old address gets a link that puts
-- it back (api/src/http/accounts/email_restoration.rs). The token stores the old address in
-- user_tokens.new_email, as an email change stores the new one.
alter type user_token_kind add value if not exists 'email_restoration';
