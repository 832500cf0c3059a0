-- One leg, one athlete, unless the creator chooses otherwise (docs/product.md#join-requests).
--
--  * A request asks for an open leg (public.team_open_legs: a required leg no active member races). A leg
--    someone races, or one the team does not ask for, is refused with the legs it still needs.
--  * A pending request whose leg another athlete covers meanwhile is "leg taken": public.team_roster and
--    public.join_request_view say so (the creator's decision page and lists, the requester's thread card
--    and dashboard). Accepting it as it stands is refused; the creator picks the leg the athlete will race
--    (an open one, or the same leg again as an extra place, knowingly, where max_members leaves room). The
--    requester can ask for an open leg instead (public.change_join_request_leg) or withdraw.
--  * A decision answers the request's automatic message: accepting or declining marks it read for the
--    creator, whichever page or e-mail link it came from. The message is remembered on the request
--    (team_members.request_message_id); the unread counts (badge, conversation list, dashboard) already
--    count only the other person's messages, so after a decision every surface shows the same 0.

alter table public.team_members
  add column request_message_id uuid references public.messages (id) on delete set null;

comment on column public.team_members.request_message_id is
  'The automatic message a join request posted to the creator; a decision marks it read.';


-- Whether an active member of `team` races `role`.
create or replace function private.leg_covered(p_team uuid, p_role text)
returns boolean language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.team_members m
                 where m.team_id = p_team and m.status = 'active' and m.role = p_role)
$$;

-- The leg words the messages use: "the run leg".
create or replace function private.leg_word(p_role text)
returns text language sql immutable set search_path = '' as $$
  select case p_role when 'swimmer' then 'swim' when 'cyclist' then 'bike' when 'runner' then 'run' end
$$;

-- Refuses `role` for a request to `t` unless it is one of the team's open legs, saying which ones are.
create or replace function private.require_open_leg(t public.teams, role text)
returns void language plpgsql stable security definer set search_path = '' as $$
declare
  open_legs text[] := private.team_missing_roles(t);
  offer text;
begin
  if role = any (open_legs) then return; end if;
  if cardinality(open_legs) = 0 then
    raise exception 'Every leg of this team is covered, so there is no leg to ask for' using errcode = 'P0001';
  end if;
  offer := (select string_agg(private.leg_word(l), ' or ') from unnest(open_legs) l);
  if private.leg_covered(t.id, role) then
    raise exception 'The % leg is taken. Ask for a leg this team still needs: %', private.leg_word(role), offer
      using errcode = 'P0001';
  end if;
  raise exception 'This team is not looking for a %. Ask for a leg it still needs: %', role, offer
    using errcode = 'P0001';
end;
$$;

-- The request's automatic message: the one remembered, else (a request written without it, as the demo
-- data's) the requester's message to the creator that asked to join this team, nearest the request's time.
create or replace function private.request_message(m public.team_members)
returns uuid language sql stable security definer set search_path = '' as $$
  select coalesce(m.request_message_id, (
    select x.id from public.messages x
    join public.conversations c on c.id = x.conversation_id
    join public.teams t on t.id = m.team_id
    join public.profiles cr on cr.auth_id = t.creator_id
    where x.sender_id = m.profile_id
      and cr.id in (c.participant_one_id, c.participant_two_id)
      and x.content like '%like to join "' || t.name || '"%'
    order by abs(extract(epoch from x.created_at - m.joined_at)), x.id
    limit 1))
$$;

-- The pending requests made before the column.
update public.team_members m set request_message_id = private.request_message(m) where m.status = 'pending';

-- Marks the request's automatic message read: the creator has answered it.
create or replace function private.answer_request_message(m public.team_members)
returns void language sql security definer set search_path = '' as $$
  update public.messages set read = true where id = private.request_message(m) and not read
$$;

-- As before, and the leg must be open; the automatic message is remembered on the request.
create or replace function public.request_to_join_team(p_team_id uuid, p_role text default null)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  me public.profiles := private.require_my_profile();
  t public.teams;
  creator public.profiles;
  existing public.team_members;
  m public.team_members;
  conversation uuid;
  message uuid;
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
    E'Hi %s! I''d like to join "%s" as the %s.\n\n'
    'I''m %s (@%s), a %s with %s experience. My goals: %s\n\n'
    '[View %s''s profile](/profile/%s)',
    private.first_name(creator.full_name), t.name, role, me.full_name, me.username, me.specialty,
    me.experience_level, me.goals, private.first_name(me.full_name), me.id));
  select x.id into message from public.messages x
  where x.conversation_id = conversation and x.sender_id = me.id order by x.created_at desc, x.id desc limit 1;
  update public.team_members set request_message_id = message where id = m.id returning * into m;
  -- Checked after the writes (a refusal rolls them back), so a suspended or blocked athlete is told that
  -- first, as the other rules do.
  perform private.require_open_leg(t, role);

  return jsonb_build_object('member', to_jsonb(m), 'conversation_id', conversation);
