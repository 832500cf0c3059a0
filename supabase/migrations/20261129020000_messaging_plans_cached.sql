-- The messaging path's functions keep their plans for the connection's life.
--
-- A SQL function that cannot be inlined (these are security definer with their own search_path) is parsed
-- and planned again on every call, and again in every statement that calls it: the top-bar badge
-- (unread_message_count) planned its three counts, private.my_session_chat_ids' union and
-- private.my_profile_id three times on every page, and a message sent planned my_profile_id eight times in
-- its policies and triggers. PL/pgSQL keeps each statement's plan in the session, and the app's pooled
-- connections live long, so after its first call a function only executes. Each body below is the one it
-- replaces, unchanged; the language is all that changes (`#variable_conflict use_column` keeps a SQL
-- function's rule that a column name wins over an output column of the same name). Owners and grants stay
-- as they were (create or replace keeps them).

create or replace function private.my_profile_id()
returns uuid language plpgsql stable security definer set search_path = '' as $$
begin
  return (select p.id from public.profiles p where p.auth_id = (select auth.uid()));
end
$$;

create or replace function private.my_conversation_ids()
returns setof uuid language plpgsql stable security definer set search_path = '' as $$
begin
  return query
  select c.id from public.conversations c where c.participant_one_id = (select private.my_profile_id())
  union all
  select c.id from public.conversations c where c.participant_two_id = (select private.my_profile_id());
end
$$;

create or replace function private.my_team_chat_ids()
returns setof uuid language plpgsql stable security definer set search_path = '' as $$
begin
  return query
  select m.team_id from public.team_members m
  where m.profile_id = (select private.my_profile_id()) and m.status = 'active';
end
$$;

create or replace function private.my_team_ids()
returns setof uuid language plpgsql stable security definer set search_path = '' as $$
begin
  return query
  select m.team_id from public.team_members m
  where m.profile_id = (select private.my_profile_id()) and m.status in ('active', 'pending');
end
$$;

create or replace function private.my_hosted_occurrence_ids()
returns setof uuid language plpgsql stable security definer set search_path = '' as $$
begin
  return query
  select o.id from public.session_occurrences o
  join public.training_sessions s on s.id = o.session_id
  where s.host_id = (select private.my_profile_id());
end
$$;

create or replace function private.my_session_chat_ids()
returns setof uuid language plpgsql stable security definer set search_path = '' as $$
begin
  return query
  select o.id from public.session_occurrences o
  join public.training_sessions s on s.id = o.session_id
  where s.host_id = (select private.my_profile_id())
  union
  select r.occurrence_id from public.session_rsvps r
  join public.session_occurrences o on o.id = r.occurrence_id
  join public.training_sessions s on s.id = o.session_id
  where r.profile_id = (select private.my_profile_id()) and private.session_chat_member_state(r.state)
    and s.hidden_at is null;
end
$$;

create or replace function private.is_participant(conversation uuid)
returns boolean language plpgsql stable security definer set search_path = '' as $$
begin
  return exists (
    select 1 from public.conversations c
    where c.id = conversation
      and (select private.my_profile_id()) in (c.participant_one_id, c.participant_two_id)
  );
end
$$;

create or replace function private.may_receive_live()
returns boolean language plpgsql stable security definer set search_path = '' as $$
begin
  return (select auth.uid()) is not null
     and ((select auth.jwt()) ->> 'session_id' is null or private.session_is_live((select auth.jwt())))
     and (coalesce(current_setting('app.server_read', true), '') = 'on'
          or not exists (select 1 from private.suspended_accounts s where s.user_id = (select auth.uid())));
end
$$;

create or replace function public.unread_message_count()
returns integer language plpgsql stable security definer set search_path = '' as $$
begin
  return (
  with me as materialized (select private.my_profile_id() as id)
  select (
    select coalesce(count(*), 0)::int
    from me
    join public.conversations c on me.id in (c.participant_one_id, c.participant_two_id)
    join public.messages m on m.conversation_id = c.id and not m.read and m.sender_id <> me.id
  ) + (
    select coalesce(count(*), 0)::int
    from me
    join public.team_members tm on tm.profile_id = me.id and tm.status = 'active'
    left join public.team_chat_reads r on r.team_id = tm.team_id and r.profile_id = me.id
    join public.team_chat_messages x
      on x.team_id = tm.team_id and x.sender_id <> me.id
     and x.created_at > coalesce(r.last_read_at, '-infinity'::timestamptz)
  ) + (
    select coalesce(count(*), 0)::int
    from me
    cross join (select private.my_session_chat_ids() as id) mine
    left join public.session_chat_reads r on r.occurrence_id = mine.id and r.profile_id = me.id
    join public.session_chat_messages x
      on x.occurrence_id = mine.id and x.sender_id <> me.id
     and x.created_at > coalesce(r.last_read_at, '-infinity'::timestamptz)
  ));
end
$$;

create or replace function public.list_my_conversations(lim integer default 50, only_id uuid default null)
returns table(id uuid, updated_at timestamptz, other_id uuid, other_username text, other_full_name text,
              other_avatar_url text, last_content text, last_created_at timestamptz, last_sender_id uuid,
              unread_count integer)
language plpgsql stable security definer set search_path = '' as $$
#variable_conflict use_column
begin
  return query
  -- The caller's id as an InitPlan parameter (not a joined CTE), so each side is an ordered index scan that
  -- stops after `lim` rows instead of reading and sorting all of the caller's conversations.
  with me as materialized (select private.my_profile_id() as id),
  mine as (
    (select c.* from public.conversations c
     where c.participant_one_id = (select private.my_profile_id()) and (only_id is null or c.id = only_id)
     order by c.updated_at desc limit least(greatest(lim, 1), 200))
    union all
    (select c.* from public.conversations c
     where c.participant_two_id = (select private.my_profile_id()) and (only_id is null or c.id = only_id)
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
  order by c.updated_at desc, c.id;
end
$$;

create or replace function public.list_my_session_chats()
returns table(occurrence_id uuid, session_id uuid, title text, starts_at timestamptz, status text,
              member_count integer, last_content text, last_created_at timestamptz, last_sender_id uuid,
              last_sender_name text, unread_count integer)
language plpgsql stable security definer set search_path = '' as $$
#variable_conflict use_column
begin
  return query
  with me as materialized (select private.my_profile_id() as id),
  mine as materialized (select private.my_session_chat_ids() as id)
  select o.id, s.id, s.title, o.starts_at, o.status,
         1 + (select count(*)::int from public.session_rsvps x
              where x.occurrence_id = o.id and private.session_chat_member_state(x.state)),
         last.content, last.created_at, last.sender_id, sp.full_name,
         (select count(*)::int from public.session_chat_messages x
          where x.occurrence_id = o.id and x.sender_id <> me.id
            and x.created_at > coalesce(r.last_read_at, '-infinity'::timestamptz))
  from me
  cross join mine
  join public.session_occurrences o on o.id = mine.id
  join public.training_sessions s on s.id = o.session_id
  left join public.session_chat_reads r on r.occurrence_id = o.id and r.profile_id = me.id
  left join lateral (
    select x.content, x.created_at, x.sender_id from public.session_chat_messages x
    where x.occurrence_id = o.id order by x.created_at desc, x.id desc limit 1
  ) last on true
  left join public.profiles sp on sp.id = last.sender_id
  where last.created_at is not null
     or o.starts_at between now() - interval '1 day' and now() + interval '7 days'
  order by coalesce(last.created_at, o.created_at) desc, o.id;
end
$$;

create or replace function public.list_my_team_chats()
returns table(team_id uuid, team_name text, member_count integer, last_content text,
              last_created_at timestamptz, last_sender_id uuid, last_sender_name text, unread_count integer)
language plpgsql stable security definer set search_path = '' as $$
#variable_conflict use_column
begin
  return query
  with me as materialized (select private.my_profile_id() as id)
  select t.id, t.name,
         (select count(*)::int from public.team_members a where a.team_id = t.id and a.status = 'active'),
         last.content, last.created_at, last.sender_id, sp.full_name,
         (select count(*)::int from public.team_chat_messages x
          where x.team_id = t.id and x.sender_id <> me.id
            and x.created_at > coalesce(r.last_read_at, '-infinity'::timestamptz))
  from me
  join public.team_members m on m.profile_id = me.id and m.status = 'active'
  join public.teams t on t.id = m.team_id
  left join public.team_chat_reads r on r.team_id = t.id and r.profile_id = me.id
  left join lateral (
    select x.content, x.created_at, x.sender_id from public.team_chat_messages x
    where x.team_id = t.id order by x.created_at desc, x.id desc limit 1
  ) last on true
  left join public.profiles sp on sp.id = last.sender_id
  order by coalesce(last.created_at, t.created_at) desc, t.id;
end
$$;
