-- Lists people read (reference lists, schools, campuses, companies, rosters) sort as a reader
-- expects in French and English: accents do not push "Éducation" after "Zoologie", case does
-- not split "atelier" from "Atelier", and "Campus 2" comes before "Campus 10". The cluster's
-- own collation is C (byte order, the same on every host); this ICU collation is used only by
-- the ORDER BY clauses that sort text for people. ICU's root order is the right one for both
-- languages (French's backward accent order is only Canadian practice).
create collation if not exists human_order (provider = icu, locale = 'und-u-kn');
