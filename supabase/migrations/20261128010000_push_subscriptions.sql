-- Web Push: the devices an athlete turned phone notifications on for, and which outbox rows each channel
-- has delivered.
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
