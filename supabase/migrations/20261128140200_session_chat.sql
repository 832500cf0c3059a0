-- Session chat (docs/product.md#session-chat): a group chat for each date of a training session, the third
-- kind of conversation beside 1:1 messages and team chat, with team chat's shape and rules.
--
-- Who is in it is never stored twice: the chat's members ARE the session's host and the athletes whose RSVP
-- to that date is going (or, after the session, attended or no_show: the host's record of who came does not
-- take anyone out of the chat). A waitlisted or offered athlete is not in it; one who leaves, is cancelled,
-- taken out by a block or by a moderator is out of it the moment their RSVP changes: they read nothing of it
-- any more (RLS), receive nothing live (Realtime Authorization on session:<occurrence id>) and their read
-- state goes. A newcomer reads the whole history (where to park, who brings the spare tube), none of it unread.
-- A session a moderator hid keeps its chat for the host only.
--
-- The rules of team chat apply, whatever path writes:
--   * one send limit over every kind of message (5 in 10 s, 60 an hour per sender: private.limit_message_rate);
--   * one id, one message across the three kinds (a report or a hide means one message);
--   * a suspended account writes nothing (refuse_suspended) and receives nothing live (may_receive_live);
--   * a report works per message (public.report_content) and a moderator's hide moves the message to
--     private.hidden_messages for good;
--   * blocks do not take anyone out of a group both chose (a block between the host and an athlete already
--     takes the athlete out of the host's upcoming dates: private.blocks_leave_sessions).
-- No e-mail per message: the session's own notices (offers, changes, reminders) already reach its people.

create table public.session_chat_messages (
  -- Chosen by the browser (as for the other kinds), so a retried send stores the message once.
  id uuid primary key default gen_random_uuid(),
  occurrence_id uuid not null references public.session_occurrences (id) on delete cascade,
  sender_id uuid not null references public.profiles (id) on delete cascade,
  content text not null
    constraint session_chat_messages_content_text
    check (char_length(content) between 1 and 2000 and private.is_safe_text(content, true)),
  -- The clock at insert: the thread's order follows the order of sending.
  created_at timestamptz not null default clock_timestamp()
);

comment on table public.session_chat_messages is
  'Session chat messages, one chat per occurrence. Read and written by its host and the athletes going (RLS).';

create index session_chat_messages_thread_idx on public.session_chat_messages (occurrence_id, created_at, id);

-- The shared send limit counts a sender's recent messages; deleting a profile finds theirs.
create index session_chat_messages_sender_created_idx on public.session_chat_messages (sender_id, created_at desc);

create table public.session_chat_reads (
  occurrence_id uuid not null references public.session_occurrences (id) on delete cascade,
  profile_id uuid not null references public.profiles (id) on delete cascade,
  -- Everything in the chat up to this moment has been on the member's screen.
  last_read_at timestamptz not null default clock_timestamp(),
  primary key (occurrence_id, profile_id)
);

comment on table public.session_chat_reads is
  'How far each member has read a session date''s chat. Kept by triggers and public.mark_session_chat_read.';

create index session_chat_reads_profile_idx on public.session_chat_reads (profile_id);

create trigger refuse_suspended before insert or update or delete on public.session_chat_messages
  for each statement execute function private.refuse_suspended_writer();

create trigger refuse_suspended before insert or update or delete on public.session_chat_reads
  for each statement execute function private.refuse_suspended_writer();

-- ---------------------------------------------------------------------------------------------------------
-- Membership: the one rule every reader asks
-- ---------------------------------------------------------------------------------------------------------
-- The RSVP states that make an athlete a member.
create or replace function private.session_chat_member_state(state text)
returns boolean language sql immutable parallel safe set search_path = '' as $$
  select state in ('going', 'attended', 'no_show')
$$;

-- The occurrences whose chat the caller is in: those of the sessions they host, and those they are going to
-- (of a session not hidden by a moderator). Security definer so the policies read RSVPs and sessions without
-- their own policies in the way; asked as a set once per statement.
create or replace function private.my_session_chat_ids()
returns setof uuid language sql stable security definer set search_path = '' as $$
  select o.id from public.session_occurrences o
  join public.training_sessions s on s.id = o.session_id
  where s.host_id = (select private.my_profile_id())
  union
  select r.occurrence_id from public.session_rsvps r
  join public.session_occurrences o on o.id = r.occurrence_id
  join public.training_sessions s on s.id = o.session_id
  where r.profile_id = (select private.my_profile_id()) and private.session_chat_member_state(r.state)
    and s.hidden_at is null
$$;

revoke all on function private.my_session_chat_ids() from public, anon;

grant execute on function private.my_session_chat_ids() to authenticated;

-- Read state follows the RSVP: going starts with everything before it read (no flood of unread history in
-- the badge); leaving the member states (left, cancelled, removed) keeps nothing.
create or replace function private.session_chat_follow_rsvp()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if tg_op <> 'DELETE' and private.session_chat_member_state(new.state)
     and (tg_op = 'INSERT' or not private.session_chat_member_state(old.state)) then
    insert into public.session_chat_reads (occurrence_id, profile_id) values (new.occurrence_id, new.profile_id)
    on conflict (occurrence_id, profile_id) do update set last_read_at = excluded.last_read_at;
  elsif (tg_op = 'DELETE' and private.session_chat_member_state(old.state))
     or (tg_op = 'UPDATE' and private.session_chat_member_state(old.state)
         and not private.session_chat_member_state(new.state)) then
    delete from public.session_chat_reads r
    where r.occurrence_id = old.occurrence_id and r.profile_id = old.profile_id
      and not exists (select 1 from public.session_occurrences o join public.training_sessions s on s.id = o.session_id
                      where o.id = old.occurrence_id and s.host_id = old.profile_id);
  end if;
  return null;
end;
$$;

revoke all on function private.session_chat_follow_rsvp() from public, anon, authenticated;

create trigger session_rsvps_session_chat after insert or update of state or delete on public.session_rsvps
  for each row execute function private.session_chat_follow_rsvp();

-- ---------------------------------------------------------------------------------------------------------
-- RLS and grants
-- ---------------------------------------------------------------------------------------------------------
alter table public.session_chat_messages enable row level security;

alter table public.session_chat_reads enable row level security;

-- Members read the chat; Realtime asks the same policy for every delivery (private.may_receive_live).
create policy session_chat_messages_select_member on public.session_chat_messages
  for select to authenticated
  using (occurrence_id in (select private.my_session_chat_ids()) and (select private.may_receive_live()));

-- A member writes only as themselves, only into their sessions' chats.
create policy session_chat_messages_insert_member on public.session_chat_messages
  for insert to authenticated
  with check (sender_id = (select private.my_profile_id())
              and occurrence_id in (select private.my_session_chat_ids()));

create policy session_chat_reads_select_member on public.session_chat_reads
  for select to authenticated
  using (occurrence_id in (select private.my_session_chat_ids()) and (select private.may_receive_live()));

revoke all on public.session_chat_messages, public.session_chat_reads from anon, authenticated;

grant select, insert (id, occurrence_id, sender_id, content) on public.session_chat_messages to authenticated;

grant select on public.session_chat_reads to authenticated;

grant all on public.session_chat_messages, public.session_chat_reads to service_role;

-- ---------------------------------------------------------------------------------------------------------
-- One id and one send limit over the three kinds
-- ---------------------------------------------------------------------------------------------------------
-- An id already taken by another kind's message is refused; one a moderator hid is skipped (a retried send
-- cannot bring it back). The same function guards team chat and session chat.
create or replace function private.group_chat_check_id()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if exists (select 1 from private.hidden_messages h where h.id = new.id) then
    return null;
  end if;
  if exists (select 1 from public.messages m where m.id = new.id)
     or (tg_table_name <> 'team_chat_messages' and exists (select 1 from public.team_chat_messages m where m.id = new.id))
     or (tg_table_name <> 'session_chat_messages'
         and exists (select 1 from public.session_chat_messages m where m.id = new.id)) then
    raise exception 'This message id is already used' using errcode = '23505';
  end if;
  return new;
end;
$$;

revoke all on function private.group_chat_check_id() from public, anon, authenticated;

drop trigger team_chat_messages_check_id on public.team_chat_messages;

drop function private.team_chat_check_id();

create trigger team_chat_messages_check_id before insert on public.team_chat_messages
  for each row execute function private.group_chat_check_id();

create trigger session_chat_messages_check_id before insert on public.session_chat_messages
  for each row execute function private.group_chat_check_id();

-- As before (messaging migration), with session chat counted in the same windows.
create or replace function private.limit_message_rate()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  wait interval;
begin
  if (select auth.uid()) is null then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('message-rate:' || new.sender_id::text, 0));
  -- A retry of a send already stored (same browser-chosen id) writes nothing, so it is not refused either.
  if exists (select 1 from public.messages m where m.id = new.id)
     or exists (select 1 from public.team_chat_messages m where m.id = new.id)
     or exists (select 1 from public.session_chat_messages m where m.id = new.id) then
    return new;
  end if;
  select s.created_at + interval '10 seconds' - clock_timestamp() into wait
  from (
    (select m.created_at from public.messages m
     where m.sender_id = new.sender_id and m.created_at > clock_timestamp() - interval '10 seconds')
    union all
    (select m.created_at from public.team_chat_messages m
     where m.sender_id = new.sender_id and m.created_at > clock_timestamp() - interval '10 seconds')
    union all
    (select m.created_at from public.session_chat_messages m
     where m.sender_id = new.sender_id and m.created_at > clock_timestamp() - interval '10 seconds')
  ) s
  order by s.created_at desc offset 4 limit 1;
  if wait is null then
    select s.created_at + interval '1 hour' - clock_timestamp() into wait
    from (
      (select m.created_at from public.messages m
       where m.sender_id = new.sender_id and m.created_at > clock_timestamp() - interval '1 hour')
      union all
      (select m.created_at from public.team_chat_messages m
       where m.sender_id = new.sender_id and m.created_at > clock_timestamp() - interval '1 hour')
      union all
      (select m.created_at from public.session_chat_messages m
       where m.sender_id = new.sender_id and m.created_at > clock_timestamp() - interval '1 hour')
    ) s
    order by s.created_at desc offset 59 limit 1;
  end if;
  if wait is not null then
    perform private.too_fast(ceil(extract(epoch from wait))::int, 'MESSAGE_RATE');
  end if;
  return new;
