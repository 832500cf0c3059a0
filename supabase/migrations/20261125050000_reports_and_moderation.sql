-- Issue 21, "Report, moderation queue, suspend". Athletes report a message or a profile; moderators (a role
-- granted only here, in SQL) read the queue and hide a message, hide a profile, suspend an account or
-- dismiss the report. Every rule lives in this file:
--   * private.moderators: the role. No API role can read or write it (no grants); an admin adds a row with
--     psql (`insert into private.moderators (user_id) values ('<auth user id>')`), the seed adds the demo
--     moderator. Nothing a user can set (profile column, user metadata) makes a moderator.
--   * public.reports: written only by public.report_content (one open report per reporter and target, a
--     rate limit); read only by moderators (RLS). The reporter is answered by the function and never reads
--     reports, their own included.
--   * Moderator actions are SQL functions that check the role, take one lock (moderation is rare, so all
--     actions run one after another: two moderators never both act on one report, and actions on reports
--     that share a target cannot deadlock), and record who did what when in public.moderation_actions.
--   * A hidden message moves to private.hidden_messages: every reader (threads, the conversation list's last
--     message, unread counts, Realtime catch-up, e-mail notifications, exports) stops seeing it without a
--     change to any of them, and a moderator can still look at what was hidden.
--   * A hidden profile is made private and kept private (a trigger refuses is_public = true): every place
--     that shows public profiles (browse, search, /profile/{id}, the sitemap, invitations, who may start a
--     conversation) already leaves private ones out.
--   * A suspended account (private.suspended_accounts) cannot write: a statement trigger on every table in
--     schema public refuses any insert, update or delete made for it, whichever path (server action, raw
--     API, security-definer function) it takes. The sign-in actions also refuse it (app/auth/actions.ts).

-- ---------------------------------------------------------------------------------------------------------
-- The moderator role
-- ---------------------------------------------------------------------------------------------------------
create table private.moderators (
  user_id uuid primary key references auth.users (id) on delete cascade,
  granted_at timestamptz not null default now()
);
revoke all on private.moderators from public, anon, authenticated;

-- Whether the signed-in account is a moderator. Used by the RLS policies below, so authenticated may call it;
-- it only ever answers about the caller.
create or replace function private.is_moderator()
returns boolean language sql stable security definer set search_path = '' as $$
  select exists (select 1 from private.moderators m where m.user_id = (select auth.uid()))
$$;
revoke all on function private.is_moderator() from public, anon;
grant execute on function private.is_moderator() to authenticated;

create or replace function private.require_moderator()
returns uuid language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.is_moderator() then
    raise exception 'Only moderators can do this' using errcode = '42501', detail = 'NOT_MODERATOR';
  end if;
  return (select auth.uid());
end;
$$;
revoke all on function private.require_moderator() from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------------------
-- Suspension: no writes for the account, whatever the path
-- ---------------------------------------------------------------------------------------------------------
create table private.suspended_accounts (
  user_id uuid primary key references auth.users (id) on delete cascade,
  suspended_by uuid references auth.users (id) on delete set null,
  suspended_at timestamptz not null default now(),
  report_id uuid
);
revoke all on private.suspended_accounts from public, anon, authenticated;

-- One primary-key lookup per statement (not per row). auth.uid() is the caller even inside a security
-- definer function, so a suspended athlete's join request, team edit or message is refused there too, while
-- a moderator or the service acting on the suspended account's rows is not.
create or replace function private.refuse_suspended_writer()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if exists (select 1 from private.suspended_accounts s where s.user_id = (select auth.uid())) then
    raise exception 'Your account is suspended' using errcode = '42501', detail = 'ACCOUNT_SUSPENDED';
  end if;
  return null;
end;
$$;
revoke all on function private.refuse_suspended_writer() from public, anon, authenticated;

-- The caller's own state, for the sign-in actions (and the pages that explain a refusal).
create or replace function public.my_account_is_suspended()
returns boolean language sql stable security definer set search_path = '' as $$
  select exists (select 1 from private.suspended_accounts s where s.user_id = (select auth.uid()))