end;
$$;

-- Accepts a request as the leg the creator picks (`p_role`), or as the leg asked for when none is picked.
-- The leg asked for must still be free: a covered leg is taken only by the creator's own choice (an extra
-- place), never by a one-press Accept from a list or an e-mail. Capacity and a closed team as before.
drop function public.accept_join_request(uuid);

create function public.accept_join_request(p_member_id uuid, p_role text default null)
returns public.team_members language plpgsql security definer set search_path = '' as $$
declare
  m public.team_members := private.lock_pending_request(p_member_id);
  t public.teams;
  creator public.profiles;
  requester public.profiles;
  leg text := coalesce(nullif(p_role, ''), m.role);
begin
  select * into t from public.teams where id = m.team_id;
  if t.status = 'closed' then
    raise exception 'This team is closed. Reopen it before accepting new members.' using errcode = 'P0001';
  end if;
  if private.team_active_count(t.id) >= t.max_members then
    raise exception 'This team is full. Raise the team size or remove a member before accepting.' using errcode = 'P0001';
  end if;
  if leg not in ('swimmer', 'cyclist', 'runner') then
    raise exception 'Please choose swimmer, cyclist or runner' using errcode = 'P0001';
  end if;
  if nullif(p_role, '') is null and private.leg_covered(t.id, leg) then
    select * into requester from public.profiles where id = m.profile_id;
    raise exception 'The % leg is taken now. Choose the leg % will race, or decline the request.',
      private.leg_word(leg), private.first_name(requester.full_name) using errcode = 'P0001';
  end if;
  update public.team_members set status = 'active', role = leg, joined_at = now()
  where id = m.id returning * into m;
  perform private.sync_team_status(t.id);
  perform private.answer_request_message(m);
  select * into creator from public.profiles where auth_id = t.creator_id;
  perform private.post_team_message(creator.id, m.profile_id, format(
    E'Good news! I''ve accepted your request to join "%s" as the %s. Welcome to the team!', t.name, m.role));
  return m;
end;
$$;

-- Declines a request; the requester gets a message, and the request's message counts as answered.
create or replace function public.decline_join_request(p_member_id uuid)
returns public.team_members language plpgsql security definer set search_path = '' as $$
declare
  m public.team_members := private.lock_pending_request(p_member_id);
  t public.teams;
  creator public.profiles;
begin
  select * into t from public.teams where id = m.team_id;
  update public.team_members set status = 'declined' where id = m.id returning * into m;
  perform private.answer_request_message(m);
  select * into creator from public.profiles where auth_id = t.creator_id;
  perform private.post_team_message(creator.id, m.profile_id, format(
    E'Thanks for your interest in "%s". I''ve declined your request this time. Good luck finding a team!', t.name));
  return m;
end;
$$;

-- The requester asks for another open leg on their pending request (theirs was taken meanwhile, or they
-- changed their mind). The creator is told in their conversation; that message becomes the request's
-- message (the earlier one is answered by it).
create or replace function public.change_join_request_leg(p_team_id uuid, p_role text)
returns public.team_members language plpgsql security definer set search_path = '' as $$
declare
  me public.profiles := private.require_my_profile();
  t public.teams;
  m public.team_members;
  creator public.profiles;
  conversation uuid;
  message uuid;
begin
  select * into t from public.teams where id = p_team_id for update;
  select * into m from public.team_members x
  where x.team_id = p_team_id and x.profile_id = me.id and x.status = 'pending' for update;
  if t.id is null or m.id is null then
    raise exception 'You have no pending request to this team' using errcode = 'P0001';
  end if;
  if p_role is null or p_role not in ('swimmer', 'cyclist', 'runner') then
    raise exception 'Please choose swimmer, cyclist or runner' using errcode = 'P0001';
  end if;
  if p_role = m.role then
    raise exception 'Your request is already for the % leg', private.leg_word(p_role) using errcode = 'P0001';
  end if;
  perform private.require_open_leg(t, p_role);
  select * into creator from public.profiles where auth_id = t.creator_id;
  conversation := private.post_team_message(me.id, creator.id, case
    when private.leg_covered(t.id, m.role) then format(
      E'Hi %s! The %s leg of "%s" is taken now, so I''d like to race the %s leg instead.',
      private.first_name(creator.full_name), private.leg_word(m.role), t.name, private.leg_word(p_role))
    else format(
      E'Hi %s! I''d like to race the %s leg of "%s" instead of the %s leg.',
      private.first_name(creator.full_name), private.leg_word(p_role), t.name, private.leg_word(m.role))
    end);
  select x.id into message from public.messages x
  where x.conversation_id = conversation and x.sender_id = me.id order by x.created_at desc, x.id desc limit 1;
  perform private.answer_request_message(m);
  update public.team_members set role = p_role, request_message_id = message where id = m.id returning * into m;
  return m;
