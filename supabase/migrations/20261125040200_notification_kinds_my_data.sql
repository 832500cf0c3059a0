-- Issue 21: two new kinds of e-mail for the notification worker (20261125010200_notification_worker.sql),
-- following its pattern; these are those functions again with only the new kinds added:
--   * 'interest_confirm': the register-interest confirmation link (20261125040000). It goes to the address of
--     the request, not to an athlete: claim_notifications takes the address and name from the request, and
--     the e-mail is always wanted (it was just asked for); skipped once confirmed or expired.
--   * 'team_closed': a team you were in or asked to join was closed because its creator deleted their
--     account (20261125040100). Switched by the "decisions" setting; the team's name is in the row's
--     detail, since the team itself is gone.

create or replace function private.wants_notification(profile uuid, kind text)
returns boolean language sql stable security definer set search_path = '' as $$
  select case kind
    when 'join_request' then coalesce(s.join_requests, true)
    when 'decision' then coalesce(s.decisions, true)
    -- A team you were in or asked to join was closed: news about your requests, switched with decisions.
    when 'team_closed' then coalesce(s.decisions, true)
    when 'message' then coalesce(s.messages, true)
    when 'urgent_alert' then coalesce(s.urgent_alerts, false)
    else false
  end
  from (select 1) one
  left join public.notification_settings s on s.profile_id = profile
$$;

create or replace function private.notification_content(r private.notification_outbox, p_now timestamptz)
returns jsonb language plpgsql stable security definer set search_path = '' as $$
declare
  result jsonb;
  first_unread timestamptz;
  unread int;
  last_claim timestamptz;
  later timestamptz;
begin
  if r.kind = 'interest_confirm' then
    select case when q.confirmed_at is not null then jsonb_build_object('skip', 'already confirmed')
           when q.expires_at <= p_now then jsonb_build_object('skip', 'request expired')
           else jsonb_build_object('data', jsonb_build_object(
             'request_id', q.id, 'name', q.name, 'specialty', q.specialty, 'expires_at', q.expires_at)) end
    into result
    from private.interest_requests q where q.id = r.interest_request_id;
  elsif r.kind = 'team_closed' then
    result := jsonb_build_object('data', jsonb_build_object('team_name', r.detail));
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
  addressee text;
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
    if r.kind = 'interest_confirm' then
      -- To the address typed into register-interest: confirming it is the point, and it was asked for.
      select q.email, q.name into address, addressee from private.interest_requests q where q.id = r.interest_request_id;
      content := case when address is null then jsonb_build_object('skip', 'request no longer exists')
                      else private.notification_content(r, p_now) end;
    else
      select u.email, p.full_name into address, addressee from public.profiles p join auth.users u on u.id = p.auth_id
      where p.id = r.recipient_id and u.email_confirmed_at is not null and coalesce(u.email, '') <> '';
      content := case
        when address is null then jsonb_build_object('skip', 'address not confirmed')
        when not private.wants_notification(r.recipient_id, r.kind) then jsonb_build_object('skip', 'turned off by the recipient')
        else private.notification_content(r, p_now) end;
    end if;
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
      return query select r.id, r.kind, token, r.attempts + 1, r.recipient_id, address, addressee, content -> 'data';
    end if;
  end loop;
end;
$$;

revoke all on function private.wants_notification(uuid, text),
  private.notification_content(private.notification_outbox, timestamptz),
  private.claim_notifications(int, interval, timestamptz)
from public, anon, authenticated;
grant execute on function private.claim_notifications(int, interval, timestamptz) to service_role;