end;
$$;

create trigger session_chat_messages_limit_rate before insert on public.session_chat_messages
  for each row execute function private.limit_message_rate();

-- Sending counts as reading: the sender's own read state moves to their message (the host's row is made
-- by their first message or read).
create or replace function private.session_chat_sender_read()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  insert into public.session_chat_reads (occurrence_id, profile_id, last_read_at)
  values (new.occurrence_id, new.sender_id, new.created_at)
  on conflict (occurrence_id, profile_id) do update set last_read_at = excluded.last_read_at
  where public.session_chat_reads.last_read_at < excluded.last_read_at;
  return null;
end;
$$;

revoke all on function private.session_chat_sender_read() from public, anon, authenticated;

create trigger session_chat_messages_sender_read after insert on public.session_chat_messages
  for each row execute function private.session_chat_sender_read();

-- ---------------------------------------------------------------------------------------------------------
-- Reading: marking read, the chats list, the members, the unread badge
-- ---------------------------------------------------------------------------------------------------------
-- Marks the caller's session chat read up to now (or `p_until`); false when the caller is not a member.
-- Never moves read state backwards.
create or replace function public.mark_session_chat_read(p_occurrence_id uuid, p_until timestamptz default null)
returns boolean language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := private.my_profile_id();
  upto timestamptz := least(coalesce(p_until, clock_timestamp()), clock_timestamp());
