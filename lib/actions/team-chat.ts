"use server";

import { z } from "zod";
import { getClaims } from "@/lib/auth/session";
import { withRls } from "@/lib/db";
import { isDbUnavailable } from "@/lib/db/unavailable";
import { myProfileId, unreadMessageCount } from "@/lib/data/conversations";
import { rateLimitMessage } from "@/lib/data/messages";
import { errorSummary } from "@/lib/data/profile-writes";
import {
  insertTeamChatMessage,
  listMyTeamChats,
  listTeamChatMessages,
  markTeamChatRead,
  teamChatMembers,
} from "@/lib/data/team-chat";
import { isSuspendedError, suspendedMessage } from "@/lib/moderation/suspension";
import type { TeamChatMember, TeamChatMessage, TeamChatSummary } from "@/lib/team-chat/types";
import { messageErrors as E, uuidSchema } from "@/lib/validation/message";
import { sendTeamChatSchema, teamChatErrors } from "@/lib/validation/team-chat";

type Failure = {
  ok: false;
  error: string;
  code?: "AUTH" | "PROFILE_NOT_FOUND" | "NOT_MEMBER" | "RATE" | "SUSPENDED" | "UNAVAILABLE";
};
export type TeamChatSendResult = { ok: true; message: TeamChatMessage } | Failure;

const notMember = { ok: false, error: teamChatErrors.notMember, code: "NOT_MEMBER" } as const;
const isRlsRefusal = (error: unknown) => (error as { code?: string } | null)?.code === "42501";

/**
 * Sends a message to a team's chat as the signed-in athlete: validated, as an active member (RLS refuses
 * anyone else), stored once under the browser's id, within the same send limit as 1:1 messages.
 */
export async function sendTeamChatMessage(input: unknown): Promise<TeamChatSendResult> {
  const claims = await getClaims();
  if (!claims) return { ok: false, error: E.notAuthenticated, code: "AUTH" };
  const parsed = sendTeamChatSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? E.sendFailed };
  const { id, teamId, content } = parsed.data;
  try {
    return await withRls(claims, async (tx) => {
      const me = await myProfileId(tx);
      if (!me) return { ok: false, error: E.profileNotFound, code: "PROFILE_NOT_FOUND" } as const;
      const message = await insertTeamChatMessage(tx, { id, teamId, senderId: me, content });
      return message ? ({ ok: true, message } as const) : ({ ok: false, error: E.sendFailed } as const);
    });
  } catch (error) {
    const tooFast = rateLimitMessage(error);
    if (tooFast) return { ok: false, error: tooFast, code: "RATE" };
    if (isSuspendedError(error)) return { ok: false, error: suspendedMessage, code: "SUSPENDED" };
    if (isRlsRefusal(error)) return notMember;
    console.error("team-chat.send failed", {
      action: "team-chat.send",
      userId: claims.sub,
      ...errorSummary(error),
    });
    if (isDbUnavailable(error)) return { ok: false, error: E.unavailable, code: "UNAVAILABLE" };
    return { ok: false, error: E.sendFailed };
  }
}

/** Send as a form posts it (the composer before the page's scripts have run). */
export async function sendTeamChatMessageFromForm(
  _previous: TeamChatSendResult | null,
  form: FormData,
): Promise<TeamChatSendResult> {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return sendTeamChatMessage({ id: field("id"), teamId: field("teamId"), content: field("content") });
}

const afterSchema = z.object({ created_at: z.iso.datetime({ offset: true }), id: z.uuid() }).nullable();

/**
 * The chat's messages (or those stored after `after`: the catch-up after a reconnect) and its members' read
 * state. Nothing for anyone but the team's active members.
 */
export async function fetchTeamChat(
  teamId: unknown,
  after: unknown = null,
): Promise<{ ok: true; messages: TeamChatMessage[]; members: TeamChatMember[] } | Failure> {
  const claims = await getClaims();
  if (!claims) return { ok: false, error: E.notAuthenticated, code: "AUTH" };
  const id = uuidSchema.safeParse(teamId);
  const since = afterSchema.safeParse(after);
  if (!id.success || !since.success) return notMember;
  return withRls(claims, async (tx) => {
    const [messages, members] = await Promise.all([
      listTeamChatMessages(tx, id.data, since.data),
      teamChatMembers(tx, id.data),
    ]);
    return members.length ? ({ ok: true, messages, members } as const) : notMember;
  });
}

/** Marks the team chat read for the signed-in member; answers the unread count it leaves (for the badge). */
export async function markTeamChatReadAction(
  teamId: unknown,
): Promise<{ ok: true; unread: number } | Failure> {
  const claims = await getClaims();
  if (!claims) return { ok: false, error: E.notAuthenticated, code: "AUTH" };
  const id = uuidSchema.safeParse(teamId);
  if (!id.success) return notMember;
  return withRls(claims, async (tx) => {
    if (!(await markTeamChatRead(tx, id.data))) return notMember;
    return { ok: true, unread: await unreadMessageCount(tx) } as const;
  }).catch((error) => {
    if (isSuspendedError(error)) return { ok: false, error: suspendedMessage, code: "SUSPENDED" } as const;
    throw error;
  });
}

/** The signed-in athlete's team chats (the top of /messages, refreshed live). */
export async function fetchMyTeamChats(): Promise<TeamChatSummary[]> {
  const claims = await getClaims();
  if (!claims) return [];
  return withRls(claims, (tx) => listMyTeamChats(tx));
}
