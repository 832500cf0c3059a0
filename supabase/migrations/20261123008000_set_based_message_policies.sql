-- The messages read and mark-read policies called private.is_participant(conversation_id) once per row. A
-- security-definer function is never inlined, so opening a thread of 200 messages ran 200 lookups of its
-- conversation, and marking it read as many again. As for the teams (20261123007000), the policies now ask
-- the question as a set computed once per statement: "the conversations I take part in". Who sees and who
-- may mark which message is unchanged: a participant is still one of the conversation's two profiles.
-- The insert policy keeps the per-row helper: an insert checks one row.

-- Security definer so that the messages policy can read conversations without its own policy in the way
-- (the same reason as private.is_participant). Each half uses one of the participant indexes.
create or replace function private.my_conversation_ids()
returns setof uuid language sql stable security definer set search_path = '' as $$
  select c.id from public.conversations c where c.participant_one_id = (select private.my_profile_id())
  union all
  select c.id from public.conversations c where c.participant_two_id = (select private.my_profile_id())
$$;

alter policy messages_select_participant on public.messages
  using (conversation_id in (select private.my_conversation_ids()));

alter policy messages_update_read on public.messages
  using (
    conversation_id in (select private.my_conversation_ids())
    and sender_id <> (select private.my_profile_id())
  )
  with check (
    conversation_id in (select private.my_conversation_ids())
    and sender_id <> (select private.my_profile_id())
  );
