-- The notification worker's SQL (issue 19): claim due outbox rows, then mark each sent or failed. Called by
-- lib/notifications/worker.ts as service_role (set local role), never by users. Every function takes the
-- clock as `p_now` so tests can move time; production passes nothing and gets now().
--
-- Delivery is at-least-once: a row is claimed with a lease (status 'sending', locked_until, a claim token),
-- the app sends it with no transaction open, then marks it sent with the token. A worker that dies between
-- send and mark leaves the row 'sending'; when the lease ends another worker claims it again, so that one
-- e-mail may arrive twice (with the same Message-ID), and none is ever lost. Rows claimed but not yet sent
-- when a worker dies are sent once, after the lease.

-- What a row's e-mail says, or why it is skipped or later. Returns {"skip": reason} | {"later": time} |
-- {"data": {...}}. Names only what the recipient may see: a join request names the requester to the team's
-- creator (who sees pending requesters); a message names the sender to the other participant; decisions and
-- alerts name the team only.
create or replace function private.notification_content(r private.notification_outbox, p_now timestamptz)
returns jsonb language plpgsql stable security definer set search_path = '' as $$
declare
  result jsonb;
  first_unread timestamptz;
  unread int;
  last_claim timestamptz;
  later timestamptz;
begin
  if r.kind = 'join_request' then
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

-- Claims at most `p_limit` due rows (pending and due, or sending with an ended lease) for one worker pass,
-- SKIP LOCKED so parallel workers take different rows. Rows that need no e-mail are settled here: skipped
-- (unconfirmed address, turned off, read in time, no longer relevant) or moved later (message batching).
create or replace function private.claim_notifications(
  p_limit int default 50, p_lease interval default interval '5 minutes', p_now timestamptz default now()
) returns table (
  id bigint, kind text, claim_token uuid, attempts int, recipient_id uuid, to_email text, recipient_name text,
  data jsonb
) language plpgsql volatile security definer set search_path = '' as $$
declare
  r private.notification_outbox;
  token uuid := gen_random_uuid();
  address text;
  content jsonb;
begin
  for r in
    select * from private.notification_outbox o
    where (o.status = 'pending' and o.due_at <= p_now) or (o.status = 'sending' and o.locked_until <= p_now)
    order by o.due_at, o.id
    -- Lock no more than this pass may claim, so a parallel worker gets the rest. Rows settled below
    -- (skipped, moved later) make this pass claim fewer; the next pass goes on.
    limit greatest(p_limit, 1)
    for update skip locked
  loop
    if r.status = 'sending' and r.attempts >= 5 then
      update private.notification_outbox o set status = 'failed', locked_until = null, claim_token = null,
        last_error = 'worker did not finish (lease ended) on the last try'
      where o.id = r.id;
      continue;
    end if;
    select u.email into address from public.profiles p join auth.users u on u.id = p.auth_id
    where p.id = r.recipient_id and u.email_confirmed_at is not null and coalesce(u.email, '') <> '';
    content := case
      when address is null then jsonb_build_object('skip', 'address not confirmed')
      when not private.wants_notification(r.recipient_id, r.kind) then jsonb_build_object('skip', 'turned off by the recipient')
      else private.notification_content(r, p_now) end;
    if content ? 'skip' then
      update private.notification_outbox o set status = 'skipped', locked_until = null, claim_token = null,
        last_error = content ->> 'skip'
      where o.id = r.id;
    elsif content ? 'later' then
      update private.notification_outbox o set status = 'pending', locked_until = null, claim_token = null,
        due_at = (content ->> 'later')::timestamptz
      where o.id = r.id;
    else
      update private.notification_outbox o set status = 'sending', claim_token = token, claimed_at = p_now,
        locked_until = p_now + p_lease, attempts = o.attempts + 1
      where o.id = r.id;
      return query select r.id, r.kind, token, r.attempts + 1, r.recipient_id, address,
        (select p.full_name from public.profiles p where p.id = r.recipient_id), content -> 'data';
    end if;
  end loop;
end;
$$;

-- Marks a claimed row sent (only with its claim token: a worker whose lease ended and was re-claimed
-- cannot). For a message, unread messages that arrived after the claim get their own row, due after the
-- 30-minute pause. Returns false when the row was not this worker's any more.
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
  end if;
  return true;
end;
$$;

-- A failed send: back to pending after 1, 2, 4, 8 minutes; the fifth failure is final, with the reason.
create or replace function private.mark_notification_failed(
  p_id bigint, p_token uuid, p_error text, p_now timestamptz default now()
) returns text language sql volatile security definer set search_path = '' as $$
  update private.notification_outbox o set
    status = case when o.attempts >= 5 then 'failed' else 'pending' end,
    due_at = p_now + make_interval(mins => (2 ^ (least(o.attempts, 5) - 1))::int),
    locked_until = null, claim_token = null, last_error = left(coalesce(p_error, 'unknown error'), 500)
  where o.id = p_id and o.claim_token = p_token and o.status = 'sending'
  returning o.status
$$;

-- Gives back claimed rows this worker will not send in this pass (its time ran out): due again at once,
-- the try not counted.
create or replace function private.release_notifications(p_ids bigint[], p_token uuid)
returns int language sql volatile security definer set search_path = '' as $$
  with released as (
    update private.notification_outbox o set status = 'pending', locked_until = null, claim_token = null,
      attempts = o.attempts - 1
    where o.id = any (p_ids) and o.claim_token = p_token and o.status = 'sending'
    returning 1
  )
  select count(*)::int from released
$$;

revoke all on function
  private.notification_content(private.notification_outbox, timestamptz),
  private.claim_notifications(int, interval, timestamptz),
  private.mark_notification_sent(bigint, uuid, timestamptz),
  private.mark_notification_failed(bigint, uuid, text, timestamptz),
  private.release_notifications(bigint[], uuid)
from public, anon, authenticated;
grant execute on function
  private.claim_notifications(int, interval, timestamptz),
  private.mark_notification_sent(bigint, uuid, timestamptz),
  private.mark_notification_failed(bigint, uuid, text, timestamptz),
  private.release_notifications(bigint[], uuid)
to service_role;
