"use server";

import { runTeamWrite } from "@/lib/data/team-action";
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
