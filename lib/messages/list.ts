import { timeKey } from "./order";
import type { ConversationSummary, Message } from "./types";

/**
 * A new message moves its conversation to the top with the new last message, and one more unread when it
 * is from the other person and not on screen. Null when the list does not hold that conversation yet.
 */
export function applyMessage(
  list: ConversationSummary[],
  m: Message,
  me: string,
  isOpen: boolean,
): ConversationSummary[] | null {
  const row = list.find((c) => c.id === m.conversation_id);
  if (!row) return null;
  // An older message (a catch-up replay) changes nothing: the row already shows a later one.
  if (row.last_message && timeKey(row.last_message.created_at) >= timeKey(m.created_at)) return list;
  const fromOther = m.sender_id !== me && !m.read && !isOpen;
  const updated: ConversationSummary = {
    ...row,
    updated_at: m.created_at,
    last_message: { content: m.content, created_at: m.created_at, sender_id: m.sender_id },
    unread_count: row.unread_count + (fromOther ? 1 : 0),
  };
  return [updated, ...list.filter((c) => c.id !== m.conversation_id)];
}
