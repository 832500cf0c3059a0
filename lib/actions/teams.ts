"use server";

import { teamAction } from "@/lib/actions/team-action";
import { acceptAs, changeRequestLeg, decide, requestToJoin } from "@/lib/data/team-writes";
import { joinRoleSchema, memberIdSchema, roleSchema, teamIdSchema } from "@/lib/validation/team";

// Team actions that shared components call (join control, pending requests, member list); the SQL
// functions check who may. Route-only actions stay beside their route.
const failure = "Something went wrong. Please try again.";

/**
 * Asks to join team `teamId` as `role` ("" = the requester's specialty). The SQL function records the
 * pending request and posts the automatic message to the creator (docs/product.md#join-requests).
 */
export const requestToJoinTeamAction = teamAction(
  {
    name: "team.join",
    fallback: "Failed to send request",
    args: [{ schema: teamIdSchema, error: "Failed to send request" }, { schema: joinRoleSchema.default("") }],
    texts: {
      UNAUTHENTICATED: "Please sign in to join a team",
      PROFILE_NOT_FOUND: "Please create your profile first",
    },
  },
  async ({ db }, teamId, role) => {
    const joined = await db((tx) => requestToJoin(tx, teamId, role));
    return { conversationId: joined.conversation_id };
  },
);

const memberDecision = (fn: "accept_join_request" | "decline_join_request" | "remove_team_member") =>
  teamAction(
    { name: `team.${fn}`, fallback: failure, args: [{ schema: memberIdSchema, error: "Member not found" }] },
    async ({ db }, memberId) => {
      await db((tx) => decide(tx, fn, memberId));
      return {};
    },
  );

/** The creator's decisions on a pending request, and removing an active member. */
export const acceptRequestAction = memberDecision("accept_join_request");
export const declineRequestAction = memberDecision("decline_join_request");
export const removeMemberAction = memberDecision("remove_team_member");

/**
 * The creator accepts a request as the leg they pick (an open leg, or the leg asked for again as an extra
 * place): the decision page's leg chooser when the leg asked for was taken (docs/product.md#join-requests).
 */
export const acceptRequestAsAction = teamAction(
  {
    name: "team.accept_as",
    fallback: failure,
    args: [
      { schema: memberIdSchema, error: "Member not found" },
      { schema: roleSchema, error: "Please choose swimmer, cyclist or runner" },
    ],
  },
  async ({ db }, memberId, role) => {
    await db((tx) => acceptAs(tx, memberId, role));
    return {};
  },
);

/** The requester asks for another open leg on their pending request to `teamId`. */
export const changeRequestLegAction = teamAction(
  {
    name: "team.change_leg",
    fallback: failure,
    args: [
      { schema: teamIdSchema, error: "Team not found" },
      { schema: roleSchema, error: "Please choose swimmer, cyclist or runner" },
    ],
  },
  async ({ db }, teamId, role) => {
    await db((tx) => changeRequestLeg(tx, teamId, role));
    return {};
  },
);
