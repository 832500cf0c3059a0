import { cache } from "react";
import { withUserDb } from "@/lib/auth/session";
import { myTeams } from "@/lib/data/dashboard";
import type { Profile } from "@/lib/data/profiles";
import { QuickActionsCard } from "./quick-actions-card";
import { TeamsCard } from "./teams-card";

// One read per request, shared by the two cards that need it.
const getMyTeams = cache((id: string, authId: string) => withUserDb((tx) => myTeams(tx, { id, authId })));

export async function MyTeamsCard({ profile }: { profile: Profile }) {
  const { teams, createdOne } = await getMyTeams(profile.id, profile.auth_id);
  return <TeamsCard teams={teams} createdOne={createdOne} />;
}

export async function MyQuickActionsCard({ profile }: { profile: Profile }) {
  const { createdOne } = await getMyTeams(profile.id, profile.auth_id);
  return <QuickActionsCard createdOne={createdOne} />;
}
