-- Issue 20: public team pages, "Athletes who fit" and invitations.
--
-- Public team pages. An open or full team is already readable by everyone (teams_select_listed); its member
-- list comes from public.team_roster, which decides what a viewer sees (closed teams: nothing unless inside;
-- pending requests: the creator and the requester only; names: public profiles or insiders). Visitors may
-- now call it too, so a shared team link shows the same roster, with private members as "Private athlete".
grant execute on function public.team_roster(uuid) to anon;

-- Invitations: a team's creator asks a public athlete who is looking for a team to join. The invitee accepts
-- (an active member, under the same capacity rules and team row lock as an accepted request) or declines.
-- One invitation per athlete and team, ever: "invited twice" is refused (the unique key settles races).
create table public.team_invitations (
  id uuid primary key default gen_random_uuid(),
  team_id uuid not null references public.teams (id) on delete cascade,
  profile_id uuid not null references public.profiles (id) on delete cascade,
  role text not null constraint team_invitations_role_enum check (role in ('swimmer', 'cyclist', 'runner')),
  status text not null default 'pending'
    constraint team_invitations_status_enum check (status in ('pending', 'accepted', 'declined')),
  created_at timestamptz not null default now(),
  answered_at timestamptz,
  constraint team_invitations_once unique (team_id, profile_id),
  constraint team_invitations_answered check ((status = 'pending') = (answered_at is null))
);
create index team_invitations_profile_idx on public.team_invitations (profile_id) where status = 'pending';

alter table public.team_invitations enable row level security;
revoke all on public.team_invitations from anon, authenticated;
grant select on public.team_invitations to authenticated;
-- The invitee and the team's creator; writes only through the functions below.
create policy team_invitations_select on public.team_invitations for select to authenticated
  using (profile_id = (select private.my_profile_id()) or team_id in (select private.my_created_team_ids()));

-- Whether an athlete is an active member of any team (a creator is one of their own team).
create or replace function private.in_a_team(profile uuid)
returns boolean language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.team_members m where m.profile_id = profile and m.status = 'active')
$$;

-- The legs a team still needs: the ones it asks for (requirements.roles and the urgent leg) that no active
-- member covers.
create or replace function private.team_missing_roles(t public.teams)
returns text[] language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(r order by r), '{}')
  from (
    select jsonb_array_elements_text(t.requirements -> 'roles') as r
    union select t.urgent_role where t.urgent_role is not null
  ) wanted
  where r not in (select m.role from public.team_members m where m.team_id = t.id and m.status = 'active')
$$;

-- The creator invites `p_profile_id` (a public athlete looking for a team) as `p_role` (default: their
-- specialty). The team row lock serialises invitations and decisions of one team; the unique key is the
-- backstop. Posts the invitation to their conversation; returns {invitation, conversation_id}.
create or replace function public.invite_to_team(p_team_id uuid, p_profile_id uuid, p_role text default null)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  t public.teams := private.lock_own_team(p_team_id);
  creator public.profiles := private.require_my_profile();
  invitee public.profiles;
  inv public.team_invitations;
  conversation uuid;
  role text;
begin
  select * into invitee from public.profiles p where p.id = p_profile_id and p.is_public;
  if invitee.id is null then
    raise exception 'Athlete not found' using errcode = 'P0002';
  end if;
  if invitee.id = creator.id then
    raise exception 'You cannot invite yourself' using errcode = 'P0001';
  end if;
  if t.status <> 'open' then
    raise exception 'Your team is not taking new members: reopen it before inviting' using errcode = 'P0001';
  end if;
  if private.team_active_count(t.id) >= t.max_members then
    raise exception 'Your team is full. Raise the team size or remove a member before inviting.' using errcode = 'P0001';
  end if;
  if private.in_a_team(invitee.id) then
    raise exception '% is already in a team', invitee.full_name using errcode = 'P0001';
  end if;
  if exists (select 1 from public.team_invitations i where i.team_id = t.id and i.profile_id = invitee.id) then
    raise exception 'You have already invited % to your team', invitee.full_name using errcode = 'P0001';
  end if;
  if exists (select 1 from public.team_members m
             where m.team_id = t.id and m.profile_id = invitee.id and m.status = 'pending') then
    raise exception '% has already asked to join: accept their request instead', invitee.full_name
      using errcode = 'P0001';
  end if;
  role := coalesce(nullif(p_role, ''), invitee.specialty);
  if role is null or role not in ('swimmer', 'cyclist', 'runner') then
    raise exception 'Please choose swimmer, cyclist or runner' using errcode = 'P0001';
  end if;
  begin
    insert into public.team_invitations (team_id, profile_id, role) values (t.id, invitee.id, role)
    returning * into inv;
  exception when unique_violation then
    raise exception 'You have already invited % to your team', invitee.full_name using errcode = 'P0001';
  end;
  conversation := private.post_team_message(creator.id, invitee.id, format(
    E'Hi %s! I''d like to invite you to join my team "%s" as the %s.\n\n'
    'Accept or decline on the team page: /teams/%s',
    invitee.full_name, t.name, role, t.id));
  return jsonb_build_object('invitation', to_jsonb(inv), 'conversation_id', conversation);
