-- Moderation and safety: blocks, reports and the moderation queue, suspension, and deleting one's account.

-- Block (docs/security.md#blocks): an athlete can stop another from reaching them. Between a blocked pair
-- (either way):
--   * no message is stored and no new conversation is opened, whichever path writes it (the send action, a
--     raw insert through the API, the automatic messages of join requests, decisions and invitations), so a
--     blocked athlete can neither message, nor request to join, nor be invited to the blocker's team; the
--     refusal reads "You can't message this athlete" (P0001, detail BLOCKED), which tells the blocked
--     athlete nothing more;
--   * neither is listed to the other on browse (lib/data/browse.ts asks private.my_blocked_profiles()),
--     nor suggested to the other in "Athletes who fit";
--   * neither sees the other's presence (private.presence_visible_to_me, in the realtime migration), and a
--     message e-mail not yet sent about their conversation is skipped when the block is made.
-- Only the blocker sees the block (RLS) and undoes it (Settings → Blocked athletes). Writes go through
-- block_athlete/unblock_athlete: a repeat changes nothing.
create table public.blocks (
  blocker_id uuid not null references public.profiles (id) on delete cascade,
  blocked_id uuid not null references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (blocker_id, blocked_id),
  constraint blocks_not_self check (blocker_id <> blocked_id)
);

-- "Who blocked me" (the other direction of every check below).
create index blocks_blocked_idx on public.blocks (blocked_id, blocker_id);

alter table public.blocks enable row level security;

create policy blocks_select_own on public.blocks
  for select to authenticated using (blocker_id = (select private.my_profile_id()));

revoke all on public.blocks from anon, authenticated;

grant select on public.blocks to authenticated;

grant all on public.blocks to service_role;

create or replace function private.blocked_between(a uuid, b uuid)
returns boolean language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.blocks k
    where (k.blocker_id = a and k.blocked_id = b) or (k.blocker_id = b and k.blocked_id = a))
$$;

revoke all on function private.blocked_between(uuid, uuid) from public, anon, authenticated;

-- The athletes the caller must not be shown (blocked by them, or blocking them), with their account ids
-- for the teams they created. Empty for a visitor.
create or replace function private.my_blocked_profiles()
returns table (profile_id uuid, auth_id uuid)
language sql stable security definer set search_path = '' as $$
  with me as materialized (select private.my_profile_id() as id)
  select p.id, p.auth_id
  from me
  join public.blocks k on k.blocker_id = me.id or k.blocked_id = me.id
  join public.profiles p on p.id = case when k.blocker_id = me.id then k.blocked_id else k.blocker_id end
$$;

revoke all on function private.my_blocked_profiles() from public, anon;

grant execute on function private.my_blocked_profiles() to authenticated;

-- Blocking also declines a join request the blocked athlete has pending on the blocker's team (accept and
-- decline post a message, which the block refuses, so it would otherwise wait forever on the team page),
-- under the team's row lock as accept_join_request and decline_join_request take it. The requester is told
-- what any decline tells (the usual e-mail), nothing about a block. The blocker's own pending request on
-- the other's team needs nothing: leaving (Withdraw) posts no message.
create or replace function public.block_athlete(p_profile_id uuid)
returns void language plpgsql volatile security definer set search_path = '' as $$
declare
  me public.profiles := private.require_my_profile();
  t record;
begin
  if p_profile_id is null or p_profile_id = me.id then
    raise exception 'You cannot block yourself' using errcode = '22023';
  end if;
  -- An unknown id is no error: whether an athlete exists is not told here either.
  insert into public.blocks (blocker_id, blocked_id)
  select me.id, p.id from public.profiles p where p.id = p_profile_id
  on conflict do nothing;
  for t in select id from public.teams where creator_id = me.auth_id for update loop
    update public.team_members set status = 'declined'
    where team_id = t.id and profile_id = p_profile_id and status = 'pending';
  end loop;
end;
$$;

revoke all on function public.block_athlete(uuid) from public, anon;

grant execute on function public.block_athlete(uuid) to authenticated;

create or replace function public.unblock_athlete(p_profile_id uuid)
returns void language plpgsql volatile security definer set search_path = '' as $$
begin
  delete from public.blocks
  where blocker_id = (private.require_my_profile()).id and blocked_id = p_profile_id;
end;
$$;

revoke all on function public.unblock_athlete(uuid) from public, anon;

grant execute on function public.unblock_athlete(uuid) to authenticated;

-- The caller's blocked athletes for Settings, with the four public-safe fields (their profile may be
-- private: the block may have come from a conversation), newest first.
create or replace function public.list_my_blocks()
returns table (profile_id uuid, username text, full_name text, avatar_url text, created_at timestamptz)
language sql stable security definer set search_path = '' as $$
  select p.id, p.username, p.full_name, p.avatar_url, k.created_at
  from public.blocks k
  join public.profiles p on p.id = k.blocked_id
  where k.blocker_id = (select private.my_profile_id())
  order by k.created_at desc, p.id
$$;

