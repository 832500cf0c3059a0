"use server";

import { runTeamWrite } from "@/lib/data/team-action";
import { decide, requestToJoin } from "@/lib/data/team-writes";
import { joinRoleSchema, memberIdSchema, teamIdSchema, type TeamActionResult } from "@/lib/validation/team";

// Team actions that shared components call (join control, pending requests, member list); the SQL
// functions check who may. Route-only actions stay beside their route.
const fallback = "Failed to send request";
const failure = "Something went wrong. Please try again.";

/**
 * Asks to join team `teamId` as `role` ("" = the requester's specialty). The SQL function records the
 * pending request and posts the automatic message to the creator (docs/product.md#join-requests).
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

function memberAction(fn: "accept_join_request" | "decline_join_request" | "remove_team_member") {
  return async (memberId: unknown): Promise<TeamActionResult> => {
    const id = memberIdSchema.safeParse(memberId);
    if (!id.success) return { ok: false, error: "Member not found" };
    return runTeamWrite(`team.${fn}`, failure, async (tx) => {
      await decide(tx, fn, id.data);
      return {};
    });
  };
}

/** The creator's decisions on a pending request, and removing an active member. */
export async function acceptRequest(memberId: unknown) {
  return memberAction("accept_join_request")(memberId);
}
export async function declineRequest(memberId: unknown) {
  return memberAction("decline_join_request")(memberId);
}
export async function removeMember(memberId: unknown) {
  return memberAction("remove_team_member")(memberId);
}
