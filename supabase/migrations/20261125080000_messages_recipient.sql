-- Issue 22: every athlete's live inbox subscribed to all inserts and updates of public.messages and
-- relied on RLS to see only their own. Realtime then asks Postgres, for every new message and every
-- message marked read, whether each subscriber may see it: with 200 athletes signed in, 200 policy checks
-- per change. Hosted Realtime works the same way (a subscription's filters are applied before its RLS
-- check), so that cost grows with everyone online.
--
-- A message now names its recipient, so the inbox subscribes with filters (recipient_id=eq.me and
-- sender_id=eq.me): a change is checked for its two participants' subscriptions only. RLS still decides
-- what each of them may see; this column is for routing, never for access.

-- The other participant; null once their profile is deleted (as the conversation's side is).
alter table public.messages
  add column recipient_id uuid references public.profiles (id) on delete set null;

-- The sender's counterpart; for a notice (no sender, posted after the creator's profile went) the side left.
create or replace function private.message_recipient(conversation uuid, sender uuid)
returns uuid language sql stable security definer set search_path = '' as $$
  select case
    when sender is null then coalesce(c.participant_one_id, c.participant_two_id)
    when c.participant_one_id = sender then c.participant_two_id
    else c.participant_one_id
  end
  from public.conversations c
  where c.id = conversation
$$;

revoke all on function private.message_recipient(uuid, uuid) from public;

update public.messages m set recipient_id = private.message_recipient(m.conversation_id, m.sender_id);

alter table public.messages
  add constraint messages_recipient_not_sender check (recipient_id <> sender_id);

-- Always from the conversation, never from the writer: the insert grant leaves the column out, and this
-- also covers the SQL functions that insert as the table's owner.
create or replace function private.messages_set_recipient()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  new.recipient_id := private.message_recipient(new.conversation_id, new.sender_id);
  return new;
end;
$$;

revoke all on function private.messages_set_recipient() from public;

create trigger messages_set_recipient before insert on public.messages
  for each row execute function private.messages_set_recipient();

-- Deleting a profile sets its received messages' recipient to null: without this, a scan of every message.
create index messages_recipient_idx on public.messages (recipient_id);
