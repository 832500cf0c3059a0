"use server";

import { runTeamWrite } from "@/lib/data/team-action";
import { requestToJoin } from "@/lib/data/team-writes";
import { joinRoleSchema, teamIdSchema, type TeamActionResult } from "@/lib/validation/team";

const fallback = "Failed to send request";

/**
 * Asks to join team `teamId` as `role` ("" = the requester's specialty). The SQL function records the
 * pending request and posts the automatic message to the creator (spec §7 "Join request flow").
 */
export async function requestToJoinTeam(
  teamId: unknown,
  role: unknown = "",
): Promise<TeamActionResult<{ conversationId: string }>> {
  const id = teamIdSchema.safeParse(teamId);
  const leg = joinRoleSchema.safeParse(role);
  if (!id.success) return { ok: false, error: fallback };
  if (!leg.success) return { ok: false, error: leg.error.issues[0]!.message };
  const result = await runTeamWrite("team.join", fallback, async (tx) => {
    const joined = await requestToJoin(tx, id.data, leg.data);
    return { conversationId: joined.conversation_id };
  });
  if (!result.ok && result.code === "UNAUTHENTICATED")
    return { ...result, error: "Please sign in to join a team" };
  if (!result.ok && result.code === "PROFILE_NOT_FOUND")
    return { ...result, error: "Please create your profile first" };
  return result;
}
