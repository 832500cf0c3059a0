"use server";

import { teamAction } from "@/lib/actions/team-action";
import { createTeam } from "@/lib/data/team-writes";
import { teamCreateSchema } from "@/lib/validation/team";

const failure = "Failed to create team. Please try again.";

/** Creates the signed-in user's one team; the SQL function adds them as its first active member. */
export const createTeamAction = teamAction(
  {
    name: "team.create",
    fallback: failure,
    args: [{ schema: teamCreateSchema, error: failure, fields: true }],
  },
  async ({ db }, team) => ({ teamId: (await db((tx) => createTeam(tx, team))).id }),
);
