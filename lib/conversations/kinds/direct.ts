import {
  fetchMessagesAction,
  markReadAction,
  sendMessageAction,
  sendMessageFromFormAction,
} from "@/lib/actions/messages";
import type { ConversationKind, SendAnswer } from "../kind";
import { inboxFilters } from "../inbox-filters";
import { conversationPath } from "../paths";
import type { Message } from "../types";

/** A 1:1 conversation (docs/product.md#messages): two athletes, each message read or not by the other. */
export const directKind: ConversationKind<Message> = {
  name: "direct",
  path: conversationPath,
  topic: (id) => `thread:${id}`,
  table: "messages",
  column: "conversation_id",
  conversationOf: (m) => m.conversation_id,
  events: ["INSERT", "UPDATE"],
  inboxFilters: ({ profileId }) => inboxFilters(profileId),
  unreadBy: (m, me) => m.sender_id !== me && !m.read,
  blockable: true,
  fetch: (id, after) => fetchMessagesAction(id, after),
  markRead: (id) => markReadAction(id),
  send: ({ id, to, content }) => sendMessageAction({ id, conversationId: to, content }),
  // The server action itself, not a wrapper: a form posts to it before the page's scripts have run.
  sendFromForm: sendMessageFromFormAction as (
    previous: SendAnswer<Message> | null,
    form: FormData,
  ) => Promise<SendAnswer<Message>>,
  formField: "conversationId",
  arrivedText: (preview) => `New message: ${preview}`,
};
