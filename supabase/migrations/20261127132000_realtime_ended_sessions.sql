-- Realtime verifies a token's signature and expiry, not its session: a token kept after sign-out (or after
-- its account was deleted or suspended) could join the private channels and kept receiving messages until
-- it expired, up to an hour. Realtime evaluates these policies as the subscriber: the channel policies at
-- join (and when the client sends a new token), the messages' read policy for every change it delivers. Both
-- now also ask private.may_receive_live(): the token's session still exists (its session_id claim against
-- auth.sessions, as lib/db withRls does for every server read) and the account is not suspended. Sign-out
-- and account deletion remove the session; suspension is read at once. A token without a session_id claim
-- is not one GoTrue issues to a user; it is judged on the account alone (the app's RLS tests use such).
-- The app's own reads are unchanged: lib/db withRls has checked the session already and marks its
-- transactions with `app.server_read`, so a suspended account still reads its messages in the app (as
-- before) but receives none over Realtime; Realtime and the Data API cannot set that setting.

create or replace function private.may_receive_live()
returns boolean language sql stable security definer set search_path = '' as $$
  select (select auth.uid()) is not null
     and ((select auth.jwt()) ->> 'session_id' is null or private.session_is_live((select auth.jwt())))
     and (coalesce(current_setting('app.server_read', true), '') = 'on'
          or not exists (select 1 from private.suspended_accounts s where s.user_id = (select auth.uid())))
$$;
revoke all on function private.may_receive_live() from public, anon;
grant execute on function private.may_receive_live() to authenticated;

alter policy app_channels_listen on realtime.messages
  using (
    (select private.may_receive_live())
    and (
      (select private.topic_id('inbox')) = (select private.my_profile_id())
      or (select private.topic_id('thread')) in (select private.my_conversation_ids())
      or (
        extension = 'presence'
        and exists (select 1 from public.profiles p where p.id = (select private.topic_id('presence')))
      )
    )
  );

alter policy app_presence_track_own on realtime.messages
  with check (
    (select private.may_receive_live())
    and extension = 'presence' and (select private.topic_id('presence')) = (select private.my_profile_id())
  );

alter policy messages_select_participant on public.messages
  using (conversation_id in (select private.my_conversation_ids()) and (select private.may_receive_live()));
