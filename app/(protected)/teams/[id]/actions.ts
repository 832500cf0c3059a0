"use server";

import { runTeamWrite } from "@/lib/data/team-action";
import { acceptInvitation, declineInvitation, inviteToTeam } from "@/lib/data/team-invitations";
import { leaveTeam, setUrgentNeed } from "@/lib/data/team-writes";
import { noosaToday } from "@/lib/teams/urgency";
import {
  teamFieldErrors,
  teamIdSchema,
  urgentNeedSchema,
  type TeamActionResult,
} from "@/lib/validation/team";

// A member's leaving and the creator's urgent need, from this team page. The SQL functions check who may.
const failure = "Something went wrong. Please try again.";

export async function leaveTeamAction(teamId: unknown): Promise<TeamActionResult> {
  const id = teamIdSchema.safeParse(teamId);
  if (!id.success) return { ok: false, error: "Team not found" };
  return runTeamWrite("team.leave", failure, async (tx) => {
    await leaveTeam(tx, id.data);
    return {};
  });
}

/** Sets (input {role, by}) or, with null, clears the team's urgent vacancy. */
export async function setUrgentNeedAction(teamId: unknown, input: unknown): Promise<TeamActionResult> {
  const id = teamIdSchema.safeParse(teamId);
  if (!id.success) return { ok: false, error: "Team not found" };
  if (input === null)
    return runTeamWrite("team.urgent.clear", failure, async (tx) => {
      await setUrgentNeed(tx, id.data, null, null);
      return {};
    });
  const parsed = urgentNeedSchema(noosaToday()).safeParse(input);
  if (!parsed.success) return { ok: false, error: failure, fieldErrors: teamFieldErrors(parsed.error) };
  return runTeamWrite("team.urgent.set", failure, async (tx) => {
    await setUrgentNeed(tx, id.data, parsed.data.role, parsed.data.by);
    return {};
  });
}

// Invitations (docs/product.md#invitations): the creator invites a suggested athlete; the invitee accepts or declines. The
// SQL functions check who may, the team's state and capacity, under the team row lock.
const profileId = teamIdSchema; // a uuid, like a team id

export async function inviteAthleteAction(teamId: unknown, athleteId: unknown): Promise<TeamActionResult> {
  const id = teamIdSchema.safeParse(teamId);
  const athlete = profileId.safeParse(athleteId);
  if (!id.success) return { ok: false, error: "Team not found" };
  if (!athlete.success) return { ok: false, error: "Athlete not found" };
  return runTeamWrite("team.invite", "Failed to send the invitation", async (tx) => {
    await inviteToTeam(tx, id.data, athlete.data);
    return {};
  });
}

export async function acceptInvitationAction(invitationId: unknown): Promise<TeamActionResult> {
  const id = profileId.safeParse(invitationId);
  if (!id.success) return { ok: false, error: "Invitation not found" };
  return runTeamWrite("team.invitation.accept", failure, async (tx) => {
    await acceptInvitation(tx, id.data);
    return {};
  });
}

export async function declineInvitationAction(invitationId: unknown): Promise<TeamActionResult> {
  const id = profileId.safeParse(invitationId);
  if (!id.success) return { ok: false, error: "Invitation not found" };
  return runTeamWrite("team.invitation.decline", failure, async (tx) => {
    await declineInvitation(tx, id.data);
    return {};
  });
}
