-- Issue 22: the signed-in team page of a creator grew with the community (render p95 41 ms on the demo data,
-- 104 ms at 10,000 athletes). public.team_fit_candidates (20261125020000) read every listed athlete of the
-- missing legs, called the security-definer private.in_a_team once per row (never inlined: ~4,700 calls at
-- that size, ~60 ms), then sorted them all for its 100. Its `recently_active` test could also become a
-- hashed scan of all of auth.sessions, which grows with everyone signed in.
--
-- Same signature, filters, order, limit and results; the query is written so the work is bounded by the
-- 100 rows it returns:
--   * per missing leg, the listed athletes of that leg newest-updated first from an index
--     (specialty, updated_at desc), stopping at 100 that pass the filters; the urgent leg first, then
--     updated_at desc, is a merge of those lists (the first 100 of the whole order are among them);
--   * "in no team" is an inline NOT EXISTS on team_members (an index probe per row read, no function call);
--   * the level test is turned once into the levels it admits (a required one or next to one);
--   * the sessions check runs for the 100 returned rows only, each an index probe on sessions.user_id.
-- Grants and ownership stay as they are (create or replace keeps them).

-- Every profile update changes updated_at, so this index also makes those updates non-HOT; profiles are
-- edited rarely, while this list is read on every visit of a creator to their team page.
create index profiles_listed_specialty_updated_idx on public.profiles (specialty, updated_at desc)
  where is_public and looking_for_team;

-- "Athletes who fit" for the creator of `p_team_id`: public athletes looking for a team, in no team, whose
-- specialty is a leg the team still needs and whose level is a required one or next to one; not already
-- invited by or asking to join this team. At most 100, urgent leg first; the page ranks and pages them
-- (lib/teams/fit-ranking.ts). `recently_active`: a session refreshed in the last 15 minutes.
create or replace function public.team_fit_candidates(p_team_id uuid)
returns table (
  profile_id uuid, username text, full_name text, specialty text, experience_level text, place text,
  recently_active boolean
) language plpgsql stable security definer set search_path = '' as $$
declare
  t public.teams;
  missing text[];
  levels text[] := array['beginner', 'intermediate', 'advanced', 'elite'];
  near text[];
begin
  select * into t from public.teams where id = p_team_id;
  if t.id is null or t.creator_id is distinct from (select auth.uid()) then return; end if;
  missing := private.team_missing_roles(t);
  -- The levels within one step of a required one (none when the team names none, as before).
  select array_agg(x.l) into near
  from unnest(levels) with ordinality as x(l, n)
  where exists (select 1 from jsonb_array_elements_text(t.requirements -> 'experience_levels') w
                where abs(array_position(levels, w) - x.n) <= 1);
  return query
    select c.id, c.username, c.full_name, c.specialty, c.experience_level, c.location ->> 'display_name',
      coalesce(s.recent, false)
    from (
      select f.*
      from (select distinct r.role from unnest(missing) as r(role)) r
      cross join lateral (
        select p.id, p.auth_id, p.username, p.full_name, p.specialty, p.experience_level, p.location,
          p.updated_at
        from public.profiles p
        where p.is_public and p.looking_for_team
          and p.specialty = r.role
          and p.experience_level = any (near)
          and not exists (select 1 from public.team_members a where a.profile_id = p.id and a.status = 'active')
          and not exists (select 1 from public.team_invitations i where i.team_id = t.id and i.profile_id = p.id)
          and not exists (select 1 from public.team_members m
                          where m.team_id = t.id and m.profile_id = p.id and m.status = 'pending')
        order by p.updated_at desc
        limit 100
      ) f
      order by f.specialty is not distinct from t.urgent_role desc, f.updated_at desc
      limit 100
    ) c
    left join lateral (
      select true as recent from auth.sessions s
      where s.user_id = c.auth_id
        and coalesce(s.refreshed_at::timestamptz, s.updated_at) > now() - interval '15 minutes'
      limit 1
    ) s on true
    order by c.specialty is not distinct from t.urgent_role desc, c.updated_at desc;
end;
$$;