begin
  if me is null or p_occurrence_id not in (select private.my_session_chat_ids()) then
    return false;
  end if;
  insert into public.session_chat_reads (occurrence_id, profile_id, last_read_at) values (p_occurrence_id, me, upto)
  on conflict (occurrence_id, profile_id) do update set last_read_at = excluded.last_read_at
  where public.session_chat_reads.last_read_at < excluded.last_read_at;
  return true;
end;
$$;

revoke all on function public.mark_session_chat_read(uuid, timestamptz) from public, anon;

grant execute on function public.mark_session_chat_read(uuid, timestamptz) to authenticated;

-- The members of one date's chat (the host first), as fellow members may show them: display name,
-- username, avatar and how far each has read. Empty for anyone who is not a member.
create or replace function public.session_chat_members(p_occurrence_id uuid)
returns table (profile_id uuid, username text, full_name text, avatar_url text, last_read_at timestamptz)
language sql stable security definer set search_path = '' as $$
  select p.id, p.username, p.full_name, p.avatar_url, r.last_read_at
  from (
    select s.host_id as id, 0 as pos, o.created_at as since
    from public.session_occurrences o join public.training_sessions s on s.id = o.session_id
    where o.id = p_occurrence_id
    union all
    select x.profile_id, 1, x.created_at from public.session_rsvps x
    where x.occurrence_id = p_occurrence_id and private.session_chat_member_state(x.state)
  ) m
  join public.profiles p on p.id = m.id
  left join public.session_chat_reads r on r.occurrence_id = p_occurrence_id and r.profile_id = m.id
  where p_occurrence_id in (select private.my_session_chat_ids())
  order by m.pos, m.since, p.id
