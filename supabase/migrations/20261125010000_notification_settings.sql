-- E-mail notification preferences (issue 19): one row per profile, a switch per kind of e-mail. A missing
-- row means the defaults (join requests, decisions and messages on; urgent-leg alerts off until the athlete
-- opts in), so nobody needs a row before they change something. Owner only, under RLS. The columns mirror
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

-- Whether `profile` wants e-mails of `kind` (the outbox kinds), defaults included.
create or replace function private.wants_notification(profile uuid, kind text)
returns boolean language sql stable security definer set search_path = '' as $$
  select case kind
    when 'join_request' then coalesce(s.join_requests, true)
    when 'decision' then coalesce(s.decisions, true)
    when 'message' then coalesce(s.messages, true)
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
