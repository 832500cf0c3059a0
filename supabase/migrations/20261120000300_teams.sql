-- Teams: relay teams, their members and join requests, invitations, open legs and urgent needs, and the
-- prompts that follow the roster. Clients only read these tables (RLS decides what); every write goes
-- through the SQL functions below, which carry the rules:
--  * security definer with search_path = '' and explicit checks: the function decides who may do what.
--  * Expected failures raise with the exact text the app shows (docs/product.md#teams, #join-requests):
--      P0001 a rule (one team, already a member, not open, full...), 42501 forbidden, P0002 not found.
--    A permission error meant for people carries a hint (FORBIDDEN): Postgres' own 42501 (a missing grant,
--    a row a policy refuses) has none, so the server actions tell the two apart (lib/server-action/sql-errors.ts).
--  * Every function that changes membership or capacity first locks the team row (FOR UPDATE), so joins,
--    decisions, leaving and capacity edits of one team run one after another: an accept racing another
--    accept, a join or a capacity change never ends above max_members.
--  * Automatic status: active members = max_members makes an open team full; a freed place makes a full
--    team open again. A team the creator closed stays closed. The creator may still choose "full" by hand
--    below capacity (stop taking requests); it reopens when someone leaves, which is when the creator would
--    want new requests again anyway.
--  * Removed members and withdrawn requests become 'left'; declined requests 'declined'. Rows are kept as
--    history; the partial unique index lets the same athlete ask again later.
--  * Visibility: open and full teams are readable by everyone (a link shared while the team filled up keeps
--    working; browse lists only open ones); closed teams only by their creator and members.
--  * Member list and private profiles: profiles RLS hides private profiles from others, so the team page
--    reads its members through public.team_roster. Everyone who can see the team sees each active member's
--    role and status; the name and @username of a member with a private profile are shown only to people
--    inside the team (creator and members) and to nobody else ("Private athlete"). The creator also sees
--    pending requests with the requester's name, username and experience: they asked to join and sent the
--    same details in the automatic message.
--
-- Open legs (docs/product.md#open-legs). A team's open legs are its required roles (requirements.roles) that
-- no active member races, in swim, bike, run order. Every reader of "what this team needs" (cards, team page,
-- social text, JSON-LD, sitemap, landing lists and counters, Browse's "teams that need a <leg>" filter,
-- Athletes who fit, the urgent-leg alerts) reads public.team_open_legs, never the requirements alone. A team
-- whose legs are all covered but with room under max_members stays open (the creator asked for room to share
-- a leg or keep a reserve) and can still be asked to join; it is simply not advertised as needing anyone.
--
-- Urgent need. An urgent need is always one of the open legs (checked when it is set, when the requirements
-- change, and when a member becomes active). It ends in the transaction that covers its leg, whichever way
-- the member became active: a trigger on team_members, running under the team row lock the writing
-- function already holds. The cover is remembered (public.team_urgent_fills); if that member leaves or is
-- removed before the day, the creator is told on the team page and can mark it urgent again with one press.
-- It never comes back by itself: a need the creator did not set again is not a need.
--
-- Looking for a team. An athlete who becomes an active member of a team stops being listed as looking for a
-- team (profiles.looking_for_team = false, the one flag every listing reads), and a prompt
-- (public.looking_prompts) tells them so with a one-press "Keep me listed". Leaving or being removed (with
-- no other team left) asks whether to be listed again. The profile form's switch still sets the flag freely.

-- Shape check for the requirements column.
create or replace function private.team_requirements_valid(req jsonb)
returns boolean language sql immutable as $$
  select jsonb_typeof(req) = 'object'
     and (req - array['roles', 'experience_levels']) = '{}'::jsonb
     and jsonb_typeof(req -> 'roles') = 'array'
     and jsonb_typeof(req -> 'experience_levels') = 'array'
     and jsonb_array_length(req -> 'roles') >= 1
     and jsonb_array_length(req -> 'experience_levels') >= 1
     and (req -> 'roles') <@ '["swimmer","cyclist","runner"]'::jsonb
     and (req -> 'experience_levels') <@ '["beginner","intermediate","advanced","elite"]'::jsonb
     and jsonb_array_length(req -> 'roles') = (select count(distinct r) from jsonb_array_elements(req -> 'roles') r)
     and jsonb_array_length(req -> 'experience_levels')
         = (select count(distinct e) from jsonb_array_elements(req -> 'experience_levels') e)
$$;

create table public.teams (
  id uuid primary key default gen_random_uuid(),
  name text not null
    constraint teams_name_text check (char_length(name) between 3 and 50 and private.is_safe_text(name)),
  description text not null
    constraint teams_description_text
    check (char_length(description) between 10 and 500 and private.is_safe_text(description, true)),
  location text
    constraint teams_location_text check (char_length(location) between 2 and 100 and private.is_safe_text(location)),
  -- The creator's account id, as profiles.auth_id. One team per creator.
  creator_id uuid not null references auth.users (id) on delete cascade
    constraint teams_one_per_creator unique,
  status text not null default 'open' constraint teams_status_enum check (status in ('open', 'full', 'closed')),
  -- One athlete per leg by default; 2 to 6 for teams that share legs or keep a reserve.
  max_members int not null default 3 constraint teams_max_members_range check (max_members between 2 and 6),
  requirements jsonb not null constraint teams_requirements_shape check (private.team_requirements_valid(requirements)),
  training_schedule jsonb not null default '{"days": [], "times": []}'::jsonb
    constraint teams_training_schedule_shape check (private.profile_availability_valid(training_schedule)),
  -- Urgent vacancy: the leg the team needs and the date it needs it by ("Needs a runner by 2 Nov").
  -- Both or neither. The date is a calendar day in Noosa's time zone (Australia/Brisbane).
  urgent_role text constraint teams_urgent_role_enum check (urgent_role in ('swimmer', 'cyclist', 'runner')),
  urgent_by date,
  constraint teams_urgent_pair check ((urgent_role is null) = (urgent_by is null)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.teams is
  'Relay teams. Open and full teams are readable by anyone (a shared team link keeps working when the '
  'team fills up); closed teams only by their creator and members. Writes go through SQL functions.';

-- Listings: open teams, urgent ones first (by the date they need someone), then newest.
create index teams_open_created_idx on public.teams (created_at desc) where status = 'open';

create index teams_open_urgent_idx on public.teams (urgent_by, created_at desc)
  where status = 'open' and urgent_by is not null;

create table public.team_members (
  id uuid primary key default gen_random_uuid(),
  team_id uuid not null references public.teams (id) on delete cascade,
  profile_id uuid not null references public.profiles (id) on delete cascade,
  -- The leg this member covers: their specialty, or the role they asked for.
  role text not null constraint team_members_role_enum check (role in ('swimmer', 'cyclist', 'runner')),
  status text not null default 'pending'
    constraint team_members_status_enum check (status in ('active', 'pending', 'declined', 'left')),
  joined_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.team_members is
  'Membership and join requests. Declined and left rows are kept as history; a profile has at most one live '
  '(active or pending) row per team.';

create unique index team_members_live_key on public.team_members (team_id, profile_id)
  where status in ('active', 'pending');

create index team_members_team_idx on public.team_members (team_id, status);

create index team_members_profile_idx on public.team_members (profile_id, status);

-- Per-team helpers, for the functions that ask about one team.
create or replace function private.is_team_member(team uuid)
returns boolean language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.team_members m
    where m.team_id = team and m.status in ('active', 'pending')
      and m.profile_id = (select private.my_profile_id())
  )
$$;

create or replace function private.is_team_creator(team uuid)
returns boolean language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.teams t where t.id = team and t.creator_id = (select auth.uid()))
$$;

create trigger teams_set_updated_at before update on public.teams
  for each row execute function private.set_updated_at();

create trigger team_members_set_updated_at before update on public.team_members
  for each row execute function private.set_updated_at();

alter table public.teams enable row level security;

alter table public.team_members enable row level security;

-- Policy helpers, asked as sets computed once per statement (a hashed sub-plan) rather than per row: a
-- security-definer function is never inlined, so a per-row call is a query of its own (counting 1,400 open
-- teams took over a second that way). Security definer so the teams policy can read team_members (and the
-- other way round) without the two policies calling each other.
-- The caller's teams as a member (active or pending).
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

create policy teams_select_listed on public.teams
  for select to anon, authenticated using (status in ('open', 'full'));

create policy teams_select_own on public.teams
  for select to authenticated
  using (creator_id = (select auth.uid()) or id in (select private.my_team_ids()));

-- A member row: the team's creator and the member see it; active rows are visible with their team.
create policy team_members_select on public.team_members
  for select to anon, authenticated
  using (
    (status = 'active' and exists (select 1 from public.teams t where t.id = team_id))
    or profile_id = (select private.my_profile_id())
    or team_id in (select private.my_created_team_ids())
  );

revoke all on public.teams, public.team_members from anon, authenticated;

grant select on public.teams, public.team_members to anon, authenticated;

grant all on public.teams, public.team_members to service_role;

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
    raise exception 'Forbidden: You can only update your own teams.' using errcode = '42501', hint = 'FORBIDDEN';
  end if;
  return t;
end;
$$;

-- Posts `content` from `sender` to `recipient` in their conversation; a failure carries the prefix the app
-- shows.
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
-- creator_id constraint settles parallel creates: the first commits, the others get the one-team message.
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

-- The creator's edit. Capacity cannot drop below the active members; "open" at capacity is stored as full;
-- an urgent need whose leg the new requirements no longer ask for ends.
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
  if t.urgent_role is not null and not (t.urgent_role = any (private.team_missing_roles(t))) then
    update public.teams set urgent_role = null, urgent_by = null where id = p_team_id returning * into t;
  end if;
  return t;
end;
$$;

-- Urgent vacancy: the leg the team needs by a day (today or later in Noosa), or both null to clear it. The
-- leg must be one the team still needs. Setting or clearing a need answers the "Mark urgent again" notice.
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
  -- (A value that is no leg at all is left to the column's CHECK, as before.)
  update public.teams set urgent_role = p_role, urgent_by = p_by where id = p_team_id returning * into t;
  -- Checked after the write (a refusal rolls it back), so a suspended account is told it is suspended first.
  if p_role in ('swimmer', 'cyclist', 'runner') and not (p_role = any (private.team_missing_roles(t))) then
    if (t.requirements -> 'roles') ? p_role then
      raise exception 'Your team already has a %: choose a leg it still needs', p_role using errcode = 'P0001';
    end if;
    raise exception 'Your team is not looking for a %: add the leg to its requirements first', p_role
      using errcode = 'P0001';
  end if;
  delete from public.team_urgent_fills where team_id = t.id;
  return t;
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Join requests and the creator's decisions
-- ---------------------------------------------------------------------------------------------------------
-- Records a pending request (role: the chosen leg, else the requester's specialty) and posts the automatic
-- message to the creator: the creator's first name, the team and the leg, who is asking (name, @username,
-- specialty, experience, goals) and a named link to their profile, "[View Sam's profile](/profile/<id>)",
-- which the thread shows as a link (lib/messages/profile-links.ts), never as a raw path. Returns
-- {member, conversation_id}. The team row lock serialises parallel requests; the partial unique index is
-- the backstop.
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
    E'Hi %s! I''d like to join "%s" as the %s.\n\n'
    'I''m %s (@%s), a %s with %s experience. My goals: %s\n\n'
    '[View %s''s profile](/profile/%s)',
    private.first_name(creator.full_name), t.name, role, me.full_name, me.username, me.specialty,
    me.experience_level, me.goals, private.first_name(me.full_name), me.id));

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
-- PostgREST exposes it to visitors too: there `auth.uid()` and the caller's profile are NULL, so every test
-- on the caller is a boolean that is false for a visitor (a NULL would skip the closed-team check).
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

-- Browse, dashboard and landing numbers: indexes so that every query they run is an index scan at 10,000
-- athletes, 2,000 teams and 50,000 conversations (checked with EXPLAIN in lib/data/browse-plans.int.test.ts).

-- /browse lists open teams urgent-first: the urgent ones (day today or later) through teams_open_urgent_idx,
-- then the rest newest first through this one. It also carries status (the visitor's RLS policy checks it),
-- requirements (the filters) and urgent_by, so the counts beside each list are index-only scans.
create index teams_open_listing_idx on public.teams (created_at desc)
  include (status, requirements, urgent_by) where status = 'open';

-- Filters of /browse ("needs a runner", "accepts elite") as containment on the requirements.
create index teams_open_requirements_idx on public.teams using gin (requirements jsonb_path_ops)
  where status = 'open';

-- Landing numbers: open teams with an urgent need, per leg.
create index teams_open_urgent_role_idx on public.teams (urgent_role, urgent_by) include (status)
  where status = 'open' and urgent_role is not null;

-- ---------------------------------------------------------------------------------------------------------
-- Public team pages, invitations and "Athletes who fit"
-- ---------------------------------------------------------------------------------------------------------
-- A shared team link shows the same roster to a visitor, with private members as "Private athlete":
-- public.team_roster decides what each viewer sees.
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

-- ---------------------------------------------------------------------------------------------------------
-- Open legs
-- ---------------------------------------------------------------------------------------------------------
-- The rule itself, for the functions and triggers (no visibility check: they run as the definer on a team
-- row they already hold).
create or replace function private.team_missing_roles(t public.teams)
returns text[] language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(l.leg order by l.n), '{}')
  from unnest(array['swimmer', 'cyclist', 'runner']) with ordinality as l(leg, n)
  where (t.requirements -> 'roles') ? l.leg
    and not exists (select 1 from public.team_members m
                    where m.team_id = t.id and m.status = 'active' and m.role = l.leg)
$$;

-- What readers call, once per team row they list. The same rule as private.team_missing_roles, written out
-- again rather than called, so a listing of hundreds of teams calls no private helper per row. Security
-- definer, not because a reader could not read the active members (anyone who can read a team can), but
-- so the team_members policy and its helpers are not run again for every team listed (they would be once
-- per call: a function body is its own statement). It returns only legs, and only for a team the caller
-- may read (open or full, or their own, or one they are a member of): a hand-made row naming a closed team
-- gets nothing.
create or replace function public.team_open_legs(t public.teams)
returns text[] language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(l.leg order by l.n), '{}')
  from unnest(array['swimmer', 'cyclist', 'runner']) with ordinality as l(leg, n)
  where (t.requirements -> 'roles') ? l.leg
    and not exists (select 1 from public.team_members m
                    where m.team_id = t.id and m.status = 'active' and m.role = l.leg)
    and exists (
      select 1 from public.teams x
      where x.id = t.id
        and (x.status in ('open', 'full') or x.creator_id = (select auth.uid())
             or exists (select 1 from public.team_members y join public.profiles p on p.id = y.profile_id
                        where y.team_id = x.id and y.status in ('active', 'pending')
                          and p.auth_id = (select auth.uid()))))
