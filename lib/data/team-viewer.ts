import "server-only";
import { withRls, type Claims } from "@/lib/db";
import { findProfileByAuthId } from "./profiles";
import { listTeamChatMessages, teamChatMembers } from "./team-chat";
import { findMyInvitation, listFitCandidates, listTeamInvitations } from "./team-invitations";
import { findTeamWithMembers } from "./teams";
import { teamIdSchema } from "@/lib/validation/team";

/**
 * Everything the signed-in team page shows its viewer, in one transaction: the team and the viewer's own
 * profile and invitation (one round trip), then what only the creator sees (Athletes who fit, invitations
 * sent) and the team's chat. `progress.teamRead` tells the page whether a failure came while reading the
 * team (answered "Error loading team") or after it (the error boundary).
 */
export function readTeamViewerPage(
  claims: Claims,
  id: string,
  viewerId: string,
  progress: { teamRead: boolean },
) {
  return withRls(claims, async (tx) => {
    const [team, me, mine] = await Promise.all([
      findTeamWithMembers(tx, id),
      findProfileByAuthId(tx, viewerId),
      teamIdSchema.safeParse(id).success ? findMyInvitation(tx, id) : null,
    ]);
    progress.teamRead = true;
    if (!team) return null;
    const isCreator = team.creator_id === viewerId;
    // The team's chat: empty answers for anyone who is not an active member (RLS and the function's check).
    const [[fit, sent], chatMessages, chatMembers] = await Promise.all([
      isCreator
        ? Promise.all([listFitCandidates(tx, team.id), listTeamInvitations(tx, team.id)])
        : Promise.resolve([[], []] as const),
      listTeamChatMessages(tx, team.id),
      teamChatMembers(tx, team.id),
    ]);
    const chat = me && chatMembers.length ? { messages: chatMessages, members: chatMembers } : null;
    return { team, me, isCreator, invitation: isCreator ? null : mine, fit: [...fit], sent: [...sent], chat };
  });
}
