"use server";

import { z } from "zod";
import { action } from "@/lib/server-action/define-action";
import { myProfileId, unreadMessageCount } from "@/lib/data/conversations";
import {
  insertSessionChatMessage,
  listMySessionChats,
  listSessionChatMessages,
  markSessionChatRead,
  sessionChatMembers,
} from "@/lib/data/session-chat";
import { messageErrors as E, uuidSchema } from "@/lib/validation/message";
import { sendSessionChatSchema, sessionChatErrors } from "@/lib/validation/session-chat";

const notMember = { ok: false, error: sessionChatErrors.notMember, code: "NOT_MEMBER" } as const;
const texts = { UNAUTHENTICATED: E.notAuthenticated, UNAVAILABLE: E.unavailable };
const occurrence = { schema: uuidSchema, error: sessionChatErrors.notMember };
// RLS refuses a write to a chat the caller is not in (a suspended account is told so first).
const notMemberRule = { when: { code: "42501" }, fail: { error: notMember.error, code: notMember.code } };

/**
 * Sends a message to a session date's chat as the signed-in athlete: validated, as its host or an athlete
 * going (RLS refuses anyone else), stored once under the browser's id, within the one send limit.
 */
export const sendSessionChatMessageAction = action(
  {
    name: "session-chat.send",
    fallback: E.sendFailed,
    texts,
    args: [{ schema: sendSessionChatSchema }],
    errors: [notMemberRule],
  },
  async ({ db }, { id, occurrenceId, content }) =>
    db(async (tx) => {
      const me = await myProfileId(tx);
      if (!me) return { ok: false, error: E.profileNotFound, code: "PROFILE_NOT_FOUND" } as const;
      const message = await insertSessionChatMessage(tx, { id, occurrenceId, senderId: me, content });
      return message ? ({ ok: true, message } as const) : ({ ok: false, error: E.sendFailed } as const);
    }),
);

export type SessionChatSendResult = Awaited<ReturnType<typeof sendSessionChatMessageAction>>;

/** Send as a form posts it (the composer before the page's scripts have run). */
export async function sendSessionChatMessageFromFormAction(
  _previous: SessionChatSendResult | null,
  form: FormData,
): Promise<SessionChatSendResult> {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return sendSessionChatMessageAction({
    id: field("id"),
    occurrenceId: field("occurrenceId"),
    content: field("content"),
  });
}

const afterSchema = z.object({ created_at: z.iso.datetime({ offset: true }), id: z.uuid() }).nullable();

/** The chat's messages (or those after `after`: the catch-up) and its members' read state; members only. */
export const fetchSessionChatAction = action(
  {
    name: "session-chat.fetch",
    fallback: E.sendFailed,
    texts,
    args: [occurrence, { schema: afterSchema.default(null), error: sessionChatErrors.notMember }],
  },
  async ({ db }, occurrenceId, after) =>
    db(async (tx) => {
      const [messages, members] = await Promise.all([
        listSessionChatMessages(tx, occurrenceId, after),
        sessionChatMembers(tx, occurrenceId),
      ]);
      return members.length ? ({ ok: true, messages, members } as const) : notMember;
    }),
);

/** Marks the chat read for the signed-in member; answers the unread count it leaves (for the badge). */
export const markSessionChatReadAction = action(
  { name: "session-chat.read", fallback: E.sendFailed, texts, args: [occurrence] },
  async ({ db }, occurrenceId) =>
    db(async (tx) => {
      // Sent together, run in order: the count is read after the marking (and unused for a non-member).
      const [marked, unread] = await Promise.all([
        markSessionChatRead(tx, occurrenceId),
        unreadMessageCount(tx),
      ]);
      if (!marked) return notMember;
      return { ok: true, unread } as const;
    }),
);

/** The signed-in athlete's session chats (in /messages, refreshed live). */
export const fetchMySessionChatsAction = action(
  { name: "session-chat.list", fallback: E.sendFailed, texts, args: [] },
  async ({ db }) => ({ ok: true, chats: await db((tx) => listMySessionChats(tx)) }) as const,
);
