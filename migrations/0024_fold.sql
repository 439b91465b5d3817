-- Name filters find a name whatever its accents and case: "Helene" finds "Hélène", "walesa"
-- finds "Wałęsa", "weiss" finds "Weiß". `fold` lowers a text and transliterates its Latin
-- letters with Postgres's own unaccent dictionary (ł, ß, đ, ø, æ and œ included); both sides of
-- a filter go through it, so the database never compares two foldings. (Slugs, the place search
-- and the import's matching fold in Rust with the `deunicode` crate: api/src/folding.rs.)
create extension if not exists unaccent schema public;

-- immutable, so that it may serve in an index one day; unaccent's dictionary is named with its
-- schema so that the function does not depend on the caller's search_path
create function fold(text) returns text
    language sql immutable strict parallel safe
    as $$ select lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;