$$;

revoke all on function public.team_open_legs(public.teams) from public;

grant execute on function public.team_open_legs(public.teams) to anon, authenticated, service_role;

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
-- invited by or asking to join this team, and neither has blocked the other (an index probe on each side
-- of public.blocks per row read). At most 100, urgent leg first; the page ranks and pages them
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

-- ---------------------------------------------------------------------------------------------------------
-- State that follows the roster
-- ---------------------------------------------------------------------------------------------------------

-- The last urgent need a member covered, per team: the creator's "Mark urgent again" when that member
-- leaves or is removed before the day (lapsed_at set). Only the team's creator reads it.
create table public.team_urgent_fills (
  team_id uuid primary key references public.teams (id) on delete cascade,
  role text not null constraint team_urgent_fills_role_enum check (role in ('swimmer', 'cyclist', 'runner')),
  needed_by date not null,
  member_id uuid references public.team_members (id) on delete set null,
  filled_at timestamptz not null default now(),
  lapsed_at timestamptz
);

create index team_urgent_fills_member_idx on public.team_urgent_fills (member_id) where member_id is not null;

alter table public.team_urgent_fills enable row level security;

revoke all on public.team_urgent_fills from anon, authenticated;

grant select on public.team_urgent_fills to authenticated;

grant all on public.team_urgent_fills to service_role;

