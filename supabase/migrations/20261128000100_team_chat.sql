-- A chat for each team: one group conversation of the team's active members (its creator included).
--
-- Who is in it is never stored twice: the chat's members ARE the team's active team_members rows. So it
-- exists from the moment the team does (create_team makes the creator an active member), a member is in it
-- as soon as a request or invitation is accepted, and out of it the moment they leave or are removed. A
-- former member reads nothing of it any more (RLS below), receives nothing live (Realtime Authorization),
-- and their read state and pending e-mails go. A member who joins (or rejoins) reads the whole history: what
-- was agreed before they came (who racks the bike, where the chip changes hands) is what they need.
--
-- The rules of 1:1 messages apply, whatever path writes:
--   * the send limit is one limit over both kinds of message (5 in 10 s, 60 an hour per sender);
--   * a suspended account writes nothing (statement trigger) and receives nothing live;
--   * a report works per message (public.report_content), and a moderator's hide moves the message to
--     private.hidden_messages, so nobody reads it again and a retried send cannot bring it back;
--   * a new-message e-mail (outbox kind 'team_chat', switched with "New messages") goes at most once per chat
--     per 30 minutes to a member, only if unread 5 minutes after the message.
-- Blocks: a block keeps two athletes apart in 1:1 (no messages, no requests or invitations between them), but
-- does not take anyone out of a team both chose to be in, and it does not hide the team chat's messages: the
-- relay still has to be organised. Whoever wants no contact can leave the team or report messages.
--
-- Read state: one row per member (team_chat_reads.last_read_at), readable by the team's members, so each
-- sees "Seen by 2" under their latest message. Unread team-chat messages count in the unread badge.
--
-- Live: the private channel team:<team id> under Realtime Authorization; the browser listens there to the
-- team's message inserts and read-state changes (RLS decides each delivery again).

-- ---------------------------------------------------------------------------------------------------------
-- Tables
-- ---------------------------------------------------------------------------------------------------------
create table public.team_chat_messages (
  -- Chosen by the browser (as for 1:1 messages), so a retried send stores the message once.
  id uuid primary key default gen_random_uuid(),
  team_id uuid not null references public.teams (id) on delete cascade,
  sender_id uuid not null references public.profiles (id) on delete cascade,
  content text not null
    constraint team_chat_messages_content_text
    check (char_length(content) between 1 and 2000 and private.is_safe_text(content, true)),
  -- The clock at insert: the thread's order follows the order of sending.
  created_at timestamptz not null default clock_timestamp()
);

comment on table public.team_chat_messages is
  'Team chat messages. Read and written by the team''s active members only (RLS); members come from team_members.';

create index team_chat_messages_thread_idx on public.team_chat_messages (team_id, created_at, id);
-- The shared send limit counts a sender's recent messages; deleting a profile finds theirs.
create index team_chat_messages_sender_created_idx on public.team_chat_messages (sender_id, created_at desc);

create table public.team_chat_reads (
  team_id uuid not null references public.teams (id) on delete cascade,
  profile_id uuid not null references public.profiles (id) on delete cascade,
  -- Everything in the chat up to this moment has been on the member's screen.
  last_read_at timestamptz not null default clock_timestamp(),
  primary key (team_id, profile_id)
);

comment on table public.team_chat_reads is
  'How far each active member has read their team''s chat. Kept by triggers and public.mark_team_chat_read.';

-- "My read state in every team", for the unread badge.
create index team_chat_reads_profile_idx on public.team_chat_reads (profile_id);

-- ---------------------------------------------------------------------------------------------------------
-- Membership
-- ---------------------------------------------------------------------------------------------------------
-- The teams whose chat the caller is in. Security definer (as private.my_conversation_ids) so the policies
-- read team_members without its own policy in the way; asked as a set once per statement.
create or replace function private.my_team_chat_ids()
returns setof uuid language sql stable security definer set search_path = '' as $$
  select m.team_id from public.team_members m
  where m.profile_id = (select private.my_profile_id()) and m.status = 'active'
$$;
revoke all on function private.my_team_chat_ids() from public, anon;
grant execute on function private.my_team_chat_ids() to authenticated;