revoke all on function public.list_my_blocks() from public, anon;

grant execute on function public.list_my_blocks() to authenticated;

-- Whether the caller may write to athlete `other` (the conversation page asks before showing the composer).
create or replace function public.can_message(p_profile_id uuid)
returns boolean language sql stable security definer set search_path = '' as $$
  select not private.blocked_between((select private.my_profile_id()), p_profile_id)
$$;

revoke all on function public.can_message(uuid) from public, anon;

grant execute on function public.can_message(uuid) to authenticated;

create or replace function private.refuse_blocked_message()
returns trigger language plpgsql security definer set search_path = '' as $$
declare
  other uuid;
begin
  if (select auth.uid()) is null then
    return new;
  end if;
  select case when c.participant_one_id = new.sender_id then c.participant_two_id else c.participant_one_id end
    into other
  from public.conversations c where c.id = new.conversation_id;
  if other is not null and private.blocked_between(new.sender_id, other) then
    raise exception 'You can''t message this athlete' using errcode = 'P0001', detail = 'BLOCKED';
  end if;
  return new;
end;
$$;

revoke all on function private.refuse_blocked_message() from public, anon, authenticated;

create trigger messages_refuse_blocked before insert on public.messages
  for each row execute function private.refuse_blocked_message();

create or replace function private.refuse_blocked_conversation()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if (select auth.uid()) is not null
     and private.blocked_between(new.participant_one_id, new.participant_two_id) then
    raise exception 'You can''t message this athlete' using errcode = 'P0001', detail = 'BLOCKED';
  end if;
  return new;
end;
$$;

revoke all on function private.refuse_blocked_conversation() from public, anon, authenticated;

create trigger conversations_refuse_blocked before insert on public.conversations
  for each row execute function private.refuse_blocked_conversation();

