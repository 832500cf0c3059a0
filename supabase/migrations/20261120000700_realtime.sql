-- Realtime Authorization (docs/security.md#realtime): the app uses private channels only, and these policies
-- on realtime.messages decide who may join, listen (select) and send or track (insert), per channel topic
-- (realtime.topic()):
--
--   inbox:<profile id>         its owner listens (postgres_changes of their messages; nobody broadcasts)
--   thread:<conversation id>   its two participants listen (postgres_changes; nobody broadcasts)
--   presence:<profile id>      only its owner tracks presence there, so a presence is bound to the verified
--                              token, never to a key the client chose; whoever may see that profile under
--                              the profiles RLS watches it, so a private profile's presence reaches no one
--                              else, and neither of a blocked pair watches the other
--
-- No policy grants a broadcast anywhere. On hosted Supabase also turn off "Allow public access" in the
-- Realtime settings, so a public channel cannot be joined at all (the README says so).

-- The id in a topic `<prefix>:<uuid>`, or null for any other topic (a malformed one must refuse, not raise).
create or replace function private.topic_id(prefix text)
returns uuid language sql stable set search_path = '' as $$
  select case
    when t ~ ('^' || prefix || ':[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$')
    then substring(t from length(prefix) + 2)::uuid
  end
  from (select realtime.topic() as t) topic
$$;

-- Realtime verifies a token's signature and expiry, not its session: a token kept after sign-out (or after
-- its account was deleted or suspended) would keep receiving messages until it expired, up to an hour.
-- Realtime evaluates these policies as the subscriber: the channel policies at join (and when the client
-- sends a new token), the messages' read policy for every change it delivers. Both ask
-- private.may_receive_live(): the token's session still exists (its session_id claim against
-- auth.sessions, as lib/db withRls does for every server read) and the account is not suspended. Sign-out
-- and account deletion remove the session; suspension is read at once. A token without a session_id claim
-- is not one GoTrue issues to a user; it is judged on the account alone (the app's RLS tests use such).
-- The app's own reads: lib/db withRls has checked the session already and marks its transactions with
-- `app.server_read`, so a suspended account still reads its messages in the app but receives none over
-- Realtime; Realtime and the Data API cannot set that setting.
create or replace function private.may_receive_live()
returns boolean language sql stable security definer set search_path = '' as $$
  select (select auth.uid()) is not null
     and ((select auth.jwt()) ->> 'session_id' is null or private.session_is_live((select auth.jwt())))
     and (coalesce(current_setting('app.server_read', true), '') = 'on'
          or not exists (select 1 from private.suspended_accounts s where s.user_id = (select auth.uid())))
$$;

revoke all on function private.may_receive_live() from public, anon;

grant execute on function private.may_receive_live() to authenticated;

-- Whether the caller may see `target`'s presence: neither has blocked the other, and the account behind it is
-- not suspended (it may not track one either: private.may_receive_live). Security definer: the caller sees
-- only their own blocks and no suspensions.
create or replace function private.presence_visible_to_me(target uuid)
returns boolean language sql stable security definer set search_path = '' as $$
  select not private.blocked_between((select private.my_profile_id()), target)
     and not exists (
       select 1 from public.profiles p join private.suspended_accounts s on s.user_id = p.auth_id
       where p.id = target)
$$;

revoke all on function private.presence_visible_to_me(uuid) from public, anon;

grant execute on function private.presence_visible_to_me(uuid) to authenticated;

create policy app_channels_listen on realtime.messages
  for select to authenticated using (
    (select private.may_receive_live())
    and (
      (select private.topic_id('inbox')) = (select private.my_profile_id())
      or (select private.topic_id('thread')) in (select private.my_conversation_ids())
      or (select private.topic_id('team')) in (select private.my_team_chat_ids())
      or (
        extension = 'presence'
        and exists (select 1 from public.profiles p where p.id = (select private.topic_id('presence')))
        and (select private.presence_visible_to_me((select private.topic_id('presence'))))
      )
    )
  );

create policy app_presence_track_own on realtime.messages
  for insert to authenticated with check (
    (select private.may_receive_live())
    and extension = 'presence' and (select private.topic_id('presence')) = (select private.my_profile_id())
  );

-- Who reads a message, in the app and over Realtime: its two participants, while they may receive live
-- messages (see private.may_receive_live).
create policy messages_select_participant on public.messages
  for select to authenticated
  using (conversation_id in (select private.my_conversation_ids()) and (select private.may_receive_live()));

-- Members read the chat; Realtime asks the same policy for every delivery, so a signed-out session or a
-- suspended account receives nothing live (private.may_receive_live, as for 1:1 messages).
create policy team_chat_messages_select_member on public.team_chat_messages
  for select to authenticated
  using (team_id in (select private.my_team_chat_ids()) and (select private.may_receive_live()));

create policy team_chat_reads_select_member on public.team_chat_reads
  for select to authenticated
  using (team_id in (select private.my_team_chat_ids()) and (select private.may_receive_live()));
