"use server";

import { getClaims } from "@/lib/auth/session";
import { withRls } from "@/lib/db";
import { isDbUnavailable } from "@/lib/db/unavailable";
import { blockedText, canMessage, isBlockedError } from "@/lib/data/blocks";
import { errorSummary } from "@/lib/data/profile-writes";
import {
  findConversation,
  listConversations,
  myProfileId,
  startConversation as startConversationRow,
  unreadMessageCount,
} from "@/lib/data/conversations";
import {
  insertMessage,
  isParticipant,
  listMessages,
  markConversationRead,
  rateLimitMessage,
} from "@/lib/data/messages";
import { myTeamChatIds } from "@/lib/data/team-chat";
import type { ConversationSummary, Message } from "@/lib/messages/types";
import { isSuspendedError, suspendedMessage } from "@/lib/moderation/suspension";
import { messageErrors as E, sendMessageSchema, uuidSchema } from "@/lib/validation/message";
import { z } from "zod";

type Failure = {
  ok: false;
  error: string;
  code?: "AUTH" | "PROFILE_NOT_FOUND" | "SELF" | "RATE" | "SUSPENDED" | "BLOCKED" | "UNAVAILABLE";
};
// The database restarting or out of reach (lib/db/unavailable.ts): said plainly, and sending again with
// the same id stores the message once, also if it was stored before the answer was lost.
const unavailable = { ok: false, error: E.unavailable, code: "UNAVAILABLE" } as const;
// A suspended account's writes are refused in SQL (docs/security.md#moderation); the athlete is told why.
const suspended = { ok: false, error: suspendedMessage, code: "SUSPENDED" } as const;
export type SendResult = { ok: true; message: Message } | Failure;
export type StartResult = { ok: true; conversationId: string } | Failure;

const log = (action: string, userId: string, error: unknown) =>
  console.error(`${action} failed`, { action, userId, ...errorSummary(error) });

/** Sends a message as the signed-in athlete (docs/product.md#messages): validated, as a participant, stored once. */
export async function sendMessage(input: unknown): Promise<SendResult> {
  const claims = await getClaims();
  if (!claims) return { ok: false, error: E.notAuthenticated, code: "AUTH" };
  const parsed = sendMessageSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? E.sendFailed };
  const { id, conversationId, senderId, content } = parsed.data;
  try {
    return await withRls(claims, async (tx) => {
      const me = await myProfileId(tx);
      if (!me) return { ok: false, error: E.profileNotFound, code: "PROFILE_NOT_FOUND" } as const;
      if (senderId !== undefined && senderId !== me) return { ok: false, error: E.senderMismatch } as const;
      if (!(await isParticipant(tx, conversationId))) return { ok: false, error: E.notParticipant } as const;
      const message = await insertMessage(tx, { id, conversationId, senderId: me, content });
      return message ? ({ ok: true, message } as const) : ({ ok: false, error: E.sendFailed } as const);
    });
  } catch (error) {
    const tooFast = rateLimitMessage(error);
    if (tooFast) return { ok: false, error: tooFast, code: "RATE" };
    if (isSuspendedError(error)) return suspended;
    if (isBlockedError(error)) return { ok: false, error: blockedText, code: "BLOCKED" };
    log("messages.send", claims.sub, error);
    if (isDbUnavailable(error)) return unavailable;
    return { ok: false, error: E.sendFailed };
  }
}

