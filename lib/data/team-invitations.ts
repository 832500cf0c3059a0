import "server-only";
import type { Tx } from "@/lib/db";
import type { FitCandidate } from "@/lib/teams/fit-ranking";
import type { TeamRole } from "@/lib/validation/team";

// Thin calls of the invitation functions (supabase/schema.sql), which
// carry the rules: creator only, open and below capacity, one invitation per athlete and team, the team
// row lock shared with join requests. Run them inside withRls as the signed-in user.

export type Invitation = {
  id: string;
  team_id: string;
  profile_id: string;
  role: TeamRole;
  status: "pending" | "accepted" | "declined";
};

export async function inviteToTeam(
  tx: Tx,
  teamId: string,
  profileId: string,
): Promise<{ invitation: Invitation; conversation_id: string }> {
  const [row] = await tx<{ result: { invitation: Invitation; conversation_id: string } }[]>`
    select public.invite_to_team(${teamId}, ${profileId}) as result`;
  return row!.result;
}

export async function acceptInvitation(tx: Tx, invitationId: string): Promise<{ team_id: string }> {
  const [row] = await tx<{ team_id: string }[]>`
    select team_id from public.accept_team_invitation(${invitationId})`;
  return row!;
}

export async function declineInvitation(tx: Tx, invitationId: string): Promise<{ team_id: string }> {
  const [row] = await tx<{ team_id: string }[]>`
    select team_id from public.decline_team_invitation(${invitationId})`;
  return row!;
}

/** The caller's pending invitation to `teamId`, if any (RLS: the invitee sees their own). */
export async function findMyInvitation(tx: Tx, teamId: string): Promise<Invitation | null> {
  const [row] = await tx<Invitation[]>`
    select i.id, i.team_id, i.profile_id, i.role, i.status from public.team_invitations i
    where i.team_id = ${teamId} and i.status = 'pending'
      and i.profile_id = (select p.id from public.profiles p where p.auth_id = (select auth.uid()))`;
  return row ?? null;
}

/** Invitations the creator sent for `teamId` (RLS: the creator sees their team's), newest first. */
export async function listTeamInvitations(
  tx: Tx,
  teamId: string,
): Promise<(Invitation & { full_name: string; username: string })[]> {
  return tx<(Invitation & { full_name: string; username: string })[]>`
    select i.id, i.team_id, i.profile_id, i.role, i.status, p.full_name, p.username
    from public.team_invitations i join public.profiles p on p.id = i.profile_id
    where i.team_id = ${teamId} order by i.created_at desc limit 20`;
}

/** Candidates for "Athletes who fit" (creator only; anyone else gets none); lib/teams/fit-ranking ranks them. */
export async function listFitCandidates(tx: Tx, teamId: string): Promise<FitCandidate[]> {
  return tx<FitCandidate[]>`select * from public.team_fit_candidates(${teamId})`;
}
