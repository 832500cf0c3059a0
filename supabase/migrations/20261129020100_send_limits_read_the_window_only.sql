-- The send limits read only the window they count.
--
-- Both compared the rows' time with clock_timestamp() - interval. clock_timestamp() is volatile, so Postgres
-- evaluates it for every row and cannot use it to bound an index scan: each message sent read all the
-- sender's messages ever, in all three message tables and twice (the 10-second and the 1-hour window),
-- through (sender_id, created_at desc) only by sender; each conversation started read all the athlete's
-- starts ever. Now the instant is read into a variable just before each query, so the window's start is a
-- parameter and the scan stops at it. The rules, the limits and the waits are as before.

create or replace function private.limit_message_rate()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  wait interval;
  checked_at timestamptz;
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
  checked_at := clock_timestamp();
  select s.created_at + interval '10 seconds' - clock_timestamp() into wait
  from (
    (select m.created_at from public.messages m
     where m.sender_id = new.sender_id and m.created_at > checked_at - interval '10 seconds')
    union all
    (select m.created_at from public.team_chat_messages m
     where m.sender_id = new.sender_id and m.created_at > checked_at - interval '10 seconds')
    union all
    (select m.created_at from public.session_chat_messages m
     where m.sender_id = new.sender_id and m.created_at > checked_at - interval '10 seconds')
  ) s
  order by s.created_at desc offset 4 limit 1;
  if wait is null then
    checked_at := clock_timestamp();
    select s.created_at + interval '1 hour' - clock_timestamp() into wait
    from (
      (select m.created_at from public.messages m
       where m.sender_id = new.sender_id and m.created_at > checked_at - interval '1 hour')
      union all
      (select m.created_at from public.team_chat_messages m
       where m.sender_id = new.sender_id and m.created_at > checked_at - interval '1 hour')
      union all
      (select m.created_at from public.session_chat_messages m
       where m.sender_id = new.sender_id and m.created_at > checked_at - interval '1 hour')
    ) s
    order by s.created_at desc offset 59 limit 1;
  end if;
  if wait is not null then
    perform private.too_fast(ceil(extract(epoch from wait))::int, 'MESSAGE_RATE');
  end if;
  return new;
end;
$$;

create or replace function private.limit_conversation_starts()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  me uuid := private.my_profile_id();
  wait interval;
  checked_at timestamptz;
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
  checked_at := clock_timestamp();
  select s.at + interval '1 day' - clock_timestamp() into wait
  from private.conversation_starts s
  where s.started_by = me and s.at > checked_at - interval '1 day'
  order by s.at desc offset 19 limit 1;
  if wait is not null then
    perform private.too_fast(ceil(extract(epoch from wait))::int, 'CONVERSATION_RATE');
  end if;
  return new;
end;
$$;