$$;
revoke all on function public.my_account_is_suspended() from public, anon;
grant execute on function public.my_account_is_suspended() to authenticated;

-- ---------------------------------------------------------------------------------------------------------
-- Hidden content
-- ---------------------------------------------------------------------------------------------------------
create table private.hidden_messages (
  id uuid primary key,
  conversation_id uuid not null references public.conversations (id) on delete cascade,
  sender_id uuid not null references public.profiles (id) on delete cascade,
  content text not null,
  created_at timestamptz not null,
  hidden_by uuid references auth.users (id) on delete set null,
  hidden_at timestamptz not null default now(),
  report_id uuid
);
revoke all on private.hidden_messages from public, anon, authenticated;

-- A retried send of a message that was hidden since (same browser-chosen id) must not bring it back.
create or replace function private.skip_hidden_message_id()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if exists (select 1 from private.hidden_messages h where h.id = new.id) then
    return null;
  end if;
  return new;
end;
$$;
revoke all on function private.skip_hidden_message_id() from public, anon, authenticated;
create trigger messages_skip_hidden_id before insert on public.messages
  for each row execute function private.skip_hidden_message_id();

create table private.hidden_profiles (
  profile_id uuid primary key references public.profiles (id) on delete cascade,
  hidden_by uuid references auth.users (id) on delete set null,
  hidden_at timestamptz not null default now(),
  report_id uuid
);
revoke all on private.hidden_profiles from public, anon, authenticated;

create or replace function private.keep_hidden_profile_private()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if new.is_public and exists (select 1 from private.hidden_profiles h where h.profile_id = new.id) then
    raise exception 'A moderator has hidden this profile, so it can''t be made public'
      using errcode = 'P0001', detail = 'PROFILE_HIDDEN';
  end if;
  return new;
end;
$$;
revoke all on function private.keep_hidden_profile_private() from public, anon, authenticated;
create trigger profiles_keep_hidden_private before insert or update of is_public on public.profiles
  for each row execute function private.keep_hidden_profile_private();

-- ---------------------------------------------------------------------------------------------------------
-- Reports
-- ---------------------------------------------------------------------------------------------------------
-- Reasons mirror lib/validation/report.ts (reportReasons); details follow the safe-text rule, multi-line.
create table public.reports (
  id uuid primary key default gen_random_uuid(),
  reporter_id uuid references auth.users (id) on delete set null,
  kind text not null constraint reports_kind_enum check (kind in ('message', 'profile')),
  -- The message's id or the profile's id (no foreign key: a report outlives a hidden or deleted message).
  target_id uuid not null,
  -- The account the report is about: the profile, or the message's sender.
  reported_profile_id uuid not null references public.profiles (id) on delete cascade,
  -- The message as the reporter saw it, so the moderator judges what was reported.
  message_content text,
  reason text not null
    constraint reports_reason_enum
    check (reason in ('spam', 'harassment', 'inappropriate', 'impersonation', 'other')),
  details text
    constraint reports_details_text check (char_length(details) between 1 and 1000 and private.is_safe_text(details, true)),
  status text not null default 'open' constraint reports_status_enum check (status in ('open', 'actioned', 'dismissed')),
  created_at timestamptz not null default now(),
  resolved_at timestamptz,
  resolved_by uuid references auth.users (id) on delete set null,
  resolution text constraint reports_resolution_enum
    check (resolution in ('hide_message', 'hide_profile', 'suspend', 'dismiss')),
  constraint reports_message_snapshot check ((kind = 'message') = (message_content is not null)),
  constraint reports_other_needs_details check (reason <> 'other' or details is not null),
  constraint reports_resolved_pair check ((status = 'open') = (resolved_at is null) and (status = 'open') = (resolution is null))
);

comment on table public.reports is
  'Reports of a message or a profile. Written by public.report_content, read by moderators only (RLS).';

-- One open report per reporter and target: a second identical report is answered "already reported".
create unique index reports_one_open_key on public.reports (reporter_id, kind, target_id) where status = 'open';
-- The queue (oldest first) and the reporter's rate.
create index reports_open_created_idx on public.reports (created_at) where status = 'open';
create index reports_reporter_created_idx on public.reports (reporter_id, created_at desc);
create index reports_reported_profile_idx on public.reports (reported_profile_id) where status = 'open';

