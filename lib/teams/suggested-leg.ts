import { roleOrder, type Role } from "./labels";

type Needs = {
  urgent_role?: Role | null;
  requirements: { roles: readonly string[] };
  /** public.team_open_legs: the one rule for what a team still needs. */
  open_legs: readonly Role[];
};

/**
 * The leg "Join as" starts on for someone with no specialty yet (a visitor, a new account): the team's
 * urgent leg, else the first of its open legs, else the first leg it looks for (a team whose legs are all
 * covered may still have room for a reserve).
 */
export function suggestedLeg(team: Needs): Role | null {
  if (team.urgent_role) return team.urgent_role;
  return team.open_legs[0] ?? roleOrder.find((r) => team.requirements.roles.includes(r)) ?? null;
}
