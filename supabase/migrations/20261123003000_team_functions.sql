-- The team rules (spec §2 Teams, §4, §5, §7 "Join request flow"; issue 9): every write to teams and
-- team_members goes through these functions; the tables grant clients SELECT only (previous migration).
--
-- Conventions
--  * security definer with search_path = '' and explicit checks: the function decides who may do what.
--  * Expected failures raise with the spec's exact text so the server action can show it:
--      P0001 a rule (one team, already a member, not open, full...), 42501 forbidden, P0002 not found.
--  * Every function that changes membership or capacity first locks the team row (FOR UPDATE), so joins,
--    decisions, leaving and capacity edits of one team run one after another: an accept racing another
--    accept, a join or a capacity change never ends above max_members.
--  * Automatic status: active members = max_members makes an open team full; a freed place makes a full
--    team open again. A team the creator closed stays closed. The creator may still choose "full" by hand
--    below capacity (stop taking requests); it reopens when someone leaves, which is when the creator would
--    want new requests again anyway.
--  * Removed members and withdrawn requests become 'left'; declined requests 'declined'. Rows are kept as
--    history; the partial unique index lets the same athlete ask again later.
--  * Visibility (unchanged from the tables' policies): open and full teams are readable by everyone (a link
--    shared while the team filled up keeps working; browse lists only open ones); closed teams only by their
--    creator and members.
--  * Member list and private profiles: profiles RLS hides private profiles from others, so the team page
--    reads its members through public.team_roster (below). Everyone who can see the team sees each active
--    member's role and status; the name and @username of a member with a private profile are shown only to
--    people inside the team (creator and members) and to nobody else ("Private athlete"). The creator also
--    sees pending requests with the requester's name, username and experience: they asked to join and sent
--    the same details in the automatic message.

-- Today's date in Noosa (urgent_by is a calendar day there).
create or replace function private.noosa_today()
returns date language sql stable set search_path = '' as $$
  select (now() at time zone 'Australia/Brisbane')::date
$$;

-- Active members of a team (callers hold the team row lock when it matters).
create or replace function private.team_active_count(team uuid)
returns int language sql stable security definer set search_path = '' as $$
  select count(*)::int from public.team_members m where m.team_id = team and m.status = 'active'
$$;

-- Full at capacity, open again below it; closed stays closed. Call with the team row locked.
create or replace function private.sync_team_status(team uuid)
returns void language plpgsql security definer set search_path = '' as $$
declare
  t public.teams;
  active int;
begin
  select * into t from public.teams where id = team;
  if t.id is null or t.status = 'closed' then return; end if;
  active := private.team_active_count(team);
  if active >= t.max_members and t.status = 'open' then
    update public.teams set status = 'full' where id = team;
  elsif active < t.max_members and t.status = 'full' then
    update public.teams set status = 'open' where id = team;
  end if;
end;
$$;

-- The caller's profile, or the spec's error.
create or replace function private.require_my_profile()
returns public.profiles language plpgsql stable security definer set search_path = '' as $$
declare
  me public.profiles;
begin
  if (select auth.uid()) is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  select * into me from public.profiles p where p.auth_id = (select auth.uid());
  if me.id is null then
    raise exception 'Profile not found' using errcode = 'P0002', hint = 'PROFILE_NOT_FOUND';
  end if;
  return me;
end;
$$;

-- Locks and returns a team the caller created, or raises not found / forbidden.
create or replace function private.lock_own_team(team uuid)
returns public.teams language plpgsql security definer set search_path = '' as $$
declare
  t public.teams;
begin
  select * into t from public.teams where id = team for update;
  if t.id is null then
    raise exception 'Team not found' using errcode = 'P0002';
  end if;
  if t.creator_id is distinct from (select auth.uid()) then
    raise exception 'Forbidden: You can only update your own teams.' using errcode = '42501';
  end if;
  return t;
end;
$$;

-- Posts `content` from `sender` to `recipient` in their conversation; a failure carries the spec's prefix.
create or replace function private.post_team_message(sender uuid, recipient uuid, content text)
returns uuid language plpgsql security definer set search_path = '' as $$
declare
  conversation uuid;
