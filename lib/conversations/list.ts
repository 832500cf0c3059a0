import { timeKey } from "./order";
import type {
  ConversationSummary,
  Message,
  SessionChatMessage,
  SessionChatSummary,
  TeamChatMessage,
  TeamChatSummary,
} from "./types";

type Row = { unread_count: number; last_message: { created_at: string } | null };

/**
 * The list after a live message, for every kind: the message's row moves to the top with the new last
 * message, and one more unread unless the viewer has read it (their own, or the thread is on screen). A
 * message older than the row's last (a catch-up replay) changes nothing. Null when the list has no row for
 * it yet.
 */
function moveToTop<R extends Row>(
  list: R[],
  isRow: (row: R) => boolean,
  at: string,
  unread: boolean,
  update: (row: R) => R,
): R[] | null {
  const row = list.find(isRow);
  if (!row) return null;
  if (row.last_message && timeKey(row.last_message.created_at) >= timeKey(at)) return list;
  const updated = { ...update(row), unread_count: row.unread_count + (unread ? 1 : 0) };
  return [updated, ...list.filter((r) => !isRow(r))];
}

/** A 1:1 conversation's row after a live message; null when the list does not hold it yet. */
export function applyMessage(
  list: ConversationSummary[],
  m: Message,
  me: string,
  isOpen: boolean,
): ConversationSummary[] | null {
  return moveToTop(
    list,
    (c) => c.id === m.conversation_id,
    m.created_at,
    m.sender_id !== me && !m.read && !isOpen,
    (row) => ({
      ...row,
      updated_at: m.created_at,
      last_message: { content: m.content, created_at: m.created_at, sender_id: m.sender_id },
    }),
  );
}

type GroupRow = Row & { last_message: { sender_id: string; sender_name: string } | null };

/**
 * A group chat's row after a live message (a team's, a session date's). The sender's name is kept from the
 * row when the same member wrote last, else left empty until the list is read again. A chat not in the
 * list leaves it as it is.
 */
function applyGroupMessage<R extends GroupRow>(
  list: R[],
  isRow: (row: R) => boolean,
  m: TeamChatMessage | SessionChatMessage,
  me: string,
  open: boolean,
): R[] {
  return (
    moveToTop(list, isRow, m.created_at, m.sender_id !== me && !open, (chat) => {
      const sender_name = chat.last_message?.sender_id === m.sender_id ? chat.last_message.sender_name : "";
      return {
        ...chat,
        last_message: { content: m.content, created_at: m.created_at, sender_id: m.sender_id, sender_name },
      };
    }) ?? list
  );
}

/** A team chat's row after a live message (applyGroupMessage). */
export const applyTeamMessage = (list: TeamChatSummary[], m: TeamChatMessage, me: string, open: boolean) =>
  applyGroupMessage(list, (c) => c.team_id === m.team_id, m, me, open);

/** A session chat's row after a live message (applyGroupMessage). */
export const applySessionMessage = (
  list: SessionChatSummary[],
  m: SessionChatMessage,
  me: string,
  open: boolean,
) => applyGroupMessage(list, (c) => c.occurrence_id === m.occurrence_id, m, me, open);

/** One of the other person's messages marked read (on screen, or in another tab): one fewer unread on its row. */
export function applyRead(list: ConversationSummary[], m: Message, me: string): ConversationSummary[] {
  if (!m.read || m.sender_id === me) return list;
  return list.map((c) =>
    c.id === m.conversation_id ? { ...c, unread_count: Math.max(0, c.unread_count - 1) } : c,
  );
}
