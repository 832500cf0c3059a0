"use server";

import { z } from "zod";
import { action } from "@/lib/server-action/define-action";
import { canMessage } from "@/lib/data/blocks";
import {
  findConversation,
  listConversations,
  myProfileId,
  startConversation as startConversationRow,
  unreadMessageCount,
} from "@/lib/data/conversations";
import { withConversationPhotos } from "@/lib/photos/urls";
import { insertMessage, isParticipant, listMessages, markConversationRead } from "@/lib/data/messages";
import { blockedText } from "@/lib/data/blocks";
import { myTeamChatIds } from "@/lib/data/team-chat";
import { mySessionChatIds } from "@/lib/data/session-chat";
import { messageErrors as E, sendMessageSchema, uuidSchema } from "@/lib/validation/message";

// The database restarting or out of reach (lib/db/unavailable.ts) is said plainly, and sending again with
// the same id stores the message once, also if it was stored before the answer was lost. A suspended
// account's writes (docs/security.md#moderation), a block and the per-sender limits are refused in SQL and answered in their own words.
const texts = { UNAUTHENTICATED: E.notAuthenticated, UNAVAILABLE: E.unavailable };
const conversation = { schema: uuidSchema, error: E.notParticipant };

/** Sends a message as the signed-in athlete (docs/product.md#messages): validated, as a participant, stored once. */
export const sendMessageAction = action(
  { name: "messages.send", fallback: E.sendFailed, texts, args: [{ schema: sendMessageSchema }] },
  async ({ db }, { id, conversationId, senderId, content }) =>
    db(async (tx) => {
      // Both questions in one round trip (neither needs the other's answer): a pooled connection is held
      // for the app's turns between round trips (docs/performance.md#the-queue-at-500).
      const [me, participant] = await Promise.all([myProfileId(tx), isParticipant(tx, conversationId)]);
      if (!me) return { ok: false, error: E.profileNotFound, code: "PROFILE_NOT_FOUND" } as const;
      if (senderId !== undefined && senderId !== me)
        return { ok: false, error: E.senderMismatch, code: "FORBIDDEN" } as const;
      if (!participant) return { ok: false, error: E.notParticipant, code: "FORBIDDEN" } as const;
      const message = await insertMessage(tx, { id, conversationId, senderId: me, content });
      return message ? ({ ok: true, message } as const) : ({ ok: false, error: E.sendFailed } as const);
    }),
);

/** Starts (or reopens) the conversation with athlete `otherProfileId` (docs/product.md#messages). */
export const startConversationAction = action(
  {
    name: "messages.start",
    fallback: E.startFailed,
    texts: { ...texts, PROFILE_NOT_FOUND: E.startNoProfile },
    args: [{ schema: uuidSchema, error: E.startFailed }],
    errors: [
      { when: { code: "22023" }, fail: { error: E.startSelf, code: "SELF" } },
      // An athlete the caller may not see reads like one that does not exist.
      { when: { code: "P0002", detail: "ATHLETE_NOT_FOUND" }, fail: { error: E.startFailed } },
    ],
  },
  async ({ db }, other) => {
    // Between a blocked pair an existing conversation is not reopened either (a new one the SQL refuses).
    const conversationId = await db(async (tx) =>
      (await canMessage(tx, other)) ? startConversationRow(tx, other) : null,
    );
    if (!conversationId) return { ok: false, error: blockedText, code: "BLOCKED" } as const;
    return { ok: true, conversationId } as const;
  },
);

/**
 * Marks the other person's messages in a conversation read; participants only (docs/product.md#messages). Answers how many it marked
 * and the unread count it leaves, read in the same transaction, so the open thread updates the badge
 * without a second request for each message it reads.
 */
export const markReadAction = action(
  { name: "messages.read", fallback: E.notParticipant, texts, args: [conversation] },
  async ({ db }, conversationId) =>
    db(async (tx) => {
      const [me, participant] = await Promise.all([myProfileId(tx), isParticipant(tx, conversationId)]);
      if (!me || !participant) return { ok: false, error: E.notParticipant } as const;
      // Sent together, run in order: the count is read after the marking, in the same transaction.
      const [count, unread] = await Promise.all([
        markConversationRead(tx, conversationId, me),
        unreadMessageCount(tx),
      ]);
      return { ok: true, count, unread } as const;
    }),
);

const afterSchema = z.object({ created_at: z.iso.datetime({ offset: true }), id: z.uuid() }).nullable();

/** The thread, or what was stored after `after` (catch-up once the live connection is back). */
export const fetchMessagesAction = action(
  {
    name: "messages.fetch",
    fallback: E.notParticipant,
    texts,
    args: [conversation, { schema: afterSchema.default(null), error: E.notParticipant }],
  },
  async ({ db }, conversationId, after) => ({
    ok: true as const,
    messages: await db((tx) => listMessages(tx, conversationId, after)),
  }),
);

/** The conversation list (refreshed live) or, given an id, that one conversation of it. */
export const fetchConversationsAction = action(
  {
    name: "messages.conversations",
    fallback: E.notParticipant,
    texts,
    args: [{ schema: uuidSchema.optional(), error: E.notParticipant }],
  },
  async ({ db }, only) => ({
    ok: true as const,
    conversations: await withConversationPhotos(
      await db(async (tx) => {
        if (!only) return listConversations(tx);
        const one = await findConversation(tx, only);
        return one ? [one] : [];
      }),
    ),
  }),
);

/**
 * What the top bar needs to go live: the athlete's profile id (null without one), the unread count and the
 * teams and session dates whose chats they are in.
 */
export const fetchInboxStateAction = action(
  { name: "messages.inbox", fallback: E.sendFailed, texts, args: [] },
  async ({ db }) =>
    db(async (tx) => {
      // One round trip: without a profile the three reads find nothing, and their answers are not used.
      const [profileId, unread, teamIds, sessionIds] = await Promise.all([
        myProfileId(tx),
        unreadMessageCount(tx),
        myTeamChatIds(tx),
        mySessionChatIds(tx),
      ]);
      if (!profileId)
        return {
          ok: true,
          profileId,
          unread: 0,
          teamIds: [] as string[],
          sessionIds: [] as string[],
        } as const;
      return { ok: true, profileId, unread, teamIds, sessionIds } as const;
    }),
);

export type SendResult = Awaited<ReturnType<typeof sendMessageAction>>;

/**
 * Send as a form posts it (the composer before the page's scripts have run): the same checks and the same
 * single store by id as sendMessageAction, with the fields read from the form.
 */
export async function sendMessageFromFormAction(
  _previous: SendResult | null,
  form: FormData,
): Promise<SendResult> {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return sendMessageAction({
    id: field("id"),
    conversationId: field("conversationId"),
    content: field("content"),
  });
}
