"use server";

import { z } from "zod";
import { action } from "@/lib/server-action/define-action";
import { myProfileId, unreadMessageCount } from "@/lib/data/conversations";
import {
  insertTeamChatMessage,
  listMyTeamChats,
  listTeamChatMessages,
  markTeamChatRead,
  teamChatMembers,
} from "@/lib/data/team-chat";
import { messageErrors as E, uuidSchema } from "@/lib/validation/message";
import { sendTeamChatSchema, teamChatErrors } from "@/lib/validation/team-chat";

const notMember = { ok: false, error: teamChatErrors.notMember, code: "NOT_MEMBER" } as const;
const texts = { UNAUTHENTICATED: E.notAuthenticated, UNAVAILABLE: E.unavailable };
const team = { schema: uuidSchema, error: teamChatErrors.notMember };
// RLS refuses a write to a chat the caller is not an active member of (a suspended account is told so first).
const notMemberRule = { when: { code: "42501" }, fail: { error: notMember.error, code: notMember.code } };

/**
 * Sends a message to a team's chat as the signed-in athlete: validated, as an active member (RLS refuses
 * anyone else), stored once under the browser's id, within the same send limit as 1:1 messages.
 */
export const sendTeamChatMessageAction = action(
  {
    name: "team-chat.send",
    fallback: E.sendFailed,
    texts,
    args: [{ schema: sendTeamChatSchema }],
    errors: [notMemberRule],
  },
  async ({ db }, { id, teamId, content }) =>
    db(async (tx) => {
      const me = await myProfileId(tx);
      if (!me) return { ok: false, error: E.profileNotFound, code: "PROFILE_NOT_FOUND" } as const;
      const message = await insertTeamChatMessage(tx, { id, teamId, senderId: me, content });
      return message ? ({ ok: true, message } as const) : ({ ok: false, error: E.sendFailed } as const);
    }),
);

export type TeamChatSendResult = Awaited<ReturnType<typeof sendTeamChatMessageAction>>;

/** Send as a form posts it (the composer before the page's scripts have run). */
export async function sendTeamChatMessageFromFormAction(
  _previous: TeamChatSendResult | null,
  form: FormData,
): Promise<TeamChatSendResult> {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return sendTeamChatMessageAction({ id: field("id"), teamId: field("teamId"), content: field("content") });
}

const afterSchema = z.object({ created_at: z.iso.datetime({ offset: true }), id: z.uuid() }).nullable();

/**
 * The chat's messages (or those stored after `after`: the catch-up after a reconnect) and its members' read
 * state. Nothing for anyone but the team's active members.
 */
export const fetchTeamChatAction = action(
  {
    name: "team-chat.fetch",
    fallback: E.sendFailed,
    texts,
    args: [team, { schema: afterSchema.default(null), error: teamChatErrors.notMember }],
  },
  async ({ db }, teamId, after) =>
    db(async (tx) => {
      const [messages, members] = await Promise.all([
        listTeamChatMessages(tx, teamId, after),
        teamChatMembers(tx, teamId),
      ]);
      return members.length ? ({ ok: true, messages, members } as const) : notMember;
    }),
);

/** Marks the team chat read for the signed-in member; answers the unread count it leaves (for the badge). */
export const markTeamChatReadAction = action(
  { name: "team-chat.read", fallback: E.sendFailed, texts, args: [team] },
  async ({ db }, teamId) =>
    db(async (tx) => {
      // Sent together, run in order: the count is read after the marking (and unused for a non-member).
      const [marked, unread] = await Promise.all([markTeamChatRead(tx, teamId), unreadMessageCount(tx)]);
      if (!marked) return notMember;
      return { ok: true, unread } as const;
    }),
);

/** The signed-in athlete's team chats (the top of /messages, refreshed live). */
export const fetchMyTeamChatsAction = action(
  { name: "team-chat.list", fallback: E.sendFailed, texts, args: [] },
  async ({ db }) => ({ ok: true, chats: await db((tx) => listMyTeamChats(tx)) }) as const,
);