-- Read state follows membership: a new active member starts with everything before them read (no flood of
-- unread history in the badge); a member who leaves or is removed keeps nothing, and their e-mails not yet
-- sent about the chat go too.
create or replace function private.team_chat_follow_membership()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if tg_op <> 'DELETE' and new.status = 'active' and (tg_op = 'INSERT' or old.status <> 'active') then
    insert into public.team_chat_reads (team_id, profile_id) values (new.team_id, new.profile_id)
    on conflict (team_id, profile_id) do update set last_read_at = excluded.last_read_at;
  elsif (tg_op = 'DELETE' and old.status = 'active')
     or (tg_op = 'UPDATE' and old.status = 'active' and new.status <> 'active') then
    delete from public.team_chat_reads r where r.team_id = old.team_id and r.profile_id = old.profile_id;
    delete from private.notification_outbox o
    where o.kind = 'team_chat' and o.team_id = old.team_id and o.recipient_id = old.profile_id
      and o.status = 'pending';
  end if;
  return null;
end;
$$;
revoke all on function private.team_chat_follow_membership() from public, anon, authenticated;

create trigger team_members_team_chat after insert or update of status or delete on public.team_members
  for each row execute function private.team_chat_follow_membership();

-- Existing teams: their active members get their read state (everything so far read).
insert into public.team_chat_reads (team_id, profile_id)
select m.team_id, m.profile_id from public.team_members m where m.status = 'active'
on conflict do nothing;

-- ---------------------------------------------------------------------------------------------------------
-- RLS and grants
-- ---------------------------------------------------------------------------------------------------------
alter table public.team_chat_messages enable row level security;
alter table public.team_chat_reads enable row level security;

-- Members read the chat; Realtime asks the same policy for every delivery, so a signed-out session or a
-- suspended account receives nothing live (private.may_receive_live, as for 1:1 messages).
create policy team_chat_messages_select_member on public.team_chat_messages
  for select to authenticated
  using (team_id in (select private.my_team_chat_ids()) and (select private.may_receive_live()));

-- A member writes only as themselves, only into their team's chat.
create policy team_chat_messages_insert_member on public.team_chat_messages
  for insert to authenticated
  with check (sender_id = (select private.my_profile_id()) and team_id in (select private.my_team_chat_ids()));

create policy team_chat_reads_select_member on public.team_chat_reads
  for select to authenticated
  using (team_id in (select private.my_team_chat_ids()) and (select private.may_receive_live()));

revoke all on public.team_chat_messages, public.team_chat_reads from anon, authenticated;
grant select, insert (id, team_id, sender_id, content) on public.team_chat_messages to authenticated;
grant select on public.team_chat_reads to authenticated;
grant all on public.team_chat_messages, public.team_chat_reads to service_role;

-- Suspension: as on every other table of schema public.
create trigger refuse_suspended before insert or update or delete on public.team_chat_messages
  for each statement execute function private.refuse_suspended_writer();
create trigger refuse_suspended before insert or update or delete on public.team_chat_reads
  for each statement execute function private.refuse_suspended_writer();

-- ---------------------------------------------------------------------------------------------------------
-- Writes that carry rules
-- ---------------------------------------------------------------------------------------------------------
-- Marks the caller's team chat read up to now (or up to `p_until`, the newest message on their screen).
-- Returns false when the caller is not an active member. Never moves read state backwards.
create or replace function public.mark_team_chat_read(p_team_id uuid, p_until timestamptz default null)
returns boolean language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := private.my_profile_id();
  upto timestamptz := least(coalesce(p_until, clock_timestamp()), clock_timestamp());
begin
  if me is null or not exists (
    select 1 from public.team_members m where m.team_id = p_team_id and m.profile_id = me and m.status = 'active'
  ) then
    return false;
  end if;
  insert into public.team_chat_reads (team_id, profile_id, last_read_at) values (p_team_id, me, upto)
  on conflict (team_id, profile_id) do update set last_read_at = excluded.last_read_at
  where public.team_chat_reads.last_read_at < excluded.last_read_at;
  return true;
end;
$$;
revoke all on function public.mark_team_chat_read(uuid, timestamptz) from public, anon;
grant execute on function public.mark_team_chat_read(uuid, timestamptz) to authenticated;

-- One id, one message across both kinds: a team-chat id already taken by a 1:1 message (or hidden by a
-- moderator) is refused or skipped, so a report or a hide always means one message.
create or replace function private.team_chat_check_id()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if exists (select 1 from private.hidden_messages h where h.id = new.id) then
    return null;
  end if;
  if exists (select 1 from public.messages m where m.id = new.id) then
    raise exception 'This message id is already used' using errcode = '23505';
  end if;
  return new;
end;
$$;
revoke all on function private.team_chat_check_id() from public, anon, authenticated;
create trigger team_chat_messages_check_id before insert on public.team_chat_messages
  for each row execute function private.team_chat_check_id();

