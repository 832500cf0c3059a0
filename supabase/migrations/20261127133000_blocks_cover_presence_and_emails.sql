-- A block between two athletes now also covers:
--   * presence: neither may watch the other's presence:<profile id> channel (the join is refused, as for a
--     private profile), and nobody watches a suspended account's (it may not track one either:
--     private.may_receive_live in 20261127132000_realtime_ended_sessions.sql);
--   * e-mail: a message notification not yet sent about their conversation (due five minutes after the
--     message, if still unread) is skipped when the block is made, whichever of the two sent the message.

-- Whether the caller may see `target`'s presence: neither has blocked the other, and the account behind it is
-- not suspended. Security definer: the caller sees only their own blocks and no suspensions.
create or replace function private.presence_visible_to_me(target uuid)
returns boolean language sql stable security definer set search_path = '' as $$
  select not private.blocked_between((select private.my_profile_id()), target)
     and not exists (
       select 1 from public.profiles p join private.suspended_accounts s on s.user_id = p.auth_id
       where p.id = target)
$$;
revoke all on function private.presence_visible_to_me(uuid) from public, anon;
grant execute on function private.presence_visible_to_me(uuid) to authenticated;

alter policy app_channels_listen on realtime.messages
  using (
    (select private.may_receive_live())
    and (
      (select private.topic_id('inbox')) = (select private.my_profile_id())
      or (select private.topic_id('thread')) in (select private.my_conversation_ids())
      or (
        extension = 'presence'
        and exists (select 1 from public.profiles p where p.id = (select private.topic_id('presence')))
        and (select private.presence_visible_to_me((select private.topic_id('presence'))))
      )
    )
  );

create or replace function private.skip_blocked_message_emails()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  update private.notification_outbox o
  set status = 'skipped', locked_until = null, claim_token = null, last_error = 'blocked'
  from public.conversations c
  where o.kind = 'message' and o.conversation_id = c.id
    -- Not yet claimed, or claimed by a worker whose lease ended (it would be sent again).
    and (o.status = 'pending' or (o.status = 'sending' and o.locked_until <= now()))
    and ((c.participant_one_id = new.blocker_id and c.participant_two_id = new.blocked_id)
      or (c.participant_one_id = new.blocked_id and c.participant_two_id = new.blocker_id));
  return null;
end;
$$;
revoke all on function private.skip_blocked_message_emails() from public, anon, authenticated;

create trigger blocks_skip_message_emails after insert on public.blocks
  for each row execute function private.skip_blocked_message_emails();