create policy team_urgent_fills_select on public.team_urgent_fills for select to authenticated
  using (team_id in (select private.my_created_team_ids()));

-- One pending question per athlete about being listed as looking for a team: 'joined' (you are in a team
-- now, so you are no longer listed: keep me listed?) or 'left' (you are no longer in a team: list me
-- again?). Only the athlete reads it; answered through public.answer_looking_prompt.
create table public.looking_prompts (
  profile_id uuid primary key references public.profiles (id) on delete cascade,
  reason text not null constraint looking_prompts_reason_enum check (reason in ('joined', 'left')),
  team_id uuid references public.teams (id) on delete set null,
  team_name text not null,
  created_at timestamptz not null default now()
);

alter table public.looking_prompts enable row level security;

revoke all on public.looking_prompts from anon, authenticated;

grant select on public.looking_prompts to authenticated;

grant all on public.looking_prompts to service_role;

create policy looking_prompts_select on public.looking_prompts for select to authenticated
  using (profile_id = (select private.my_profile_id()));

-- A member row became active, or stopped being active. Runs in the writing transaction, after the row is
-- written; the functions that write members hold the team row lock, so two accepts, an invitation and a
-- request, or a leave and an accept of one team see each other's result.
create or replace function private.follow_roster()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  t public.teams;
  was_looking boolean;
