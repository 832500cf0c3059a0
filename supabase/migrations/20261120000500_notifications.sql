-- Notifications (docs/product.md#notifications): e-mail preferences, the outbox every notification e-mail
-- goes through, the worker's SQL, and register interest (its confirmation e-mail is an outbox row too).

-- Register interest (/register-interest, docs/security.md#register-interest): visitors who cannot find a team
-- today leave a name, an e-mail and a specialty, to hear when a team needs someone like them. It is double
-- opt-in, so the list cannot be flooded with made-up addresses and nobody can overwrite someone else's entry
-- by typing their e-mail:
--   * a form submission only creates a *request* (private.interest_requests) and queues one confirmation
--     e-mail through the notification outbox (kind 'interest_confirm');
--   * an entry counts (public.interest_registrations) only when the owner of the address confirms from that
--     e-mail; confirming writes exactly the details of that request, so nobody else's typing changes it;
--   * a request expires 48 hours after it was made and is purged after that; at most one live request (so
--     one e-mail) per address per hour, however often it is submitted; at most 200 new requests an hour in
--     all, so even many client addresses cannot make the site mail a flood of strangers;
--   * neither function is callable by anon or authenticated: the app's server calls them as service_role
--     (lib/db withServiceRole), as the notification worker does.
-- Nobody reads the list through the API but the service role. CHECKs mirror lib/validation/interest.ts; the
-- name follows private.is_safe_text.
create table public.interest_registrations (
  id uuid primary key default gen_random_uuid(),
  -- Stored lower-cased, so "Mia@X" and "mia@x" are one registration.
  email text not null
    constraint interest_email_format
    check (email = lower(email) and char_length(email) between 3 and 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$')
    constraint interest_email_key unique,
  name text not null
    constraint interest_name_text check (char_length(name) between 2 and 100 and private.is_safe_text(name)),
  specialty text not null constraint interest_specialty_enum check (specialty in ('swimmer', 'cyclist', 'runner')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  confirmed_at timestamptz
);

comment on table public.interest_registrations is
  'People to tell when a team needs their leg. Written only by public.register_interest(); read only by service_role.';

alter table public.interest_registrations enable row level security;

-- No policies: with RLS on and no grants, anon and authenticated can neither read nor write the table.
revoke all on public.interest_registrations from public, anon, authenticated;

grant all on public.interest_registrations to service_role;

-- Attempts per client (a hash of the caller's address, from the server action) and per e-mail, for the
-- rate limit. Old rows are pruned as new ones arrive.
create table private.interest_attempts (
  key text not null,
  at timestamptz not null default now()
);

create index interest_attempts_key_at_idx on private.interest_attempts (key, at);

revoke all on private.interest_attempts from public, anon, authenticated;

comment on column public.interest_registrations.confirmed_at is
  'When the owner of the address confirmed it from the e-mail. Null only for rows saved before double opt-in: they do not count.';

create table private.interest_requests (
  id uuid primary key default gen_random_uuid(),
  email text not null
    constraint interest_request_email_format
    check (email = lower(email) and char_length(email) between 3 and 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  name text not null
    constraint interest_request_name_text check (char_length(name) between 2 and 100 and private.is_safe_text(name)),
  specialty text not null
    constraint interest_request_specialty_enum check (specialty in ('swimmer', 'cyclist', 'runner')),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '48 hours',
  confirmed_at timestamptz
);

comment on table private.interest_requests is
  'Register-interest submissions waiting for their owner to confirm from the e-mail (48 hours). Service role only.';

create index interest_requests_email_idx on private.interest_requests (email, created_at desc);

create index interest_requests_expires_idx on private.interest_requests (expires_at);

create index interest_requests_created_idx on private.interest_requests (created_at);

revoke all on private.interest_requests from public, anon, authenticated;

grant all on private.interest_requests to service_role;

-- E-mail notification preferences: one row per profile, a switch per kind of e-mail. A missing row means
-- the defaults (join requests, decisions and messages on; urgent-leg alerts off until the athlete opts in),
-- so nobody needs a row before they change something. Owner only, under RLS. The columns mirror
-- lib/validation/notification-settings.ts; unsubscribe links change them through private.unsubscribe
-- (service role, after the app has checked the link's signature).
create table public.notification_settings (
  profile_id uuid primary key references public.profiles (id) on delete cascade,
  join_requests boolean not null default true,
  decisions boolean not null default true,
  messages boolean not null default true,
  urgent_alerts boolean not null default false,
  updated_at timestamptz not null default now()
);

comment on table public.notification_settings is
  'Which notification e-mails an athlete gets. No row = defaults. Read and written by the owner only.';

create trigger notification_settings_set_updated_at before update on public.notification_settings
  for each row execute function private.set_updated_at();

alter table public.notification_settings enable row level security;

create policy notification_settings_select_own on public.notification_settings
  for select to authenticated using (profile_id = (select private.my_profile_id()));

create policy notification_settings_insert_own on public.notification_settings
  for insert to authenticated with check (profile_id = (select private.my_profile_id()));

create policy notification_settings_update_own on public.notification_settings
  for update to authenticated
  using (profile_id = (select private.my_profile_id()))
  with check (profile_id = (select private.my_profile_id()));

revoke all on public.notification_settings from anon, authenticated;

grant select, insert (profile_id, join_requests, decisions, messages, urgent_alerts),
  update (join_requests, decisions, messages, urgent_alerts) on public.notification_settings to authenticated;

grant all on public.notification_settings to service_role;

-- Whether `profile` wants e-mails of `kind` (the outbox kinds), defaults included. An invitation follows the
-- join-requests switch (the settings page calls it "Join requests and invitations"); team chat follows
-- "New messages".
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

-- One-click unsubscribe: turns one kind off for a profile. The app verifies the signed link first; only the
-- service role may call this. Returns false when the profile no longer exists.
create or replace function private.unsubscribe(profile uuid, kind text)
returns boolean language plpgsql security definer set search_path = '' as $$
begin
  if kind not in ('join_request', 'decision', 'message', 'urgent_alert') then
    raise exception 'Unknown notification kind' using errcode = '22023';
  end if;
  if not exists (select 1 from public.profiles p where p.id = profile) then
    return false;
  end if;
  insert into public.notification_settings (profile_id, join_requests, decisions, messages, urgent_alerts)
  values (profile, kind <> 'join_request', kind <> 'decision', kind <> 'message', false)
  on conflict (profile_id) do update set
    join_requests = case when kind = 'join_request' then false else public.notification_settings.join_requests end,
    decisions = case when kind = 'decision' then false else public.notification_settings.decisions end,
    messages = case when kind = 'message' then false else public.notification_settings.messages end,
    urgent_alerts = case when kind = 'urgent_alert' then false else public.notification_settings.urgent_alerts end;
  return true;
end;
$$;

revoke all on function private.wants_notification(uuid, text), private.unsubscribe(uuid, text)
  from public, anon, authenticated;

grant execute on function private.unsubscribe(uuid, text) to service_role;

-- The notification outbox. Every event that should reach someone by e-mail writes a row here IN THE SAME
-- TRANSACTION as the event, from triggers on the tables the rule-carrying functions write: a join request,
-- a decision, a message, an urgent need, an invitation; and from the functions of an account deletion
-- ('team_closed') and of register interest ('interest_confirm'). So an event that rolls back queues
-- nothing, and a queued e-mail always has its event. A worker (the functions below, called by
-- app/api/cron/notifications) sends the due rows.
--
-- Why a plain table and not a queue library (pg-boss): the worker is a serverless route called by a cron,
-- not a long-running process, and the app reaches Postgres through the transaction-mode pooler, where
-- pg-boss's own schema, maintenance loop and LISTEN/NOTIFY do not fit. What we need is one table, one
-- index and `FOR UPDATE SKIP LOCKED`.
--
-- One event never makes two rows: `dedupe_key` is unique (join_request:<member>, decision:<member>:<status>,
-- message:<first message>, urgent_alert:<athlete>:<Noosa day>, invitation:<invitation>). Messages are
-- batched: at most one live (pending or sending) row per conversation and recipient, which later messages
-- fold into; the worker counts the unread messages when it sends. The urgent key makes "one alert per
-- athlete per day" a constraint. A confirmation goes to an address, not to an athlete: no recipient
-- profile, the request instead (deleted with it, so an expired request's e-mail is never sent); an
-- invitation's row is deleted with the invitation. Private schema: nothing here is reachable through the API.
create table private.notification_outbox (
  id bigint generated always as identity primary key,
  kind text not null constraint notification_outbox_kind_enum
    check (kind in ('join_request', 'decision', 'message', 'urgent_alert', 'team_closed', 'interest_confirm',
                    'invitation', 'team_chat')),
  dedupe_key text not null constraint notification_outbox_dedupe_key unique,
  recipient_id uuid references public.profiles (id) on delete cascade,
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
  created_xid xid8 not null default pg_current_xact_id(),
  interest_request_id uuid references private.interest_requests (id) on delete cascade,
  invitation_id uuid references public.team_invitations (id) on delete cascade,
  constraint notification_outbox_addressee
    check (case when kind = 'interest_confirm' then recipient_id is null and interest_request_id is not null
                else recipient_id is not null and interest_request_id is null end)
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
-- Register interest: request and confirm
-- ---------------------------------------------------------------------------------------------------------
-- A submission. Returns 'sent' (a new request, its e-mail queued) or 'pending' (this
-- address already got an e-mail in the last hour: nothing changes, nothing is sent). The caller tells the
-- visitor the same thing either way ("check your e-mail"), so the answer says nothing about whose address is
-- registered. Raises P0429 'Too many attempts' past 5 submissions per client or per address in 10 minutes,
-- or past 200 new requests an hour in all. `p_client` is an opaque key of the caller's address (the app
-- hashes it).
create or replace function private.request_interest(
  p_name text, p_email text, p_specialty text, p_client text, p_now timestamptz default now()
) returns text language plpgsql volatile security definer set search_path = '' as $$
declare
  mail text := lower(btrim(p_email));
  client text := 'client:' || coalesce(nullif(btrim(p_client), ''), 'unknown');
  request uuid;
begin
  -- Purge what has expired: attempts older than an hour, requests 48 hours old (confirmed or not).
  delete from private.interest_attempts where at < p_now - interval '1 hour';
  delete from private.interest_requests where expires_at < p_now;

  -- One address at a time, so two parallel submissions cannot both pass the hourly check below.
  perform pg_advisory_xact_lock(hashtextextended('interest:' || mail, 0));
  if (select count(*) from private.interest_attempts where key = client and at > p_now - interval '10 minutes') >= 5
     or (select count(*) from private.interest_attempts where key = 'email:' || mail and at > p_now - interval '10 minutes') >= 5
  then
    raise exception 'Too many attempts' using errcode = 'P0429';
  end if;
  insert into private.interest_attempts (key, at) values (client, p_now), ('email:' || mail, p_now);

  if exists (select 1 from private.interest_requests r
             where r.email = mail and r.created_at > p_now - interval '1 hour' and r.created_at <= p_now) then
    return 'pending';
  end if;
  if (select count(*) from private.interest_requests r
      where r.created_at > p_now - interval '1 hour' and r.created_at <= p_now) >= 200 then
    raise exception 'Too many attempts' using errcode = 'P0429';
  end if;

  -- A newer request replaces an older unconfirmed one for the address: only the latest link works.
  delete from private.interest_requests r where r.email = mail and r.confirmed_at is null;
  insert into private.interest_requests (email, name, specialty, created_at, expires_at)
  values (mail, p_name, p_specialty, p_now, p_now + interval '48 hours')
  returning id into request;
  insert into private.notification_outbox (kind, dedupe_key, interest_request_id, due_at)
  values ('interest_confirm', 'interest_confirm:' || request, request, p_now);
  return 'sent';
end;
$$;

-- Confirms a request from its e-mail link (the app has checked the link's signature). Writes the request's
-- own details to the registration of that address (created, or replaced: it is the owner who confirms).
-- Idempotent: confirming again returns 'confirmed' and changes nothing. Returns 'expired' for a request past
-- its 48 hours, purged, or replaced by a newer request for the address (only the latest link works).
create or replace function private.confirm_interest(p_request uuid, p_now timestamptz default now())
returns table (status text, name text, specialty text)
language plpgsql volatile security definer set search_path = '' as $$
declare
  r private.interest_requests;
begin
  select * into r from private.interest_requests q where q.id = p_request for update;
  if r.id is null or r.expires_at < p_now then
    return query select 'expired', null::text, null::text;
    return;
  end if;
  if r.confirmed_at is null then
    update private.interest_requests q set confirmed_at = p_now where q.id = r.id;
    insert into public.interest_registrations as g (email, name, specialty, confirmed_at)
    values (r.email, r.name, r.specialty, p_now)
    on conflict (email) do update
      set name = excluded.name, specialty = excluded.specialty, confirmed_at = excluded.confirmed_at, updated_at = p_now;
  end if;
  return query select 'confirmed', r.name, r.specialty;
end;
$$;

revoke all on function private.request_interest(text, text, text, text, timestamptz),
  private.confirm_interest(uuid, timestamptz) from public, anon, authenticated;

grant execute on function private.request_interest(text, text, text, text, timestamptz),
  private.confirm_interest(uuid, timestamptz) to service_role;

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
-- the conversation's live row for that recipient if there is one. The automatic message a join request, a
-- decision or an invitation posts is not e-mailed again: its own e-mail, queued earlier in this
-- transaction, already says it. Notices (no sender) are not message e-mails either.
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

-- ---------------------------------------------------------------------------------------------------------
-- The worker
-- ---------------------------------------------------------------------------------------------------------
-- Claim due outbox rows, then mark each sent or failed. Called by lib/notifications/worker.ts as service_role
-- (set local role), never by users. Every function takes the clock as `p_now` so tests can move time;
-- production passes nothing and gets now().
--
-- Delivery is at-least-once: a row is claimed with a lease (status 'sending', locked_until, a claim token),
-- the app sends it with no transaction open, then marks it sent with the token. A worker that dies between
-- send and mark leaves the row 'sending'; when the lease ends another worker claims it again, so that one
-- e-mail may arrive twice (with the same Message-ID), and none is ever lost. Rows claimed but not yet sent
-- when a worker dies are sent once, after the lease.

-- What a row's e-mail says, or why it is skipped or later. Returns {"skip": reason} | {"later": time} |
-- {"data": {...}}. Names only what the recipient may see: a join request names the requester to the team's
-- creator (who sees pending requesters); a message names the sender to the other participant; decisions and
-- alerts name the team only. An invitation's e-mail is skipped once answered, when the team no longer takes
-- members (closed or full: the invitee could not accept), or when the two blocked each other since; the
-- creator is named only when their profile is public, otherwise the e-mail names the team alone. The
-- team-chat kind is handed to private.team_chat_notification_content.
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

-- Marks a claimed row sent (only with its claim token: a worker whose lease ended and was re-claimed
-- cannot). For a message or a team chat, unread messages that arrived after the claim get their own row,
-- due after the 30-minute pause. Returns false when the row was not this worker's any more.
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

revoke all on function private.wants_notification(uuid, text),
  private.notification_content(private.notification_outbox, timestamptz),
  private.claim_notifications(int, interval, timestamptz)
from public, anon, authenticated;

grant execute on function private.claim_notifications(int, interval, timestamptz) to service_role;

-- The cascade from a deleted invitation (its team or invitee deleted) finds its row without a scan.
create index notification_outbox_invitation_idx on private.notification_outbox (invitation_id)
  where invitation_id is not null;

-- An invitation → the invitee, due at once (dedupe key invitation:<invitation id>). Only a pending
-- invitation is ever inserted (invite_to_team).
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

revoke all on function private.queue_invitation_notification(), private.wants_notification(uuid, text),
  private.notification_content(private.notification_outbox, timestamptz), private.queue_message_notification()
from public, anon, authenticated;

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

-- ---------------------------------------------------------------------------------------------------------
-- Web Push
-- ---------------------------------------------------------------------------------------------------------
-- The devices an athlete turned phone notifications on for, and which outbox rows each channel has
-- delivered.
--
-- A device is a browser's push subscription (its push service endpoint and the keys the payload is
-- encrypted to). The endpoint is unique: one browser is one athlete's at a time, so signing in as someone
-- else there and turning notifications on moves it (save_push_subscription, below); the endpoint is a
-- secret URL only that browser knows. Owner only under RLS; the notification worker (service role) reads
-- them and removes those the push service says are gone (404, 410).
--
-- The outbox's rows go out by e-mail and by push, each exactly once: a row is retried while any channel
-- failed, and notification_deliveries remembers what was already delivered, so a retry sends only what is
-- missing (an e-mail is not sent twice because a push failed, nor a push because the e-mail failed).
create table public.push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  profile_id uuid not null references public.profiles (id) on delete cascade,
  endpoint text not null constraint push_subscriptions_endpoint_key unique
    constraint push_subscriptions_endpoint_url check (endpoint ~ '^https?://[^[:space:]]+$' and char_length(endpoint) <= 1024),
  -- The browser's P-256 public key (65 bytes) and auth secret (16 bytes), base64url as PushSubscription.toJSON gives them.
  p256dh text not null constraint push_subscriptions_p256dh_format check (p256dh ~ '^[A-Za-z0-9_-]{87}=?$'),
  auth text not null constraint push_subscriptions_auth_format check (auth ~ '^[A-Za-z0-9_-]{22}(==)?$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.push_subscriptions is
  'Devices that get Web Push notifications: one row per browser subscription, owner only.';

create index push_subscriptions_profile_idx on public.push_subscriptions (profile_id);

alter table public.push_subscriptions enable row level security;

create policy push_subscriptions_select_own on public.push_subscriptions
  for select to authenticated using (profile_id = (select private.my_profile_id()));

create policy push_subscriptions_delete_own on public.push_subscriptions
  for delete to authenticated using (profile_id = (select private.my_profile_id()));

revoke all on public.push_subscriptions from anon, authenticated;

grant select (id, endpoint, created_at, updated_at), delete on public.push_subscriptions to authenticated;

grant select, delete on public.push_subscriptions to service_role;

-- Most devices one athlete keeps: a new one beyond this replaces the one saved longest ago.
create or replace function private.push_subscription_limit() returns int
language sql immutable set search_path = '' as $$ select 10 $$;

-- Saves this browser's subscription for the signed-in athlete (insert, or take over its endpoint: new keys,
-- new owner), keeping their newest devices only. Returns the row's id.
create or replace function public.save_push_subscription(p_endpoint text, p_p256dh text, p_auth text)
returns uuid language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := private.my_profile_id();
  saved uuid;
begin
  if me is null then
    raise exception 'Create your profile first' using errcode = '42501';
  end if;
  insert into public.push_subscriptions (profile_id, endpoint, p256dh, auth)
  values (me, p_endpoint, p_p256dh, p_auth)
  on conflict (endpoint) do update
    set profile_id = excluded.profile_id, p256dh = excluded.p256dh, auth = excluded.auth, updated_at = now()
  returning id into saved;
  delete from public.push_subscriptions s
  where s.profile_id = me and s.id not in (
    select k.id from public.push_subscriptions k where k.profile_id = me
    order by k.updated_at desc, k.id limit private.push_subscription_limit());
  return saved;
end;
$$;

revoke all on function public.save_push_subscription(text, text, text), private.push_subscription_limit()
  from public, anon;

grant execute on function public.save_push_subscription(text, text, text) to authenticated;

grant execute on function private.push_subscription_limit() to authenticated, service_role;

-- What each channel delivered for an outbox row: 'email' (target ''), or 'push' to one subscription.
create table private.notification_deliveries (
  outbox_id bigint not null references private.notification_outbox (id) on delete cascade,
  channel text not null constraint notification_deliveries_channel_enum check (channel in ('email', 'push')),
  target text not null default '',
  delivered_at timestamptz not null default now(),
  primary key (outbox_id, channel, target)
);

comment on table private.notification_deliveries is
  'Deliveries per outbox row and channel, so a retried row sends only what it has not delivered yet.';

revoke all on private.notification_deliveries from public, anon, authenticated;

grant select, insert on private.notification_deliveries to service_role;
