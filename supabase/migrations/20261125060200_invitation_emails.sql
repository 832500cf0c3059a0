-- Issues 19 + 20: an invitation reaches the invitee by e-mail at once, as a join request reaches a creator.
-- Until now it arrived only as an unread "new message" 5 minutes later. A new outbox kind, 'invitation':
--   * queued by a trigger on public.team_invitations, in the transaction of public.invite_to_team; one row per
--     invitation ever (dedupe key invitation:<invitation id>), deleted with the invitation;
--   * switched by the same setting as join requests (notification_settings.join_requests: the settings page
--     now calls it "Join requests and invitations"); its unsubscribe link is the join-request one;
--   * names the team (name, place, the leg asked for, its urgent need if still current) and, only when the
--     creator's profile is public, the creator;
--   * the message invite_to_team posts in the same transaction is not e-mailed again as a new message
--     (queue_message_notification skips it, as it skips a join request's or decision's automatic message).
-- The functions changed are the newest definitions again (wants_notification and notification_content from
-- 20261125040200, queue_message_notification from 20261125060100) with only the invitation added.

alter table private.notification_outbox
  add column invitation_id uuid references public.team_invitations (id) on delete cascade,
  drop constraint notification_outbox_kind_enum,
  add constraint notification_outbox_kind_enum
    check (kind in ('join_request', 'decision', 'message', 'urgent_alert', 'team_closed', 'interest_confirm',
                    'invitation'));
-- The cascade from a deleted invitation (its team or invitee deleted) finds its row without a scan.
create index notification_outbox_invitation_idx on private.notification_outbox (invitation_id)
  where invitation_id is not null;

-- An invitation → the invitee, due at once. Only a pending invitation is ever inserted (invite_to_team).
create or replace function private.queue_invitation_notification()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if new.status <> 'pending' then return null; end if;
  insert into private.notification_outbox (kind, dedupe_key, recipient_id, team_id, invitation_id, detail)
  values ('invitation', 'invitation:' || new.id, new.profile_id, new.team_id, new.id, new.role)
  on conflict do nothing;
  return null;
end;
$$;

create trigger team_invitations_queue_notification after insert on public.team_invitations
  for each row execute function private.queue_invitation_notification();

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
    when 'urgent_alert' then coalesce(s.urgent_alerts, false)
    else false
  end
  from (select 1) one
  left join public.notification_settings s on s.profile_id = profile
$$;

-- An invitation's e-mail: skipped once answered, when the team no longer takes members (closed or full: the
-- invitee could not accept), or when the two blocked each other since. The creator is named only when their
-- profile is public (the invitee may not see a private one); otherwise the e-mail names the team alone.
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

-- The 20261125060100 trigger, with 'invitation' among the events whose own e-mail already says what the
-- automatic message says (invite_to_team inserts the invitation, so queues its row, before posting).
create or replace function private.queue_message_notification()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  recipient uuid;
begin
  if new.sender_id is null then return null; end if;
  select case when c.participant_one_id = new.sender_id then c.participant_two_id else c.participant_one_id end
  into recipient from public.conversations c where c.id = new.conversation_id;
  if recipient is null then return null; end if;
  if exists (
    select 1 from private.notification_outbox o
    where o.created_xid = pg_current_xact_id() and o.recipient_id = recipient
      and o.kind in ('join_request', 'decision', 'invitation')
  ) then
    return null;
  end if;
  insert into private.notification_outbox (kind, dedupe_key, recipient_id, conversation_id, message_id, due_at)
  values ('message', 'message:' || new.id, recipient, new.conversation_id, new.id, new.created_at + interval '5 minutes')
  -- Folding into the live row locks it, so a worker marking that row sent in the same instant either waits
  -- for this message (and queues the follow-up) or has already finished (and this inserts a new row).
  on conflict (conversation_id, recipient_id) where kind = 'message' and status in ('pending', 'sending')
  do update set message_id = private.notification_outbox.message_id;
  return null;
end;
$$;

revoke all on function private.queue_invitation_notification(), private.wants_notification(uuid, text),
  private.notification_content(private.notification_outbox, timestamptz), private.queue_message_notification()
from public, anon, authenticated;
