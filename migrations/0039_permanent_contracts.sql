-- A permanent contract (the CDI) has no end, so an offer or a search for one has no duration:
-- the reference list says which contract types are permanent, rather than code knowing the
-- CDI's id, and the duration of an offer or a search becomes optional (null: open-ended).
--
-- Rolling upgrade: the previous release reads `duration` as a number. It keeps working on every
-- row written before this migration and on every fixed-term offer or search; an open-ended one,
-- written by the new release during the upgrade, is an error for an old replica that reads it
-- until that replica is replaced. Offers and searches written before keep the duration their
-- partner gave (the form asked for one), so no old replica meets a null it did not cause.
alter table contract_types add column permanent boolean not null default false;
update contract_types set permanent = true, updated_at = now() where code = 'cdi';

alter table job_offers alter column duration drop not null;
alter table sourcing_searches alter column duration drop not null;

