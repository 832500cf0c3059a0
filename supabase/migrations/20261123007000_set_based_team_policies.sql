-- Render time at the large size (issues 11 and 12): the teams and team_members read policies called a
-- security-definer function once per row (private.is_team_member(id), private.is_team_creator(team_id)).
-- Such a function cannot be inlined, so each call is a separate query: counting the 1,400 open teams of the
-- large dataset as a signed-in athlete took over a second, although every one of them was visible anyway
-- (teams_select_listed). The policies now ask the same questions as sets, computed once per statement (a
-- hashed sub-plan): "the teams I am a live member of" and "the teams I created". Who sees which row is
-- unchanged: membership still means an active or pending row of the caller's profile, creator still means
-- creator_id = auth.uid(). The per-row helpers stay for the functions that call them with one team.

-- The caller's teams as a member (active or pending). Security definer for the same reason as
-- private.is_team_member: the teams policy can read team_members without the two policies calling each other.
create or replace function private.my_team_ids()
returns setof uuid language sql stable security definer set search_path = '' as $$
  select m.team_id from public.team_members m
  where m.profile_id = (select private.my_profile_id()) and m.status in ('active', 'pending')
$$;

-- The teams the caller created (at most one today, but the policy does not rely on that).
create or replace function private.my_created_team_ids()
returns setof uuid language sql stable security definer set search_path = '' as $$
  select t.id from public.teams t where t.creator_id = (select auth.uid())
$$;

alter policy teams_select_own on public.teams
  using (creator_id = (select auth.uid()) or id in (select private.my_team_ids()));

alter policy team_members_select on public.team_members
  using (
    (status = 'active' and exists (select 1 from public.teams t where t.id = team_id))
    or profile_id = (select private.my_profile_id())
    or team_id in (select private.my_created_team_ids())
  );
