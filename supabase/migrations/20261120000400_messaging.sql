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

-- Messages stream to their participants over Realtime (RLS decides who receives each insert).
alter publication supabase_realtime add table public.messages;

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

-- The unread badge: the other people's unread messages over all the caller's conversations (the caller
-- named once, as above).
create or replace function public.unread_message_count()
returns int language sql stable security definer set search_path = '' as $$
  with me as materialized (select private.my_profile_id() as id)
  select coalesce(count(*), 0)::int
  from me
  join public.conversations c on me.id in (c.participant_one_id, c.participant_two_id)
  join public.messages m on m.conversation_id = c.id and not m.read and m.sender_id <> me.id
$$;

revoke all on function public.unread_message_count() from public, anon;

grant execute on function public.unread_message_count() to authenticated;

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
-- the last 10 s, else the 60th newest in the last hour.
create or replace function private.limit_message_rate()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  wait interval;
begin
  if (select auth.uid()) is null then
    return new;
  end if;
  -- One sender's sends, one at a time (released at commit): a burst in parallel transactions cannot all
  -- count the same few earlier rows. Read committed: the counts below see what the previous holder wrote.
  perform pg_advisory_xact_lock(hashtextextended('message-rate:' || new.sender_id::text, 0));
  -- A retry of a send already stored (same browser-chosen id) writes nothing, so it is not refused either.
  if exists (select 1 from public.messages m where m.id = new.id) then
    return new;
  end if;
  select m.created_at + interval '10 seconds' - clock_timestamp() into wait
  from public.messages m
  where m.sender_id = new.sender_id and m.created_at > clock_timestamp() - interval '10 seconds'
  order by m.created_at desc offset 4 limit 1;
  if wait is null then
    select m.created_at + interval '1 hour' - clock_timestamp() into wait
    from public.messages m
    where m.sender_id = new.sender_id and m.created_at > clock_timestamp() - interval '1 hour'
    order by m.created_at desc offset 59 limit 1;
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
