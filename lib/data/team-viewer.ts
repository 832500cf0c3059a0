import "server-only";
import { withLiveUser, type Claims } from "@/lib/db";
import { findProfileByAuthId } from "./profiles";
import { findMyLookingPrompt } from "./roster-prompts";
import { listTeamChatMessages, teamChatMembers } from "./team-chat";
import { findMyInvitation, listFitCandidates, listTeamInvitations } from "./team-invitations";
import { findTeamWithMembers } from "./teams";
import { teamIdSchema } from "@/lib/validation/team";

/**
 * Everything the signed-in team page shows its viewer, in one transaction whose statements are all issued
 * at once (one write with BEGIN and the claims setup, one with COMMIT): whether the session is live
 * (`live: false`: the page sends it to sign in), the team, the viewer's own profile, invitation and looking-for-a-team prompt, what only the creator sees
 * (Athletes who fit: none for anyone else, in SQL; invitations sent) and the team's chat (empty answers
 * for anyone who is not an active member: RLS and the function's check). `progress.teamRead` tells the
 * page whether a failure came while reading the team (answered "Error loading team") or after it (the
 * error boundary). `team` is null for a team that is missing or hidden from the viewer.
 */
export function readTeamViewerPage(
  claims: Claims,
  id: string,
  viewerId: string,
  progress: { teamRead: boolean },
) {
  const valid = teamIdSchema.safeParse(id).success;
  return withLiveUser(claims, async (tx) => {
    const none = Promise.resolve([] as never[]);
    const [team, me, mine, fit, sent, chatMessages, chatMembers, lookingPrompt] = await Promise.all([
      findTeamWithMembers(tx, id).then((team) => ((progress.teamRead = true), team)),
      findProfileByAuthId(tx, viewerId),
      valid ? findMyInvitation(tx, id) : null,
      valid ? listFitCandidates(tx, id) : none,
      valid ? listTeamInvitations(tx, id) : none,
      valid ? listTeamChatMessages(tx, id) : none,
      valid ? teamChatMembers(tx, id) : none,
      findMyLookingPrompt(tx),
    ]);
    if (!team) return { team: null } as const;
    const isCreator = team.creator_id === viewerId;
    const chat = me && chatMembers.length ? { messages: chatMessages, members: chatMembers } : null;
    return {
      team,
      me,
      isCreator,
      invitation: isCreator ? null : mine,
      fit: isCreator ? [...fit] : [],
      sent: isCreator ? [...sent] : [],
      chat,
      lookingPrompt,
    } as const;
  });
}
