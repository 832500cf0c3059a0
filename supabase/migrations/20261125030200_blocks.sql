-- Issue 21, "Block": an athlete can stop another from reaching them. Between a blocked pair (either way):
--   * no message is stored and no new conversation is opened, whichever path writes it (the send action, a
--     raw insert through the API, the automatic messages of join requests, decisions and invitations), so a
--     blocked athlete can neither message, nor request to join, nor be invited to the blocker's team; the
--     refusal reads "You can't message this athlete" (P0001, detail BLOCKED), which tells the blocked
--     athlete nothing more;
--   * neither is listed to the other on browse (lib/data/browse.ts asks private.my_blocked_profiles()).
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

create or replace function public.block_athlete(p_profile_id uuid)
returns void language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := (private.require_my_profile()).id;
begin
  if p_profile_id is null or p_profile_id = me then
    raise exception 'You cannot block yourself' using errcode = '22023';
  end if;
  -- An unknown id is no error: whether an athlete exists is not told here either.
  insert into public.blocks (blocker_id, blocked_id)
  select me, p.id from public.profiles p where p.id = p_profile_id
  on conflict do nothing;
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