begin
  conversation := private.ensure_conversation(sender, recipient);
  begin
    insert into public.messages (conversation_id, sender_id, content) values (conversation, sender, content);
  exception when check_violation or string_data_right_truncation then
    raise exception 'Failed to send message: it contains text a message cannot carry' using errcode = 'P0001';
  end;
  return conversation;
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Create and update
-- ---------------------------------------------------------------------------------------------------------

-- The team and its creator as an active member (role = their specialty), in one transaction. The unique
-- creator_id constraint settles parallel creates: the first commits, the others get the spec's message.
create or replace function public.create_team(
  p_name text, p_description text, p_location text, p_max_members int, p_requirements jsonb,
  p_training_schedule jsonb
) returns public.teams language plpgsql security definer set search_path = '' as $$
declare
  me public.profiles := private.require_my_profile();
  t public.teams;
begin
  if me.specialty is null then
    raise exception 'Please complete your profile with a specialty before creating a team' using errcode = 'P0001';
  end if;
  if exists (select 1 from public.teams where creator_id = me.auth_id) then
    raise exception 'You can only create one team. Please manage your existing team instead.' using errcode = 'P0001';
  end if;
  begin
    insert into public.teams (name, description, location, creator_id, max_members, requirements, training_schedule)
    values (p_name, p_description, nullif(p_location, ''), me.auth_id, coalesce(p_max_members, 3), p_requirements,
            coalesce(p_training_schedule, '{"days": [], "times": []}'::jsonb))
    returning * into t;
  exception when unique_violation then
    raise exception 'You can only create one team. Please manage your existing team instead.' using errcode = 'P0001';
  end;
  insert into public.team_members (team_id, profile_id, role, status) values (t.id, me.id, me.specialty, 'active');
  return t;
end;
$$;

-- The creator's edit. Capacity cannot drop below the active members; "open" at capacity is stored as full.
create or replace function public.update_team(
  p_team_id uuid, p_name text, p_description text, p_location text, p_max_members int, p_requirements jsonb,
  p_training_schedule jsonb, p_status text
) returns public.teams language plpgsql security definer set search_path = '' as $$
declare
  t public.teams := private.lock_own_team(p_team_id);
  active int := private.team_active_count(p_team_id);
  next_status text := p_status;
begin
  if p_max_members is not null and p_max_members < active then
    raise exception 'Max members cannot be lower than the team''s % active members', active using errcode = 'P0001';
  end if;
  if next_status = 'open' and active >= coalesce(p_max_members, t.max_members) then
    next_status := 'full';
  end if;
  update public.teams set
    name = p_name, description = p_description, location = nullif(p_location, ''),
    max_members = coalesce(p_max_members, t.max_members), requirements = p_requirements,
    training_schedule = coalesce(p_training_schedule, t.training_schedule), status = next_status
  where id = p_team_id
  returning * into t;
  return t;
end;
$$;

-- Urgent vacancy: the leg the team needs by a day (today or later in Noosa), or both null to clear it.
create or replace function public.set_team_urgent_need(p_team_id uuid, p_role text, p_by date)
returns public.teams language plpgsql security definer set search_path = '' as $$
declare
  t public.teams := private.lock_own_team(p_team_id);
begin
  if (p_role is null) <> (p_by is null) then
    raise exception 'Choose both the leg and the date, or clear the urgent need' using errcode = 'P0001';
  end if;
  if p_by is not null and p_by < private.noosa_today() then
    raise exception 'The date must be today or later' using errcode = 'P0001';
  end if;
  update public.teams set urgent_role = p_role, urgent_by = p_by where id = p_team_id returning * into t;
  return t;
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Join requests and the creator's decisions
-- ---------------------------------------------------------------------------------------------------------

