import { timeKey } from "./order";
import type { ThreadMessage } from "./kind";
import type { GroupChatMember } from "./types";

/**
 * How many of the other members of a group chat (a team's, a session date's) have read up to `message` (the "Seen by 2" under one's latest message).
 * Compared with Postgres' microseconds, as the chat is ordered.
 */
export function seenByCount(message: ThreadMessage, members: GroupChatMember[]): number {
  const at = timeKey(message.created_at);
  return members.filter(
    (m) => m.profile_id !== message.sender_id && m.last_read_at !== null && timeKey(m.last_read_at) >= at,
  ).length;
}

/**
 * "Sent" until someone has read it, "Seen by N" while some of the others have, and "Seen by everyone" once
 * all the others have, however few they are (docs/product.md#team-chat).
 */
export function seenByText(seen: number, others: number): string {
  if (seen === 0) return "Sent";
  if (seen >= others) return "Seen by everyone";
  return `Seen by ${seen}`;
}