alter table public.reports enable row level security;
create policy reports_select_moderators on public.reports
  for select to authenticated using ((select private.is_moderator()));
revoke all on public.reports from anon, authenticated;
grant select on public.reports to authenticated;
grant all on public.reports to service_role;

-- What moderators did: who, when, what, on which report and target. Read by moderators only.
create table public.moderation_actions (
  id bigint generated always as identity primary key,
  moderator_id uuid references auth.users (id) on delete set null,
  action text not null constraint moderation_actions_action_enum
    check (action in ('hide_message', 'hide_profile', 'suspend', 'dismiss')),
  report_id uuid references public.reports (id) on delete set null,
  target_id uuid not null,
  at timestamptz not null default now()
);
create index moderation_actions_at_idx on public.moderation_actions (at desc);
alter table public.moderation_actions enable row level security;
create policy moderation_actions_select_moderators on public.moderation_actions
  for select to authenticated using ((select private.is_moderator()));
revoke all on public.moderation_actions from anon, authenticated;
grant select on public.moderation_actions to authenticated;
grant all on public.moderation_actions to service_role;

-- A reporter over the limit waits until the oldest report that counts leaves its window: 10 an hour,
-- 30 a day. Generous for honest use (a handful of reports is already unusual), and a flood of reports
-- cannot bury the queue.
create or replace function private.limit_report_rate(reporter uuid)
returns void language plpgsql security definer set search_path = '' as $$
declare
  wait interval;
begin
  select r.created_at + interval '1 hour' - clock_timestamp() into wait
  from public.reports r
  where r.reporter_id = reporter and r.created_at > clock_timestamp() - interval '1 hour'
  order by r.created_at desc offset 9 limit 1;
  if wait is null then
    select r.created_at + interval '1 day' - clock_timestamp() into wait
    from public.reports r
    where r.reporter_id = reporter and r.created_at > clock_timestamp() - interval '1 day'
    order by r.created_at desc offset 29 limit 1;
  end if;
  if wait is not null then
    raise exception 'You''re sending reports too fast, try again in %',
      private.try_again_in(ceil(extract(epoch from wait))::int)
      using errcode = 'P0429', detail = 'REPORT_RATE', hint = ceil(extract(epoch from wait))::int::text;
  end if;
end;
$$;
revoke all on function private.limit_report_rate(uuid) from public, anon, authenticated;

-- Reports a message (one the caller can read, from the other participant) or a profile (one the caller may
-- see or contact). Returns 'reported', or 'already_reported' when the caller's report on it is still open.
-- Errors: P0002 not found (also for what the caller may not see), 22023 own content, P0429 rate, 42501.
create or replace function public.report_content(p_kind text, p_target uuid, p_reason text, p_details text default null)
returns text language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  my_profile uuid := private.my_profile_id();
  reported uuid;
  snapshot text;
begin
  if me is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  if p_kind = 'message' then
    select m.sender_id, m.content into reported, snapshot from public.messages m
    where m.id = p_target and m.conversation_id in (select private.my_conversation_ids());
  elsif p_kind = 'profile' then
    select p.id into reported from public.profiles p
    where p.id = p_target
      and (p.is_public or (my_profile is not null and p.id <> my_profile and private.may_contact(my_profile, p.id)));
  else
    raise exception 'Choose a message or a profile to report' using errcode = '22023';
  end if;
  if reported is null then
    raise exception 'Not found' using errcode = 'P0002', detail = 'REPORT_TARGET_NOT_FOUND';
  end if;
  if reported is not distinct from my_profile then
    raise exception 'You can''t report yourself' using errcode = '22023', detail = 'REPORT_SELF';
  end if;
  -- One reporter's reports one at a time, so parallel reports cannot all pass the checks below.
  perform pg_advisory_xact_lock(hashtextextended('report:' || me::text, 0));
  if exists (
    select 1 from public.reports r
    where r.reporter_id = me and r.kind = p_kind and r.target_id = p_target and r.status = 'open'
  ) then
    return 'already_reported';
  end if;
  perform private.limit_report_rate(me);
  insert into public.reports (reporter_id, kind, target_id, reported_profile_id, message_content, reason, details)
  values (me, p_kind, p_target, reported, snapshot, p_reason, nullif(p_details, ''))
  on conflict (reporter_id, kind, target_id) where status = 'open' do nothing;
  return case when found then 'reported' else 'already_reported' end;