/** Starts (or reopens) the conversation with athlete `otherProfileId` (docs/product.md#messages). */
export async function startConversation(otherProfileId: unknown): Promise<StartResult> {
  const claims = await getClaims();
  if (!claims) return { ok: false, error: E.notAuthenticated, code: "AUTH" };
  const other = uuidSchema.safeParse(otherProfileId);
  if (!other.success) return { ok: false, error: E.startFailed };
  try {
    // Between a blocked pair an existing conversation is not reopened either (a new one the SQL refuses).
    const conversationId = await withRls(claims, async (tx) =>
      (await canMessage(tx, other.data)) ? startConversationRow(tx, other.data) : null,
    );
    if (!conversationId) return { ok: false, error: blockedText, code: "BLOCKED" };
    return { ok: true, conversationId };
  } catch (error) {
    if ((error as { detail?: string }).detail === "PROFILE_NOT_FOUND") {
      return { ok: false, error: E.startNoProfile, code: "PROFILE_NOT_FOUND" };
    }
    if ((error as { code?: string }).code === "22023") return { ok: false, error: E.startSelf, code: "SELF" };
    const tooFast = rateLimitMessage(error);
    if (tooFast) return { ok: false, error: tooFast, code: "RATE" };
    if (isSuspendedError(error)) return suspended;
    if (isBlockedError(error)) return { ok: false, error: blockedText, code: "BLOCKED" };
    log("messages.start", claims.sub, error);
    return { ok: false, error: E.startFailed };
  }
}

/**
 * Marks the other person's messages in a conversation read; participants only (docs/product.md#messages). Answers how
 * many it marked and the unread count it leaves, read in the same transaction, so the open thread updates
 * the badge without a second request for each message it reads.
 */
export async function markRead(
  conversationId: unknown,
): Promise<{ ok: true; count: number; unread: number } | Failure> {
  const claims = await getClaims();
  if (!claims) return { ok: false, error: E.notAuthenticated, code: "AUTH" };
  const id = uuidSchema.safeParse(conversationId);
  if (!id.success) return { ok: false, error: E.notParticipant };
  return withRls(claims, async (tx) => {
    const me = await myProfileId(tx);
    if (!me || !(await isParticipant(tx, id.data))) return { ok: false, error: E.notParticipant } as const;
    const count = await markConversationRead(tx, id.data, me);
    return { ok: true, count, unread: await unreadMessageCount(tx) } as const;
  }).catch((error) => {
    if (isSuspendedError(error)) return suspended;
    throw error;
  });
}

const afterSchema = z.object({ created_at: z.iso.datetime({ offset: true }), id: z.uuid() }).nullable();

/** The thread, or what was stored after `after` (catch-up once the live connection is back). */
export async function fetchMessages(
  conversationId: unknown,
  after: unknown = null,
): Promise<{ ok: true; messages: Message[] } | Failure> {
  const claims = await getClaims();
  if (!claims) return { ok: false, error: E.notAuthenticated, code: "AUTH" };
  const id = uuidSchema.safeParse(conversationId);
  const since = afterSchema.safeParse(after);
  if (!id.success || !since.success) return { ok: false, error: E.notParticipant };
  const messages = await withRls(claims, (tx) => listMessages(tx, id.data, since.data));
  return { ok: true, messages };
}

/** The conversation list (refreshed live) or one conversation of it. */
export async function fetchConversations(only?: unknown): Promise<ConversationSummary[]> {
  const claims = await getClaims();
  if (!claims) return [];
  const id = only === undefined ? null : uuidSchema.safeParse(only);
  if (id && !id.success) return [];
  return withRls(claims, async (tx) => {
    if (!id) return listConversations(tx);
    const one = await findConversation(tx, id.data);
    return one ? [one] : [];
  });
}

/**
 * What the top bar needs to go live: the athlete's profile id (null without one), the unread count and the
 * teams whose chats they are in.
 */
export async function fetchInboxState(): Promise<{
  profileId: string | null;
  unread: number;
  teamIds: string[];
}> {
  const claims = await getClaims();
  if (!claims) return { profileId: null, unread: 0, teamIds: [] };
  return withRls(claims, async (tx) => {
    const profileId = await myProfileId(tx);
    if (!profileId) return { profileId, unread: 0, teamIds: [] };
    const [unread, teamIds] = await Promise.all([unreadMessageCount(tx), myTeamChatIds(tx)]);
    return { profileId, unread, teamIds };
  });
}

/**
 * Send as a form posts it (the composer before the page's scripts have run): the same checks and the same
 * single store by id as sendMessage, with the fields read from the form.
 */
export async function sendMessageFromForm(_previous: SendResult | null, form: FormData): Promise<SendResult> {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return sendMessage({ id: field("id"), conversationId: field("conversationId"), content: field("content") });
}
