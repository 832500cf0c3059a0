-- Messaging (issue 10): the rule-carrying functions on top of the conversations and messages tables of
-- 20261123000200_teams_and_conversations.sql. Tables, CHECKs, RLS and the Realtime publication are there;
-- this adds:
--   * public.start_conversation(other_profile): sorts the pair, returns the existing conversation or creates
--     it (one row per pair, however many parallel calls);
--   * public.list_my_conversations(lim, only_id): the conversation list in ONE query, with the other
--     athlete's four public-safe fields, the last message and the unread count;
--   * public.unread_message_count(): the number behind the unread badge;
--   * client-chosen message ids, so a retried send never stores a message twice (grant below).

-- Whom one may start a conversation with: an athlete whose profile is public (the browse cards and
-- /profile/{id} only show those), or one you already share a team with (creator or live member on either
-- side), or one you already have a conversation with (a join request made it). A private athlete you have
-- no link with cannot be found, so the answer is the same "Athlete not found" as for a missing id.
create or replace function private.may_contact(me uuid, other uuid)
returns boolean language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.profiles p where p.id = other and p.is_public)
      or exists (
        select 1 from public.conversations c
        where c.participant_one_id = least(me, other) and c.participant_two_id = greatest(me, other))
      or exists (
        -- Both live members of one team, or one of them created a team the other is in.
        select 1
        from public.teams t
        left join public.team_members a on a.team_id = t.id and a.status in ('active', 'pending')
        join public.profiles pa on pa.id = me
        join public.profiles pb on pb.id = other
        where (t.creator_id = pa.auth_id or a.profile_id = me)
          and (t.creator_id = pb.auth_id or exists (
                select 1 from public.team_members b
                where b.team_id = t.id and b.profile_id = other and b.status in ('active', 'pending'))))
$$;
revoke all on function private.may_contact(uuid, uuid) from public, anon, authenticated;

-- Errors the server action maps to the spec's texts: PROFILE_NOT_FOUND (the caller has no profile yet:
-- "Please create your profile first to send messages"), anything else ("Failed to start conversation").
create or replace function public.start_conversation(other_profile uuid)
returns uuid language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := private.my_profile_id();
begin
  if me is null then
    raise exception 'Profile not found' using errcode = 'P0002', detail = 'PROFILE_NOT_FOUND';
  end if;
  if other_profile is null or other_profile = me then
    raise exception 'You cannot start a conversation with yourself' using errcode = '22023';
  end if;
  if not private.may_contact(me, other_profile) then
    raise exception 'Athlete not found' using errcode = 'P0002', detail = 'ATHLETE_NOT_FOUND';
  end if;
  return private.ensure_conversation(me, other_profile);
end;
$$;
revoke all on function public.start_conversation(uuid) from public, anon;
grant execute on function public.start_conversation(uuid) to authenticated;

-- The caller's conversations, newest first, each with the other athlete (id, username, full_name,
-- avatar_url only: their profile may be private, and nothing else of it may leak), the last message and
-- how many of the other person's messages are unread. Security definer so a private profile's four fields
-- can be read, limited to the caller's own conversations by the WHERE on my_profile_id().
-- Each side's list is a top-N scan of its (participant, updated_at desc) index, so the cost stays flat at
-- 10,000 conversations; the last message and the unread count come from the thread and unread indexes.
create or replace function public.list_my_conversations(lim int default 50, only_id uuid default null)
returns table (
  id uuid,
  updated_at timestamptz,
  other_id uuid,
  other_username text,
  other_full_name text,
  other_avatar_url text,
  last_content text,
  last_created_at timestamptz,
  last_sender_id uuid,
  unread_count int
)
language sql stable security definer set search_path = '' as $$
  with me as (select private.my_profile_id() as id),
  mine as (
    (select c.* from public.conversations c, me
     where c.participant_one_id = me.id and (only_id is null or c.id = only_id)
     order by c.updated_at desc limit least(greatest(lim, 1), 200))
    union all
    (select c.* from public.conversations c, me
     where c.participant_two_id = me.id and (only_id is null or c.id = only_id)
     order by c.updated_at desc limit least(greatest(lim, 1), 200))
  ),
  top as (select * from mine order by updated_at desc, id limit least(greatest(lim, 1), 200))
  select c.id, c.updated_at,
         p.id, p.username, p.full_name, p.avatar_url,
         last.content, last.created_at, last.sender_id,
         coalesce(unread.n, 0)::int
  from top c
  cross join me
  left join public.profiles p
    on p.id = case when c.participant_one_id = me.id then c.participant_two_id else c.participant_one_id end
  left join lateral (
    select m.content, m.created_at, m.sender_id from public.messages m
    where m.conversation_id = c.id
    order by m.created_at desc, m.id desc limit 1
  ) last on true
  left join lateral (
    select count(*) as n from public.messages m
    where m.conversation_id = c.id and not m.read and m.sender_id <> me.id
  ) unread on true
  order by c.updated_at desc, c.id
$$;
revoke all on function public.list_my_conversations(int, uuid) from public, anon;
grant execute on function public.list_my_conversations(int, uuid) to authenticated;

-- The unread badge: the other people's unread messages over all the caller's conversations.
create or replace function public.unread_message_count()
returns int language sql stable security definer set search_path = '' as $$
  with me as (select private.my_profile_id() as id)
  select coalesce(count(*), 0)::int
  from me
  join public.conversations c on me.id in (c.participant_one_id, c.participant_two_id)
  join public.messages m on m.conversation_id = c.id and not m.read and m.sender_id <> me.id
$$;
revoke all on function public.unread_message_count() from public, anon;
grant execute on function public.unread_message_count() to authenticated;

-- The browser picks each message's id before sending, so a retry of the same send (a lost reply, a double
-- click) hits the primary key and stores nothing new, and the live copy that Realtime delivers merges with
-- the one already on screen by id.
grant insert (id) on public.messages to authenticated;

-- The badge's count reads by participant; the conversation side of it is already indexed. Messages by
-- sender would only serve deletes of a profile (cascade), which are rare: no index for that.