end;
$$;
revoke all on function public.report_content(text, uuid, text, text) from public, anon;
grant execute on function public.report_content(text, uuid, text, text) to authenticated;

-- ---------------------------------------------------------------------------------------------------------
-- Moderator actions
-- ---------------------------------------------------------------------------------------------------------

-- Takes the moderation lock and returns the report, open; raises when it is missing or already handled.
-- The lock is taken before the report is read, so the read sees whatever the previous holder committed.
create or replace function private.begin_moderation(p_report uuid, p_kind text default null)
returns public.reports language plpgsql security definer set search_path = '' as $$
declare
  r public.reports;
begin
  perform private.require_moderator();
  perform pg_advisory_xact_lock(hashtextextended('moderation', 0));
  select * into r from public.reports where id = p_report;
  if r.id is null then
    raise exception 'Report not found' using errcode = 'P0002', detail = 'REPORT_NOT_FOUND';
  end if;
  if r.status <> 'open' then
    raise exception 'Another moderator has already handled this report'
      using errcode = 'P0001', detail = 'REPORT_HANDLED';
  end if;
  if p_kind is not null and r.kind <> p_kind then
    raise exception 'This action does not fit this report' using errcode = '22023';
  end if;
  return r;
end;
$$;
revoke all on function private.begin_moderation(uuid, text) from public, anon, authenticated;

-- Records the action and closes the report with the others it settles: every open report on the same
-- hidden message or profile, every open report on a suspended account; a dismissal closes only its own.
-- Returns how many reports were closed.
create or replace function private.finish_moderation(r public.reports, p_action text)
returns int language plpgsql security definer set search_path = '' as $$
declare
  closed int;
begin
  insert into public.moderation_actions (moderator_id, action, report_id, target_id)
  values ((select auth.uid()), p_action,
          r.id, case when p_action = 'suspend' then r.reported_profile_id else r.target_id end);
  update public.reports x
  set status = case when p_action = 'dismiss' then 'dismissed' else 'actioned' end,
      resolved_at = now(), resolved_by = (select auth.uid()), resolution = p_action
  where x.status = 'open'
    and (x.id = r.id
         or (p_action in ('hide_message', 'hide_profile') and x.kind = r.kind and x.target_id = r.target_id)
         or (p_action = 'suspend' and x.reported_profile_id = r.reported_profile_id));
  get diagnostics closed = row_count;
  return closed;
end;
$$;
revoke all on function private.finish_moderation(public.reports, text) from public, anon, authenticated;

create or replace function public.moderate_hide_message(p_report uuid)
returns int language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reports := private.begin_moderation(p_report, 'message');
begin
  with gone as (delete from public.messages m where m.id = r.target_id returning m.*)
  insert into private.hidden_messages (id, conversation_id, sender_id, content, created_at, hidden_by, report_id)
  select g.id, g.conversation_id, g.sender_id, g.content, g.created_at, (select auth.uid()), r.id from gone g
  on conflict (id) do nothing;
  return private.finish_moderation(r, 'hide_message');
end;
$$;

create or replace function public.moderate_hide_profile(p_report uuid)
returns int language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reports := private.begin_moderation(p_report, 'profile');
begin
  insert into private.hidden_profiles (profile_id, hidden_by, report_id)
  values (r.target_id, (select auth.uid()), r.id)
  on conflict (profile_id) do nothing;
  update public.profiles set is_public = false where id = r.target_id and is_public;
  return private.finish_moderation(r, 'hide_profile');
end;
$$;