end;
$$;

-- The invitee's pending invitation, its team locked (the same lock as joins and decisions).
create or replace function private.lock_my_invitation(invitation uuid)
returns public.team_invitations language plpgsql security definer set search_path = '' as $$
declare
  me public.profiles := private.require_my_profile();
  inv public.team_invitations;
begin
  select * into inv from public.team_invitations i where i.id = invitation and i.profile_id = me.id;
  if inv.id is null then
    raise exception 'Invitation not found' using errcode = 'P0002';
  end if;
  perform 1 from public.teams where id = inv.team_id for update;
  select * into inv from public.team_invitations where id = invitation for update;
  if inv.status <> 'pending' then
    raise exception 'This invitation has already been answered' using errcode = 'P0001';
  end if;
  return inv;
end;
$$;

-- Accepts: an active member unless the team is closed or at capacity, or the invitee joined another team
-- meanwhile; a pending request of theirs to this team becomes the membership. The creator gets a message.
create or replace function public.accept_team_invitation(p_invitation_id uuid)
returns public.team_members language plpgsql security definer set search_path = '' as $$
declare
  inv public.team_invitations := private.lock_my_invitation(p_invitation_id);
  t public.teams;
  me public.profiles;
  creator public.profiles;
  m public.team_members;
begin
  select * into t from public.teams where id = inv.team_id;
  select * into me from public.profiles where id = inv.profile_id;
  if t.status = 'closed' then
    raise exception 'This team is closed and not taking new members' using errcode = 'P0001';
  end if;
  if private.in_a_team(me.id) then
    raise exception 'You are already in a team. Leave it before accepting.' using errcode = 'P0001';
  end if;
  if private.team_active_count(t.id) >= t.max_members then
    raise exception 'This team is full now, so the invitation cannot be accepted' using errcode = 'P0001';
  end if;
  update public.team_members set status = 'active', role = inv.role, joined_at = now()
  where team_id = t.id and profile_id = me.id and status = 'pending'
  returning * into m;
  if m.id is null then
    insert into public.team_members (team_id, profile_id, role, status) values (t.id, me.id, inv.role, 'active')
    returning * into m;
  end if;
  update public.team_invitations set status = 'accepted', answered_at = now() where id = inv.id;
  perform private.sync_team_status(t.id);
  select * into creator from public.profiles where auth_id = t.creator_id;
  perform private.post_team_message(me.id, creator.id, format(
    E'I''ve accepted your invitation to join "%s" as the %s. See you at the start line!', t.name, inv.role));
  return m;
end;
$$;

-- Declines; the creator gets a message.
create or replace function public.decline_team_invitation(p_invitation_id uuid)
returns public.team_invitations language plpgsql security definer set search_path = '' as $$
declare
  inv public.team_invitations := private.lock_my_invitation(p_invitation_id);
  t public.teams;
  creator public.profiles;
begin
  select * into t from public.teams where id = inv.team_id;
  update public.team_invitations set status = 'declined', answered_at = now() where id = inv.id returning * into inv;
  select * into creator from public.profiles where auth_id = t.creator_id;
  perform private.post_team_message(inv.profile_id, creator.id, format(
    E'Thanks for the invitation to "%s". I''ll pass this time. Good luck with the team!', t.name));
  return inv;
end;
$$;

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
  wanted int[];
begin
  select * into t from public.teams where id = p_team_id;
  if t.id is null or t.creator_id is distinct from (select auth.uid()) then return; end if;
  missing := private.team_missing_roles(t);
  select array_agg(array_position(levels, l)) into wanted
  from jsonb_array_elements_text(t.requirements -> 'experience_levels') l;
  return query
    select p.id, p.username, p.full_name, p.specialty, p.experience_level, p.location ->> 'display_name',
      exists (select 1 from auth.sessions s where s.user_id = p.auth_id
              and coalesce(s.refreshed_at::timestamptz, s.updated_at) > now() - interval '15 minutes')
    from public.profiles p
    where p.is_public and p.looking_for_team
      and p.specialty = any (missing)
      and exists (select 1 from unnest(wanted) w where abs(w - array_position(levels, p.experience_level)) <= 1)
      and not private.in_a_team(p.id)
      and not exists (select 1 from public.team_invitations i where i.team_id = t.id and i.profile_id = p.id)
      and not exists (select 1 from public.team_members m
                      where m.team_id = t.id and m.profile_id = p.id and m.status = 'pending')
    order by p.specialty is not distinct from t.urgent_role desc, p.updated_at desc
    limit 100;
end;
$$;

revoke all on function
  private.in_a_team(uuid), private.team_missing_roles(public.teams), private.lock_my_invitation(uuid)
from public, anon, authenticated;
revoke all on function
  public.invite_to_team(uuid, uuid, text), public.accept_team_invitation(uuid),
  public.decline_team_invitation(uuid), public.team_fit_candidates(uuid)
from public, anon;
grant execute on function
  public.invite_to_team(uuid, uuid, text), public.accept_team_invitation(uuid),
  public.decline_team_invitation(uuid), public.team_fit_candidates(uuid)
to authenticated;
