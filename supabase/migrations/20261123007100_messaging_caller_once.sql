-- Render time of /messages at the large size (issue 12): both functions name the caller once, in the CTE
-- `me`. Postgres inlines a CTE that is referenced once, so private.my_profile_id() (security definer: never
-- inlined, a query of its own per call) ran for every row it was compared with: about 200 calls for a list
-- of 33 conversations, and as many for the unread badge. MATERIALIZED computes it once per statement.
-- Nothing else changes: same columns, same rows, same grants (create or replace keeps them).

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
  order by c.updated_at desc, c.id
$$;
create or replace function public.unread_message_count()
returns int language sql stable security definer set search_path = '' as $$
  with me as materialized (select private.my_profile_id() as id)
  select coalesce(count(*), 0)::int
  from me
  join public.conversations c on me.id in (c.participant_one_id, c.participant_two_id)
  join public.messages m on m.conversation_id = c.id and not m.read and m.sender_id <> me.id
$$;
