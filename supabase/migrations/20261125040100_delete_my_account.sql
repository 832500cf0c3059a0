-- Issue 21, "my data": Settings → Delete my account. The rules live in one function, public.delete_my_account(),
-- one transaction for the database part; the app then removes the Auth user (Auth admin API) and signs out.
--
-- What goes: the profile, its memberships and join requests, its invitations, its notification settings and
-- queued e-mails, and every message it sent. A team it created is closed: each active member and pending
-- requester is told, by a notice in their conversation with the creator and by an e-mail (outbox kind
-- 'team_closed'), and the team row is deleted (teams.creator_id references auth.users on delete cascade, so
-- it could not outlive the account anyway; deleting it here makes it vanish from browse in the same commit).
--
-- What the other side keeps: a conversation stays for the other participant with their own messages in it
-- (they wrote them; taking them away would erase their history), the deleted side's name shown as "Deleted
-- athlete" and no reply box. A conversation with nothing left in it is deleted. So participants become
-- nullable (on delete set null), and a message may have no sender: only the notice this function posts.

alter table public.conversations
  alter column participant_one_id drop not null,
  alter column participant_two_id drop not null,
  drop constraint conversations_participant_one_id_fkey,
  drop constraint conversations_participant_two_id_fkey,
  add constraint conversations_participant_one_id_fkey
    foreign key (participant_one_id) references public.profiles (id) on delete set null,
  add constraint conversations_participant_two_id_fkey
    foreign key (participant_two_id) references public.profiles (id) on delete set null;

-- sender_id null = a notice from the app. Users cannot write one: the insert policy wants sender_id = me.
alter table public.messages alter column sender_id drop not null;
comment on column public.messages.sender_id is
  'The sending athlete; null only for a notice posted by public.delete_my_account (the team was closed).';

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
