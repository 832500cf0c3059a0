import "server-only";
import type { Tx } from "@/lib/db";
import { foldPartnerCounts, type PartnerCounts } from "@/lib/dashboard/partner-counts";

/**
 * Find Partners: other public looking-for-team athletes, per specialty, and how many share the viewer's
 * location display name. Two index scans on the listed-profile indexes.
 */
export async function partnerCounts(tx: Tx, me: { id: string; place: string }): Promise<PartnerCounts> {
  const [rows, [nearby]] = await Promise.all([
    tx<{ specialty: string | null; n: number }[]>`
      select specialty, count(*)::int as n from public.profiles
      where is_public and looking_for_team and id <> ${me.id}
      group by specialty`,
    tx<{ n: number }[]>`
      select count(*)::int as n from public.profiles
      where is_public and looking_for_team and id <> ${me.id}
        and location ->> 'display_name' = ${me.place}`,
  ]);
  return foldPartnerCounts(rows, nearby!.n);
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
