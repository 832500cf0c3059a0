import {
  fetchSessionChatAction,
  markSessionChatReadAction,
  sendSessionChatMessageAction,
  sendSessionChatMessageFromFormAction,
} from "@/lib/actions/session-chat";
import type { ConversationKind, SendAnswer } from "../kind";
import { sessionChatFilter } from "../inbox-filters";
import { sessionChatPath } from "../paths";
import type { GroupChatMember, SessionChatMessage } from "../types";

/**
 * A session date's group chat (docs/product.md#session-chat): its members are the host and the athletes
 * going (decided in SQL); each member's read state ("Seen by N") comes with the thread, as in a team's chat.
 */
export const sessionKind: ConversationKind<SessionChatMessage, { members: GroupChatMember[] }> = {
  name: "session",
  path: sessionChatPath,
  topic: (id) => `session:${id}`,
  table: "session_chat_messages",
  column: "occurrence_id",
  conversationOf: (m) => m.occurrence_id,
  events: ["INSERT"],
  // The session dates the athlete is in as the page loaded: one filter for all of them.
  inboxFilters: ({ sessionIds }) => (sessionIds.length ? [sessionChatFilter(sessionIds)] : []),
  unreadBy: (m, me) => m.sender_id !== me,
  // Blocks keep two athletes out of each other's 1:1 conversation, never out of a group (as team chat).
  blockable: false,
  fetch: (id, after) => fetchSessionChatAction(id, after),
  markRead: (id) => markSessionChatReadAction(id),
  send: ({ id, to, content }) => sendSessionChatMessageAction({ id, occurrenceId: to, content }),
  // The server action itself, not a wrapper: a form posts to it before the page's scripts have run.
  sendFromForm: sendSessionChatMessageFromFormAction as (
    previous: SendAnswer<SessionChatMessage> | null,
    form: FormData,
  ) => Promise<SendAnswer<SessionChatMessage>>,
  formField: "occurrenceId",
  arrivedText: (preview) => `New in your session chat: ${preview}`,
};
