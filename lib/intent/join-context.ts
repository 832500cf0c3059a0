import "server-only";
import { getPublicTeam } from "@/lib/data/public-teams";
import type { Specialty } from "@/lib/labels";
import { roleLabels } from "@/lib/teams/labels";
import { parseJoinIntent } from "./paths";

export type JoinContext = {
  teamId: string;
  teamName: string;
  /** The leg asked for; null when the request left it to the athlete's specialty. */
  role: Specialty | null;
  /** "runner", for sentences ("… as their runner"). */
  roleWord: string | null;
};

/**
 * The team and leg a visitor is on their way to ask for, read from `next`, so the auth and create-profile
 * screens can say so. Only what the team's public page shows is read (a cached visitor's read): a closed
 * or unknown team gives null and the screen reads as it does without a request.
 */
export async function joinContext(next: string | null | undefined): Promise<JoinContext | null> {
  const intent = parseJoinIntent(next);
  if (!intent) return null;
  const team = await getPublicTeam(intent.teamId).catch(() => null);
  if (!team) return null;
  const role = intent.role;
  return {
    teamId: team.id,
    teamName: team.name,
    role,
    roleWord: role ? roleLabels[role].toLowerCase() : null,
  };
}

/** "Create your account to ask Peregian Pace Setters to take you as their runner." */
export function askSentence(context: JoinContext, lead: string): string {
  const leg = context.roleWord ? ` to take you as their ${context.roleWord}` : " to take you on";
  return `${lead} to ask ${context.teamName}${leg}.`;
}
