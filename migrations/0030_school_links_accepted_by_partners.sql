-- A school links a partner only once the partner accepts: until `accepted_at`, a link is a
-- request that the partner sees and answers, and it gives the school's candidates nothing.
-- Links made before this migration count as accepted.
alter table partner_schools add column accepted_at timestamptz;
update partner_schools set accepted_at = created_at;