$$;

revoke all on function public.session_chat_members(uuid) from public, anon;

grant execute on function public.session_chat_members(uuid) to authenticated;

-- The caller's session chats for the /messages list, most recent activity first: those with a message, and
-- those of a date from yesterday to a week ahead (a weekly series' host is in eight dates' chats; the list
-- shows the ones that matter now). Each with the session's title, the date, its status, how many members,
-- the last message (sender's display name) and the caller's unread count.
create or replace function public.list_my_session_chats()
returns table (
  occurrence_id uuid,
  session_id uuid,
  title text,
  starts_at timestamptz,
  status text,
  member_count int,
  last_content text,
  last_created_at timestamptz,
  last_sender_id uuid,
  last_sender_name text,
  unread_count int
)
language sql stable security definer set search_path = '' as $$
  with me as materialized (select private.my_profile_id() as id),
  mine as materialized (select private.my_session_chat_ids() as id)
  select o.id, s.id, s.title, o.starts_at, o.status,
         1 + (select count(*)::int from public.session_rsvps x
              where x.occurrence_id = o.id and private.session_chat_member_state(x.state)),
         last.content, last.created_at, last.sender_id, sp.full_name,
         (select count(*)::int from public.session_chat_messages x
          where x.occurrence_id = o.id and x.sender_id <> me.id
            and x.created_at > coalesce(r.last_read_at, '-infinity'::timestamptz))
  from me
  cross join mine
  join public.session_occurrences o on o.id = mine.id
  join public.training_sessions s on s.id = o.session_id
  left join public.session_chat_reads r on r.occurrence_id = o.id and r.profile_id = me.id
  left join lateral (
    select x.content, x.created_at, x.sender_id from public.session_chat_messages x
    where x.occurrence_id = o.id order by x.created_at desc, x.id desc limit 1
  ) last on true
  left join public.profiles sp on sp.id = last.sender_id
  where last.created_at is not null
     or o.starts_at between now() - interval '1 day' and now() + interval '7 days'
  order by coalesce(last.created_at, o.created_at) desc, o.id
$$;

revoke all on function public.list_my_session_chats() from public, anon;

grant execute on function public.list_my_session_chats() to authenticated;

-- The unread badge: as before (messaging migration), plus the other members' session-chat messages after
-- the caller's read state.
create or replace function public.unread_message_count()
returns int language sql stable security definer set search_path = '' as $$
  with me as materialized (select private.my_profile_id() as id)
  select (
    select coalesce(count(*), 0)::int
    from me
    join public.conversations c on me.id in (c.participant_one_id, c.participant_two_id)
    join public.messages m on m.conversation_id = c.id and not m.read and m.sender_id <> me.id
  ) + (
    select coalesce(count(*), 0)::int
    from me
    join public.team_members tm on tm.profile_id = me.id and tm.status = 'active'
    left join public.team_chat_reads r on r.team_id = tm.team_id and r.profile_id = me.id
    join public.team_chat_messages x
      on x.team_id = tm.team_id and x.sender_id <> me.id
     and x.created_at > coalesce(r.last_read_at, '-infinity'::timestamptz)
  ) + (
    select coalesce(count(*), 0)::int
    from me
    cross join (select private.my_session_chat_ids() as id) mine
    left join public.session_chat_reads r on r.occurrence_id = mine.id and r.profile_id = me.id
    join public.session_chat_messages x
      on x.occurrence_id = mine.id and x.sender_id <> me.id
     and x.created_at > coalesce(r.last_read_at, '-infinity'::timestamptz)
  )
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Reports and a moderator's hide
-- ---------------------------------------------------------------------------------------------------------
alter table private.hidden_messages
  add column occurrence_id uuid references public.session_occurrences (id) on delete cascade;

alter table private.hidden_messages drop constraint hidden_messages_one_chat;

alter table private.hidden_messages
  add constraint hidden_messages_one_chat check (num_nonnulls(conversation_id, team_id, occurrence_id) = 1);

-- As before (photo reports migration), with a session chat's message reportable by its fellow members.
create or replace function public.report_content(p_kind text, p_target uuid, p_reason text, p_details text default null)
returns text language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  my_profile uuid := private.my_profile_id();
  reported uuid;
  snapshot text;
  photo text;
begin
  if me is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  if p_kind = 'message' then
    select m.sender_id, m.content into reported, snapshot from public.messages m
    where m.id = p_target and m.conversation_id in (select private.my_conversation_ids());
    if reported is null then
      select m.sender_id, m.content into reported, snapshot from public.team_chat_messages m
      where m.id = p_target and m.team_id in (select private.my_team_chat_ids());
    end if;
    if reported is null then
      select m.sender_id, m.content into reported, snapshot from public.session_chat_messages m
      where m.id = p_target and m.occurrence_id in (select private.my_session_chat_ids());
    end if;
  elsif p_kind = 'profile' then
    select p.id into reported from public.profiles p
    where p.id = p_target
      and (p.is_public or (my_profile is not null and p.id <> my_profile and private.may_contact(my_profile, p.id)));
  elsif p_kind = 'photo' then
    photo := private.visible_photo_path(p_target);
    if photo is not null then
      reported := p_target;
    end if;
  else
    raise exception 'Choose a message, a profile or a photo to report' using errcode = '22023';
  end if;
  if reported is null then
    raise exception 'Not found' using errcode = 'P0002', detail = 'REPORT_TARGET_NOT_FOUND';
  end if;
  if reported is not distinct from my_profile then
    raise exception 'You can''t report yourself' using errcode = '22023', detail = 'REPORT_SELF';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('report:' || me::text, 0));
  if exists (
    select 1 from public.reports r
    where r.reporter_id = me and r.kind = p_kind and r.target_id = p_target and r.status = 'open'
  ) then
    return 'already_reported';
  end if;
  perform private.limit_report_rate(me);
  insert into public.reports (reporter_id, kind, target_id, reported_profile_id, message_content, photo_path, reason, details)
  values (me, p_kind, p_target, reported, snapshot, photo, p_reason, nullif(p_details, ''))
  on conflict (reporter_id, kind, target_id) where status = 'open' do nothing;
  return case when found then 'reported' else 'already_reported' end;
