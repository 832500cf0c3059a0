import { randomUUID } from "node:crypto";
import type { Metadata } from "next";
import { TeamThread } from "@/components/conversations/team-thread";
import { listTeamChatMessages, teamChatMembers } from "@/lib/data/team-chat";
import { AddToCalendarLink } from "@/components/teams/add-to-calendar";
import { AthletesWhoFit } from "@/components/teams/athletes-who-fit";
import { JoinTeam } from "@/components/teams/join-team";
import { MemberList } from "@/components/teams/member-list";
import { PendingRequests } from "@/components/teams/pending-requests";
import { ShareTeamButton } from "@/components/teams/share-team-button";
import { TeamActionButton } from "@/components/teams/team-action-button";
import { TeamMessage } from "@/components/teams/team-not-found";
import { LookingPrompt } from "@/components/teams/looking-prompt";
import { TeamIntro, TeamSummaryCard } from "@/components/teams/team-summary";
import { UrgentLapseNotice } from "@/components/teams/urgent-lapse-notice";
import { UrgentNeedForm } from "@/components/teams/urgent-need-form";
import { buttonClasses, LinkButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { requireUser } from "@/lib/auth/session";
import { withRls, type Claims } from "@/lib/db";
import { findProfileByAuthId } from "@/lib/data/profiles";
import { findMyInvitation, listFitCandidates, listTeamInvitations } from "@/lib/data/team-invitations";
import { findTeamWithMembers } from "@/lib/data/teams";
import { teamIdSchema } from "@/lib/validation/team";
import { pageMetadata } from "@/lib/seo/metadata";
import { fitPage, rankCandidates } from "@/lib/teams/fit-ranking";
import { roleLabels } from "@/lib/teams/labels";
import { suggestedLeg } from "@/lib/teams/suggested-leg";
import { teamHeadline } from "@/lib/teams/team-seo";
import {
  acceptInvitationAction,
  declineInvitationAction,
  inviteAthleteAction,
  leaveTeamAction,
  setUrgentNeedAction,
} from "../actions";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ fit?: string | string[] }> };

export const metadata: Metadata = pageMetadata({
  title: "Team",
  description: "A relay team: members, legs covered and what it is looking for.",
  path: "/teams",
  noindex: true,
});

const statusText = { pending: "waiting for an answer", accepted: "accepted", declined: "declined" } as const;

/**
 * The team page (docs/product.md#teams) as a signed-in viewer sees /teams/{id} (the proxy shows this page at that URL): the
 * creator's decisions, invitations and Athletes who fit, leaving, an invitation to answer. Rendered per
 * viewer, never cached, so none of it reaches the shared public copy.
 */
