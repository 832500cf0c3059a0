-- What a decision link shows. The e-mails about a join request, an invitation and a decision link to one
-- protected page per decision (/teams/{team}/requests/{member}, /teams/{team}/invitations/{invitation}),
-- reached through sign-in when needed. These two functions read that decision for the caller in one call:
--   * the team's creator and the requester see a join request; the invitee and the creator an invitation;
--     anyone else is told it was not found (nothing of it leaves the database);
--   * a team that no longer exists says so (state 'team_gone'); its rows went with it (on delete cascade);
--   * a closed team's name is shown to the two people of the decision, who knew it already;
--   * a withdrawn request and a member who joined then left are both status 'left' in team_members: the
--     decision e-mail queued when it was accepted tells them apart (one row per event, kept as history).
-- Read-only, security definer (the requester's private profile and a closed team are outside the caller's
-- RLS), search_path ''. The writes stay in the existing functions (accept/decline under the team row lock).

create or replace function public.join_request_view(p_team_id uuid, p_member_id uuid)
returns table (
  state text, viewer text, team_name text, team_status text, role text, member_status text,
  was_accepted boolean, requester_id uuid, requester_name text, requester_username text,
  requester_public boolean, experience_level text, asked_at timestamptz
) language plpgsql stable security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
  me uuid := private.my_profile_id();
  t public.teams;
  m public.team_members;
  p public.profiles;
begin
  if uid is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  select * into t from public.teams where id = p_team_id;
  if t.id is null then
    return query select 'team_gone'::text, null::text, null::text, null::text, null::text, null::text,
      null::boolean, null::uuid, null::text, null::text, null::boolean, null::text, null::timestamptz;
    return;
  end if;
  select * into m from public.team_members x where x.id = p_member_id and x.team_id = t.id;
  if m.id is null or not (t.creator_id = uid or m.profile_id is not distinct from me)
     -- The creator's own membership row is not a request.
     or exists (select 1 from public.profiles c where c.id = m.profile_id and c.auth_id = t.creator_id) then
    return query select 'not_found'::text, null::text, null::text, null::text, null::text, null::text,
      null::boolean, null::uuid, null::text, null::text, null::boolean, null::text, null::timestamptz;
    return;
  end if;
  select * into p from public.profiles where id = m.profile_id;
  return query select 'ok'::text,
    case when t.creator_id = uid then 'creator' else 'requester' end,
    t.name, t.status, m.role, m.status,
    exists (select 1 from private.notification_outbox o
            where o.dedupe_key = 'decision:' || m.id || ':accepted'),
    p.id, p.full_name, p.username, p.is_public, p.experience_level, m.joined_at;
end;
$$;

create or replace function public.team_invitation_view(p_team_id uuid, p_invitation_id uuid)
returns table (
  state text, viewer text, team_name text, team_status text, role text, invitation_status text,
  invitee_name text, location text, urgent_role text, urgent_by date
) language plpgsql stable security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
  me uuid := private.my_profile_id();
  t public.teams;
  i public.team_invitations;
begin
  if uid is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  select * into t from public.teams where id = p_team_id;
  if t.id is null then
    return query select 'team_gone'::text, null::text, null::text, null::text, null::text, null::text,
      null::text, null::text, null::text, null::date;
    return;
  end if;
  select * into i from public.team_invitations x where x.id = p_invitation_id and x.team_id = t.id;
  if i.id is null or not (t.creator_id = uid or i.profile_id is not distinct from me) then
    return query select 'not_found'::text, null::text, null::text, null::text, null::text, null::text,
      null::text, null::text, null::text, null::date;
    return;
  end if;
  return query select 'ok'::text,
    case when i.profile_id is not distinct from me then 'invitee' else 'creator' end,
    t.name, t.status, i.role, i.status,
    (select p.full_name from public.profiles p where p.id = i.profile_id), t.location,
    case when t.urgent_by >= private.noosa_today() then t.urgent_role end,
    case when t.urgent_by >= private.noosa_today() then t.urgent_by end;
end;
$$;

revoke all on function public.join_request_view(uuid, uuid), public.team_invitation_view(uuid, uuid)
from public, anon;
grant execute on function public.join_request_view(uuid, uuid), public.team_invitation_view(uuid, uuid)
to authenticated;
