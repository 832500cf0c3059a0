"use server";

import { runTeamWrite } from "@/lib/data/team-action";
import { createTeam } from "@/lib/data/team-writes";
import { teamCreateSchema, teamFieldErrors, type TeamActionResult } from "@/lib/validation/team";

const failure = "Failed to create team. Please try again.";

/** Creates the signed-in user's one team; the SQL function adds them as its first active member. */
export async function createTeamAction(input: unknown): Promise<TeamActionResult<{ teamId: string }>> {
  const parsed = teamCreateSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: failure, fieldErrors: teamFieldErrors(parsed.error) };
  return runTeamWrite("team.create", failure, async (tx) => ({
    teamId: (await createTeam(tx, parsed.data)).id,
  }));
}