export default async function TeamViewerPage({ params, searchParams }: Props) {
  const { id } = await params;
  const user = await requireUser(`/teams/${encodeURIComponent(id)}`);
  const fitPageNumber = Number((await searchParams).fit ?? 1) || 1;
  // One transaction: the team and the viewer's own profile, then what only the creator (Athletes who
  // fit, invitations sent) or an invited athlete sees. As before, only a failure while reading the team
  // answers "Error loading team"; a later one goes to the error boundary.
  const progress = { teamRead: false };
  let read: Awaited<ReturnType<typeof readViewerPage>> = null;
  try {
    read = await readViewerPage(user.claims, id, user.id, progress);
  } catch (error) {
    if (progress.teamRead) throw error;
    console.error("team.read failed", { message: (error as Error).message });
  }
  if (!read) {
    return (
      <TeamMessage
        title="Error loading team"
        text="Team not found or you don't have permission to view it."
      />
    );
  }
  const { team, me, isCreator, invitation, fit, sent, chat } = read;
  const mine = me ? team.members.find((m) => m.profile_id === me.id && !m.is_creator) : undefined;
  const teamPath = `/teams/${team.id}`;
  const teamId = team.id;

  const fitting = fitPage(
    rankCandidates(
      { urgent_role: team.urgent_role, levels: team.requirements.experience_levels, location: team.location },
      [...fit],
    ),
    fitPageNumber,
  );

  // The creator's page opens on the pending requests, the roster right below: on a phone the decision is
  // on the first screen, and after Accept or Decline the list shrinks above the roster, which shows the
  // change where the creator already is (the same order with or without requests, so nothing jumps).
  const pendingCard = (
    <Card>
      <h2 id="pending-requests" className="text-ocean-950 mb-2 text-xl font-bold">
        Pending requests
      </h2>
      <PendingRequests teamId={team.id} members={team.members} full={team.active_count >= team.max_members} />
    </Card>
  );
  const members = (
    <Card>
      <h2 id="team-members" tabIndex={-1} className="text-ocean-950 mb-2 text-xl font-bold">
        Members
      </h2>
      <MemberList members={team.members} canRemove={isCreator} signAs="viewer" />
      {mine?.status === "pending" ? (
        <p className="mt-3 text-sm text-slate-700">Your request to join is waiting for the creator.</p>
      ) : null}
    </Card>
  );

  return (
    <>
      <TeamIntro team={team} />
      <LookingPrompt />
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-6 sm:px-6 sm:py-10 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          {isCreator ? <UrgentLapseNotice claims={user.claims} teamId={team.id} /> : null}
          {isCreator ? (
            <>
              {pendingCard}
              {members}
            </>
          ) : null}
          {invitation ? (
            <Card className="space-y-3 border-2 border-orange-300">
              <h2 className="text-ocean-950 text-xl font-bold">You&apos;re invited</h2>
              <p className="text-slate-800">
                {team.name} would like you to join as the {roleLabels[invitation.role].toLowerCase()}.
              </p>
              <div className="flex flex-wrap gap-3">
                <TeamActionButton
                  action={acceptInvitationAction.bind(null, invitation.id)}
                  label="Accept invitation"
                  busyLabel="Accepting..."
                  success={`Welcome to ${team.name}!`}
                />
                <TeamActionButton
                  action={declineInvitationAction.bind(null, invitation.id)}
                  label="Decline"
                  busyLabel="Declining..."
                  success="Invitation declined"
                  variant="secondary"
                  name="Decline invitation"
                />
              </div>
            </Card>
          ) : null}
          {!isCreator && !mine && !invitation ? (
            // First on the page, on a phone's first screen: a shared team link is mostly opened to ask.
            <Card className="space-y-3">
              <h2 className="text-ocean-950 text-xl font-bold">Want to race with them?</h2>
              <div className="max-w-sm space-y-3">
                <JoinTeam
                  team={{ id: team.id, creator_id: team.creator_id, status: team.status }}
                  currentUserId={user.id}
                  suggested={suggestedLeg(team)}
                  hasSpecialty={!!me?.specialty}
                />
              </div>
            </Card>
          ) : null}
          <TeamSummaryCard team={team}>
            <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-5">
              {isCreator ? <LinkButton href={`/teams/${team.id}/edit`}>Edit Team</LinkButton> : null}
              {isCreator || mine?.status === "active" ? <AddToCalendarLink teamId={team.id} /> : null}
              {team.status !== "closed" ? (
                <ShareTeamButton
                  path={teamPath}
                  title={teamHeadline(team)}
                  className={buttonClasses("secondary", "md")}
                />
              ) : null}
              {mine ? (
                <TeamActionButton
                  action={leaveTeamAction.bind(null, team.id)}
                  label={mine.status === "pending" ? "Withdraw Request" : "Leave Team"}
                  busyLabel="Leaving..."
                  success={mine.status === "pending" ? "Request withdrawn" : "You left the team"}
                  variant="secondary"
                  then="/teams"
                />
              ) : null}
              <LinkButton href="/teams" variant="ghost">
                Back to Teams
              </LinkButton>
            </div>
          </TeamSummaryCard>
          {chat && me ? (
            <Card className="overflow-hidden p-0">
              <TeamThread
                team={{ id: team.id, name: team.name }}
                me={me.id}
                initial={chat.messages}
                members={chat.members}
                earlyId={randomUUID()}
                embedded
              />
            </Card>
          ) : null}
          {isCreator ? null : members}
          {isCreator ? (
            <Card>
              <h2 className="text-ocean-950 mb-1 text-xl font-bold">Athletes who fit</h2>
              <p className="mb-3 text-sm text-slate-700">
                Public athletes looking for a team, for the legs you still need: urgent leg first, then level,
                place and who is online.
              </p>
              <AthletesWhoFit
                athletes={fitting.athletes}
                page={fitPageNumber}
                more={fitting.more}
                teamPath={teamPath}
                urgentRole={team.urgent_role}
                invite={(athleteId) => inviteAthleteAction.bind(null, teamId, athleteId)}
              />
              {sent.length ? (
                <div className="mt-5 border-t border-slate-200 pt-4">
                  <h3 className="text-sm font-semibold text-slate-600">Invitations sent</h3>
                  <ul className="mt-2 space-y-1 text-sm text-slate-800" aria-label="Invitations sent">
                    {sent.map((i) => (
                      <li key={i.id}>
                        {i.full_name} as {roleLabels[i.role].toLowerCase()}: {statusText[i.status]}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </Card>
          ) : null}
        </div>
        {isCreator ? (
          <div className="space-y-6">
            <Card>
              <UrgentNeedForm
                current={
                  team.urgent_role && team.urgent_by ? { role: team.urgent_role, by: team.urgent_by } : null
                }
                action={setUrgentNeedAction.bind(null, team.id)}
                legs={team.open_legs}
              />
            </Card>
          </div>
        ) : null}
      </div>
    </>
  );
}

function readViewerPage(claims: Claims, id: string, viewerId: string, progress: { teamRead: boolean }) {
  return withRls(claims, async (tx) => {
    // The viewer's own invitation is asked with the team (one round trip), the creator's lists after it.
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
