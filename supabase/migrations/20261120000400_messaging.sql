-- Messaging (docs/product.md#messages): conversations between two athletes and their messages. Clients read
-- under RLS and write messages directly (the insert policy below); starting a conversation and the lists go
-- through SQL functions. CHECKs mirror lib/validation/message.ts; text follows private.is_safe_text. Who
-- reads a message (the app and Realtime alike) is the policy messages_select_participant, in the realtime
-- migration, since it also asks whether the reader may receive live messages.
--
-- A conversation outlives one of its athletes: when a profile is deleted its side becomes null (on delete
-- set null) and the other keeps their own messages; a message without a sender is a notice posted by
-- public.delete_my_account.
create table public.conversations (
  id uuid primary key default gen_random_uuid(),
  -- Stored sorted, so one pair of athletes has exactly one conversation.
  participant_one_id uuid references public.profiles (id) on delete set null,
  participant_two_id uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  -- Bumped by each new message (trigger below): the list is ordered by it.
  updated_at timestamptz not null default now(),
  constraint conversations_pair_sorted check (participant_one_id < participant_two_id),
  constraint conversations_pair_key unique (participant_one_id, participant_two_id)
);

-- "My conversations, newest first", from either side.
create index conversations_one_updated_idx on public.conversations (participant_one_id, updated_at desc);

create index conversations_two_updated_idx on public.conversations (participant_two_id, updated_at desc);

create table public.messages (
  id uuid primary key default gen_random_uuid(),
  conversation_id uuid not null references public.conversations (id) on delete cascade,
  sender_id uuid references public.profiles (id) on delete cascade,
  content text not null
    constraint messages_content_text
    check (char_length(content) between 1 and 2000 and private.is_safe_text(content, true)),
  -- The clock at insert, not the transaction start, so a thread's order follows the order of sending.
  created_at timestamptz not null default clock_timestamp(),
  read boolean not null default false,
  recipient_id uuid references public.profiles (id) on delete set null,
  constraint messages_recipient_not_sender check (recipient_id <> sender_id)
);

comment on column public.messages.sender_id is
  'The sending athlete; null only for a notice posted by public.delete_my_account (the team was closed).';

-- The thread in order, and (read backwards) the latest message per conversation.
create index messages_thread_idx on public.messages (conversation_id, created_at, id);

-- Unread counts: few rows, so a small partial index.
create index messages_unread_idx on public.messages (conversation_id, sender_id) where not read;

create or replace function private.is_participant(conversation uuid)
returns boolean language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.conversations c
    where c.id = conversation
      and (select private.my_profile_id()) in (c.participant_one_id, c.participant_two_id)
  )
$$;

-- A new message moves its conversation to the top of both lists.
create or replace function private.messages_bump_conversation()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  update public.conversations set updated_at = greatest(updated_at, new.created_at)
  where id = new.conversation_id;
  return new;
end;
$$;

create trigger messages_bump_conversation after insert on public.messages
  for each row execute function private.messages_bump_conversation();

alter table public.conversations enable row level security;

alter table public.messages enable row level security;

-- "The conversations I take part in", as a set computed once per statement for the policies below (a
-- security-definer function called per row is never inlined: a thread of 200 messages would run 200
-- lookups). Security definer so the messages policy can read conversations without its own policy in the
-- way. Each half uses one of the participant indexes. The insert policy keeps the per-row
-- private.is_participant: an insert checks one row.
create or replace function private.my_conversation_ids()
returns setof uuid language sql stable security definer set search_path = '' as $$
  select c.id from public.conversations c where c.participant_one_id = (select private.my_profile_id())
  union all
  select c.id from public.conversations c where c.participant_two_id = (select private.my_profile_id())
$$;

-- Only the two participants see a conversation and its messages.
create policy conversations_select_participant on public.conversations
  for select to authenticated
  using ((select private.my_profile_id()) in (participant_one_id, participant_two_id));

-- A participant writes only as themselves.
create policy messages_insert_participant on public.messages
  for insert to authenticated
  with check (sender_id = (select private.my_profile_id()) and private.is_participant(conversation_id));

-- Marking read: a participant, and only the other person's messages.
create policy messages_update_read on public.messages
  for update to authenticated
  using (
    conversation_id in (select private.my_conversation_ids())
    and sender_id <> (select private.my_profile_id())
  )
  with check (
    conversation_id in (select private.my_conversation_ids())
    and sender_id <> (select private.my_profile_id())
  );

revoke all on public.conversations, public.messages from anon, authenticated;

