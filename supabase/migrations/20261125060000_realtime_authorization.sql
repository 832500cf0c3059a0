-- Realtime Authorization (issue 21, finding 3). Until now every channel was public: anyone, even signed out,
-- could join the app-wide "online" presence channel, read every online athlete's id (private profiles too)
-- and show as online under someone else's id, and a stranger could broadcast on another pair's thread
-- channel. The app now uses private channels only, and these policies on realtime.messages decide who may
-- join, listen (select) and send or track (insert), per channel topic (realtime.topic()):
--
--   inbox:<profile id>         its owner listens (postgres_changes of their messages; nobody broadcasts)
--   thread:<conversation id>   its two participants listen (postgres_changes; nobody broadcasts)
--   presence:<profile id>      only its owner tracks presence there, so a presence is bound to the verified
--                              token, never to a key the client chose; whoever may see that profile under
--                              the profiles RLS watches it, so a private profile's presence reaches no one else
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

create policy app_channels_listen on realtime.messages
  for select to authenticated using (
    (select private.topic_id('inbox')) = (select private.my_profile_id())
    or (select private.topic_id('thread')) in (select private.my_conversation_ids())
    or (
      extension = 'presence'
      and exists (select 1 from public.profiles p where p.id = (select private.topic_id('presence')))
    )
  );

create policy app_presence_track_own on realtime.messages
  for insert to authenticated with check (
    extension = 'presence' and (select private.topic_id('presence')) = (select private.my_profile_id())
  );