end;
$$;

-- The member list as before, with `leg_taken` on a pending request whose leg an active member races.
drop function public.team_roster(uuid);

create function public.team_roster(p_team_id uuid)
returns table (
  member_id uuid, profile_id uuid, role text, status text, joined_at timestamptz, username text,
  full_name text, experience_level text, profile_public boolean, is_creator boolean, leg_taken boolean
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
      case when shown then p.experience_level end, p.is_public, p.auth_id = t.creator_id,
      m.status = 'pending' and exists (select 1 from public.team_members a
                                       where a.team_id = t.id and a.status = 'active' and a.role = m.role)
    from public.team_members m
    join public.profiles p on p.id = m.profile_id
    cross join lateral (select coalesce(p.is_public or insider or m.profile_id = me
                          or (is_owner and m.status = 'pending'), false) as shown) s
    where m.team_id = t.id
      and (m.status = 'active' or (m.status = 'pending' and (is_owner or m.profile_id = me)))
    order by m.status, (p.auth_id = t.creator_id) desc, m.joined_at;
end;
$$;

-- The decision page as before, with what a covered leg needs: whether the leg asked for is taken, the
-- team's open legs (what the creator can accept as, what the requester can ask for instead) and whether
-- there is room for an extra place.
drop function public.join_request_view(uuid, uuid);

create function public.join_request_view(p_team_id uuid, p_member_id uuid)
returns table (
  state text, viewer text, team_name text, team_status text, role text, member_status text,
  was_accepted boolean, requester_id uuid, requester_name text, requester_username text,
  requester_public boolean, experience_level text, asked_at timestamptz,
  leg_taken boolean, open_legs text[], has_room boolean
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
      null::boolean, null::uuid, null::text, null::text, null::boolean, null::text, null::timestamptz,
      null::boolean, null::text[], null::boolean;
    return;
  end if;
  select * into m from public.team_members x where x.id = p_member_id and x.team_id = t.id;
  if m.id is null or not (t.creator_id = uid or m.profile_id is not distinct from me)
     -- The creator's own membership row is not a request.
     or exists (select 1 from public.profiles c where c.id = m.profile_id and c.auth_id = t.creator_id) then
    return query select 'not_found'::text, null::text, null::text, null::text, null::text, null::text,
      null::boolean, null::uuid, null::text, null::text, null::boolean, null::text, null::timestamptz,
      null::boolean, null::text[], null::boolean;
    return;
  end if;
  select * into p from public.profiles where id = m.profile_id;
  return query select 'ok'::text,
    case when t.creator_id = uid then 'creator' else 'requester' end,
    t.name, t.status, m.role, m.status,
    exists (select 1 from private.notification_outbox o
            where o.dedupe_key = 'decision:' || m.id || ':accepted'),
    p.id, p.full_name, p.username, p.is_public, p.experience_level, m.joined_at,
    m.status = 'pending' and private.leg_covered(t.id, m.role),
    private.team_missing_roles(t),
    private.team_active_count(t.id) < t.max_members;
end;
$$;

revoke all on function
  private.leg_covered(uuid, text), private.leg_word(text), private.require_open_leg(public.teams, text),
  private.answer_request_message(public.team_members), private.request_message(public.team_members)
from public, anon, authenticated;

revoke all on function
  public.accept_join_request(uuid, text), public.change_join_request_leg(uuid, text),
  public.join_request_view(uuid, uuid), public.team_roster(uuid)
from public, anon;

grant execute on function
  public.accept_join_request(uuid, text), public.change_join_request_leg(uuid, text),
  public.join_request_view(uuid, uuid), public.team_roster(uuid)
to authenticated;

-- A shared team link shows the roster to visitors too (as before).
grant execute on function public.team_roster(uuid) to anon;