grant select on public.conversations to authenticated;

grant select, insert (conversation_id, sender_id, content), update (read) on public.messages to authenticated;

grant all on public.conversations, public.messages to service_role;

-- The pair's conversation, created when missing. For the SQL functions (join requests, decisions, and
-- start_conversation); not callable through the API.
create or replace function private.ensure_conversation(a uuid, b uuid)
returns uuid language plpgsql security definer set search_path = '' as $$
declare
  one uuid := least(a, b);
  two uuid := greatest(a, b);
  found uuid;
begin
  if a is null or b is null or a = b then
    raise exception 'A conversation needs two different athletes' using errcode = '22023';
  end if;
  -- ON CONFLICT waits for a concurrent insert of the same pair; the SELECT then sees its row.
  insert into public.conversations (participant_one_id, participant_two_id) values (one, two)
  on conflict (participant_one_id, participant_two_id) do nothing
  returning id into found;
  if found is null then
    select c.id into found from public.conversations c
    where c.participant_one_id = one and c.participant_two_id = two;
  end if;
  return found;
end;
$$;

revoke all on function private.ensure_conversation(uuid, uuid) from public, anon, authenticated;

-- The rule-carrying functions on top of the tables:
--   * public.start_conversation(other_profile): sorts the pair, returns the existing conversation or creates
--     it (one row per pair, however many parallel calls);
--   * public.list_my_conversations(lim, only_id): the conversation list in ONE query, with the other
--     athlete's four public-safe fields, the last message and the unread count;
--   * public.unread_message_count(): the number behind the unread badge;
--   * client-chosen message ids, so a retried send never stores a message twice (grant below).

-- Whom one may start a conversation with: an athlete whose profile is public (the browse cards and
-- /profile/{id} only show those), or one you already share a team with (creator or live member on either
-- side), or one you already have a conversation with (a join request made it). A private athlete you have
-- no link with cannot be found, so the answer is the same "Athlete not found" as for a missing id.
create or replace function private.may_contact(me uuid, other uuid)
returns boolean language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.profiles p where p.id = other and p.is_public)
      or exists (
        select 1 from public.conversations c
        where c.participant_one_id = least(me, other) and c.participant_two_id = greatest(me, other))
      or exists (
        -- Both live members of one team, or one of them created a team the other is in.
        select 1
        from public.teams t
        left join public.team_members a on a.team_id = t.id and a.status in ('active', 'pending')
        join public.profiles pa on pa.id = me
        join public.profiles pb on pb.id = other
        where (t.creator_id = pa.auth_id or a.profile_id = me)
          and (t.creator_id = pb.auth_id or exists (
                select 1 from public.team_members b
                where b.team_id = t.id and b.profile_id = other and b.status in ('active', 'pending'))))
$$;

revoke all on function private.may_contact(uuid, uuid) from public, anon, authenticated;

-- Errors the server action maps to the texts the app shows: PROFILE_NOT_FOUND (the caller has no profile yet:
-- "Please create your profile first to send messages"), anything else ("Failed to start conversation").
create or replace function public.start_conversation(other_profile uuid)
returns uuid language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := private.my_profile_id();
begin
  if me is null then
    raise exception 'Profile not found' using errcode = 'P0002', detail = 'PROFILE_NOT_FOUND';
  end if;
  if other_profile is null or other_profile = me then
    raise exception 'You cannot start a conversation with yourself' using errcode = '22023';
  end if;
  if not private.may_contact(me, other_profile) then
    raise exception 'Athlete not found' using errcode = 'P0002', detail = 'ATHLETE_NOT_FOUND';
  end if;
  return private.ensure_conversation(me, other_profile);
end;
$$;

revoke all on function public.start_conversation(uuid) from public, anon;

grant execute on function public.start_conversation(uuid) to authenticated;