-- ---------------------------------------------------------------------------------------------------------
-- Delete my account (Settings; docs/security.md#your-data)
-- ---------------------------------------------------------------------------------------------------------
-- The rules live in one function, public.delete_my_account(), one transaction for the database part; the
-- app then removes the Auth user (Auth admin API) and signs out.
--
-- What goes: the profile, its memberships and join requests, its invitations, its notification settings and
-- queued e-mails, and every message it sent. A team it created is closed: each active member and pending
-- requester is told, by a notice in their conversation with the creator and by an e-mail (outbox kind
-- 'team_closed'), and the team row is deleted (teams.creator_id references auth.users on delete cascade, so
-- it could not outlive the account anyway; deleting it here makes it vanish from browse in the same commit).
--
-- What the other side keeps: a conversation stays for the other participant with their own messages in it
-- (they wrote them; taking them away would erase their history), the deleted side's name shown as "Deleted
-- athlete" and no reply box. A conversation with nothing left in it is deleted. So participants are
-- nullable (on delete set null), and a message may have no sender: only the notice this function posts.

-- Nobody writes into a conversation whose other side is gone (restrictive: ANDed with the other policies).
create policy messages_insert_both_present on public.messages
  as restrictive for insert to authenticated
  with check (exists (
    select 1 from public.conversations c
    where c.id = conversation_id and c.participant_one_id is not null and c.participant_two_id is not null));

-- Deletes the caller's account data. Returns {deleted, team_closed, members_told}; for an account with no
-- profile (already deleted, or never created) {deleted: false, ...} and nothing changes, so a second press
-- answers calmly. Security definer: it removes rows RLS would not let the caller touch (the team's other
-- memberships, their conversations' sides); it acts only on auth.uid()'s own account.
create or replace function public.delete_my_account()
returns jsonb language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
  me public.profiles;
  team public.teams;
  notice text;
  told int := 0;
  affected uuid[];
begin
  if uid is null then
    raise exception 'Sign in to delete your account' using errcode = '42501';
  end if;
  -- Two presses run one after the other; the second finds nothing left. The team row first, then the
  -- profile: the order the join-request and invitation functions lock in.
  perform pg_advisory_xact_lock(hashtextextended('delete-account:' || uid::text, 0));
  select * into team from public.teams t where t.creator_id = uid for update;
  select * into me from public.profiles p where p.auth_id = uid for update;

  if team.id is not null then
    notice := format('%s is closed: its creator deleted their account. Open teams are on Browse.', team.name);
    -- The people who counted on the team: active members and pending requesters, not the creator.
    if to_regclass('pg_temp.closing_members') is not null then
      drop table pg_temp.closing_members;
    end if;
    create temporary table closing_members on commit drop as
    select m.profile_id, c.id as conversation_id
    from public.team_members m
    left join public.conversations c
      on c.participant_one_id = least(m.profile_id, me.id) and c.participant_two_id = greatest(m.profile_id, me.id)
    where m.team_id = team.id and m.status in ('active', 'pending') and m.profile_id is distinct from me.id;
    select count(*)::int into told from pg_temp.closing_members;

    -- The e-mail names the team in `detail`: the team row is gone by the time the worker sends it.
    insert into private.notification_outbox (kind, dedupe_key, recipient_id, detail)
    select 'team_closed', 'team_closed:' || team.id || ':' || cm.profile_id, cm.profile_id, team.name
    from pg_temp.closing_members cm
    on conflict do nothing;

    delete from public.teams t where t.id = team.id;
  end if;

  if me.id is not null then
    select array_agg(c.id) into affected from public.conversations c
    where me.id in (c.participant_one_id, c.participant_two_id);
    -- Cascades: memberships, invitations, sent messages, settings, queued e-mails; conversations set null.
    delete from public.profiles p where p.id = me.id;

    if team.id is not null then
      -- The notice, in the conversation the member already had with the creator (none is started for it).
      -- Its own message e-mail is dropped: the team_closed e-mail above already says it.
      with posted as (
        insert into public.messages (conversation_id, sender_id, content)
        select cm.conversation_id, null, notice from pg_temp.closing_members cm where cm.conversation_id is not null
        returning id
      )
      delete from private.notification_outbox o using posted where o.kind = 'message' and o.message_id = posted.id;
    end if;

    -- Nothing left to keep: no participant, or no message.
    delete from public.conversations c
    where c.id = any (coalesce(affected, '{}'))
      and (c.participant_one_id is null and c.participant_two_id is null
           or not exists (select 1 from public.messages m where m.conversation_id = c.id));
  end if;

  return jsonb_build_object('deleted', me.id is not null, 'team_closed', team.id is not null, 'members_told', told);
end;
$$;

revoke all on function public.delete_my_account() from public, anon;

grant execute on function public.delete_my_account() to authenticated;

-- ---------------------------------------------------------------------------------------------------------
-- Reports, the moderation queue, suspension (docs/security.md#moderation)
-- ---------------------------------------------------------------------------------------------------------
-- Athletes report a message or a profile; moderators (a role granted only here, in SQL) read the queue and
-- hide a message, hide a profile, suspend an account or dismiss the report:
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

-- The moderator role.
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
  conversation_id uuid references public.conversations (id) on delete cascade,
  sender_id uuid not null references public.profiles (id) on delete cascade,
  content text not null,
  created_at timestamptz not null,
  hidden_by uuid references auth.users (id) on delete set null,
  hidden_at timestamptz not null default now(),
  report_id uuid,
  -- A hidden team-chat message is kept with its team (a 1:1 one with its conversation).
  team_id uuid references public.teams (id) on delete cascade,
  constraint hidden_messages_one_chat check ((conversation_id is null) <> (team_id is null))
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

-- Reports a message (one the caller can read: from the other participant of a conversation, or another
-- member's in a team chat) or a profile (one the caller may see or contact). Returns 'reported', or
-- 'already_reported' when the caller's report on it is still open. Errors: P0002 not found (also for what
-- the caller may not see), 22023 own content, P0429 rate, 42501.
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
    if reported is null then
      select m.sender_id, m.content into reported, snapshot from public.team_chat_messages m
      where m.id = p_target and m.team_id in (select private.my_team_chat_ids());
    end if;
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

-- Hides a message from whichever chat holds it (1:1 or team chat).
create or replace function public.moderate_hide_message(p_report uuid)
returns int language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.reports := private.begin_moderation(p_report, 'message');
begin
  with gone as (delete from public.messages m where m.id = r.target_id returning m.*)
  insert into private.hidden_messages (id, conversation_id, sender_id, content, created_at, hidden_by, report_id)
  select g.id, g.conversation_id, g.sender_id, g.content, g.created_at, (select auth.uid()), r.id from gone g
  on conflict (id) do nothing;
  with gone as (delete from public.team_chat_messages m where m.id = r.target_id returning m.*)
  insert into private.hidden_messages (id, team_id, sender_id, content, created_at, hidden_by, report_id)
  select g.id, g.team_id, g.sender_id, g.content, g.created_at, (select auth.uid()), r.id from gone g
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
-- The suspension trigger on every table in schema public. This migration runs after every other that makes
-- a table in public; a table added by a later migration needs the same line:
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

-- A block skips the message e-mails not yet sent about the pair's conversation (due five minutes after the
-- message, if still unread), whichever of the two sent the message.
create or replace function private.skip_blocked_message_emails()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  update private.notification_outbox o
  set status = 'skipped', locked_until = null, claim_token = null, last_error = 'blocked'
  from public.conversations c
  where o.kind = 'message' and o.conversation_id = c.id
    -- Not yet claimed, or claimed by a worker whose lease ended (it would be sent again).
    and (o.status = 'pending' or (o.status = 'sending' and o.locked_until <= now()))
    and ((c.participant_one_id = new.blocker_id and c.participant_two_id = new.blocked_id)
      or (c.participant_one_id = new.blocked_id and c.participant_two_id = new.blocker_id));
  return null;
end;
$$;

revoke all on function private.skip_blocked_message_emails() from public, anon, authenticated;

create trigger blocks_skip_message_emails after insert on public.blocks
  for each row execute function private.skip_blocked_message_emails();
