-- Project categories that candidates and schools propose are private to their author until
-- adopted: every visitor used to receive every proposal, with any name and any picture address.
--
-- A proposal has an author; a shared category (the shipped list, or an adopted proposal) has
-- none. Adopting a proposal is `update project_categories set author_user_id = null`. Names are
-- unique among the shared categories of a kind, and among one author's proposals; two authors
-- may propose the same name.
--
-- Rows added before this migration cannot be told from the shipped ones (no author was kept):
-- they stay shared. Their pictures are kept only when they are http(s) addresses.

alter table project_categories
    add column author_user_id bigint references users (id) on delete cascade;

drop index project_categories_kind_label_fr_key;
create unique index project_categories_shared_label_key
    on project_categories (kind, lower(label_fr)) where author_user_id is null;
create unique index project_categories_proposed_label_key
    on project_categories (kind, author_user_id, lower(label_fr)) where author_user_id is not null;

update project_categories set picture = null, updated_at = now()
where picture is not null and picture !~* '^https?://[^\s"''<>]+$';

alter table project_categories
    add constraint project_categories_picture_is_a_web_address
    check (picture is null or picture ~* '^https?://[^\s"''<>]+$');