begin
  if new.status = 'active' and (tg_op = 'INSERT' or old.status <> 'active') then
    select * into t from public.teams where id = new.team_id;
    -- The urgent leg is covered: the need ends now, remembered for "Mark urgent again".
    if t.urgent_role = new.role then
      update public.teams set urgent_role = null, urgent_by = null where id = t.id;
      if t.urgent_by >= private.noosa_today() then
        insert into public.team_urgent_fills (team_id, role, needed_by, member_id)
        values (t.id, t.urgent_role, t.urgent_by, new.id)
        on conflict (team_id) do update
          set role = excluded.role, needed_by = excluded.needed_by, member_id = excluded.member_id,
              filled_at = now(), lapsed_at = null;
      end if;
    end if;
    -- A lapsed cover of this leg is answered by the new member.
    delete from public.team_urgent_fills f where f.team_id = t.id and f.role = new.role and f.lapsed_at is not null;
    -- No longer looking for a team; told so, with "Keep me listed".
    update public.profiles p set looking_for_team = false
    where p.id = new.profile_id and p.looking_for_team
    returning true into was_looking;
    if was_looking then
      insert into public.looking_prompts (profile_id, reason, team_id, team_name)
      values (new.profile_id, 'joined', t.id, t.name)
      on conflict (profile_id) do update
        set reason = 'joined', team_id = excluded.team_id, team_name = excluded.team_name, created_at = now();
    end if;
  elsif tg_op = 'UPDATE' and old.status = 'active' and new.status <> 'active' then
    select * into t from public.teams where id = new.team_id;
    -- The member who covered the urgent leg left before the day: the creator is told (not re-marked).
    update public.team_urgent_fills f set lapsed_at = now()
    where f.member_id = new.id and f.lapsed_at is null and f.needed_by >= private.noosa_today();
    -- Out of every team and not listed: ask whether to be listed again.
    if not exists (select 1 from public.team_members m where m.profile_id = new.profile_id and m.status = 'active')
       and exists (select 1 from public.profiles p where p.id = new.profile_id and not p.looking_for_team) then
      insert into public.looking_prompts (profile_id, reason, team_id, team_name)
      values (new.profile_id, 'left', t.id, t.name)
      on conflict (profile_id) do update
        set reason = 'left', team_id = excluded.team_id, team_name = excluded.team_name, created_at = now();
    elsif exists (select 1 from public.looking_prompts q where q.profile_id = new.profile_id and q.team_id = t.id
                  and q.reason = 'joined') then
      -- "Keep me listed?" about a team they are no longer in is moot.
      delete from public.looking_prompts q where q.profile_id = new.profile_id and q.team_id = t.id;
    end if;
  end if;
  return null;
