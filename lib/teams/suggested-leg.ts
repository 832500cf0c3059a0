import { roleOrder, type Role } from "./labels";

type Needs = {
  urgent_role?: Role | null;
  requirements: { roles: readonly string[] };
  covered_roles: readonly string[];
};

/**
 * The leg "Join as" starts on for someone with no specialty yet (a visitor, a new account): the team's
 * urgent leg, else the first leg it looks for that nobody covers, else the first leg it looks for.
 */
export function suggestedLeg(team: Needs): Role | null {
  if (team.urgent_role) return team.urgent_role;
  const wanted = roleOrder.filter((r) => team.requirements.roles.includes(r));
  return wanted.find((r) => !team.covered_roles.includes(r)) ?? wanted[0] ?? null;
}
