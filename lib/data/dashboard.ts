import "server-only";
import type { Tx } from "@/lib/db";
import { foldPartnerCounts, type PartnerCounts } from "@/lib/dashboard/partner-counts";
import type { ConversationSummary } from "@/lib/messages/types";
import { listConversations } from "./conversations";
import { findProfileByAuthId, type Profile } from "./profiles";

/**
 * Find Partners: other public looking-for-team athletes, per specialty, and how many share the viewer's
 * location display name. One index scan on the listed-profile index (one statement: each is a round trip).
 */
export async function partnerCounts(tx: Tx, me: { id: string; place: string }): Promise<PartnerCounts> {
  const rows = await tx<{ specialty: string | null; n: number; nearby: number }[]>`
    select specialty, count(*)::int as n,
           (count(*) filter (where location ->> 'display_name' = ${me.place}))::int as nearby
    from public.profiles
    where is_public and looking_for_team and id <> ${me.id}
    group by specialty`;
  return foldPartnerCounts(
    rows,
    rows.reduce((sum, r) => sum + r.nearby, 0),
  );
}

export type MyTeam = { id: string; name: string; status: "open" | "full" | "closed"; own: boolean };

/**
 * The viewer's teams (created, or a live member of), newest first, at most `limit` (spec: 2), and whether
 * they created one (Create Team is hidden then: one team per creator).
 */
export async function myTeams(
  tx: Tx,
  me: { id: string; authId: string },
  limit = 2,
): Promise<{ teams: MyTeam[]; createdOne: boolean }> {
  const teams = await tx<(MyTeam & { created_at: Date })[]>`
    select t.id, t.name, t.status, t.creator_id = ${me.authId} as own, t.created_at
    from public.teams t where t.creator_id = ${me.authId}
    union
    select t.id, t.name, t.status, t.creator_id = ${me.authId} as own, t.created_at
    from public.team_members m join public.teams t on t.id = m.team_id
    where m.profile_id = ${me.id} and m.status in ('active', 'pending')
    order by created_at desc
    limit ${limit}`;
  const createdOne = teams.some((t) => t.own) || (await hasCreatedTeam(tx, me.authId));
  return { teams: teams.map(({ id, name, status, own }) => ({ id, name, status, own })), createdOne };
}

async function hasCreatedTeam(tx: Tx, authId: string): Promise<boolean> {
  const [row] = await tx<{ yes: boolean }[]>`
    select exists (select 1 from public.teams where creator_id = ${authId}) as yes`;
  return row!.yes;
}

export type Dashboard = {
  profile: Profile;
  conversations: ConversationSummary[];
  counts: PartnerCounts;
  teams: MyTeam[];
  createdOne: boolean;
};

/**
 * Everything the dashboard's cards show (spec §2), in the caller's one transaction: the viewer's profile
 * (null without one), then their 3 latest conversations, Find Partners and their teams side by side.
 */
export async function readDashboard(tx: Tx, authId: string): Promise<Dashboard | null> {
  const profile = await findProfileByAuthId(tx, authId);
  if (!profile) return null;
  const [conversations, counts, mine] = await Promise.all([
    listConversations(tx, 3),
    partnerCounts(tx, { id: profile.id, place: profile.location.display_name }),
    myTeams(tx, { id: profile.id, authId: profile.auth_id }),
  ]);
  return { profile, conversations, counts, ...mine };
}
