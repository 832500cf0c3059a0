-- Issue 21, finding 5: register-interest could be flooded (every made-up address was saved) and anyone could
-- overwrite someone else's entry by typing their e-mail. Now it is double opt-in:
--   * a form submission only creates a *request* (private.interest_requests) and queues one confirmation
--     e-mail through the notification outbox (kind 'interest_confirm', next migrations);
--   * an entry counts (public.interest_registrations) only when the owner of the address confirms from that
--     e-mail; confirming writes exactly the details of that request, so nobody else's typing changes it;
--   * a request expires 48 hours after it was made and is purged after that; at most one live request (so
--     one e-mail) per address per hour, however often it is submitted; at most 200 new requests an hour in
--     all, so even many client addresses cannot make the site mail a flood of strangers;
--   * neither function is callable by anon or authenticated: the app's server calls them as service_role
--     (lib/db withServiceRole), as the notification worker does. public.register_interest is dropped.

-- Rows saved before double opt-in were never confirmed: they stay, marked unconfirmed (confirmed_at null),
-- and do not count. Every row written from now on is confirmed.
alter table public.interest_registrations add column confirmed_at timestamptz;
comment on column public.interest_registrations.confirmed_at is
  'When the owner of the address confirmed it from the e-mail. Null only for rows saved before double opt-in: they do not count.';

drop function public.register_interest(text, text, text, text);

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

-- The outbox carries the confirmation e-mail (and, from the next migration, the "team closed" e-mail of an
-- account deletion). A confirmation goes to an address, not to an athlete: no recipient profile, the request
-- instead (deleted with it, so an expired request's e-mail is never sent).
alter table private.notification_outbox
  alter column recipient_id drop not null,
  add column interest_request_id uuid references private.interest_requests (id) on delete cascade,
  drop constraint notification_outbox_kind_enum,
  add constraint notification_outbox_kind_enum
    check (kind in ('join_request', 'decision', 'message', 'urgent_alert', 'team_closed', 'interest_confirm')),
  add constraint notification_outbox_addressee
    check (case when kind = 'interest_confirm' then recipient_id is null and interest_request_id is not null
                else recipient_id is not null and interest_request_id is null end);

-- A submission. Returns 'sent' (a new request, its e-mail queued) or 'pending' (this address already got an
-- e-mail in the last hour: nothing changes, nothing is sent). The caller tells the visitor the same thing
-- either way ("check your e-mail"), so the answer says nothing about whose address is registered.
-- Raises P0429 'Too many attempts' past 5 submissions per client or per address in 10 minutes, or past 200
-- new requests an hour in all. `p_client` is an opaque key of the caller's address (the app hashes it).
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