end;
$$;

create trigger team_members_follow_roster after insert or update of status on public.team_members
  for each row execute function private.follow_roster();

-- The athlete answers their prompt: listed (true: "Keep me listed" / "List me again") or not (false).
-- Answering a prompt that is gone (answered in another tab) is not an error; the flag is set either way.
create or replace function public.answer_looking_prompt(p_listed boolean)
returns boolean language plpgsql security definer set search_path = '' as $$
declare
  me public.profiles := private.require_my_profile();
begin
  if p_listed is null then
    raise exception 'Choose whether to be listed' using errcode = 'P0001';
  end if;
  update public.profiles set looking_for_team = p_listed where id = me.id and looking_for_team <> p_listed;
  delete from public.looking_prompts where profile_id = me.id;
  return p_listed;
end;
$$;

-- The creator closes the "your urgent leg is open again" notice without marking it urgent.
create or replace function public.dismiss_urgent_lapse(p_team_id uuid)
returns void language plpgsql security definer set search_path = '' as $$
declare
  t public.teams := private.lock_own_team(p_team_id);
begin
  delete from public.team_urgent_fills where team_id = t.id;
end;
$$;

-- "Mark urgent again": the need a member covered, then left, set again as it was (same leg, same day), under
-- the same checks as any urgent need (the leg still open, the day not past).
create or replace function public.mark_urgent_again(p_team_id uuid)
returns public.teams language plpgsql security definer set search_path = '' as $$
declare
  t public.teams := private.lock_own_team(p_team_id);
  f public.team_urgent_fills;