-- Records a pending request (role: the chosen leg, else the requester's specialty) and posts the spec's
-- automatic message to the creator. Returns {member, conversation_id}. The team row lock serialises parallel
-- requests; the partial unique index is the backstop.
create or replace function public.request_to_join_team(p_team_id uuid, p_role text default null)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  me public.profiles := private.require_my_profile();
  t public.teams;
  creator public.profiles;
  existing public.team_members;
  m public.team_members;
  conversation uuid;
  role text := coalesce(nullif(p_role, ''), me.specialty);
begin
  select * into t from public.teams where id = p_team_id for update;
  if t.id is null or (t.status = 'closed' and t.creator_id <> me.auth_id and not exists (
      select 1 from public.team_members x where x.team_id = t.id and x.profile_id = me.id and x.status in ('active', 'pending'))) then
    raise exception 'Team not found' using errcode = 'P0002';
  end if;
  if t.creator_id = me.auth_id then
    raise exception 'You cannot request to join your own team' using errcode = 'P0001';
  end if;
  select * into existing from public.team_members x
  where x.team_id = t.id and x.profile_id = me.id and x.status in ('active', 'pending');
  if existing.status = 'active' then
    raise exception 'You are already a member of this team' using errcode = 'P0001';
  elsif existing.status = 'pending' then
    raise exception 'You already have a pending request to join this team' using errcode = 'P0001';
  end if;
  if t.status <> 'open' then
    raise exception 'This team is not accepting new members right now' using errcode = 'P0001';
  end if;
  if role is null or role not in ('swimmer', 'cyclist', 'runner') then
    raise exception 'Please choose swimmer, cyclist or runner' using errcode = 'P0001';
  end if;
  select * into creator from public.profiles where auth_id = t.creator_id;
  if creator.id is null then
    raise exception 'Failed to send message: the team''s creator has no profile' using errcode = 'P0001';
  end if;

  begin
    insert into public.team_members (team_id, profile_id, role, status) values (t.id, me.id, role, 'pending')
    returning * into m;
  exception when unique_violation then
    raise exception 'You already have a pending request to join this team' using errcode = 'P0001';
  end;

  conversation := private.post_team_message(me.id, creator.id, format(
    E'Hi %s! I''d like to join your team "%s" as the %s.\n\n'
    'Name: %s (@%s)\nSpecialty: %s\nExperience: %s\nGoals: %s\n\nView my profile: /profile/%s',
    creator.full_name, t.name, role, me.full_name, me.username, initcap(me.specialty),
    initcap(me.experience_level), me.goals, me.id));

  return jsonb_build_object('member', to_jsonb(m), 'conversation_id', conversation);
end;
$$;

-- The pending request `member`, its team locked and checked to be the caller's.
create or replace function private.lock_pending_request(member uuid)
returns public.team_members language plpgsql security definer set search_path = '' as $$
declare
  m public.team_members;
begin
  select * into m from public.team_members where id = member;
  if m.id is null then
    raise exception 'Request not found' using errcode = 'P0002';
  end if;
  perform private.lock_own_team(m.team_id);
  select * into m from public.team_members where id = member for update;
  if m.status <> 'pending' then
    raise exception 'This request has already been answered' using errcode = 'P0001';
  end if;
  return m;
end;
$$;

-- Accepts a request: the member becomes active unless the team is at capacity or closed; the team fills up
-- by itself at capacity. The requester gets a message.
create or replace function public.accept_join_request(p_member_id uuid)
returns public.team_members language plpgsql security definer set search_path = '' as $$
declare
  m public.team_members := private.lock_pending_request(p_member_id);
  t public.teams;
  creator public.profiles;
begin
  select * into t from public.teams where id = m.team_id;
  if t.status = 'closed' then
    raise exception 'This team is closed. Reopen it before accepting new members.' using errcode = 'P0001';
  end if;
  if private.team_active_count(t.id) >= t.max_members then
    raise exception 'This team is full. Raise the team size or remove a member before accepting.' using errcode = 'P0001';
  end if;
  update public.team_members set status = 'active', joined_at = now() where id = m.id returning * into m;
  perform private.sync_team_status(t.id);
  select * into creator from public.profiles where auth_id = t.creator_id;
  perform private.post_team_message(creator.id, m.profile_id, format(
    E'Good news! I''ve accepted your request to join "%s" as the %s. Welcome to the team!', t.name, m.role));
  return m;
end;
$$;

-- Declines a request; the requester gets a message.
create or replace function public.decline_join_request(p_member_id uuid)
returns public.team_members language plpgsql security definer set search_path = '' as $$
declare
  m public.team_members := private.lock_pending_request(p_member_id);
  t public.teams;
  creator public.profiles;
begin
  select * into t from public.teams where id = m.team_id;
  update public.team_members set status = 'declined' where id = m.id returning * into m;
  select * into creator from public.profiles where auth_id = t.creator_id;
  perform private.post_team_message(creator.id, m.profile_id, format(
    E'Thanks for your interest in "%s". I''ve declined your request this time. Good luck finding a team!', t.name));
  return m;
end;
$$;

-- A member leaves (or withdraws a pending request). The creator closes the team instead of leaving it.
create or replace function public.leave_team(p_team_id uuid)
returns public.team_members language plpgsql security definer set search_path = '' as $$
declare
  me public.profiles := private.require_my_profile();
  t public.teams;
  m public.team_members;
begin
  select * into t from public.teams where id = p_team_id for update;
  if t.id is null then
    raise exception 'Team not found' using errcode = 'P0002';
  end if;
  if t.creator_id = me.auth_id then
    raise exception 'As the creator you cannot leave your team. Close it from Edit Team instead.' using errcode = 'P0001';
  end if;
  update public.team_members set status = 'left'
  where team_id = t.id and profile_id = me.id and status in ('active', 'pending')
  returning * into m;
  if m.id is null then
    raise exception 'You are not a member of this team' using errcode = 'P0001';
  end if;
  perform private.sync_team_status(t.id);
  return m;
end;
$$;

-- The creator removes an active member (not themselves); a freed place reopens a full team.
create or replace function public.remove_team_member(p_member_id uuid)
returns public.team_members language plpgsql security definer set search_path = '' as $$
declare
  m public.team_members;
  t public.teams;
begin
  select * into m from public.team_members where id = p_member_id;
  if m.id is null then
    raise exception 'Member not found' using errcode = 'P0002';
  end if;
  t := private.lock_own_team(m.team_id);
  select * into m from public.team_members where id = p_member_id for update;
  if m.profile_id = (select p.id from public.profiles p where p.auth_id = t.creator_id) then
    raise exception 'You cannot remove yourself from your own team' using errcode = 'P0001';
  end if;
  if m.status <> 'active' then
    raise exception 'Only active members can be removed' using errcode = 'P0001';
  end if;
  update public.team_members set status = 'left' where id = m.id returning * into m;
  perform private.sync_team_status(t.id);
  return m;
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- The member list (see the header for what it shows of private profiles)
-- ---------------------------------------------------------------------------------------------------------
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
begin
  select * into t from public.teams where id = p_team_id;
  if t.id is null then return; end if;
  is_owner := t.creator_id = (select auth.uid());
  insider := is_owner or exists (
    select 1 from public.team_members x where x.team_id = t.id and x.profile_id = me and x.status = 'active');
  if t.status = 'closed' and not insider and not exists (
      select 1 from public.team_members x where x.team_id = t.id and x.profile_id = me and x.status = 'pending') then
    return;
  end if;
  return query
    select m.id, m.profile_id, m.role, m.status, m.joined_at,
      case when shown then p.username end, case when shown then p.full_name end,
      case when shown then p.experience_level end, p.is_public, p.auth_id = t.creator_id
    from public.team_members m
    join public.profiles p on p.id = m.profile_id
    cross join lateral (select p.is_public or insider or m.profile_id = me
                          or (is_owner and m.status = 'pending') as shown) s
    where m.team_id = t.id
      and (m.status = 'active' or (m.status = 'pending' and (is_owner or m.profile_id = me)))
    order by m.status, (p.auth_id = t.creator_id) desc, m.joined_at;
end;
$$;

-- Only signed-in users call the rules; the helpers are for these functions alone.
revoke all on function
  private.noosa_today(), private.team_active_count(uuid), private.sync_team_status(uuid),
  private.require_my_profile(), private.lock_own_team(uuid), private.post_team_message(uuid, uuid, text),
  private.lock_pending_request(uuid)
from public, anon, authenticated;
revoke all on function
  public.create_team(text, text, text, int, jsonb, jsonb),
  public.update_team(uuid, text, text, text, int, jsonb, jsonb, text),
  public.set_team_urgent_need(uuid, text, date),
  public.request_to_join_team(uuid, text),
  public.accept_join_request(uuid), public.decline_join_request(uuid),
  public.leave_team(uuid), public.remove_team_member(uuid), public.team_roster(uuid)
from public, anon;
grant execute on function
  public.create_team(text, text, text, int, jsonb, jsonb),
  public.update_team(uuid, text, text, text, int, jsonb, jsonb, text),
  public.set_team_urgent_need(uuid, text, date),
  public.request_to_join_team(uuid, text),
  public.accept_join_request(uuid), public.decline_join_request(uuid),
  public.leave_team(uuid), public.remove_team_member(uuid), public.team_roster(uuid)
to authenticated;
