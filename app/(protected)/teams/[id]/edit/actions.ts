"use server";

import { runTeamWrite } from "@/lib/data/team-action";
import { updateTeam } from "@/lib/data/team-writes";
import {
  teamFieldErrors,
  teamIdSchema,
  teamUpdateSchema,
  type TeamActionResult,
} from "@/lib/validation/team";

const failure = "Failed to update team. Please try again.";
const forbidden = "Forbidden: You can only update your own teams.";

/** Updates team `teamId` (bound by the edit page). The SQL function checks the caller is its creator. */
export async function updateTeamAction(
  teamId: unknown,
  input: unknown,
): Promise<TeamActionResult<{ teamId: string }>> {
  const id = teamIdSchema.safeParse(teamId);
  if (!id.success) return { ok: false, error: forbidden };
  const parsed = teamUpdateSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: failure, fieldErrors: teamFieldErrors(parsed.error) };
  return runTeamWrite("team.update", failure, async (tx) => ({
    teamId: (await updateTeam(tx, id.data, parsed.data)).id,
  }));
}
