-- Issue 21, finding 2: one athlete put 362 messages into another's inbox in 5 s. Limits per sender, in
-- triggers so that every path is covered (the send action, a raw insert through the API, the automatic
-- join-request and decision messages, start_conversation and any later function) without replacing a
-- messaging function:
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

-- "try again in 8 seconds", "in 12 minutes", "in 3 hours": the wait in the unit a person reads at a glance.
create or replace function private.try_again_in(seconds int)
returns text language sql immutable set search_path = '' as $$
  select case
    when seconds <= 120 then format('%s %s', greatest(seconds, 1), case when seconds <= 1 then 'second' else 'seconds' end)
    when seconds <= 120 * 60 then format('%s minutes', ceil(seconds / 60.0)::int)
    else format('%s hours', ceil(seconds / 3600.0)::int)
  end
$$;

create or replace function private.too_fast(seconds int, what text)
returns void language plpgsql set search_path = '' as $$
begin
  raise exception 'You''re sending messages too fast, try again in %', private.try_again_in(seconds)
    using errcode = 'P0429', detail = what, hint = seconds::text;
end;
$$;
revoke all on function private.try_again_in(int), private.too_fast(int, text) from public, anon, authenticated;

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
