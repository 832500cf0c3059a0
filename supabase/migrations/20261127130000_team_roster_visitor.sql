-- public.team_roster for a visitor: `auth.uid()` and the caller's profile are NULL, and `t.creator_id = NULL`
-- is NULL, not false, so "not insider" was NULL and the closed-team check was skipped: anon (PostgREST
-- exposes this function) read a closed team's roster. Every test on the caller is now a boolean that is
-- false for a visitor; what each viewer sees is unchanged otherwise.
create or replace function public.team_roster(p_team_id uuid)
returns table (
  member_id uuid, profile_id uuid, role text, status text, joined_at timestamptz, username text,
  full_name text, experience_level text, profile_public boolean, is_creator boolean
) language plpgsql stable security definer set search_path = '' as $$
declare
  t public.teams;
  me uuid := private.my_profile_id();
  is_owner boolean;
  insider boolean;
  asked boolean;
begin
  select * into t from public.teams where id = p_team_id;
  if t.id is null then return; end if;
  is_owner := coalesce(t.creator_id = (select auth.uid()), false);
  insider := is_owner or (me is not null and exists (
    select 1 from public.team_members x where x.team_id = t.id and x.profile_id = me and x.status = 'active'));
  asked := me is not null and exists (
    select 1 from public.team_members x where x.team_id = t.id and x.profile_id = me and x.status = 'pending');
  if t.status = 'closed' and not insider and not asked then
    return;
  end if;
  return query
    select m.id, m.profile_id, m.role, m.status, m.joined_at,
      case when shown then p.username end, case when shown then p.full_name end,
      case when shown then p.experience_level end, p.is_public, p.auth_id = t.creator_id
    from public.team_members m
    join public.profiles p on p.id = m.profile_id
    cross join lateral (select coalesce(p.is_public or insider or m.profile_id = me
                          or (is_owner and m.status = 'pending'), false) as shown) s
    where m.team_id = t.id
      and (m.status = 'active' or (m.status = 'pending' and (is_owner or m.profile_id = me)))
    order by m.status, (p.auth_id = t.creator_id) desc, m.joined_at;
end;
$$;