end;
$$;

-- Hides a message from whichever chat holds it (1:1, team chat or session chat).
create or replace function public.moderate_hide_message(p_report uuid)
returns int language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reports := private.begin_moderation(p_report, 'message');
begin
  with gone as (delete from public.messages m where m.id = r.target_id returning m.*)
  insert into private.hidden_messages (id, conversation_id, sender_id, content, created_at, hidden_by, report_id)
  select g.id, g.conversation_id, g.sender_id, g.content, g.created_at, (select auth.uid()), r.id from gone g
  on conflict (id) do nothing;
  with gone as (delete from public.team_chat_messages m where m.id = r.target_id returning m.*)
  insert into private.hidden_messages (id, team_id, sender_id, content, created_at, hidden_by, report_id)
  select g.id, g.team_id, g.sender_id, g.content, g.created_at, (select auth.uid()), r.id from gone g
  on conflict (id) do nothing;
  with gone as (delete from public.session_chat_messages m where m.id = r.target_id returning m.*)
  insert into private.hidden_messages (id, occurrence_id, sender_id, content, created_at, hidden_by, report_id)
  select g.id, g.occurrence_id, g.sender_id, g.content, g.created_at, (select auth.uid()), r.id from gone g
  on conflict (id) do nothing;
  return private.finish_moderation(r, 'hide_message');
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Live: the private channel session:<occurrence id>
-- ---------------------------------------------------------------------------------------------------------
-- As before (realtime migration), with the session topic for the chat's members.
drop policy app_channels_listen on realtime.messages;

create policy app_channels_listen on realtime.messages
  for select to authenticated using (
    (select private.may_receive_live())
    and (
      (select private.topic_id('inbox')) = (select private.my_profile_id())
      or (select private.topic_id('thread')) in (select private.my_conversation_ids())
      or (select private.topic_id('team')) in (select private.my_team_chat_ids())
      or (select private.topic_id('session')) in (select private.my_session_chat_ids())
      or (
        extension = 'presence'
        and exists (select 1 from public.profiles p where p.id = (select private.topic_id('presence')))
        and (select private.presence_visible_to_me((select private.topic_id('presence'))))
      )
    )
  );

alter publication supabase_realtime add table public.session_chat_messages, public.session_chat_reads;