begin
  select * into f from public.team_urgent_fills where team_id = t.id and lapsed_at is not null;
  if f.team_id is null then
    raise exception 'There is no urgent need to mark again' using errcode = 'P0001';
  end if;
  if f.needed_by < private.noosa_today() then
    delete from public.team_urgent_fills where team_id = t.id;
    raise exception 'That day has passed: set a new urgent need instead' using errcode = 'P0001';
  end if;
  return public.set_team_urgent_need(t.id, f.role, f.needed_by);
end;
$$;

revoke all on function private.follow_roster() from public, anon, authenticated;

revoke all on function
  public.answer_looking_prompt(boolean), public.dismiss_urgent_lapse(uuid), public.mark_urgent_again(uuid)
from public, anon;

grant execute on function
  public.answer_looking_prompt(boolean), public.dismiss_urgent_lapse(uuid), public.mark_urgent_again(uuid)
to authenticated;

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
-- RLS), search_path ''. The writes stay in the functions above (accept/decline under the team row lock).
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

-- ---------------------------------------------------------------------------------------------------------
-- Calendar feeds
-- ---------------------------------------------------------------------------------------------------------
-- The race in the calendar: each athlete may have one private calendar feed, a secret URL that calendar
-- apps subscribe to without a session. Only the SHA-256 of its token is stored (the token is 32 random
-- bytes, so a fast hash is enough: nothing to guess from). Making a new one replaces the old, which then
-- stops answering; revoking deletes it. The feed shows the teams the athlete is an active member of at the
-- moment it is read (the creator is one), so joining or leaving a team changes it, and it holds nothing of
-- any other team.
create table public.calendar_feeds (
  profile_id uuid primary key references public.profiles (id) on delete cascade,
  token_hash text not null unique constraint calendar_feeds_token_hash_format check (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now()
);

comment on table public.calendar_feeds is
  'Private calendar feed per athlete: the SHA-256 (hex) of its secret token. The owner reads when it was '
  'made; the hash itself is read only by public.calendar_feed, which takes the hash of a presented token.';

alter table public.calendar_feeds enable row level security;

create policy calendar_feeds_select_own on public.calendar_feeds
  for select to authenticated using (profile_id = (select private.my_profile_id()));

revoke all on public.calendar_feeds from anon, authenticated;

-- Not the hash: nothing in the app needs it back, and a leaked hash would open the feed.
grant select (profile_id, created_at) on public.calendar_feeds to authenticated;

grant all on public.calendar_feeds to service_role;

-- Makes the caller's feed, or replaces it (the old token stops working at once). The token is made in the
-- app and only its hash arrives here. Returns when the feed was made.
create or replace function public.create_calendar_feed(p_token_hash text)
returns timestamptz language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := (private.require_my_profile()).id;
  made timestamptz;
begin
  if p_token_hash is null or p_token_hash !~ '^[0-9a-f]{64}$' then
    raise exception 'Invalid feed token' using errcode = '22023';
  end if;
  insert into public.calendar_feeds (profile_id, token_hash) values (me, p_token_hash)
  on conflict (profile_id) do update set token_hash = excluded.token_hash, created_at = now()
  returning created_at into made;
  return made;
end;
$$;

revoke all on function public.create_calendar_feed(text) from public, anon;

grant execute on function public.create_calendar_feed(text) to authenticated;

-- Turns the caller's feed off; a repeat changes nothing.
create or replace function public.revoke_calendar_feed()
returns void language plpgsql volatile security definer set search_path = '' as $$
begin
  delete from public.calendar_feeds where profile_id = (private.require_my_profile()).id;
end;
$$;

revoke all on function public.revoke_calendar_feed() from public, anon;

grant execute on function public.revoke_calendar_feed() to authenticated;

-- What a feed shows, read without a session (calendar apps have none): null for an unknown or revoked
-- token, else the teams the token's athlete is an active member of, with only what their calendar entries
-- need (name, place, weekly schedule, the athlete's leg, when it was made and last changed). Nothing about
-- other members, other teams or the athlete's profile leaves here.
create or replace function public.calendar_feed(p_token_hash text)
returns jsonb language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'teams', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', t.id, 'name', t.name, 'location', t.location,
               'training_schedule', t.training_schedule, 'role', m.role,
               'created_at', t.created_at, 'updated_at', t.updated_at)
             order by t.created_at, t.id)
      from public.team_members m
      join public.teams t on t.id = m.team_id
      where m.profile_id = f.profile_id and m.status = 'active'), '[]'::jsonb))
  from public.calendar_feeds f
  where f.token_hash = p_token_hash
$$;

revoke all on function public.calendar_feed(text) from public;

grant execute on function public.calendar_feed(text) to anon, authenticated;