-- The caller's conversations, newest first, each with the other athlete (id, username, full_name,
-- avatar_url only: their profile may be private, and nothing else of it may leak), the last message and
-- how many of the other person's messages are unread. Security definer so a private profile's four fields
-- can be read, limited to the caller's own conversations by the WHERE on my_profile_id().
-- Each side's list is a top-N scan of its (participant, updated_at desc) index, so the cost stays flat at
-- 10,000 conversations; the last message and the unread count come from the thread and unread indexes.
-- The caller is named once, in the MATERIALIZED CTE `me`: private.my_profile_id() is security definer
-- (never inlined), and an inlined CTE would call it for every row it is compared with.
create or replace function public.list_my_conversations(lim int default 50, only_id uuid default null)
returns table (
  id uuid,
  updated_at timestamptz,
  other_id uuid,
  other_username text,
  other_full_name text,
  other_avatar_url text,
  last_content text,
  last_created_at timestamptz,
  last_sender_id uuid,
  unread_count int
)
language sql stable security definer set search_path = '' as $$
  -- The caller's id as an InitPlan parameter (not a joined CTE), so each side is an ordered index scan that
  -- stops after `lim` rows instead of reading and sorting all of the caller's conversations.
  with me as materialized (select private.my_profile_id() as id),
  mine as (
    (select c.* from public.conversations c
     where c.participant_one_id = (select private.my_profile_id()) and (only_id is null or c.id = only_id)
     order by c.updated_at desc limit least(greatest(lim, 1), 200))
    union all
    (select c.* from public.conversations c
     where c.participant_two_id = (select private.my_profile_id()) and (only_id is null or c.id = only_id)
     order by c.updated_at desc limit least(greatest(lim, 1), 200))
  ),
  top as (select * from mine order by updated_at desc, id limit least(greatest(lim, 1), 200))
  select c.id, c.updated_at,
         p.id, p.username, p.full_name, p.avatar_url,
         last.content, last.created_at, last.sender_id,
         coalesce(unread.n, 0)::int
  from top c
  cross join me
  left join public.profiles p
    on p.id = case when c.participant_one_id = me.id then c.participant_two_id else c.participant_one_id end
  left join lateral (
    select m.content, m.created_at, m.sender_id from public.messages m
    where m.conversation_id = c.id
    order by m.created_at desc, m.id desc limit 1
  ) last on true
  left join lateral (
    select count(*) as n from public.messages m
    where m.conversation_id = c.id and not m.read and m.sender_id <> me.id
  ) unread on true
  order by c.updated_at desc, c.id
$$;

revoke all on function public.list_my_conversations(int, uuid) from public, anon;

grant execute on function public.list_my_conversations(int, uuid) to authenticated;

-- The browser picks each message's id before sending, so a retry of the same send (a lost reply, a double
-- click) hits the primary key and stores nothing new, and the live copy that Realtime delivers merges with
-- the one already on screen by id.
grant insert (id) on public.messages to authenticated;

-- Message rate limits (docs/security.md#rate-limits), per sender, in triggers so that every path is covered
-- (the send action, a raw insert through the API, the automatic join-request and decision messages,
-- start_conversation and any later function):
--   * messages: 5 in 10 s (a burst) and 60 an hour (sustained);
--   * new conversations: 20 a day. Enough for an athlete looking for a relay team to write to every likely
--     partner and team in a day (a relay needs two others; browse shows a dozen or so open teams), while a
--     spammer reaches 20 new inboxes a day instead of thousands. A join request opens a conversation too,
--     so it counts.
-- Only writes made for a signed-in athlete count (auth.uid() set): the seed, the service role and the
-- benchmark's admin inserts are not limited. A refusal is errcode P0429 with the text the sender sees,
-- detail MESSAGE_RATE or CONVERSATION_RATE and the seconds to wait in hint.

-- "The sender's messages since t", newest first: the counts below, and deleting a profile's messages.
create index messages_sender_created_idx on public.messages (sender_id, created_at desc);

-- Who started each conversation, for the daily limit (conversations have no such column, and the other
-- participant has no need to know).
create table private.conversation_starts (
  conversation_id uuid primary key references public.conversations (id) on delete cascade,
  started_by uuid not null references public.profiles (id) on delete cascade,
  at timestamptz not null default clock_timestamp()
);

create index conversation_starts_by_at_idx on private.conversation_starts (started_by, at desc);

revoke all on private.conversation_starts from public, anon, authenticated;

-- A sender over a limit waits until the oldest message that counts leaves its window: the 5th newest in
-- the last 10 s, else the 60th newest in the last hour. One limit over a sender's 1:1 and team-chat
-- messages together, whichever chat the burst goes to.
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

revoke all on function private.limit_message_rate() from public, anon, authenticated;

create trigger messages_limit_rate before insert on public.messages
  for each row execute function private.limit_message_rate();

-- The daily limit on new conversations, for the signed-in athlete who causes one (start_conversation, a
-- join request). A pair that already has its conversation is not new: ensure_conversation's insert then
-- does nothing.
create or replace function private.limit_conversation_starts()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  me uuid := private.my_profile_id();
  wait interval;
begin
  if me is null then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('conversation-rate:' || me::text, 0));
  if exists (
    select 1 from public.conversations c
    where c.participant_one_id = new.participant_one_id and c.participant_two_id = new.participant_two_id
  ) then
    return new;
  end if;
  select s.at + interval '1 day' - clock_timestamp() into wait
  from private.conversation_starts s
  where s.started_by = me and s.at > clock_timestamp() - interval '1 day'
  order by s.at desc offset 19 limit 1;
  if wait is not null then
    perform private.too_fast(ceil(extract(epoch from wait))::int, 'CONVERSATION_RATE');
  end if;
  return new;