-- The send limit of 20261120000400_messaging.sql, now over a sender's 1:1 and team-chat messages
-- together (one limit, whichever chat the burst goes to). Same lock, same windows, same refusal.
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
     or exists (select 1 from public.team_chat_messages m where m.id = new.id) then
    return new;
  end if;
  select s.created_at + interval '10 seconds' - clock_timestamp() into wait
  from (
    (select m.created_at from public.messages m
     where m.sender_id = new.sender_id and m.created_at > clock_timestamp() - interval '10 seconds')
    union all
    (select m.created_at from public.team_chat_messages m
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
    ) s
    order by s.created_at desc offset 59 limit 1;
  end if;
  if wait is not null then
    perform private.too_fast(ceil(extract(epoch from wait))::int, 'MESSAGE_RATE');
  end if;
  return new;
end;
$$;

create trigger team_chat_messages_limit_rate before insert on public.team_chat_messages
  for each row execute function private.limit_message_rate();

-- Sending counts as reading: the sender's own read state moves to their message.
create or replace function private.team_chat_sender_read()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  update public.team_chat_reads r set last_read_at = new.created_at
  where r.team_id = new.team_id and r.profile_id = new.sender_id and r.last_read_at < new.created_at;
  return null;
end;
$$;
revoke all on function private.team_chat_sender_read() from public, anon, authenticated;
create trigger team_chat_messages_sender_read after insert on public.team_chat_messages
  for each row execute function private.team_chat_sender_read();

-- ---------------------------------------------------------------------------------------------------------
-- Reading: the chats list and the unread badge
-- ---------------------------------------------------------------------------------------------------------
-- The caller's team chats (teams they are an active member of), most recent activity first, each with its
-- team, how many members, the last message (sender's display name) and the caller's unread count.
-- Security definer: a member's profile may be private, and only the name is shown, to fellow members.
create or replace function public.list_my_team_chats()
returns table (
  team_id uuid,
  team_name text,
  member_count int,
  last_content text,
  last_created_at timestamptz,
  last_sender_id uuid,
  last_sender_name text,
  unread_count int
)
language sql stable security definer set search_path = '' as $$
  with me as materialized (select private.my_profile_id() as id)
  select t.id, t.name,
         (select count(*)::int from public.team_members a where a.team_id = t.id and a.status = 'active'),
         last.content, last.created_at, last.sender_id, sp.full_name,
         (select count(*)::int from public.team_chat_messages x
          where x.team_id = t.id and x.sender_id <> me.id
            and x.created_at > coalesce(r.last_read_at, '-infinity'::timestamptz))
  from me
  join public.team_members m on m.profile_id = me.id and m.status = 'active'
  join public.teams t on t.id = m.team_id
  left join public.team_chat_reads r on r.team_id = t.id and r.profile_id = me.id
  left join lateral (
    select x.content, x.created_at, x.sender_id from public.team_chat_messages x
    where x.team_id = t.id order by x.created_at desc, x.id desc limit 1
  ) last on true
  left join public.profiles sp on sp.id = last.sender_id
  order by coalesce(last.created_at, t.created_at) desc, t.id
$$;
revoke all on function public.list_my_team_chats() from public, anon;
grant execute on function public.list_my_team_chats() to authenticated;

-- A team chat's members as its members may show them: display name, username, avatar and how far each has
-- read. Empty for anyone who is not an active member of the team.
create or replace function public.team_chat_members(p_team_id uuid)
returns table (profile_id uuid, username text, full_name text, avatar_url text, last_read_at timestamptz)
language sql stable security definer set search_path = '' as $$
  select p.id, p.username, p.full_name, p.avatar_url, r.last_read_at
  from public.team_members m
  join public.profiles p on p.id = m.profile_id
  left join public.team_chat_reads r on r.team_id = m.team_id and r.profile_id = m.profile_id
  where m.team_id = p_team_id and m.status = 'active'
    and p_team_id in (select private.my_team_chat_ids())
  order by m.joined_at, p.id
$$;
revoke all on function public.team_chat_members(uuid) from public, anon;
grant execute on function public.team_chat_members(uuid) to authenticated;

-- The unread badge: the 1:1 count of 20261120000400_messaging.sql plus the other members'
-- team-chat messages after the caller's read state.
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
  )
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Reports and moderation
-- ---------------------------------------------------------------------------------------------------------
-- A hidden team-chat message is kept with its team (a 1:1 one with its conversation).
alter table private.hidden_messages
  alter column conversation_id drop not null,
  add column team_id uuid references public.teams (id) on delete cascade,
  add constraint hidden_messages_one_chat check ((conversation_id is null) <> (team_id is null));

-- report_content of 20261120000600_moderation.sql, with a team-chat message the caller can read (another member's) as a
-- message target too.
create or replace function public.report_content(p_kind text, p_target uuid, p_reason text, p_details text default null)
returns text language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  my_profile uuid := private.my_profile_id();
  reported uuid;
  snapshot text;
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
  elsif p_kind = 'profile' then
    select p.id into reported from public.profiles p
    where p.id = p_target
      and (p.is_public or (my_profile is not null and p.id <> my_profile and private.may_contact(my_profile, p.id)));
  else
    raise exception 'Choose a message or a profile to report' using errcode = '22023';
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
  insert into public.reports (reporter_id, kind, target_id, reported_profile_id, message_content, reason, details)
  values (me, p_kind, p_target, reported, snapshot, p_reason, nullif(p_details, ''))
  on conflict (reporter_id, kind, target_id) where status = 'open' do nothing;
  return case when found then 'reported' else 'already_reported' end;
end;
$$;

-- moderate_hide_message of 20261120000600_moderation.sql, hiding the message from whichever chat holds it.
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
  return private.finish_moderation(r, 'hide_message');
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Realtime: the private channel team:<team id>, for the team's active members
-- ---------------------------------------------------------------------------------------------------------
-- The listen policy of 20261120000700_realtime.sql with the team topic added.
alter policy app_channels_listen on realtime.messages
  using (
    (select private.may_receive_live())
    and (
      (select private.topic_id('inbox')) = (select private.my_profile_id())
      or (select private.topic_id('thread')) in (select private.my_conversation_ids())
      or (select private.topic_id('team')) in (select private.my_team_chat_ids())
      or (
        extension = 'presence'
        and exists (select 1 from public.profiles p where p.id = (select private.topic_id('presence')))
        and (select private.presence_visible_to_me((select private.topic_id('presence'))))
      )
    )
  );

alter publication supabase_realtime add table public.team_chat_messages, public.team_chat_reads;

-- ---------------------------------------------------------------------------------------------------------
-- New-message e-mails: outbox kind 'team_chat'
-- ---------------------------------------------------------------------------------------------------------
alter table private.notification_outbox
  drop constraint notification_outbox_kind_enum,
  add constraint notification_outbox_kind_enum
    check (kind in ('join_request', 'decision', 'message', 'urgent_alert', 'team_closed', 'interest_confirm',
                    'invitation', 'team_chat'));

-- At most one live row per team chat and member: later messages fold into it (as for 1:1).
create unique index notification_outbox_one_live_team_chat
  on private.notification_outbox (team_id, recipient_id)
  where kind = 'team_chat' and status in ('pending', 'sending');
-- "When did this team chat last e-mail this member" (the 30-minute rule).
create index notification_outbox_team_chat_sent_idx
  on private.notification_outbox (team_id, recipient_id, claimed_at desc)
  where kind = 'team_chat' and status in ('sending', 'sent');

-- A team-chat message → every other active member, due 5 minutes later (skipped if read by then).
create or replace function private.queue_team_chat_notification()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  insert into private.notification_outbox (kind, dedupe_key, recipient_id, team_id, due_at)
  select 'team_chat', 'team_chat:' || new.id || ':' || m.profile_id, m.profile_id, new.team_id,
         new.created_at + interval '5 minutes'
  from public.team_members m
  where m.team_id = new.team_id and m.status = 'active' and m.profile_id <> new.sender_id
  on conflict (team_id, recipient_id) where kind = 'team_chat' and status in ('pending', 'sending')
  do update set team_id = excluded.team_id;
  return null;
end;
$$;
revoke all on function private.queue_team_chat_notification() from public, anon, authenticated;
create trigger team_chat_messages_queue_notification after insert on public.team_chat_messages
  for each row execute function private.queue_team_chat_notification();

-- What a team-chat row's e-mail says, or why it is skipped or later: the 1:1 rules (unread after 5 minutes,
-- at most one per chat per 30 minutes), names the team, the newest unread message's sender and its first
-- 140 characters, as a 1:1 e-mail names its sender.
create or replace function private.team_chat_notification_content(r private.notification_outbox, p_now timestamptz)
returns jsonb language plpgsql stable security definer set search_path = '' as $$
declare
  result jsonb;
  read_at timestamptz;
  first_unread timestamptz;
  unread int;
  last_claim timestamptz;
  later timestamptz;
begin
  if not exists (
    select 1 from public.team_members m
    where m.team_id = r.team_id and m.profile_id = r.recipient_id and m.status = 'active'
  ) then
    return jsonb_build_object('skip', 'no longer a member');
  end if;
  select x.last_read_at into read_at from public.team_chat_reads x
  where x.team_id = r.team_id and x.profile_id = r.recipient_id;
  select min(m.created_at), count(*)::int into first_unread, unread
  from public.team_chat_messages m
  where m.team_id = r.team_id and m.sender_id <> r.recipient_id
    and m.created_at > coalesce(read_at, '-infinity'::timestamptz);
  if unread = 0 then
    return jsonb_build_object('skip', 'read in time');
  end if;
  select max(o.claimed_at) into last_claim from private.notification_outbox o
  where o.team_id = r.team_id and o.recipient_id = r.recipient_id and o.kind = 'team_chat'
    and o.status in ('sending', 'sent') and o.id <> r.id;
  later := greatest(first_unread + interval '5 minutes', last_claim + interval '30 minutes');
  if later > p_now then
    return jsonb_build_object('later', later);
  end if;
  select jsonb_build_object('data', jsonb_build_object(
    'team_id', t.id, 'team_name', t.name, 'sender_name', s.full_name, 'count', unread,
    'excerpt', left(last.content, 140), 'truncated', char_length(last.content) > 140))
  into result
  from (select m.content, m.sender_id from public.team_chat_messages m
        where m.team_id = r.team_id and m.sender_id <> r.recipient_id
          and m.created_at > coalesce(read_at, '-infinity'::timestamptz)
        order by m.created_at desc, m.id desc limit 1) last
  join public.profiles s on s.id = last.sender_id
  join public.teams t on t.id = r.team_id;
  return result;
end;
$$;
revoke all on function private.team_chat_notification_content(private.notification_outbox, timestamptz)
  from public, anon, authenticated;

-- wants_notification of 20261120000500_notifications.sql, with team chat switched by "New messages".
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
    else false
  end
  from (select 1) one
  left join public.notification_settings s on s.profile_id = profile
$$;

-- notification_content of 20261120000500_notifications.sql, with the team-chat kind handed to its own function.
create or replace function private.notification_content(r private.notification_outbox, p_now timestamptz)
returns jsonb language plpgsql stable security definer set search_path = '' as $$
declare
  result jsonb;
  first_unread timestamptz;
  unread int;
  last_claim timestamptz;
  later timestamptz;
begin
  if r.kind = 'team_chat' then
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

-- mark_notification_sent of 20261120000500_notifications.sql, with the team chat's follow-up: unread team-chat messages that
-- arrived after the claim get their own row, due after the 30-minute pause, as a conversation's do.
create or replace function private.mark_notification_sent(p_id bigint, p_token uuid, p_now timestamptz default now())
returns boolean language plpgsql volatile security definer set search_path = '' as $$
declare
  r private.notification_outbox;
begin
  update private.notification_outbox o set status = 'sent', sent_at = p_now, locked_until = null, last_error = null
  where o.id = p_id and o.claim_token = p_token and o.status = 'sending'
  returning * into r;
  if r.id is null then return false; end if;
  if r.kind = 'message' then
    insert into private.notification_outbox (kind, dedupe_key, recipient_id, conversation_id, message_id, due_at)
    select 'message', 'message:' || m.id, r.recipient_id, r.conversation_id, m.id,
           greatest(m.created_at + interval '5 minutes', r.claimed_at + interval '30 minutes')
    from public.messages m
    where m.conversation_id = r.conversation_id and m.sender_id <> r.recipient_id and not m.read
      and m.created_at > r.claimed_at
    order by m.created_at limit 1
    on conflict do nothing;
  elsif r.kind = 'team_chat' then
    insert into private.notification_outbox (kind, dedupe_key, recipient_id, team_id, due_at)
    select 'team_chat', 'team_chat:' || m.id || ':' || r.recipient_id, r.recipient_id, r.team_id,
           greatest(m.created_at + interval '5 minutes', r.claimed_at + interval '30 minutes')
    from public.team_chat_messages m
    left join public.team_chat_reads x on x.team_id = m.team_id and x.profile_id = r.recipient_id
    where m.team_id = r.team_id and m.sender_id <> r.recipient_id and m.created_at > r.claimed_at
      and m.created_at > coalesce(x.last_read_at, '-infinity'::timestamptz)
    order by m.created_at limit 1
    on conflict do nothing;
  end if;
  return true;
end;
$$;
