-- One rule for what a team needs, and the two pieces of state that follow the roster.
--
-- Open legs. A team's open legs are its required roles (requirements.roles) that no active member races, in
-- swim, bike, run order. Every reader of "what this team needs" (cards, team page, social text, JSON-LD,
-- sitemap, landing lists and counters, Browse's "teams that need a <leg>" filter, Athletes who fit, the
-- urgent-leg alerts) reads public.team_open_legs, never the requirements alone.
--
-- Status when every leg is covered but there is room under max_members: status keeps following capacity
-- alone (the auto-full rule: active members = max_members makes an open team full, a freed place reopens
-- it). A creator who set max_members above 3 asked for room to share a leg or keep a reserve, so the team
-- stays open and can still be asked to join; it is simply not advertised as needing anyone: no open legs,
-- no urgent need, not in any "teams that need a <leg>" list or urgent count, and its cards say every leg is
-- covered. A creator who wants no more requests sets the team to full by hand, as before.
--
-- Urgent need. An urgent need is always one of the open legs (checked when it is set, when the requirements
-- change, and when a member becomes active). It ends in the transaction that covers its leg, whichever way
-- the member became active (accepted request, accepted invitation, anything else that writes an active
-- row): a trigger on team_members, running under the team row lock the writing function already holds.
-- The cover is remembered (public.team_urgent_fills); if that member leaves or is removed before the day,
-- the creator is told on the team page and can mark it urgent again with one press. It never comes back by
-- itself: a need the creator did not set again is not a need.
--
-- Looking for a team. An athlete who becomes an active member of a team stops being listed as looking for a
-- team (profiles.looking_for_team = false, the one flag every listing reads), and a prompt
-- (public.looking_prompts) tells them so with a one-press "Keep me listed". Leaving or being removed (with
-- no other team left) asks whether to be listed again. The profile form's switch still sets the flag freely.

-- ---------------------------------------------------------------------------------------------------------
-- Open legs
-- ---------------------------------------------------------------------------------------------------------

-- The rule itself, for the functions and triggers below (no visibility check: they run as the definer on a
-- team row they already hold). The older name is kept: invitations and Athletes who fit call it.
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
create trigger refuse_suspended before insert or update or delete on public.team_urgent_fills
  for each statement execute function private.refuse_suspended_writer();

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
create trigger refuse_suspended before insert or update or delete on public.looking_prompts
  for each statement execute function private.refuse_suspended_writer();

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

-- ---------------------------------------------------------------------------------------------------------
-- The creator's writes keep the urgent need among the open legs
-- ---------------------------------------------------------------------------------------------------------

-- As before (both or neither, today or later), and the leg must be one the team still needs. Setting or
-- clearing a need answers the "Mark urgent again" notice.
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

-- The creator's edit, as before; an urgent need whose leg the new requirements no longer ask for ends.
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

revoke all on function private.follow_roster() from public, anon, authenticated;
revoke all on function
  public.answer_looking_prompt(boolean), public.dismiss_urgent_lapse(uuid), public.mark_urgent_again(uuid)
from public, anon;
grant execute on function
  public.answer_looking_prompt(boolean), public.dismiss_urgent_lapse(uuid), public.mark_urgent_again(uuid)
to authenticated;

-- ---------------------------------------------------------------------------------------------------------
-- Today's rows brought in line
-- ---------------------------------------------------------------------------------------------------------

-- Urgent needs of legs that are covered (or no longer asked for) end.
update public.teams t set urgent_role = null, urgent_by = null
where t.urgent_role is not null and not (t.urgent_role = any (private.team_missing_roles(t)));

-- Active members stop being listed; each is told once, with "Keep me listed" (their first active team).
with listed as (
  select distinct on (p.id) p.id as profile_id, t.id as team_id, t.name as team_name
  from public.profiles p
  join public.team_members m on m.profile_id = p.id and m.status = 'active'
  join public.teams t on t.id = m.team_id
  where p.looking_for_team
  order by p.id, m.joined_at
), prompted as (
  insert into public.looking_prompts (profile_id, reason, team_id, team_name)
  select profile_id, 'joined', team_id, team_name from listed
  on conflict (profile_id) do nothing
)
update public.profiles p set looking_for_team = false from listed l where p.id = l.profile_id;
