-- The notification outbox (issue 19). Every event that should reach someone by e-mail writes a row here IN
-- THE SAME TRANSACTION as the event, from triggers on the tables the rule-carrying functions write: a join
-- request, a decision, a message, an urgent need. So an event that rolls back queues nothing, and a queued
-- e-mail always has its event. A worker (next migration, app/api/cron/notifications) sends the due rows.
--
-- Why a plain table and not a queue library (pg-boss): the worker is a serverless route called by a cron,
-- not a long-running process, and the app reaches Postgres through the transaction-mode pooler, where
-- pg-boss's own schema, maintenance loop and LISTEN/NOTIFY do not fit. What we need is one table, one
-- index and `FOR UPDATE SKIP LOCKED`.
--
-- One event never makes two rows: `dedupe_key` is unique (join_request:<member>, decision:<member>:<status>,
-- message:<first message>, urgent_alert:<athlete>:<Noosa day>). Messages are batched: at most one live
-- (pending or sending) row per conversation and recipient, which later messages fold into; the worker
-- counts the unread messages when it sends. The urgent key makes "one alert per athlete per day" a
-- constraint. Private schema: nothing here is reachable through the API.

create table private.notification_outbox (
  id bigint generated always as identity primary key,
  kind text not null constraint notification_outbox_kind_enum
    check (kind in ('join_request', 'decision', 'message', 'urgent_alert')),
  dedupe_key text not null constraint notification_outbox_dedupe_key unique,
  recipient_id uuid not null references public.profiles (id) on delete cascade,
  team_id uuid references public.teams (id) on delete cascade,
  member_id uuid references public.team_members (id) on delete cascade,
  conversation_id uuid references public.conversations (id) on delete cascade,
  message_id uuid references public.messages (id) on delete cascade,
  -- accepted | declined | removed for a decision; the leg for an urgent alert.
  detail text,
  status text not null default 'pending' constraint notification_outbox_status_enum
    check (status in ('pending', 'sending', 'sent', 'skipped', 'failed')),
  due_at timestamptz not null default now(),
  -- The lease of the worker that claimed the row, and its token (only that worker may mark it).
  locked_until timestamptz,
  claim_token uuid,
  claimed_at timestamptz,
  attempts int not null default 0,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  -- The transaction that queued it: lets the messages trigger see the join request or decision queued
  -- just before by the same function.
  created_xid xid8 not null default pg_current_xact_id()
);

comment on table private.notification_outbox is
  'Notification e-mails to send: written with their event, sent by private.claim_notifications and the app.';

-- The worker's scan: live rows by when they are due (pending) or when their lease ends (sending).
create index notification_outbox_due_idx on private.notification_outbox (due_at) where status = 'pending';
create index notification_outbox_lease_idx on private.notification_outbox (locked_until) where status = 'sending';
create unique index notification_outbox_one_live_message
  on private.notification_outbox (conversation_id, recipient_id)
  where kind = 'message' and status in ('pending', 'sending');
-- "When did this conversation last e-mail this recipient" (the 30-minute rule).
create index notification_outbox_message_sent_idx on private.notification_outbox (conversation_id, recipient_id, claimed_at desc)
  where kind = 'message' and status in ('sending', 'sent');
create index notification_outbox_xid_idx on private.notification_outbox (created_xid);

revoke all on private.notification_outbox from public, anon, authenticated;
grant all on private.notification_outbox to service_role;

-- ---------------------------------------------------------------------------------------------------------
-- Events → rows
-- ---------------------------------------------------------------------------------------------------------

-- A join request → the team's creator, at once. A decision → the requester, at once: accepted or declined
-- (pending → active | declined), or removed (active → left by someone other than the member; leaving by
-- oneself and withdrawing a request send nothing).
create or replace function private.queue_membership_notification()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  creator uuid;
  decision text;
begin
  if tg_op = 'INSERT' then
    if new.status <> 'pending' then return null; end if;
    select p.id into creator from public.teams t join public.profiles p on p.auth_id = t.creator_id
    where t.id = new.team_id;
    if creator is null or creator = new.profile_id then return null; end if;
    insert into private.notification_outbox (kind, dedupe_key, recipient_id, team_id, member_id, detail)
    values ('join_request', 'join_request:' || new.id, creator, new.team_id, new.id, new.role)
    on conflict do nothing;
    return null;
  end if;

  if old.status = 'pending' and new.status = 'active' then
    decision := 'accepted';
  elsif old.status = 'pending' and new.status = 'declined' then
    decision := 'declined';
  elsif old.status = 'active' and new.status = 'left' and (select auth.uid()) is distinct from (
      select p.auth_id from public.profiles p where p.id = new.profile_id) then
    decision := 'removed';
  else
    return null;
  end if;
  insert into private.notification_outbox (kind, dedupe_key, recipient_id, team_id, member_id, detail)
  values ('decision', 'decision:' || new.id || ':' || decision, new.profile_id, new.team_id, new.id, decision)
  on conflict do nothing;
  return null;
end;
$$;

create trigger team_members_queue_notification after insert or update of status on public.team_members
  for each row execute function private.queue_membership_notification();

-- A message → the other participant, due 5 minutes later (the worker skips it if read by then). Folds into
-- the conversation's live row for that recipient if there is one. The automatic message a join request or
-- a decision posts is not e-mailed again: its own e-mail, queued in this transaction, already says it.
create or replace function private.queue_message_notification()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  recipient uuid;
begin
  select case when c.participant_one_id = new.sender_id then c.participant_two_id else c.participant_one_id end
  into recipient from public.conversations c where c.id = new.conversation_id;
  if recipient is null then return null; end if;
  if exists (
    select 1 from private.notification_outbox o
    where o.created_xid = pg_current_xact_id() and o.recipient_id = recipient
      and o.kind in ('join_request', 'decision')
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

create trigger messages_queue_notification after insert on public.messages
  for each row execute function private.queue_message_notification();

-- An urgent need (set or changed on an open team) → each athlete who opted in, races that leg, has a public
-- profile, is looking for a team and is not in this team (creator, member or pending). At most one alert per
-- athlete per Noosa day, by the dedupe key.
create or replace function private.queue_urgent_alerts()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if new.urgent_role is null or new.status <> 'open'
     or (old.urgent_role is not distinct from new.urgent_role and old.urgent_by is not distinct from new.urgent_by) then
    return null;
  end if;
  insert into private.notification_outbox (kind, dedupe_key, recipient_id, team_id, detail)
  select 'urgent_alert', 'urgent_alert:' || p.id || ':' || private.noosa_today(), p.id, new.id, new.urgent_role
  from public.profiles p
  join public.notification_settings s on s.profile_id = p.id and s.urgent_alerts
  where p.specialty = new.urgent_role and p.is_public and p.looking_for_team
    and p.auth_id <> new.creator_id
    and not exists (
      select 1 from public.team_members m
      where m.team_id = new.id and m.profile_id = p.id and m.status in ('active', 'pending'))
  on conflict do nothing;
  return null;
end;
$$;

create trigger teams_queue_urgent_alerts after update of urgent_role, urgent_by on public.teams
  for each row execute function private.queue_urgent_alerts();

-- Opted-in athletes of a leg (the alert fan-out above).
create index notification_settings_urgent_idx on public.notification_settings (profile_id) where urgent_alerts;

revoke all on function private.queue_membership_notification(), private.queue_message_notification(),
  private.queue_urgent_alerts() from public, anon, authenticated;
