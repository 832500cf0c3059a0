-- "Athletes who fit" suggested to a team's creator athletes they had blocked or who had blocked them (the
-- invitation was then refused, but the suggestion showed the other). Same function as
-- 20261125070000_team_fit_candidates_plan.sql (the legs it still needs come from private.team_missing_roles,
-- whatever defines them), plus one test: neither has blocked the other (an index probe on each side of
-- public.blocks per row read). Grants stay as they are (create or replace keeps them).

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
  me uuid;
begin
  select * into t from public.teams where id = p_team_id;
  if t.id is null or t.creator_id is distinct from (select auth.uid()) then return; end if;
  missing := private.team_missing_roles(t);
  -- The creator's profile, for the block test (the creator is the caller, checked above).
  select x.id into me from public.profiles x where x.auth_id = t.creator_id;
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
          -- Neither has blocked the other.
          and not exists (select 1 from public.blocks k
                          where (k.blocker_id = me and k.blocked_id = p.id)
                             or (k.blocker_id = p.id and k.blocked_id = me))
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
