-- The host's page of a session date follows its answers live: every take, leave, offer and waitlist join
-- reaches the host's open page at once through Realtime's postgres_changes on the private channel
-- session-live:<occurrence id>, which only the date's host may join. What each change carries is still
-- filtered by the tables' RLS (the host reads all the answers of their own dates).

-- As before (session chat migration), with the host's live topic.
drop policy app_channels_listen on realtime.messages;

create policy app_channels_listen on realtime.messages
  for select to authenticated using (
    (select private.may_receive_live())
    and (
      (select private.topic_id('inbox')) = (select private.my_profile_id())
      or (select private.topic_id('thread')) in (select private.my_conversation_ids())
      or (select private.topic_id('team')) in (select private.my_team_chat_ids())
      or (select private.topic_id('session')) in (select private.my_session_chat_ids())
      or (select private.topic_id('session-live')) in (select private.my_hosted_occurrence_ids())
      or (
        extension = 'presence'
        and exists (select 1 from public.profiles p where p.id = (select private.topic_id('presence')))
        and (select private.presence_visible_to_me((select private.topic_id('presence'))))
      )
    )
  );

alter publication supabase_realtime add table public.session_rsvps, public.session_occurrences;