create or replace function public.moderate_suspend_account(p_report uuid)
returns int language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reports := private.begin_moderation(p_report);
  account uuid;
begin
  select p.auth_id into account from public.profiles p where p.id = r.reported_profile_id;
  if exists (select 1 from private.moderators m where m.user_id = account) then
    raise exception 'A moderator''s account cannot be suspended here' using errcode = 'P0001', detail = 'SUSPEND_MODERATOR';
  end if;
  insert into private.suspended_accounts (user_id, suspended_by, report_id)
  values (account, (select auth.uid()), r.id)
  on conflict (user_id) do nothing;
  return private.finish_moderation(r, 'suspend');
end;
$$;

create or replace function public.moderate_dismiss_report(p_report uuid)
returns int language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reports := private.begin_moderation(p_report);
begin
  return private.finish_moderation(r, 'dismiss');
end;
$$;

revoke all on function public.moderate_hide_message(uuid), public.moderate_hide_profile(uuid),
  public.moderate_suspend_account(uuid), public.moderate_dismiss_report(uuid) from public, anon;
grant execute on function public.moderate_hide_message(uuid), public.moderate_hide_profile(uuid),
  public.moderate_suspend_account(uuid), public.moderate_dismiss_report(uuid) to authenticated;

-- The queue for /moderation: open reports, oldest first, with what was reported and its state now. Security
-- definer because a reported athlete's profile may be private; the role check keeps it to moderators.
create or replace function public.moderation_queue(lim int default 100)
returns table (
  id uuid,
  kind text,
  reason text,
  details text,
  created_at timestamptz,
  reporter_name text,
  target_id uuid,
  message_content text,
  message_hidden boolean,
  profile_id uuid,
  profile_username text,
  profile_full_name text,
  profile_bio text,
  profile_goals text,
  profile_hidden boolean,
  account_suspended boolean,
  open_reports_on_target int
)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_moderator();
  return query
  select r.id, r.kind, r.reason, r.details, r.created_at,
         coalesce(rp.full_name, 'An athlete without a profile'),
         r.target_id, r.message_content,
         exists (select 1 from private.hidden_messages h where h.id = r.target_id),
         p.id, p.username, p.full_name, p.bio, p.goals,
         exists (select 1 from private.hidden_profiles h where h.profile_id = p.id),
         exists (select 1 from private.suspended_accounts s where s.user_id = p.auth_id),
         (select count(*)::int from public.reports o
          where o.status = 'open' and o.kind = r.kind and o.target_id = r.target_id)
  from public.reports r
  join public.profiles p on p.id = r.reported_profile_id
  left join public.profiles rp on rp.auth_id = r.reporter_id
  where r.status = 'open'
  order by r.created_at, r.id
  limit least(greatest(lim, 1), 500);
end;
$$;
revoke all on function public.moderation_queue(int) from public, anon;
grant execute on function public.moderation_queue(int) to authenticated;

-- The latest actions, for the page's log.
create or replace function public.moderation_log(lim int default 20)
returns table (at timestamptz, action text, moderator_email text, target_id uuid, report_id uuid)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_moderator();
  return query
  select a.at, a.action, u.email::text, a.target_id, a.report_id
  from public.moderation_actions a
  left join auth.users u on u.id = a.moderator_id
  order by a.at desc, a.id desc
  limit least(greatest(lim, 1), 200);
end;
$$;
revoke all on function public.moderation_log(int) from public, anon;
grant execute on function public.moderation_log(int) to authenticated;

-- ---------------------------------------------------------------------------------------------------------
-- The suspension trigger on every table in schema public (those that exist now, this file's included).
-- A table added by a later migration needs the same line:
--   create trigger refuse_suspended before insert or update or delete on public.<table>
--     for each statement execute function private.refuse_suspended_writer();
-- ---------------------------------------------------------------------------------------------------------
do $$
declare
  t regclass;
begin
  for t in
    select c.oid::regclass from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
  loop
    execute format(
      'create trigger refuse_suspended before insert or update or delete on %s
         for each statement execute function private.refuse_suspended_writer()', t);
  end loop;
end;
$$;
