import "server-only";
import type { Tx } from "@/lib/db";
import type { Message } from "@/lib/conversations/types";

// created_at as ISO text with microseconds: the thread's order and the catch-up point need them.
const columns = (tx: Tx) =>
  tx`id, conversation_id, sender_id, content, to_json(created_at) #>> '{}' as created_at, read`;

/** How many of the newest messages a thread loads at once. */
export const THREAD_PAGE = 200;

/**
 * A thread in order (docs/product.md#messages): its newest `THREAD_PAGE` messages, or with `after` only the ones stored
 * after that message (the catch-up after a reconnect). RLS returns nothing for someone else's thread.
 */
export async function listMessages(
  tx: Tx,
  conversationId: string,
  after?: { created_at: string; id: string } | null,
): Promise<Message[]> {
  if (after) {
    return tx<Message[]>`
      select ${columns(tx)} from public.messages
      where conversation_id = ${conversationId}
        and (created_at, id) > (${after.created_at}::timestamptz, ${after.id}::uuid)
      order by created_at, id limit ${THREAD_PAGE}`;
  }
  const rows = await tx<Message[]>`
    select ${columns(tx)} from public.messages
    where conversation_id = ${conversationId}
    order by created_at desc, id desc limit ${THREAD_PAGE}`;
  return rows.reverse();
}

/** Whether the signed-in athlete takes part in the conversation (RLS hides other conversations). */
export async function isParticipant(tx: Tx, conversationId: string): Promise<boolean> {
  const rows = await tx`select 1 from public.conversations where id = ${conversationId}`;
  return rows.length > 0;
}

/**
 * Stores a message under its browser-chosen id. A repeat of the same send stores nothing new and returns
 * the stored row; an id already used for another message returns null.
 */
export async function insertMessage(
  tx: Tx,
  input: { id: string; conversationId: string; senderId: string; content: string },
): Promise<Message | null> {
  const [created] = await tx<Message[]>`
    insert into public.messages (id, conversation_id, sender_id, content)
    values (${input.id}, ${input.conversationId}, ${input.senderId}, ${input.content})
    on conflict (id) do nothing
    returning ${columns(tx)}`;
  if (created) return created;
  const [existing] = await tx<Message[]>`select ${columns(tx)} from public.messages where id = ${input.id}`;
  const same =
    existing &&
    existing.conversation_id === input.conversationId &&
    existing.sender_id === input.senderId &&
    existing.content === input.content;
  return same ? existing : null;
}

/** Marks the other person's unread messages read (docs/product.md#messages); returns how many changed. */
export async function markConversationRead(tx: Tx, conversationId: string, me: string): Promise<number> {
  const rows = await tx`
    update public.messages set read = true
    where conversation_id = ${conversationId} and sender_id <> ${me} and not read
    returning id`;
  return rows.length;
}