end;
$$;

revoke all on function private.limit_conversation_starts() from public, anon, authenticated;

create or replace function private.record_conversation_start()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  me uuid := private.my_profile_id();
begin
  if me is not null then
    insert into private.conversation_starts (conversation_id, started_by) values (new.id, me);
  end if;
  return new;
end;
$$;

revoke all on function private.record_conversation_start() from public, anon, authenticated;

create trigger conversations_limit_starts before insert on public.conversations
  for each row execute function private.limit_conversation_starts();

create trigger conversations_record_start after insert on public.conversations
  for each row execute function private.record_conversation_start();

-- A message names its recipient, so a live inbox subscribes with filters (recipient_id=eq.me and
-- sender_id=eq.me) and Realtime checks a change against its two participants' subscriptions only, not
-- everyone online. RLS still decides what each of them may see; the column is for routing, never access.

-- The sender's counterpart; for a notice (no sender, posted after the creator's profile went) the side left.
create or replace function private.message_recipient(conversation uuid, sender uuid)
returns uuid language sql stable security definer set search_path = '' as $$
  select case
    when sender is null then coalesce(c.participant_one_id, c.participant_two_id)
    when c.participant_one_id = sender then c.participant_two_id
    else c.participant_one_id
  end
  from public.conversations c
  where c.id = conversation
$$;

revoke all on function private.message_recipient(uuid, uuid) from public;

-- Always from the conversation, never from the writer: the insert grant leaves the column out, and this
-- also covers the SQL functions that insert as the table's owner.
create or replace function private.messages_set_recipient()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  new.recipient_id := private.message_recipient(new.conversation_id, new.sender_id);
  return new;
end;
$$;

revoke all on function private.messages_set_recipient() from public;

create trigger messages_set_recipient before insert on public.messages
  for each row execute function private.messages_set_recipient();

-- Deleting a profile sets its received messages' recipient to null: without this, a scan of every message.
create index messages_recipient_idx on public.messages (recipient_id);

-- ---------------------------------------------------------------------------------------------------------
-- Team chat
-- ---------------------------------------------------------------------------------------------------------
-- A chat for each team: one group conversation of the team's active members (its creator included).
--
-- Who is in it is never stored twice: the chat's members ARE the team's active team_members rows. So it
-- exists from the moment the team does (create_team makes the creator an active member), a member is in it
-- as soon as a request or invitation is accepted, and out of it the moment they leave or are removed. A
-- former member reads nothing of it any more (the read policies, in the realtime migration beside
-- messages_select_participant), receives nothing live (Realtime Authorization), and their read state and
-- pending e-mails go. A member who joins (or rejoins) reads the whole history: what was agreed before they
-- came (who racks the bike, where the chip changes hands) is what they need.
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

-- ---------------------------------------------------------------------------------------------------------
-- RLS and grants
-- ---------------------------------------------------------------------------------------------------------
alter table public.team_chat_messages enable row level security;

alter table public.team_chat_reads enable row level security;

-- A member writes only as themselves, only into their team's chat.
create policy team_chat_messages_insert_member on public.team_chat_messages
  for insert to authenticated
  with check (sender_id = (select private.my_profile_id()) and team_id in (select private.my_team_chat_ids()));

revoke all on public.team_chat_messages, public.team_chat_reads from anon, authenticated;

grant select, insert (id, team_id, sender_id, content) on public.team_chat_messages to authenticated;

grant select on public.team_chat_reads to authenticated;

grant all on public.team_chat_messages, public.team_chat_reads to service_role;

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

-- The unread badge: the other people's unread 1:1 messages over all the caller's conversations, plus the
-- other members' team-chat messages after the caller's read state.
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

revoke all on function public.unread_message_count() from public, anon;

grant execute on function public.unread_message_count() to authenticated;

-- Messages and team chat stream to their readers over Realtime (RLS decides who receives each change).
alter publication supabase_realtime add table public.messages, public.team_chat_messages, public.team_chat_reads;
