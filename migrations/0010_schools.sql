-- Schools run their area: campuses, programs and the candidates they attach or import.
--
-- A candidate a school adds or imports gets an account without a password and an invitation
-- email whose link sets one. The link lives longer than a password reset's (an hour): a student
-- may open the school's email days later.
alter type user_token_kind add value if not exists 'invitation';

-- the school's lists filter a campus's candidates by parcours and sort them by name
create index if not exists candidates_campus_parcours_idx on candidates (campus_id, parcours_id);
