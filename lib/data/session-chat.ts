import "server-only";
import type { Tx } from "@/lib/db";
import type { GroupChatMember, SessionChatMessage, SessionChatSummary } from "@/lib/conversations/types";

// created_at as ISO text with microseconds: the chat's order and the catch-up point need them.
const columns = (tx: Tx) =>
  tx`id, occurrence_id, sender_id, content, to_json(created_at) #>> '{}' as created_at`;

/** How many of the newest messages a session chat loads at once. */
export const SESSION_CHAT_PAGE = 200;

/**
 * A session date's chat in order: its newest `SESSION_CHAT_PAGE` messages, or with `after` only those stored
 * after that message (the catch-up). RLS returns nothing to anyone but the host and the athletes going.
 */
export async function listSessionChatMessages(
  tx: Tx,
  occurrenceId: string,
  after?: { created_at: string; id: string } | null,
): Promise<SessionChatMessage[]> {
  if (after) {
    return tx<SessionChatMessage[]>`
      select ${columns(tx)} from public.session_chat_messages
      where occurrence_id = ${occurrenceId}
        and (created_at, id) > (${after.created_at}::timestamptz, ${after.id}::uuid)
      order by created_at, id limit ${SESSION_CHAT_PAGE}`;
  }
  const rows = await tx<SessionChatMessage[]>`
    select ${columns(tx)} from public.session_chat_messages
    where occurrence_id = ${occurrenceId}
    order by created_at desc, id desc limit ${SESSION_CHAT_PAGE}`;
  return rows.reverse();
}

/** The chat's members (the host first, with read state); empty unless the signed-in athlete is one. */
export async function sessionChatMembers(tx: Tx, occurrenceId: string): Promise<GroupChatMember[]> {
  return tx<GroupChatMember[]>`
    select profile_id, username, full_name, avatar_url, to_json(last_read_at) #>> '{}' as last_read_at
    from public.session_chat_members(${occurrenceId})`;
}

/**
 * Stores a message under its browser-chosen id. A repeat of the same send stores nothing new and returns the
 * stored row; an id already used for another message returns null.
 */
export async function insertSessionChatMessage(
  tx: Tx,
  input: { id: string; occurrenceId: string; senderId: string; content: string },
): Promise<SessionChatMessage | null> {
  const [created] = await tx<SessionChatMessage[]>`
    insert into public.session_chat_messages (id, occurrence_id, sender_id, content)
    values (${input.id}, ${input.occurrenceId}, ${input.senderId}, ${input.content})
    on conflict (id) do nothing
    returning ${columns(tx)}`;
  if (created) return created;
  const [existing] = await tx<SessionChatMessage[]>`
    select ${columns(tx)} from public.session_chat_messages where id = ${input.id}`;
  const same =
    existing &&
    existing.occurrence_id === input.occurrenceId &&
    existing.sender_id === input.senderId &&
    existing.content === input.content;
  return same ? existing : null;
}

/** Moves the signed-in member's read state to now; false when they are not a member. */
export async function markSessionChatRead(tx: Tx, occurrenceId: string): Promise<boolean> {
  const [row] = await tx<{ ok: boolean }[]>`select public.mark_session_chat_read(${occurrenceId}) as ok`;
  return row?.ok ?? false;
}

type SummaryRow = {
  occurrence_id: string;
  session_id: string;
  title: string;
  starts_at: string;
  status: string;
  member_count: number;
  last_content: string | null;
  last_created_at: string | null;
  last_sender_id: string | null;
  last_sender_name: string | null;
  unread_count: number;
};

/** The signed-in athlete's session chats that matter now (public.list_my_session_chats), newest activity first. */
export async function listMySessionChats(tx: Tx): Promise<SessionChatSummary[]> {
  const rows = await tx<SummaryRow[]>`
    select occurrence_id, session_id, title, to_json(starts_at) #>> '{}' as starts_at, status, member_count,
           last_content, to_json(last_created_at) #>> '{}' as last_created_at, last_sender_id, last_sender_name,
           unread_count
    from public.list_my_session_chats()`;
  return rows.map((r) => ({
    occurrence_id: r.occurrence_id,
    session_id: r.session_id,
    title: r.title,
    starts_at: r.starts_at,
    cancelled: r.status === "cancelled",
    member_count: r.member_count,
    last_message:
      r.last_content !== null && r.last_created_at && r.last_sender_id
        ? {
            content: r.last_content,
            created_at: r.last_created_at,
            sender_id: r.last_sender_id,
            sender_name: r.last_sender_name ?? "Unknown User",
          }
        : null,
    unread_count: r.unread_count,
  }));
}

/**
 * The session dates whose chat the signed-in athlete is in, for the live inbox's filter (Realtime's `in`
 * takes at most 100 values): from the day before yesterday on, soonest first; older chats are caught up on
 * the next page load.
 */
export async function mySessionChatIds(tx: Tx): Promise<string[]> {
  const rows = await tx<{ id: string }[]>`
    select o.id from public.session_occurrences o
    where o.id in (select private.my_session_chat_ids()) and o.starts_at > now() - interval '2 days'
    order by o.starts_at, o.id limit 100`;
  return rows.map((r) => r.id);
}

/** The header of one date's chat (title, start, cancelled); null unless the signed-in athlete is a member. */
export async function findSessionChat(
  tx: Tx,
  occurrenceId: string,
): Promise<{ occurrenceId: string; title: string; startsAt: string; cancelled: boolean } | null> {
  const [row] = await tx<{ occurrenceId: string; title: string; startsAt: string; cancelled: boolean }[]>`
    select o.id as "occurrenceId", s.title, to_json(o.starts_at) #>> '{}' as "startsAt",
           o.status = 'cancelled' as cancelled
    from public.session_occurrences o join public.training_sessions s on s.id = o.session_id
    where o.id = ${occurrenceId} and o.id in (select private.my_session_chat_ids())`;
  return row ?? null;
}

/**
 * What the session page says of its date's chat to a member: how many are in it and how many of the others'
 * messages they have still to read (the list's count: a chat with a message is always in it); null for
 * anyone else (a waitlisted athlete sees no chat).
 */
export async function sessionChatOnPage(
  tx: Tx,
  occurrenceId: string,
): Promise<{ members: number; unread: number } | null> {
  const [members, chats] = await Promise.all([sessionChatMembers(tx, occurrenceId), listMySessionChats(tx)]);
  if (members.length === 0) return null;
  const unread = chats.find((c) => c.occurrence_id === occurrenceId)?.unread_count ?? 0;
  return { members: members.length, unread };
}
