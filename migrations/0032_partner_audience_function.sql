-- Whether partner `partner_id` may find candidate `candidate_id` in a search at this moment: the
-- candidate looks for a job with an active account, and lets every recruiter find them while the
-- partner is approved, or is of a school the partner works with (a link the partner accepted)
-- and lets that school's recruiters find them. The matcher applies the same rule inside searches
-- (`matcher::Audience`); this is the rule for the reads that follow a search (a saved
-- candidate's profile, a notification), so that they end when the candidate's consent does.
create function partner_may_find(candidate_id bigint, partner_id bigint) returns boolean
language sql stable as $$
    select coalesce((
        select c.in_research and u.active and c.findable_by <> 'nobody' and p.standing in ('approved', 'pending')
               and (c.findable_by = 'everyone' and p.standing = 'approved'
                    or exists (select 1 from partner_schools l
                               where l.partner_id = p.id and l.accepted_at is not null
                                 and l.school_id = coalesce(c.school_id, m.school_id)))
        from candidates c
        join users u on u.id = c.user_id
        left join campuses m on m.id = c.campus_id
        join users p on p.id = partner_may_find.partner_id
        where c.user_id = partner_may_find.candidate_id), false)
$$;
