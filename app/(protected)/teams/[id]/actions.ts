"use server";

import { teamAction } from "@/lib/actions/team-action";
import { acceptInvitation, declineInvitation, inviteToTeam } from "@/lib/data/team-invitations";
import { leaveTeam, setUrgentNeed } from "@/lib/data/team-writes";
import { noosaToday } from "@/lib/teams/urgency";
import { teamIdSchema, urgentNeedSchema } from "@/lib/validation/team";

// A member's leaving and the creator's urgent need, from this team page. The SQL functions check who may.
const failure = "Something went wrong. Please try again.";
const team = { schema: teamIdSchema, error: "Team not found" };
// Profile and invitation ids are uuids, like a team id.
const athlete = { schema: teamIdSchema, error: "Athlete not found" };
const invitation = { schema: teamIdSchema, error: "Invitation not found" };

export const leaveTeamAction = teamAction(
  { name: "team.leave", fallback: failure, args: [team] },
  async ({ db }, teamId) => {
    await db((tx) => leaveTeam(tx, teamId));
    return {};
  },
);

/** Sets (input {role, by}) or, with null, clears the team's urgent vacancy. */
export const setUrgentNeedAction = teamAction(
  {
    name: "team.urgent",
    fallback: failure,
    // The date rule reads today's date in Noosa, so the schema is made per call.
    args: [team, { schema: () => urgentNeedSchema(noosaToday()).nullable(), error: failure, fields: true }],
  },
  async ({ db }, teamId, need) => {
    await db((tx) => setUrgentNeed(tx, teamId, need?.role ?? null, need?.by ?? null));
    return {};
  },
);

// Invitations (docs/product.md#invitations): the creator invites a suggested athlete; the invitee accepts or declines. The SQL functions
// check who may, the team's state and capacity, under the team row lock.
export const inviteAthleteAction = teamAction(
  { name: "team.invite", fallback: "Failed to send the invitation", args: [team, athlete] },
  async ({ db }, teamId, athleteId) => {
    await db((tx) => inviteToTeam(tx, teamId, athleteId));
    return {};
  },
);

export const acceptInvitationAction = teamAction(
  { name: "team.invitation.accept", fallback: failure, args: [invitation] },
  async ({ db }, invitationId) => {
    await db((tx) => acceptInvitation(tx, invitationId));
    return {};
  },
);

export const declineInvitationAction = teamAction(
  { name: "team.invitation.decline", fallback: failure, args: [invitation] },
  async ({ db }, invitationId) => {
    await db((tx) => declineInvitation(tx, invitationId));
    return {};
  },
);
