-- Block (20261125030200_blocks.sql), continued: a join request the blocked athlete had pending on the
-- blocker's team could no longer be answered (accept and decline post a message, which the block refuses),
-- so it would wait forever on the team page. Blocking now declines it, under the team's row lock as
-- accept_join_request and decline_join_request take it. The requester is told what any decline tells
-- (the usual e-mail), nothing about a block. The blocker's own pending request on the other's team needs
-- nothing: leaving (Withdraw) posts no message.
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
