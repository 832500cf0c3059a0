-- Training sessions (docs/product.md#training-sessions): athletes (or a team, for its members) post group
-- sessions with a number of places; athletes take a place or join the waitlist of one occurrence.
--
-- Three tables. Clients only read them (RLS decides what); every write goes through the functions below,
-- which carry the rules, in the style of the teams migration (security definer, search_path '', the exact
-- text the app shows; P0001 a rule, P0002 not found, 42501 + hint FORBIDDEN not the host's).
--  * public.training_sessions: what the host posted: sport, meeting point (one of the known Noosa spots,
--    private.session_spots) and a note, duration, pace band, level, default places, who may join, route link,
--    the last-minute window and the late-cancel cut-off, and when: a first day and a local time, once, or
--    weekly (a small RRULE subset: FREQ=WEEKLY;BYDAY=…;UNTIL=… or COUNT=…, or neither for an ongoing series),
--    always in Australia/Brisbane (no daylight saving there, but the conversion is done by the zone anyway).
--  * public.session_occurrences: one row per date. A series is materialised on a rolling horizon (8 weeks)
--    by the scheduler (private.run_session_schedule, called by the notification worker's cron); each
--    occurrence can be moved, re-placed, given fewer or more places, or cancelled on its own. It keeps the
--    counts the rules need: going_count (athletes going) and held_count (places held by an offer to the head
--    of the waitlist). A CHECK keeps going_count + held_count <= places, so no path can overbook.
--  * public.session_rsvps: one row per athlete and occurrence, through its states: going, waitlisted, offered
--    (head: a held place with an expiry; open: the last-minute offer to the whole waitlist, first tap wins),
--    declined, cancelled (late_cancel inside the host's cut-off), attended and no_show (the host, afterwards).
--
-- Places and the waitlist:
--  * Taking a place is one conditional update of the occurrence (going + held < places, scheduled, not
--    started, nobody waiting): it either counts the athlete in or they join the waitlist.
--  * A freed place (leaving, a declined or expired offer, more places) is filled in the same transaction by
--    private.fill_places, which writes the offer's notification to the outbox: inside the last-minute window
--    (the host's hours before the start) the whole waitlist is offered it at once and the first to accept
--    gets it; before it, the head of the queue is offered it and it is held for them until the offer expires
--    (2 hours, or the window's start if sooner: then they go back to the waitlist, which is offered it
--    together). An offer left to expire before the window counts as declined.
--  * A past or cancelled occurrence is never offered: its offers are withdrawn (back to the waitlist).
--  * Fewer places never removes anyone going: places cannot go below the athletes going; offers that no
--    longer fit go back to the waitlist.
--  * Locks, always in this order: the athlete's own (advisory, per occurrence), the occurrence row, RSVP rows.
--
-- The weather call: the host marks an occurrence on, moved or cancelled in one call; everyone going,
-- waitlisted or offered is told through the outbox. Blocks keep two athletes out of each other's sessions;
-- suspension applies (refuse_suspended on the three tables); moderators hide a reported session or remove a
-- reported RSVP; deleting an account cancels the sessions it hosts with notice.

-- ---------------------------------------------------------------------------------------------------------
-- Tables
-- ---------------------------------------------------------------------------------------------------------

-- The known meeting points around Noosa; their names and places are in lib/sessions/spots.ts.
create or replace function private.session_spots()
returns text[] language sql immutable parallel safe set search_path = '' as $$
  select array['noosa_main_beach', 'noosa_woods', 'noosaville_foreshore', 'noosa_aquatic_centre', 'noosa_hill',
               'sunshine_beach', 'peregian_beach', 'tewantin_marina', 'noosa_national_park', 'lake_macdonald']
$$;

create or replace function private.session_days_valid(days smallint[])
returns boolean language sql immutable parallel safe set search_path = '' as $$
  select coalesce(array_ndims(days), 1) = 1 and cardinality(days) between 1 and 7
     and not exists (select 1 from unnest(days) d where d is null or d not between 1 and 7)
     and cardinality(days) = (select count(distinct d) from unnest(days) d)
$$;

create table public.training_sessions (
  id uuid primary key default gen_random_uuid(),
  host_id uuid not null references public.profiles (id) on delete cascade,
  -- A team's session: posted by one of its active members for the team (team-only, or open to anyone).
  team_id uuid references public.teams (id) on delete cascade,
  title text not null
    constraint training_sessions_title_text check (char_length(title) between 3 and 80 and private.is_safe_text(title)),
  details text
    constraint training_sessions_details_text
    check (char_length(details) between 1 and 1000 and private.is_safe_text(details, true)),
  sport text not null
    constraint training_sessions_sport_enum check (sport in ('swim', 'open_water_swim', 'bike', 'run', 'brick')),
  meeting_point text not null
    constraint training_sessions_meeting_point_enum check (meeting_point = any (private.session_spots())),
  meeting_note text
    constraint training_sessions_meeting_note_text
    check (char_length(meeting_note) between 1 and 140 and private.is_safe_text(meeting_note)),
  duration_minutes int not null constraint training_sessions_duration_range check (duration_minutes between 15 and 480),
  -- Pace band: seconds per 100 m (swim), seconds per km (run) or km/h (bike), from the lower number to the higher.
  pace_unit text constraint training_sessions_pace_unit_enum check (pace_unit in ('per_100m', 'per_km', 'kmh')),
  pace_from int,
  pace_to int,
  constraint training_sessions_pace_band check (
    (pace_unit is null and pace_from is null and pace_to is null)
    or (pace_from <= pace_to and case pace_unit
          when 'per_100m' then pace_from >= 50 and pace_to <= 300
          when 'per_km' then pace_from >= 150 and pace_to <= 600
          when 'kmh' then pace_from >= 10 and pace_to <= 60 end)),
  level text not null
    constraint training_sessions_level_enum check (level in ('all', 'beginner', 'intermediate', 'advanced', 'elite')),
  -- Places for each new occurrence (an occurrence's own places may differ).
  places int not null constraint training_sessions_places_range check (places between 1 and 50),
  who_may_join text not null default 'anyone'
    constraint training_sessions_who_may_join_enum check (who_may_join in ('anyone', 'team')),
  constraint training_sessions_team_only_needs_team check (who_may_join = 'anyone' or team_id is not null),
  route_url text
    constraint training_sessions_route_url_format check (route_url ~ '^https://[^[:space:]]+$' and char_length(route_url) <= 500),
  last_minute_hours int not null default 3 constraint training_sessions_last_minute_range check (last_minute_hours between 0 and 24),
  late_cancel_hours int not null default 12 constraint training_sessions_late_cancel_range check (late_cancel_hours between 0 and 72),
  -- When: the first day and the local start time; repeat_days (ISO 1 = Monday … 7 = Sunday) makes a weekly
  -- series, until a day, for a number of sessions, or ongoing.
  first_day date not null,
  local_time time not null,
  repeat_days smallint[] constraint training_sessions_repeat_days_valid check (private.session_days_valid(repeat_days)),
  repeat_until date,
  repeat_count int constraint training_sessions_repeat_count_range check (repeat_count between 1 and 52),
  constraint training_sessions_repeat_shape check (
    (repeat_days is null and repeat_until is null and repeat_count is null)
    or (repeat_days is not null and (repeat_until is null or repeat_count is null))),
  constraint training_sessions_repeat_until_range
    check (repeat_until between first_day and first_day + 366),
  time_zone text not null default 'Australia/Brisbane'
    constraint training_sessions_time_zone check (time_zone = 'Australia/Brisbane'),
  -- The last day the scheduler has made occurrences for.
  materialised_through date,
  status text not null default 'active' constraint training_sessions_status_enum check (status in ('active', 'cancelled')),
  -- Set by a moderator: nobody but the host sees it any more.
  hidden_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.training_sessions is
  'Group training sessions as posted (one-off or weekly). Readable as private.session_visible_to_me says; writes through SQL functions.';

create index training_sessions_host_idx on public.training_sessions (host_id);

create index training_sessions_team_idx on public.training_sessions (team_id) where team_id is not null;

create index training_sessions_to_materialise_idx on public.training_sessions (materialised_through)
  where status = 'active' and repeat_days is not null;

create table public.session_occurrences (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references public.training_sessions (id) on delete cascade,
  -- The local start the rule gave it (RECURRENCE-ID in a calendar): unique per session, kept when it moves.
  occurrence_key timestamp not null,
  starts_at timestamptz not null,
  -- A move to another spot for this date only (null: the session's).
  meeting_point text
    constraint session_occurrences_meeting_point_enum check (meeting_point = any (private.session_spots())),
  meeting_note text
    constraint session_occurrences_meeting_note_text
    check (char_length(meeting_note) between 1 and 140 and private.is_safe_text(meeting_note)),
  places int not null constraint session_occurrences_places_range check (places between 1 and 50),
  going_count int not null default 0 constraint session_occurrences_going_count_range check (going_count >= 0),
  held_count int not null default 0 constraint session_occurrences_held_count_range check (held_count >= 0),
  constraint session_occurrences_within_places check (going_count + held_count <= places),
  status text not null default 'scheduled'
    constraint session_occurrences_status_enum check (status in ('scheduled', 'cancelled')),
  cancel_reason text constraint session_occurrences_cancel_reason_enum
    check (cancel_reason in ('host', 'weather', 'series', 'host_left', 'moderator')),
  constraint session_occurrences_cancel_pair check ((status = 'cancelled') = (cancel_reason is not null)),
  -- The host's last weather call, if any.
  weather_call text constraint session_occurrences_weather_call_enum check (weather_call in ('on', 'moved', 'cancelled')),
  weather_called_at timestamptz,
  moved_at timestamptz,
  -- Bumped by every change a calendar must pick up (SEQUENCE in iCalendar).
  sequence int not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint session_occurrences_key unique (session_id, occurrence_key)
);

comment on table public.session_occurrences is
  'One date of a training session, with its places and counts (going + held by an offer <= places).';

create index session_occurrences_upcoming_idx on public.session_occurrences (starts_at) where status = 'scheduled';

create index session_occurrences_session_idx on public.session_occurrences (session_id, starts_at);

create table public.session_rsvps (
  id uuid primary key default gen_random_uuid(),
  occurrence_id uuid not null references public.session_occurrences (id) on delete cascade,
  profile_id uuid not null references public.profiles (id) on delete cascade,
  state text not null constraint session_rsvps_state_enum
    check (state in ('going', 'waitlisted', 'offered', 'declined', 'cancelled', 'attended', 'no_show')),
  -- The place in the queue while waitlisted or offered (an open offer that is taken by someone else keeps it).
  waitlisted_at timestamptz,
  offer_kind text constraint session_rsvps_offer_kind_enum check (offer_kind in ('head', 'open')),
  offer_expires_at timestamptz,
  constraint session_rsvps_offer_shape
    check ((state = 'offered') = (offer_kind is not null) and (state = 'offered') = (offer_expires_at is not null)),
  constraint session_rsvps_queue_position check (state not in ('waitlisted', 'offered') or waitlisted_at is not null),
  late_cancel boolean not null default false,
  constraint session_rsvps_late_only_cancelled check (not late_cancel or state = 'cancelled'),
  cancelled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint session_rsvps_one_per_athlete unique (occurrence_id, profile_id)
);

comment on table public.session_rsvps is
  'An athlete''s answer to one occurrence, through going, waitlisted, offered, declined, cancelled, attended, no_show.';

create index session_rsvps_queue_idx on public.session_rsvps (occurrence_id, state, waitlisted_at);

create index session_rsvps_profile_idx on public.session_rsvps (profile_id, state);

create index session_rsvps_offer_expiry_idx on public.session_rsvps (offer_expires_at) where state = 'offered';

create trigger training_sessions_set_updated_at before update on public.training_sessions
  for each row execute function private.set_updated_at();

create trigger session_occurrences_set_updated_at before update on public.session_occurrences
  for each row execute function private.set_updated_at();

create trigger session_rsvps_set_updated_at before update on public.session_rsvps
  for each row execute function private.set_updated_at();

create trigger refuse_suspended before insert or update or delete on public.training_sessions
  for each statement execute function private.refuse_suspended_writer();

create trigger refuse_suspended before insert or update or delete on public.session_occurrences
  for each statement execute function private.refuse_suspended_writer();

create trigger refuse_suspended before insert or update or delete on public.session_rsvps
  for each statement execute function private.refuse_suspended_writer();

-- ---------------------------------------------------------------------------------------------------------
-- Who sees what
-- ---------------------------------------------------------------------------------------------------------
-- A session is visible to its host always; to anyone else (visitors too) unless a moderator hid it, it is
-- team-only and they are not an active member of its team, or they and the host blocked each other. The
-- one rule every reader asks (the policies below, the listing, the page, the functions).
create or replace function private.session_visible_to_me(s public.training_sessions)
returns boolean language sql stable security definer set search_path = '' as $$
  with me as (select private.my_profile_id() as id)
  select (s.host_id = me.id) is true
      or (s.hidden_at is null
          and (s.who_may_join = 'anyone'
               or exists (select 1 from public.team_members m
                          where m.team_id = s.team_id and m.profile_id = me.id and m.status = 'active'))
          and (me.id is null or not private.blocked_between(me.id, s.host_id)))
  from me
$$;

revoke all on function private.session_visible_to_me(public.training_sessions) from public;

grant execute on function private.session_visible_to_me(public.training_sessions) to anon, authenticated, service_role;

-- The occurrences of the sessions the caller hosts (the RSVP policy, once per statement).
create or replace function private.my_hosted_occurrence_ids()
returns setof uuid language sql stable security definer set search_path = '' as $$
  select o.id from public.session_occurrences o
  join public.training_sessions s on s.id = o.session_id
  where s.host_id = (select private.my_profile_id())
$$;

revoke all on function private.my_hosted_occurrence_ids() from public;

grant execute on function private.my_hosted_occurrence_ids() to authenticated;

alter table public.training_sessions enable row level security;

alter table public.session_occurrences enable row level security;

alter table public.session_rsvps enable row level security;

create policy training_sessions_select on public.training_sessions
  for select to anon, authenticated using (private.session_visible_to_me(training_sessions));

create policy session_occurrences_select on public.session_occurrences
  for select to anon, authenticated
  using (session_id in (select s.id from public.training_sessions s));

-- One's own answers, and the host's view of their sessions. Who else is going is read through
-- public.session_attendees (names as the profiles' privacy allows).
create policy session_rsvps_select on public.session_rsvps
  for select to authenticated
  using (profile_id = (select private.my_profile_id())
         or occurrence_id in (select private.my_hosted_occurrence_ids()));

revoke all on public.training_sessions, public.session_occurrences, public.session_rsvps from anon, authenticated;

grant select on public.training_sessions, public.session_occurrences to anon, authenticated;

grant select on public.session_rsvps to authenticated;

grant all on public.training_sessions, public.session_occurrences, public.session_rsvps to service_role;

-- ---------------------------------------------------------------------------------------------------------
-- The outbox learns the session kinds
-- ---------------------------------------------------------------------------------------------------------
-- session_offer: a place offered to you (head or open); session_change: an occurrence moved, cancelled or
-- called on (a snapshot of what changed in `detail`, JSON, so a notice outlives a deleted session);
-- session_reminder: the evening before, to those going; session_summary: the evening before, to the host.
alter table private.notification_outbox drop constraint notification_outbox_kind_enum;

alter table private.notification_outbox add constraint notification_outbox_kind_enum
  check (kind in ('join_request', 'decision', 'message', 'urgent_alert', 'team_closed', 'interest_confirm',
                  'invitation', 'team_chat', 'session_offer', 'session_change', 'session_reminder',
                  'session_summary'));

alter table private.notification_outbox
  add column session_occurrence_id uuid references public.session_occurrences (id) on delete set null;

create index notification_outbox_session_occurrence_idx on private.notification_outbox (session_occurrence_id)
  where session_occurrence_id is not null;

-- Two switches: reminders (the evening before, and the host's summary) and places and changes (offers,
-- moves, cancellations, weather calls). Both on by default.
alter table public.notification_settings
  add column session_reminders boolean not null default true,
  add column session_updates boolean not null default true;

grant insert (session_reminders, session_updates), update (session_reminders, session_updates)
  on public.notification_settings to authenticated;

create or replace function private.wants_notification(profile uuid, kind text)
returns boolean language sql stable security definer set search_path = '' as $$
  select case kind
    when 'join_request' then coalesce(s.join_requests, true)
    -- "Join requests and invitations": being asked to join is the invitee's side of the same thing.
    when 'invitation' then coalesce(s.join_requests, true)
    when 'decision' then coalesce(s.decisions, true)
    -- A team you were in or asked to join was closed: news about your requests, switched with decisions.
    when 'team_closed' then coalesce(s.decisions, true)
    when 'message' then coalesce(s.messages, true)
    -- A message in your team's chat is a new message like any other.
    when 'team_chat' then coalesce(s.messages, true)
    when 'urgent_alert' then coalesce(s.urgent_alerts, false)
    when 'session_offer' then coalesce(s.session_updates, true)
    when 'session_change' then coalesce(s.session_updates, true)
    when 'session_reminder' then coalesce(s.session_reminders, true)
    when 'session_summary' then coalesce(s.session_reminders, true)
    else false
  end
  from (select 1) one
  left join public.notification_settings s on s.profile_id = profile
$$;

create or replace function private.unsubscribe(profile uuid, kind text)
returns boolean language plpgsql security definer set search_path = '' as $$
begin
  if kind not in ('join_request', 'decision', 'message', 'urgent_alert', 'session_reminder', 'session_update') then
    raise exception 'Unknown notification kind' using errcode = '22023';
  end if;
  if not exists (select 1 from public.profiles p where p.id = profile) then
    return false;
  end if;
  insert into public.notification_settings (profile_id) values (profile) on conflict (profile_id) do nothing;
  update public.notification_settings s set
    join_requests = case when kind = 'join_request' then false else s.join_requests end,
    decisions = case when kind = 'decision' then false else s.decisions end,
    messages = case when kind = 'message' then false else s.messages end,
    urgent_alerts = case when kind = 'urgent_alert' then false else s.urgent_alerts end,
    session_reminders = case when kind = 'session_reminder' then false else s.session_reminders end,
    session_updates = case when kind = 'session_update' then false else s.session_updates end
  where s.profile_id = profile;
  return true;
end;
$$;

revoke all on function private.wants_notification(uuid, text), private.unsubscribe(uuid, text)
  from public, anon, authenticated;

grant execute on function private.unsubscribe(uuid, text) to service_role;

-- ---------------------------------------------------------------------------------------------------------
-- Helpers
-- ---------------------------------------------------------------------------------------------------------

-- The start of the last-minute window of an occurrence.
create or replace function private.last_minute_from(o public.session_occurrences, s public.training_sessions)
returns timestamptz language sql immutable set search_path = '' as $$
  select o.starts_at - make_interval(hours => s.last_minute_hours)
$$;

-- What a change notice says, frozen when it is made: the session's title, the occurrence's start and spot
-- after the change, and what happened.
create or replace function private.session_snapshot(o public.session_occurrences, what text, reason text default null)
returns text language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'what', what, 'reason', reason, 'session_id', s.id, 'occurrence_id', o.id, 'title', s.title,
    'sport', s.sport, 'starts_at', o.starts_at, 'meeting_point', coalesce(o.meeting_point, s.meeting_point),
    'meeting_note', coalesce(o.meeting_note, s.meeting_note))::text
  from public.training_sessions s where s.id = o.session_id
$$;

-- A change notice to everyone going, waitlisted or offered (the dedupe key makes a repeat of the same call
-- on the same version of the occurrence one notice).
create or replace function private.queue_session_change(o public.session_occurrences, what text, reason text default null)
returns void language plpgsql security definer set search_path = '' as $$
declare
  snapshot text := private.session_snapshot(o, what, reason);
begin
  insert into private.notification_outbox (kind, dedupe_key, recipient_id, session_occurrence_id, detail)
  select 'session_change', format('session_change:%s:%s:%s:%s', o.id, what, o.sequence, r.profile_id),
         r.profile_id, o.id, snapshot
  from public.session_rsvps r
  where r.occurrence_id = o.id and r.state in ('going', 'waitlisted', 'offered')
  on conflict do nothing;
end;
$$;

-- Offers that no longer stand (the occurrence is past or cancelled, or too few places) go back to the
-- waitlist, keeping their place in the queue.
create or replace function private.withdraw_offers(occ uuid)
returns void language plpgsql security definer set search_path = '' as $$
begin
  update public.session_rsvps set state = 'waitlisted', offer_kind = null, offer_expires_at = null
  where occurrence_id = occ and state = 'offered';
  update public.session_occurrences set held_count = 0 where id = occ and held_count <> 0;
end;
$$;

-- Fills the free places of an occurrence from its waitlist (see the header), writing each offer's
-- notification to the outbox in the same transaction. Locks the occurrence row.
create or replace function private.fill_places(occ uuid, p_now timestamptz default now())
returns void language plpgsql security definer set search_path = '' as $$
declare
  o public.session_occurrences;
  s public.training_sessions;
  free int;
  offered int;
begin
  select * into o from public.session_occurrences where id = occ for update;
  if o.id is null then return; end if;
  select * into s from public.training_sessions where id = o.session_id;
  if o.status <> 'scheduled' or o.starts_at <= p_now or s.status <> 'active' or s.hidden_at is not null then
    perform private.withdraw_offers(o.id);
    return;
  end if;
  free := o.places - o.going_count - o.held_count;
  if free <= 0 then
    -- The last place went: an open offer is over for everyone else.
    update public.session_rsvps set state = 'waitlisted', offer_kind = null, offer_expires_at = null
    where occurrence_id = o.id and state = 'offered' and offer_kind = 'open';
    return;
  end if;
  if p_now >= private.last_minute_from(o, s) then
    with opened as (
      update public.session_rsvps r set state = 'offered', offer_kind = 'open', offer_expires_at = o.starts_at
      where r.occurrence_id = o.id and r.state = 'waitlisted'
      returning r.id, r.profile_id
    )
    insert into private.notification_outbox (kind, dedupe_key, recipient_id, session_occurrence_id, detail)
    select 'session_offer', format('session_offer:%s:%s', x.id, pg_current_xact_id()), x.profile_id, o.id, 'open'
    from opened x
    on conflict do nothing;
  else
    with heads as (
      select r.id from public.session_rsvps r
      where r.occurrence_id = o.id and r.state = 'waitlisted'
      order by r.waitlisted_at, r.id
      limit free
    ), made as (
      update public.session_rsvps r set state = 'offered', offer_kind = 'head',
        offer_expires_at = least(p_now + interval '2 hours', private.last_minute_from(o, s))
      from heads where r.id = heads.id
      returning r.id, r.profile_id
    ), queued as (
      insert into private.notification_outbox (kind, dedupe_key, recipient_id, session_occurrence_id, detail)
      select 'session_offer', format('session_offer:%s:%s', m.id, pg_current_xact_id()), m.profile_id, o.id, 'head'
      from made m
      on conflict do nothing
    )
    select count(*)::int into offered from made;
    if offered > 0 then
      update public.session_occurrences set held_count = held_count + offered where id = o.id;
    end if;
  end if;
end;
$$;

-- Gives up an athlete's place or offer (leaving, a block, account deletion, a moderator): the RSVP becomes
-- cancelled and the counts follow. The caller holds the occurrence row lock and fills the place after.
create or replace function private.release_rsvp(r public.session_rsvps, late boolean)
returns void language plpgsql security definer set search_path = '' as $$
begin
  if r.state = 'going' then
    update public.session_occurrences set going_count = going_count - 1 where id = r.occurrence_id;
  elsif r.state = 'offered' and r.offer_kind = 'head' then
    update public.session_occurrences set held_count = held_count - 1 where id = r.occurrence_id;
  end if;
  update public.session_rsvps set state = 'cancelled', late_cancel = (late and r.state = 'going'),
    cancelled_at = now(), offer_kind = null, offer_expires_at = null
  where id = r.id;
end;
$$;

-- Makes a session's occurrences up to the horizon (8 weeks from today in Noosa): a one-off's one date, a
-- series' days by its rule, never one already started, never more than its count.
create or replace function private.materialise_session(p_session uuid, p_now timestamptz default now())
returns int language plpgsql security definer set search_path = '' as $$
declare
  s public.training_sessions;
  horizon date := (p_now at time zone 'Australia/Brisbane')::date + 56;
  last_day date;
  made int := 0;
  existing int;
begin
  select * into s from public.training_sessions where id = p_session for update;
  if s.id is null or s.status <> 'active' then return 0; end if;
  if s.repeat_days is null then
    if s.materialised_through is null then
      insert into public.session_occurrences (session_id, occurrence_key, starts_at, places)
      values (s.id, s.first_day + s.local_time, (s.first_day + s.local_time) at time zone s.time_zone, s.places)
      on conflict do nothing;
      get diagnostics made = row_count;
      update public.training_sessions set materialised_through = s.first_day where id = s.id;
    end if;
    return made;
  end if;
  last_day := least(coalesce(s.repeat_until, horizon), horizon);
  if s.materialised_through is not null and s.materialised_through >= last_day then return 0; end if;
  select count(*)::int into existing from public.session_occurrences where session_id = s.id;
  insert into public.session_occurrences (session_id, occurrence_key, starts_at, places)
  select s.id, d.day + s.local_time, (d.day + s.local_time) at time zone s.time_zone, s.places
  from (
    select g::date as day from generate_series(
      greatest(s.first_day, coalesce(s.materialised_through + 1, s.first_day)), last_day, interval '1 day') g
  ) d
  where extract(isodow from d.day)::smallint = any (s.repeat_days)
    and (d.day + s.local_time) at time zone s.time_zone > p_now
  order by d.day
  limit case when s.repeat_count is null then null else greatest(s.repeat_count - existing, 0) end
  on conflict do nothing;
  get diagnostics made = row_count;
  update public.training_sessions set materialised_through = last_day where id = s.id;
  return made;
end;
$$;

-- The occurrence (locked) of a session the caller hosts, or not found / forbidden.
create or replace function private.lock_hosted_occurrence(occ uuid)
returns public.session_occurrences language plpgsql security definer set search_path = '' as $$
declare
  o public.session_occurrences;
  me uuid := (private.require_my_profile()).id;
begin
  select * into o from public.session_occurrences where id = occ for update;
  if o.id is null then
    raise exception 'Session not found' using errcode = 'P0002';
  end if;
  if not exists (select 1 from public.training_sessions s where s.id = o.session_id and s.host_id = me) then
    raise exception 'Forbidden: only the host can change this session' using errcode = '42501', hint = 'FORBIDDEN';
  end if;
  return o;
end;
$$;

-- The same for an upcoming, scheduled occurrence (what moves, places and calls need).
create or replace function private.lock_upcoming_hosted_occurrence(occ uuid)
returns public.session_occurrences language plpgsql security definer set search_path = '' as $$
declare
  o public.session_occurrences := private.lock_hosted_occurrence(occ);
begin
  if o.status = 'cancelled' then
    raise exception 'This session is cancelled' using errcode = 'P0001';
  end if;
  if o.starts_at <= now() then
    raise exception 'This session has already started' using errcode = 'P0001';
  end if;
  return o;
end;
$$;

-- Places of an occurrence: never below the athletes going; offers that no longer fit go back to the
-- waitlist (the newest first); more places are offered at once. The caller holds the row lock.
create or replace function private.apply_places(occ uuid, n int)
returns void language plpgsql security definer set search_path = '' as $$
declare
  o public.session_occurrences;
  excess int;
begin
  select * into o from public.session_occurrences where id = occ for update;
  excess := o.going_count + o.held_count - n;
  if excess > 0 then
    update public.session_rsvps r set state = 'waitlisted', offer_kind = null, offer_expires_at = null
    where r.id in (select x.id from public.session_rsvps x
                   where x.occurrence_id = occ and x.state = 'offered' and x.offer_kind = 'head'
                   order by x.waitlisted_at desc, x.id desc limit excess);
    update public.session_occurrences set held_count = held_count - excess where id = occ;
  end if;
  update public.session_occurrences set places = n where id = occ;
  perform private.fill_places(occ);
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- The host: post, edit, cancel, move, places, weather call, attendance
-- ---------------------------------------------------------------------------------------------------------

-- Posts a session from the form's fields (jsonb: title, details, sport, meeting_point, meeting_note,
-- duration_minutes, pace_unit, pace_from, pace_to, level, places, who_may_join, team_id, route_url,
-- last_minute_hours, late_cancel_hours, first_day, local_time, repeat_days, repeat_until, repeat_count) and
-- makes its occurrences. Returns {session_id, occurrence_id} (the first occurrence).
create or replace function public.create_training_session(p jsonb)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  me public.profiles := private.require_my_profile();
  s public.training_sessions;
  team uuid := nullif(p ->> 'team_id', '')::uuid;
  first_occurrence uuid;
begin
  if jsonb_typeof(p) is distinct from 'object' then
    raise exception 'Fill in the session''s details' using errcode = '22023';
  end if;
  -- The form's own id for the session: pressing Post twice makes one session.
  if p ? 'id' then
    select * into s from public.training_sessions x where x.id = (p ->> 'id')::uuid;
    if s.id is not null then
      if s.host_id <> me.id then
        raise exception 'Some of the session''s details are not valid: check the form' using errcode = 'P0001';
      end if;
      return jsonb_build_object('session_id', s.id, 'occurrence_id',
        (select o.id from public.session_occurrences o where o.session_id = s.id order by o.starts_at limit 1));
    end if;
  end if;
  if (p ->> 'first_day')::date < private.noosa_today() then
    raise exception 'The first day can''t be in the past' using errcode = 'P0001';
  end if;
  if team is not null and not exists (
      select 1 from public.team_members m where m.team_id = team and m.profile_id = me.id and m.status = 'active') then
    raise exception 'Only the team''s members can post a session for it' using errcode = 'P0001';
  end if;
  if (select count(*) from public.training_sessions x
      where x.host_id = me.id and x.status = 'active'
        and exists (select 1 from public.session_occurrences o
                    where o.session_id = x.id and o.status = 'scheduled' and o.starts_at > now())) >= 20 then
    raise exception 'You can host up to 20 sessions at a time: cancel one you no longer run first' using errcode = 'P0001';
  end if;
  begin
    insert into public.training_sessions (
      id, host_id, team_id, title, details, sport, meeting_point, meeting_note, duration_minutes, pace_unit, pace_from,
      pace_to, level, places, who_may_join, route_url, last_minute_hours, late_cancel_hours, first_day, local_time,
      repeat_days, repeat_until, repeat_count)
    values (
      coalesce((p ->> 'id')::uuid, gen_random_uuid()), me.id, team, p ->> 'title', nullif(p ->> 'details', ''), p ->> 'sport', p ->> 'meeting_point',
      nullif(p ->> 'meeting_note', ''), (p ->> 'duration_minutes')::int, nullif(p ->> 'pace_unit', ''),
      (p ->> 'pace_from')::int, (p ->> 'pace_to')::int, coalesce(p ->> 'level', 'all'), (p ->> 'places')::int,
      coalesce(nullif(p ->> 'who_may_join', ''), 'anyone'), nullif(p ->> 'route_url', ''),
      coalesce((p ->> 'last_minute_hours')::int, 3), coalesce((p ->> 'late_cancel_hours')::int, 12),
      (p ->> 'first_day')::date, (p ->> 'local_time')::time,
      case when jsonb_typeof(p -> 'repeat_days') = 'array' and jsonb_array_length(p -> 'repeat_days') > 0
           then array(select jsonb_array_elements_text(p -> 'repeat_days')::smallint) end,
      (p ->> 'repeat_until')::date, (p ->> 'repeat_count')::int)
    returning * into s;
  exception
    when check_violation or not_null_violation or invalid_text_representation or invalid_datetime_format
         or datetime_field_overflow or numeric_value_out_of_range or string_data_right_truncation then
      raise exception 'Some of the session''s details are not valid: check the form' using errcode = 'P0001',
        detail = sqlerrm;
  end;
  if (s.first_day + s.local_time) at time zone s.time_zone <= now() and s.repeat_days is null then
    raise exception 'The session must start in the future' using errcode = 'P0001';
  end if;
  if s.first_day > private.noosa_today() + 365 then
    raise exception 'A session can be posted up to a year ahead' using errcode = 'P0001';
  end if;
  perform private.materialise_session(s.id);
  select o.id into first_occurrence from public.session_occurrences o where o.session_id = s.id
  order by o.starts_at limit 1;
  if first_occurrence is null then
    raise exception 'These days and dates give no session in the future' using errcode = 'P0001';
  end if;
  return jsonb_build_object('session_id', s.id, 'occurrence_id', first_occurrence);
end;
$$;

-- The host edits what the session is (not when: dates move one by one, a series' days are a new series).
-- New default places apply to its upcoming occurrences too, never below the athletes going in each.
create or replace function public.update_training_session(p_session uuid, p jsonb)
returns uuid language plpgsql security definer set search_path = '' as $$
declare
  me uuid := (private.require_my_profile()).id;
  s public.training_sessions;
  o record;
begin
  select * into s from public.training_sessions where id = p_session for update;
  if s.id is null or not private.session_visible_to_me(s) then
    raise exception 'Session not found' using errcode = 'P0002';
  end if;
  if s.host_id <> me then
    raise exception 'Forbidden: only the host can change this session' using errcode = '42501', hint = 'FORBIDDEN';
  end if;
  begin
    update public.training_sessions set
      title = p ->> 'title', details = nullif(p ->> 'details', ''), sport = p ->> 'sport',
      meeting_point = p ->> 'meeting_point', meeting_note = nullif(p ->> 'meeting_note', ''),
      duration_minutes = (p ->> 'duration_minutes')::int, pace_unit = nullif(p ->> 'pace_unit', ''),
      pace_from = (p ->> 'pace_from')::int, pace_to = (p ->> 'pace_to')::int, level = coalesce(p ->> 'level', 'all'),
      places = (p ->> 'places')::int, who_may_join = coalesce(nullif(p ->> 'who_may_join', ''), 'anyone'),
      route_url = nullif(p ->> 'route_url', ''),
      last_minute_hours = coalesce((p ->> 'last_minute_hours')::int, 3),
      late_cancel_hours = coalesce((p ->> 'late_cancel_hours')::int, 12)
    where id = s.id
    returning * into s;
  exception
    when check_violation or not_null_violation or invalid_text_representation or numeric_value_out_of_range
         or string_data_right_truncation then
      raise exception 'Some of the session''s details are not valid: check the form' using errcode = 'P0001',
        detail = sqlerrm;
  end;
  for o in
    select x.id, x.going_count from public.session_occurrences x
    where x.session_id = s.id and x.status = 'scheduled' and x.starts_at > now() and x.places <> s.places
    order by x.starts_at for update
  loop
    perform private.apply_places(o.id, greatest(s.places, o.going_count));
  end loop;
  return s.id;
end;
$$;

-- Cancels a whole session (every upcoming date) and stops the series; each date's people are told.
create or replace function public.cancel_training_session(p_session uuid)
returns int language plpgsql security definer set search_path = '' as $$
declare
  me uuid := (private.require_my_profile()).id;
  s public.training_sessions;
  o public.session_occurrences;
  n int := 0;
begin
  select * into s from public.training_sessions where id = p_session for update;
  if s.id is null or not private.session_visible_to_me(s) then
    raise exception 'Session not found' using errcode = 'P0002';
  end if;
  if s.host_id <> me then
    raise exception 'Forbidden: only the host can change this session' using errcode = '42501', hint = 'FORBIDDEN';
  end if;
  update public.training_sessions set status = 'cancelled' where id = s.id and status = 'active';
  for o in
    select * from public.session_occurrences x
    where x.session_id = s.id and x.status = 'scheduled' and x.starts_at > now() order by x.starts_at for update
  loop
    update public.session_occurrences set status = 'cancelled', cancel_reason = 'series', sequence = sequence + 1
    where id = o.id returning * into o;
    perform private.withdraw_offers(o.id);
    perform private.queue_session_change(o, 'cancelled', 'host');
    n := n + 1;
  end loop;
  return n;
end;
$$;

-- Cancels one date (reason 'host' or 'weather'); a repeat changes nothing.
create or replace function public.cancel_session_occurrence(p_occurrence uuid, p_reason text default 'host')
returns text language plpgsql security definer set search_path = '' as $$
declare
  o public.session_occurrences := private.lock_hosted_occurrence(p_occurrence);
begin
  if p_reason not in ('host', 'weather') then
    raise exception 'Choose why the session is cancelled' using errcode = '22023';
  end if;
  if o.status = 'cancelled' then return 'cancelled'; end if;
  if o.starts_at <= now() then
    raise exception 'This session has already started' using errcode = 'P0001';
  end if;
  update public.session_occurrences set status = 'cancelled', cancel_reason = p_reason, sequence = sequence + 1,
    weather_call = case when p_reason = 'weather' then 'cancelled' else weather_call end,
    weather_called_at = case when p_reason = 'weather' then now() else weather_called_at end
  where id = o.id returning * into o;
  perform private.withdraw_offers(o.id);
  perform private.queue_session_change(o, 'cancelled', p_reason);
  return 'cancelled';
end;
$$;

-- Moves one date to a new start and/or spot (null keeps it). Everyone going or waiting is told; a move
-- that changes nothing tells nobody.
create or replace function public.move_session_occurrence(
  p_occurrence uuid, p_starts_at timestamptz, p_meeting_point text default null, p_meeting_note text default null,
  p_weather boolean default false
) returns text language plpgsql security definer set search_path = '' as $$
declare
  o public.session_occurrences := private.lock_upcoming_hosted_occurrence(p_occurrence);
  before public.session_occurrences := o;
  s public.training_sessions;
begin
  select * into s from public.training_sessions where id = o.session_id;
  if p_starts_at is not null and p_starts_at <= now() then
    raise exception 'The new start must be in the future' using errcode = 'P0001';
  end if;
  if p_starts_at is not null and p_starts_at > now() + interval '366 days' then
    raise exception 'A session can be moved up to a year ahead' using errcode = 'P0001';
  end if;
  begin
    update public.session_occurrences set
      starts_at = coalesce(p_starts_at, starts_at),
      meeting_point = case when p_meeting_point is null then meeting_point
                           when p_meeting_point = s.meeting_point then null else p_meeting_point end,
      meeting_note = coalesce(nullif(p_meeting_note, ''), meeting_note)
    where id = o.id returning * into o;
  exception when check_violation then
    raise exception 'Choose a meeting point from the list' using errcode = 'P0001';
  end;
  if o.starts_at = before.starts_at and o.meeting_point is not distinct from before.meeting_point
     and o.meeting_note is not distinct from before.meeting_note then
    if p_weather then
      raise exception 'Give the new time or place, or call it on' using errcode = 'P0001';
    end if;
    return 'unchanged';
  end if;
  update public.session_occurrences set moved_at = now(), sequence = sequence + 1,
    weather_call = case when p_weather then 'moved' else weather_call end,
    weather_called_at = case when p_weather then now() else weather_called_at end
  where id = o.id returning * into o;
  -- A held offer never outlasts the new window's start (the scheduler then offers it to everyone).
  update public.session_rsvps set offer_expires_at = least(offer_expires_at, private.last_minute_from(o, s))
  where occurrence_id = o.id and state = 'offered' and offer_kind = 'head';
  update public.session_rsvps set offer_expires_at = o.starts_at
  where occurrence_id = o.id and state = 'offered' and offer_kind = 'open';
  perform private.queue_session_change(o, 'moved', case when p_weather then 'weather' end);
  return 'moved';
end;
$$;

-- The weather call in one tap: 'on' (it goes ahead), 'moved' (new time and/or spot), 'cancelled'.
create or replace function public.call_session_weather(
  p_occurrence uuid, p_call text, p_starts_at timestamptz default null, p_meeting_point text default null,
  p_meeting_note text default null
) returns text language plpgsql security definer set search_path = '' as $$
declare
  o public.session_occurrences;
begin
  if p_call = 'cancelled' then
    return public.cancel_session_occurrence(p_occurrence, 'weather');
  elsif p_call = 'moved' then
    return public.move_session_occurrence(p_occurrence, p_starts_at, p_meeting_point, p_meeting_note, true);
  elsif p_call = 'on' then
    o := private.lock_upcoming_hosted_occurrence(p_occurrence);
    update public.session_occurrences set weather_call = 'on', weather_called_at = now() where id = o.id
    returning * into o;
    perform private.queue_session_change(o, 'on', 'weather');
    return 'on';
  end if;
  raise exception 'Call it on, moved or cancelled' using errcode = '22023';
end;
$$;

-- Places of one date: more are offered from the waitlist at once; fewer never below those going.
create or replace function public.set_session_places(p_occurrence uuid, p_places int)
returns int language plpgsql security definer set search_path = '' as $$
declare
  o public.session_occurrences := private.lock_upcoming_hosted_occurrence(p_occurrence);
begin
  if p_places is null or p_places not between 1 and 50 then
    raise exception 'Places must be between 1 and 50' using errcode = 'P0001';
  end if;
  if p_places < o.going_count then
    raise exception '% athletes are going: places can''t go below that', o.going_count using errcode = 'P0001';
  end if;
  if p_places <> o.places then
    perform private.apply_places(o.id, p_places);
  end if;
  return p_places;
end;
$$;

-- After the start, the host marks who came: attended or no-show (only those who were going, or marked).
create or replace function public.mark_session_attendance(p_rsvp uuid, p_attended boolean)
returns text language plpgsql security definer set search_path = '' as $$
declare
  r public.session_rsvps;
  o public.session_occurrences;
begin
  select * into r from public.session_rsvps where id = p_rsvp;
  if r.id is null then
    raise exception 'Session not found' using errcode = 'P0002';
  end if;
  o := private.lock_hosted_occurrence(r.occurrence_id);
  if o.starts_at > now() then
    raise exception 'Attendance is marked once the session has started' using errcode = 'P0001';
  end if;
  if o.status = 'cancelled' then
    raise exception 'This session is cancelled' using errcode = 'P0001';
  end if;
  if r.state not in ('going', 'attended', 'no_show') then
    raise exception 'Only athletes who were going can be marked' using errcode = 'P0001';
  end if;
  update public.session_rsvps set state = case when p_attended then 'attended' else 'no_show' end
  where id = r.id returning * into r;
  return r.state;
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- The athlete: take a place, accept or decline an offer, leave
-- ---------------------------------------------------------------------------------------------------------

-- The caller's own lock for one occurrence (first in the lock order), and the occurrence checked to be one
-- they may join now.
create or replace function private.joinable_occurrence(occ uuid, me public.profiles)
returns public.session_occurrences language plpgsql security definer set search_path = '' as $$
declare
  o public.session_occurrences;
  s public.training_sessions;
begin
  perform pg_advisory_xact_lock(hashtextextended(format('session_rsvp:%s:%s', occ, me.id), 0));
  select * into o from public.session_occurrences where id = occ;
  select * into s from public.training_sessions where id = o.session_id;
  if o.id is null or not private.session_visible_to_me(s) then
    raise exception 'Session not found' using errcode = 'P0002';
  end if;
  if s.host_id = me.id then
    raise exception 'You''re hosting this session' using errcode = 'P0001';
  end if;
  if o.status = 'cancelled' then
    raise exception 'This session is cancelled' using errcode = 'P0001';
  end if;
  if o.starts_at <= now() then
    raise exception 'This session has already started' using errcode = 'P0001';
  end if;
  return o;
end;
$$;

-- Takes a place, or joins the waitlist when the session is full (or others are already waiting). Returns
-- the caller's state: going, waitlisted, or offered (inside the last-minute window, while a place is free).
-- A repeat returns the state it is already in.
create or replace function public.take_session_place(p_occurrence uuid)
returns text language plpgsql security definer set search_path = '' as $$
declare
  me public.profiles := private.require_my_profile();
  o public.session_occurrences := private.joinable_occurrence(p_occurrence, me);
  r public.session_rsvps;
  counted uuid;
begin
  select * into r from public.session_rsvps where occurrence_id = o.id and profile_id = me.id;
  if r.state in ('going', 'waitlisted', 'offered') then
    return r.state;
  end if;
  -- The one conditional update that decides: it refuses once the session is full.
  update public.session_occurrences x set going_count = x.going_count + 1
  where x.id = o.id and x.status = 'scheduled' and x.starts_at > now()
    and x.going_count + x.held_count < x.places
    and not exists (select 1 from public.session_rsvps w where w.occurrence_id = x.id and w.state in ('waitlisted', 'offered'))
  returning x.id into counted;
  if counted is not null then
    insert into public.session_rsvps (occurrence_id, profile_id, state)
    values (o.id, me.id, 'going')
    on conflict (occurrence_id, profile_id) do update set state = 'going', waitlisted_at = null, offer_kind = null,
      offer_expires_at = null, late_cancel = false, cancelled_at = null;
    return 'going';
  end if;
  select * into o from public.session_occurrences where id = o.id for update;
  if o.status = 'cancelled' then
    raise exception 'This session is cancelled' using errcode = 'P0001';
  end if;
  if o.starts_at <= now() then
    raise exception 'This session has already started' using errcode = 'P0001';
  end if;
  insert into public.session_rsvps (occurrence_id, profile_id, state, waitlisted_at)
  values (o.id, me.id, 'waitlisted', clock_timestamp())
  on conflict (occurrence_id, profile_id) do update set state = 'waitlisted', waitlisted_at = clock_timestamp(),
    offer_kind = null, offer_expires_at = null, late_cancel = false, cancelled_at = null;
  -- Inside the window a free place is open to the whole waitlist, the newcomer included.
  perform private.fill_places(o.id);
  select r2.state into r.state from public.session_rsvps r2 where r2.occurrence_id = o.id and r2.profile_id = me.id;
  return r.state;
end;
$$;

-- Accepts the place offered: 'going'; 'taken' when an open offer was taken by someone else first (back on
-- the waitlist); 'expired' when a held offer ran out (it counts as declined).
create or replace function public.accept_session_offer(p_occurrence uuid)
returns text language plpgsql security definer set search_path = '' as $$
declare
  me public.profiles := private.require_my_profile();
  o public.session_occurrences := private.joinable_occurrence(p_occurrence, me);
  r public.session_rsvps;
  counted uuid;
begin
  select * into o from public.session_occurrences where id = o.id for update;
  select * into r from public.session_rsvps where occurrence_id = o.id and profile_id = me.id for update;
  if r.state = 'going' then return 'going'; end if;
  -- An open offer someone else took first: still on the waitlist.
  if r.state = 'waitlisted' then return 'taken'; end if;
  if r.id is null or r.state <> 'offered' then
    raise exception 'No place is offered to you for this session' using errcode = 'P0001';
  end if;
  if r.offer_kind = 'head' then
    if r.offer_expires_at <= now() then
      update public.session_occurrences set held_count = held_count - 1 where id = o.id;
      update public.session_rsvps set state = 'declined', offer_kind = null, offer_expires_at = null where id = r.id;
      perform private.fill_places(o.id);
      return 'expired';
    end if;
    update public.session_occurrences set held_count = held_count - 1, going_count = going_count + 1 where id = o.id;
    update public.session_rsvps set state = 'going', offer_kind = null, offer_expires_at = null where id = r.id;
    return 'going';
  end if;
  -- An open offer: first tap wins.
  update public.session_occurrences x set going_count = x.going_count + 1
  where x.id = o.id and x.going_count + x.held_count < x.places
  returning x.id into counted;
  if counted is null then
    update public.session_rsvps set state = 'waitlisted', offer_kind = null, offer_expires_at = null where id = r.id;
    return 'taken';
  end if;
  update public.session_rsvps set state = 'going', offer_kind = null, offer_expires_at = null where id = r.id;
  perform private.fill_places(o.id);
  return 'going';
end;
$$;

-- Declines the place offered (and leaves the waitlist); the place goes to the next.
create or replace function public.decline_session_offer(p_occurrence uuid)
returns text language plpgsql security definer set search_path = '' as $$
declare
  me public.profiles := private.require_my_profile();
  o public.session_occurrences := private.joinable_occurrence(p_occurrence, me);
  r public.session_rsvps;
begin
  select * into o from public.session_occurrences where id = o.id for update;
  select * into r from public.session_rsvps where occurrence_id = o.id and profile_id = me.id for update;
  if r.state = 'declined' then return 'declined'; end if;
  if r.id is null or r.state <> 'offered' then
    raise exception 'No place is offered to you for this session' using errcode = 'P0001';
  end if;
  if r.offer_kind = 'head' then
    update public.session_occurrences set held_count = held_count - 1 where id = o.id;
  end if;
  update public.session_rsvps set state = 'declined', offer_kind = null, offer_expires_at = null where id = r.id;
  perform private.fill_places(o.id);
  return 'declined';
end;
$$;

-- Leaves a session (or its waitlist) before it starts. Inside the host's cut-off, giving up a place is a
-- late cancellation. The freed place is offered in the same transaction. A repeat returns 'cancelled'.
create or replace function public.leave_session(p_occurrence uuid)
returns text language plpgsql security definer set search_path = '' as $$
declare
  me public.profiles := private.require_my_profile();
  o public.session_occurrences;
  s public.training_sessions;
  r public.session_rsvps;
begin
  perform pg_advisory_xact_lock(hashtextextended(format('session_rsvp:%s:%s', p_occurrence, me.id), 0));
  select * into o from public.session_occurrences where id = p_occurrence for update;
  select * into r from public.session_rsvps where occurrence_id = o.id and profile_id = me.id for update;
  if r.id is null or r.state in ('cancelled', 'declined') then
    if o.id is null then
      raise exception 'Session not found' using errcode = 'P0002';
    end if;
    return 'cancelled';
  end if;
  if r.state in ('attended', 'no_show') or (o.starts_at <= now() and o.status = 'scheduled') then
    raise exception 'This session has already started' using errcode = 'P0001';
  end if;
  select * into s from public.training_sessions where id = o.session_id;
  perform private.release_rsvp(r, now() > o.starts_at - make_interval(hours => s.late_cancel_hours));
  perform private.fill_places(o.id);
  return 'cancelled';
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Reading: who is going, the caller's own state
-- ---------------------------------------------------------------------------------------------------------
-- The people of an occurrence the caller may see: those going (and, for the host, the waitlist and offers
-- in queue order, and after the start who came), each named as their profile allows: a public profile by
-- name, a private one by name only to the host ("Private athlete" to others). Athletes blocked with the
-- caller are left out. Nothing for an occurrence the caller may not see.
create or replace function public.session_attendees(p_occurrence uuid)
returns table (rsvp_id uuid, profile_id uuid, full_name text, username text, avatar_url text, state text,
               late_cancel boolean, queue_position int)
language plpgsql stable security definer set search_path = '' as $$
declare
  me uuid := private.my_profile_id();
  s public.training_sessions;
  is_host boolean;
begin
  select t.* into s from public.session_occurrences o join public.training_sessions t on t.id = o.session_id
  where o.id = p_occurrence;
  if s.id is null or not private.session_visible_to_me(s) then return; end if;
  is_host := coalesce(s.host_id = me, false);
  return query
  select r.id, case when p.is_public or is_host or p.id = me then p.id end,
         case when p.is_public or is_host or p.id = me then p.full_name else 'Private athlete' end,
         case when p.is_public or is_host or p.id = me then p.username end,
         case when p.is_public or is_host or p.id = me then p.avatar_url end,
         r.state, r.late_cancel,
         case when r.state in ('waitlisted', 'offered')
              then (row_number() over (partition by r.state in ('waitlisted', 'offered') order by r.waitlisted_at, r.id))::int end
  from public.session_rsvps r
  join public.profiles p on p.id = r.profile_id
  where r.occurrence_id = p_occurrence
    and (r.state in ('going', 'attended', 'no_show') or (is_host and r.state in ('waitlisted', 'offered', 'cancelled')))
    and (me is null or p.id = me or not private.blocked_between(me, p.id))
  order by case r.state when 'going' then 0 when 'attended' then 0 when 'no_show' then 0 when 'offered' then 1
                        when 'waitlisted' then 1 else 2 end, r.waitlisted_at, r.created_at, r.id;
end;
$$;

-- The number waiting (waitlisted or offered) on each of the given occurrences the caller may see.
create or replace function public.session_waiting_counts(p_occurrences uuid[])
returns table (occurrence_id uuid, waiting int)
language sql stable security definer set search_path = '' as $$
  select o.id, (select count(*)::int from public.session_rsvps r
                where r.occurrence_id = o.id and r.state in ('waitlisted', 'offered'))
  from public.session_occurrences o join public.training_sessions s on s.id = o.session_id
  where o.id = any (p_occurrences) and private.session_visible_to_me(s)
$$;

-- ---------------------------------------------------------------------------------------------------------
-- The scheduler
-- ---------------------------------------------------------------------------------------------------------
-- Called by the notification worker's cron (service role) before each pass, with the clock as a parameter
-- so tests can move time: makes the series' occurrences up to the horizon; ends held offers that expired
-- (declined before the window; back to the waitlist when the window opened, where the place is offered to
-- all); withdraws offers of occurrences that started; queues the evening-before reminders (18:00 in Noosa
-- the day before: to each athlete going since before then, and the host's summary). Returns what it did.
create or replace function private.run_session_schedule(p_now timestamptz default now())
returns jsonb language plpgsql volatile security definer set search_path = '' as $$
declare
  s record;
  r record;
  made int := 0;
  expired int := 0;
  withdrawn int := 0;
  reminders int := 0;
  n int;
begin
  for s in
    select t.id from public.training_sessions t
    where t.status = 'active' and t.hidden_at is null
      and (t.materialised_through is null
           or (t.repeat_days is not null
               and t.materialised_through < least(coalesce(t.repeat_until, 'infinity'::date),
                                                  (p_now at time zone 'Australia/Brisbane')::date + 56)))
  loop
    made := made + private.materialise_session(s.id, p_now);
  end loop;

  for r in
    select x.id, x.occurrence_id from public.session_rsvps x
    where x.state = 'offered' and x.offer_kind = 'head' and x.offer_expires_at <= p_now
    order by x.occurrence_id
  loop
    declare
      o public.session_occurrences;
      t public.training_sessions;
      rv public.session_rsvps;
    begin
      select * into o from public.session_occurrences where id = r.occurrence_id for update;
      select * into rv from public.session_rsvps where id = r.id for update;
      continue when rv.state <> 'offered' or rv.offer_kind <> 'head' or rv.offer_expires_at > p_now;
      select * into t from public.training_sessions where id = o.session_id;
      update public.session_occurrences set held_count = held_count - 1 where id = o.id;
      update public.session_rsvps set
        state = case when p_now >= private.last_minute_from(o, t) then 'waitlisted' else 'declined' end,
        offer_kind = null, offer_expires_at = null
      where id = rv.id;
      perform private.fill_places(o.id, p_now);
      expired := expired + 1;
    end;
  end loop;

  for r in
    select distinct x.occurrence_id from public.session_rsvps x
    join public.session_occurrences o on o.id = x.occurrence_id
    where x.state = 'offered' and (o.starts_at <= p_now or o.status = 'cancelled')
  loop
    perform 1 from public.session_occurrences where id = r.occurrence_id for update;
    perform private.withdraw_offers(r.occurrence_id);
    withdrawn := withdrawn + 1;
  end loop;

  -- The evening before: occurrences starting within the next 30 hours whose reminder time has come.
  with due as (
    select o.id, o.created_at, t.host_id,
           (((o.starts_at at time zone 'Australia/Brisbane')::date - 1) + time '18:00') at time zone 'Australia/Brisbane' as remind_at
    from public.session_occurrences o join public.training_sessions t on t.id = o.session_id
    where o.status = 'scheduled' and o.starts_at > p_now and o.starts_at <= p_now + interval '30 hours'
      and t.hidden_at is null
  ), athletes as (
    insert into private.notification_outbox (kind, dedupe_key, recipient_id, session_occurrence_id, due_at)
    select 'session_reminder', format('session_reminder:%s:%s', d.id, x.profile_id), x.profile_id, d.id, p_now
    from due d join public.session_rsvps x on x.occurrence_id = d.id and x.state = 'going'
    where d.remind_at <= p_now and x.updated_at < d.remind_at
    on conflict do nothing
    returning 1
  ), hosts as (
    insert into private.notification_outbox (kind, dedupe_key, recipient_id, session_occurrence_id, due_at)
    select 'session_summary', format('session_summary:%s', d.id), d.host_id, d.id, p_now
    from due d
    where d.remind_at <= p_now and d.created_at < d.remind_at
    on conflict do nothing
    returning 1
  )
  select (select count(*) from athletes) + (select count(*) from hosts) into n;
  reminders := n;

  return jsonb_build_object('occurrences_made', made, 'offers_expired', expired, 'offers_withdrawn', withdrawn,
                            'reminders_queued', reminders);
end;
$$;

revoke all on function private.run_session_schedule(timestamptz) from public, anon, authenticated;

grant execute on function private.run_session_schedule(timestamptz) to service_role;

-- ---------------------------------------------------------------------------------------------------------
-- Notification content for the session kinds
-- ---------------------------------------------------------------------------------------------------------
create or replace function private.session_notification_content(r private.notification_outbox, p_now timestamptz)
returns jsonb language plpgsql stable security definer set search_path = '' as $$
declare
  o public.session_occurrences;
  s public.training_sessions;
  x public.session_rsvps;
  base jsonb;
begin
  if r.kind = 'session_change' then
    return jsonb_build_object('data', r.detail::jsonb);
  end if;
  select * into o from public.session_occurrences where id = r.session_occurrence_id;
  select * into s from public.training_sessions where id = o.session_id;
  if o.id is null or s.id is null then
    return jsonb_build_object('skip', 'event no longer exists');
  end if;
  if o.status <> 'scheduled' or o.starts_at <= p_now or s.hidden_at is not null then
    return jsonb_build_object('skip', 'session cancelled or started');
  end if;
  base := jsonb_build_object('session_id', s.id, 'occurrence_id', o.id, 'title', s.title, 'sport', s.sport,
    'starts_at', o.starts_at, 'duration_minutes', s.duration_minutes,
    'meeting_point', coalesce(o.meeting_point, s.meeting_point), 'meeting_note', coalesce(o.meeting_note, s.meeting_note),
    'places', o.places, 'going', o.going_count);
  if r.kind = 'session_offer' then
    select * into x from public.session_rsvps where occurrence_id = o.id and profile_id = r.recipient_id;
    if x.state is distinct from 'offered' then
      return jsonb_build_object('skip', 'offer no longer open');
    end if;
    return jsonb_build_object('data', base || jsonb_build_object('offer_kind', x.offer_kind,
      'offer_expires_at', x.offer_expires_at));
  elsif r.kind = 'session_reminder' then
    if not exists (select 1 from public.session_rsvps w
                   where w.occurrence_id = o.id and w.profile_id = r.recipient_id and w.state = 'going') then
      return jsonb_build_object('skip', 'no longer going');
    end if;
    return jsonb_build_object('data', base);
  elsif r.kind = 'session_summary' then
    if s.host_id <> r.recipient_id then
      return jsonb_build_object('skip', 'no longer the host');
    end if;
    return jsonb_build_object('data', base || jsonb_build_object(
      'waiting', (select count(*)::int from public.session_rsvps w
                  where w.occurrence_id = o.id and w.state in ('waitlisted', 'offered')),
      'late_cancels', (select count(*)::int from public.session_rsvps w
                       where w.occurrence_id = o.id and w.state = 'cancelled' and w.late_cancel),
      'names', coalesce((select jsonb_agg(p.full_name order by w.created_at, w.id)
                         from public.session_rsvps w join public.profiles p on p.id = w.profile_id
                         where w.occurrence_id = o.id and w.state = 'going'), '[]'::jsonb)));
  end if;
  return jsonb_build_object('skip', 'unknown kind');
end;
$$;

revoke all on function private.session_notification_content(private.notification_outbox, timestamptz)
  from public, anon, authenticated;

-- The dispatcher, as before, with the session kinds handed to the function above.
create or replace function private.notification_content(r private.notification_outbox, p_now timestamptz)
returns jsonb language plpgsql stable security definer set search_path = '' as $$
declare
  result jsonb;
  first_unread timestamptz;
  unread int;
  last_claim timestamptz;
  later timestamptz;
begin
  if r.kind in ('session_offer', 'session_change', 'session_reminder', 'session_summary') then
    return coalesce(private.session_notification_content(r, p_now), jsonb_build_object('skip', 'event no longer exists'));
  elsif r.kind = 'team_chat' then
    return coalesce(private.team_chat_notification_content(r, p_now), jsonb_build_object('skip', 'event no longer exists'));
  elsif r.kind = 'interest_confirm' then
    select case when q.confirmed_at is not null then jsonb_build_object('skip', 'already confirmed')
           when q.expires_at <= p_now then jsonb_build_object('skip', 'request expired')
           else jsonb_build_object('data', jsonb_build_object(
             'request_id', q.id, 'name', q.name, 'specialty', q.specialty, 'expires_at', q.expires_at)) end
    into result
    from private.interest_requests q where q.id = r.interest_request_id;
  elsif r.kind = 'team_closed' then
    result := jsonb_build_object('data', jsonb_build_object('team_name', r.detail));
  elsif r.kind = 'invitation' then
    select case
      when i.status <> 'pending' then jsonb_build_object('skip', 'invitation already answered')
      when t.status <> 'open' then jsonb_build_object('skip', 'team no longer taking members')
      when private.blocked_between(c.id, i.profile_id) then jsonb_build_object('skip', 'blocked')
      else jsonb_build_object('data', jsonb_build_object(
        'team_id', t.id, 'team_name', t.name, 'role', i.role, 'location', t.location,
        'inviter_name', case when c.is_public then c.full_name end,
        -- The urgent need while it is still ahead (a past date is no longer a need).
        'urgent_role', case when t.urgent_by >= (p_now at time zone 'Australia/Brisbane')::date then t.urgent_role end,
        'urgent_by', case when t.urgent_by >= (p_now at time zone 'Australia/Brisbane')::date then t.urgent_by end))
    end
    into result
    from public.team_invitations i
    join public.teams t on t.id = i.team_id
    join public.profiles c on c.auth_id = t.creator_id
    where i.id = r.invitation_id;
  elsif r.kind = 'join_request' then
    select case when m.status <> 'pending' then jsonb_build_object('skip', 'request already answered or withdrawn')
           else jsonb_build_object('data', jsonb_build_object(
             'team_id', t.id, 'team_name', t.name, 'requester_name', p.full_name, 'requester_username', p.username,
             'role', m.role, 'experience_level', p.experience_level)) end
    into result
    from public.team_members m join public.teams t on t.id = m.team_id join public.profiles p on p.id = m.profile_id
    where m.id = r.member_id;
  elsif r.kind = 'decision' then
    select jsonb_build_object('data', jsonb_build_object('team_id', t.id, 'team_name', t.name, 'decision', r.detail))
    into result from public.teams t where t.id = r.team_id;
  elsif r.kind = 'urgent_alert' then
    select case
      when t.status <> 'open' or t.urgent_role is distinct from r.detail
           or t.urgent_by < (p_now at time zone 'Australia/Brisbane')::date
        then jsonb_build_object('skip', 'no longer urgent')
      when not (p.is_public and p.looking_for_team and p.specialty = r.detail)
        then jsonb_build_object('skip', 'recipient no longer looking for this leg')
      else jsonb_build_object('data', jsonb_build_object(
        'team_id', t.id, 'team_name', t.name, 'role', t.urgent_role, 'urgent_by', t.urgent_by, 'location', t.location))
    end
    into result
    from public.teams t, public.profiles p where t.id = r.team_id and p.id = r.recipient_id;
  elsif r.kind = 'message' then
    select min(m.created_at), count(*)::int into first_unread, unread
    from public.messages m
    where m.conversation_id = r.conversation_id and m.sender_id <> r.recipient_id and not m.read;
    if unread = 0 then
      return jsonb_build_object('skip', 'read in time');
    end if;
    -- Due 5 minutes after the oldest unread message, and at most one e-mail per conversation per 30 minutes.
    select max(o.claimed_at) into last_claim from private.notification_outbox o
    where o.conversation_id = r.conversation_id and o.recipient_id = r.recipient_id and o.kind = 'message'
      and o.status in ('sending', 'sent') and o.id <> r.id;
    later := greatest(first_unread + interval '5 minutes', last_claim + interval '30 minutes');
    if later > p_now then
      return jsonb_build_object('later', later);
    end if;
    select jsonb_build_object('data', jsonb_build_object(
      'conversation_id', r.conversation_id, 'sender_name', s.full_name, 'count', unread,
      'excerpt', left(last.content, 140), 'truncated', char_length(last.content) > 140))
    into result
    from (select m.content, m.sender_id from public.messages m
          where m.conversation_id = r.conversation_id and m.sender_id <> r.recipient_id and not m.read
          order by m.created_at desc, m.id desc limit 1) last
    join public.profiles s on s.id = last.sender_id;
  end if;
  return coalesce(result, jsonb_build_object('skip', 'event no longer exists'));
end;
$$;

revoke all on function private.notification_content(private.notification_outbox, timestamptz)
  from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------------------
-- Blocks, account deletion
-- ---------------------------------------------------------------------------------------------------------

-- A block takes each of the two out of the other's upcoming sessions (their places are offered on).
create or replace function private.blocks_leave_sessions()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  x record;
  rv public.session_rsvps;
begin
  for x in
    select r.id, r.occurrence_id from public.session_rsvps r
    join public.session_occurrences o on o.id = r.occurrence_id
    join public.training_sessions s on s.id = o.session_id
    where r.state in ('going', 'waitlisted', 'offered') and o.starts_at > now() and o.status = 'scheduled'
      and ((s.host_id = new.blocker_id and r.profile_id = new.blocked_id)
        or (s.host_id = new.blocked_id and r.profile_id = new.blocker_id))
    order by r.occurrence_id
  loop
    perform 1 from public.session_occurrences where id = x.occurrence_id for update;
    select * into rv from public.session_rsvps where id = x.id for update;
    perform private.release_rsvp(rv, false);
    perform private.fill_places(x.occurrence_id);
  end loop;
  return null;
end;
$$;

revoke all on function private.blocks_leave_sessions() from public, anon, authenticated;

create trigger blocks_leave_sessions after insert on public.blocks
  for each row execute function private.blocks_leave_sessions();

-- Deleting an account (the profile row goes): the upcoming dates it hosts are cancelled, with notice to
-- everyone going or waiting (the notice carries its own snapshot: the session goes with the profile); its
-- own places in others' sessions are given up and offered on.
create or replace function private.profile_sessions_before_delete()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  o public.session_occurrences;
  x record;
  rv public.session_rsvps;
begin
  for o in
    select oc.* from public.session_occurrences oc join public.training_sessions s on s.id = oc.session_id
    where s.host_id = old.id and oc.status = 'scheduled' and oc.starts_at > now()
    order by oc.id for update of oc
  loop
    update public.session_occurrences set status = 'cancelled', cancel_reason = 'host_left', sequence = sequence + 1
    where id = o.id returning * into o;
    perform private.withdraw_offers(o.id);
    perform private.queue_session_change(o, 'cancelled', 'host_left');
  end loop;
  for x in
    select r.id, r.occurrence_id from public.session_rsvps r
    join public.session_occurrences oc on oc.id = r.occurrence_id
    where r.profile_id = old.id and r.state in ('going', 'offered') and oc.starts_at > now() and oc.status = 'scheduled'
    order by r.occurrence_id
  loop
    perform 1 from public.session_occurrences where id = x.occurrence_id for update;
    select * into rv from public.session_rsvps where id = x.id for update;
    perform private.release_rsvp(rv, false);
    perform private.fill_places(x.occurrence_id);
  end loop;
  return old;
end;
$$;

revoke all on function private.profile_sessions_before_delete() from public, anon, authenticated;

-- A session that goes for any other reason (its team closed with its creator's account) tells the people of
-- its upcoming dates too.
create or replace function private.session_before_delete()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  o public.session_occurrences;
begin
  for o in
    select * from public.session_occurrences x
    where x.session_id = old.id and x.status = 'scheduled' and x.starts_at > now()
  loop
    o.sequence := o.sequence + 1;
    perform private.queue_session_change(o, 'cancelled', 'removed');
  end loop;
  return old;
end;
$$;

revoke all on function private.session_before_delete() from public, anon, authenticated;

create trigger training_sessions_before_delete before delete on public.training_sessions
  for each row execute function private.session_before_delete();

create trigger profiles_sessions_before_delete before delete on public.profiles
  for each row execute function private.profile_sessions_before_delete();

-- ---------------------------------------------------------------------------------------------------------
-- Moderation: report a session or an RSVP; a moderator hides the session or removes the athlete
-- ---------------------------------------------------------------------------------------------------------
alter table public.reports drop constraint reports_kind_enum;

alter table public.reports add constraint reports_kind_enum
  check (kind in ('message', 'profile', 'session', 'session_rsvp'));

alter table public.reports drop constraint reports_message_snapshot;

-- A reported message or session keeps what the reporter saw.
alter table public.reports add constraint reports_message_snapshot
  check ((kind in ('message', 'session')) = (message_content is not null));

alter table public.reports drop constraint reports_resolution_enum;

alter table public.reports add constraint reports_resolution_enum
  check (resolution in ('hide_message', 'hide_profile', 'suspend', 'dismiss', 'hide_session', 'remove_rsvp'));

alter table public.moderation_actions drop constraint moderation_actions_action_enum;

alter table public.moderation_actions add constraint moderation_actions_action_enum
  check (action in ('hide_message', 'hide_profile', 'suspend', 'dismiss', 'hide_session', 'remove_rsvp'));

-- Reports a session (one the caller can see and does not host: its title and details as they read now) or
-- an RSVP (another athlete's place in a session the caller hosts or is going to). Answers as report_content.
create or replace function public.report_session_content(p_kind text, p_target uuid, p_reason text, p_details text default null)
returns text language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  my_profile uuid := private.my_profile_id();
  reported uuid;
  snapshot text;
  s public.training_sessions;
begin
  if me is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  if p_kind = 'session' then
    select * into s from public.training_sessions t where t.id = p_target;
    if s.id is not null and private.session_visible_to_me(s) then
      reported := s.host_id;
      snapshot := s.title || coalesce(E'\n\n' || s.details, '') || coalesce(E'\n\n' || s.meeting_note, '');
    end if;
  elsif p_kind = 'session_rsvp' then
    select r.profile_id into reported
    from public.session_rsvps r
    join public.session_occurrences o on o.id = r.occurrence_id
    join public.training_sessions t on t.id = o.session_id
    where r.id = p_target and private.session_visible_to_me(t)
      and (t.host_id = my_profile or exists (
        select 1 from public.session_rsvps mine where mine.occurrence_id = o.id and mine.profile_id = my_profile
          and mine.state in ('going', 'attended', 'no_show')));
  else
    raise exception 'Choose a session or an athlete''s place to report' using errcode = '22023';
  end if;
  if reported is null then
    raise exception 'Not found' using errcode = 'P0002', detail = 'REPORT_TARGET_NOT_FOUND';
  end if;
  if reported is not distinct from my_profile then
    raise exception 'You can''t report yourself' using errcode = '22023', detail = 'REPORT_SELF';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('report:' || me::text, 0));
  if exists (select 1 from public.reports r
             where r.reporter_id = me and r.kind = p_kind and r.target_id = p_target and r.status = 'open') then
    return 'already_reported';
  end if;
  perform private.limit_report_rate(me);
  insert into public.reports (reporter_id, kind, target_id, reported_profile_id, message_content, reason, details)
  values (me, p_kind, p_target, reported, snapshot, p_reason, nullif(p_details, ''))
  on conflict (reporter_id, kind, target_id) where status = 'open' do nothing;
  return case when found then 'reported' else 'already_reported' end;
end;
$$;

revoke all on function public.report_session_content(text, uuid, text, text) from public, anon;

grant execute on function public.report_session_content(text, uuid, text, text) to authenticated;

create or replace function private.finish_moderation(r public.reports, p_action text)
returns int language plpgsql security definer set search_path = '' as $$
declare
  closed int;
begin
  insert into public.moderation_actions (moderator_id, action, report_id, target_id)
  values ((select auth.uid()), p_action,
          r.id, case when p_action = 'suspend' then r.reported_profile_id else r.target_id end);
  update public.reports x
  set status = case when p_action = 'dismiss' then 'dismissed' else 'actioned' end,
      resolved_at = now(), resolved_by = (select auth.uid()), resolution = p_action
  where x.status = 'open'
    and (x.id = r.id
         or (p_action in ('hide_message', 'hide_profile', 'hide_session', 'remove_rsvp')
             and x.kind = r.kind and x.target_id = r.target_id)
         or (p_action = 'suspend' and x.reported_profile_id = r.reported_profile_id));
  get diagnostics closed = row_count;
  return closed;
end;
$$;

revoke all on function private.finish_moderation(public.reports, text) from public, anon, authenticated;

-- Hides a session from everyone but its host; its upcoming dates are cancelled with notice.
create or replace function public.moderate_hide_session(p_report uuid)
returns int language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reports := private.begin_moderation(p_report, 'session');
  o public.session_occurrences;
begin
  update public.training_sessions set hidden_at = now() where id = r.target_id and hidden_at is null;
  for o in
    select * from public.session_occurrences x
    where x.session_id = r.target_id and x.status = 'scheduled' and x.starts_at > now() order by x.id for update
  loop
    update public.session_occurrences set status = 'cancelled', cancel_reason = 'moderator', sequence = sequence + 1
    where id = o.id returning * into o;
    perform private.withdraw_offers(o.id);
    perform private.queue_session_change(o, 'cancelled', 'moderator');
  end loop;
  return private.finish_moderation(r, 'hide_session');
end;
$$;

-- Takes a reported athlete out of that date (their place is offered on).
create or replace function public.moderate_remove_rsvp(p_report uuid)
returns int language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reports := private.begin_moderation(p_report, 'session_rsvp');
  rv public.session_rsvps;
begin
  select * into rv from public.session_rsvps where id = r.target_id;
  if rv.id is not null and rv.state in ('going', 'waitlisted', 'offered') then
    perform 1 from public.session_occurrences where id = rv.occurrence_id for update;
    select * into rv from public.session_rsvps where id = r.target_id for update;
    perform private.release_rsvp(rv, false);
    perform private.fill_places(rv.occurrence_id);
  end if;
  return private.finish_moderation(r, 'remove_rsvp');
end;
$$;

revoke all on function public.moderate_hide_session(uuid), public.moderate_remove_rsvp(uuid) from public, anon;

grant execute on function public.moderate_hide_session(uuid), public.moderate_remove_rsvp(uuid) to authenticated;

-- ---------------------------------------------------------------------------------------------------------
-- Grants
-- ---------------------------------------------------------------------------------------------------------
revoke all on function
  public.create_training_session(jsonb), public.update_training_session(uuid, jsonb),
  public.cancel_training_session(uuid), public.cancel_session_occurrence(uuid, text),
  public.move_session_occurrence(uuid, timestamptz, text, text, boolean),
  public.call_session_weather(uuid, text, timestamptz, text, text), public.set_session_places(uuid, int),
  public.mark_session_attendance(uuid, boolean), public.take_session_place(uuid),
  public.accept_session_offer(uuid), public.decline_session_offer(uuid), public.leave_session(uuid)
from public, anon;

grant execute on function
  public.create_training_session(jsonb), public.update_training_session(uuid, jsonb),
  public.cancel_training_session(uuid), public.cancel_session_occurrence(uuid, text),
  public.move_session_occurrence(uuid, timestamptz, text, text, boolean),
  public.call_session_weather(uuid, text, timestamptz, text, text), public.set_session_places(uuid, int),
  public.mark_session_attendance(uuid, boolean), public.take_session_place(uuid),
  public.accept_session_offer(uuid), public.decline_session_offer(uuid), public.leave_session(uuid)
to authenticated;

grant execute on function public.session_attendees(uuid), public.session_waiting_counts(uuid[])
  to anon, authenticated;

grant execute on function private.session_spots(), private.session_days_valid(smallint[])
  to anon, authenticated, service_role;

revoke all on function
  private.last_minute_from(public.session_occurrences, public.training_sessions),
  private.session_snapshot(public.session_occurrences, text, text),
  private.queue_session_change(public.session_occurrences, text, text), private.withdraw_offers(uuid),
  private.fill_places(uuid, timestamptz), private.release_rsvp(public.session_rsvps, boolean),
  private.materialise_session(uuid, timestamptz), private.lock_hosted_occurrence(uuid),
  private.lock_upcoming_hosted_occurrence(uuid), private.apply_places(uuid, int),
  private.joinable_occurrence(uuid, public.profiles)
from public, anon, authenticated;
