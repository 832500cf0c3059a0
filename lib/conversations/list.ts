import { timeKey } from "./order";
import type { ConversationSummary, Message, TeamChatMessage, TeamChatSummary } from "./types";

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

/**
 * The team chats list after a live message: its chat moves to the top with the new text, one more unread
 * unless it is the viewer's own or the chat is open on screen. The sender's name is kept from the row when
 * the same member wrote last, else left empty until the list is read again. A message already shown, or a
 * chat not in the list, leaves the list as it is.
 */
export function applyTeamMessage(
  list: TeamChatSummary[],
  m: TeamChatMessage,
  me: string,
  open: boolean,
): TeamChatSummary[] {
  const chat = list.find((c) => c.team_id === m.team_id);
  if (!chat) return list;
  if (chat.last_message && timeKey(chat.last_message.created_at) >= timeKey(m.created_at)) return list;
  const unread = m.sender_id === me || open ? chat.unread_count : chat.unread_count + 1;
  const sender_name = chat.last_message?.sender_id === m.sender_id ? chat.last_message.sender_name : "";
  const updated: TeamChatSummary = {
    ...chat,
    unread_count: unread,
    last_message: { content: m.content, created_at: m.created_at, sender_id: m.sender_id, sender_name },
  };
  return [updated, ...list.filter((c) => c.team_id !== m.team_id)];
}
