-- The radius of a search or an offer is checked by the API against the matcher's range, 1 to
-- 200 km (matcher/src/relaxation.rs); the columns allowed up to 1000, so a row written around
-- the API could hold a radius no form can show. Rows beyond 200 (none can come from the API)
-- are brought to 200 first, then the checks say what the API says.
update sourcing_searches set radius = 200 where radius > 200;
update job_offers set radius = 200 where radius > 200;

alter table sourcing_searches
    drop constraint sourcing_searches_radius_check,
    add constraint sourcing_searches_radius_check check (radius between 1 and 200);
alter table job_offers
    drop constraint job_offers_radius_check,
    add constraint job_offers_radius_check check (radius between 1 and 200);
