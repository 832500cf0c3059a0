"use server";

import { teamAction } from "@/lib/actions/team-action";
import { updateTeam } from "@/lib/data/team-writes";
import { teamIdSchema, teamUpdateSchema } from "@/lib/validation/team";

const failure = "Failed to update team. Please try again.";
const forbidden = "Forbidden: You can only update your own teams.";

/** Updates team `teamId` (bound by the edit page). The SQL function checks the caller is its creator. */
export const updateTeamAction = teamAction(
  {
    name: "team.update",
    fallback: failure,
    args: [
      { schema: teamIdSchema, error: forbidden },
      { schema: teamUpdateSchema, error: failure, fields: true },
    ],
  },
  async ({ db }, teamId, team) => ({ teamId: (await db((tx) => updateTeam(tx, teamId, team))).id }),
);
