import "server-only";
import { withLiveUser, type Claims, type Tx } from "@/lib/db";
import { foldPartnerCounts, type PartnerCounts } from "@/lib/dashboard/partner-counts";
import { listMySessionChats } from "./session-chat";
import { listMyTeamChats } from "./team-chat";
import type { SessionChatSummary, TeamChatSummary } from "@/lib/conversations/types";
import type { ConversationSummary } from "@/lib/conversations/types";
import { listConversations } from "./conversations";
import { readNeedsYou, type NeedsYou } from "./needs-you";
import { findProfileByAuthId, type Profile } from "./profiles";
import { findMyLookingPrompt } from "./roster-prompts";
import { myNextSession } from "./sessions";

// The dashboard's reads name the viewer by account id and find their profile in SQL, so none waits for
// another: the whole dashboard is one round trip after the claims setup (docs/performance.md#page-weight).
const myProfile = (tx: Tx, authId: string) => tx`(select id from public.profiles where auth_id = ${authId})`;

/**
 * Find Partners: other public looking-for-team athletes, per specialty, and how many share the viewer's
 * location display name. One index scan on the listed-profile index (one statement: each is a round trip).
 */
export async function partnerCounts(tx: Tx, authId: string): Promise<PartnerCounts> {
  const rows = await tx<{ specialty: string | null; n: number; nearby: number }[]>`
    with me as (select id, location ->> 'display_name' as place from public.profiles where auth_id = ${authId})
    select p.specialty, count(*)::int as n,
           (count(*) filter (where p.location ->> 'display_name' = me.place))::int as nearby
    from public.profiles p, me
    where p.is_public and p.looking_for_team and p.id <> me.id
    group by p.specialty`;
  return foldPartnerCounts(
    rows,
    rows.reduce((sum, r) => sum + r.nearby, 0),
  );
}

export type MyTeam = { id: string; name: string; status: "open" | "full" | "closed"; own: boolean };

/**
 * The viewer's teams (created, or a live member of), newest first, at most `limit` (spec: 2), and whether
 * they created one (Create Team is hidden then: one team per creator). Both asked at once.
 */
export async function myTeams(
  tx: Tx,
  authId: string,
  limit = 2,
): Promise<{ teams: MyTeam[]; createdOne: boolean }> {
  const [teams, [created]] = await Promise.all([
    tx<(MyTeam & { created_at: Date })[]>`
      select t.id, t.name, t.status, t.creator_id = ${authId} as own, t.created_at
      from public.teams t where t.creator_id = ${authId}
      union
      select t.id, t.name, t.status, t.creator_id = ${authId} as own, t.created_at
      from public.team_members m join public.teams t on t.id = m.team_id
      where m.profile_id = ${myProfile(tx, authId)} and m.status in ('active', 'pending')
      order by created_at desc
      limit ${limit}`,
    tx<{ yes: boolean }[]>`select exists (select 1 from public.teams where creator_id = ${authId}) as yes`,
  ]);
  return {
    teams: teams.map(({ id, name, status, own }) => ({ id, name, status, own })),
    createdOne: created!.yes,
  };
}

/** How many session chats the Messages card lists (newest activity first; /messages lists them all). */
export const dashboardSessionChats = 3;

export type Dashboard = {
  profile: Profile;
  conversations: ConversationSummary[];
  teamChats: TeamChatSummary[];
  sessionChats: SessionChatSummary[];
  counts: PartnerCounts;
  teams: MyTeam[];
  createdOne: boolean;
  needs: NeedsYou;
};

/**
 * Everything the dashboard's cards show (docs/product.md#dashboard), in the caller's one transaction: the viewer's profile
 * (null without one: then nothing else is shown), their team chats, the latest `dashboardSessionChats`
 * of their session chats (as /messages lists them: one statement), their 3 latest conversations, Find
 * Partners, their teams and what needs them now, all asked at once.
 */
export async function readDashboard(tx: Tx, authId: string): Promise<Dashboard | null> {
  const [profile, conversations, teamChats, sessionChats, counts, mine, needs] = await Promise.all([
    findProfileByAuthId(tx, authId),
    listConversations(tx, 3),
    listMyTeamChats(tx),
    listMySessionChats(tx),
    partnerCounts(tx, authId),
    myTeams(tx, authId),
    readNeedsYou(tx, authId),
  ]);
  return profile
    ? {
        profile,
        conversations,
        teamChats,
        sessionChats: sessionChats.slice(0, dashboardSessionChats),
        counts,
        ...mine,
        needs,
      }
    : null;
}

/**
 * The dashboard page's reads in one transaction, every statement issued at once: one write with BEGIN, the
 * claims setup and every statement, one with COMMIT, so the pooled connection never waits on this process
 * in between. `live: false` when the session has ended: the page sends it to sign in.
 */
export function readDashboardPage(claims: Claims, authId: string) {
  return withLiveUser(claims, async (tx) => {
    const [dashboard, nextSession, lookingPrompt] = await Promise.all([
      readDashboard(tx, authId),
      myNextSession(tx),
      findMyLookingPrompt(tx),
    ]);
    return { dashboard, nextSession, lookingPrompt };
  });
}
