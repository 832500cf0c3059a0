import { randomUUID } from "node:crypto";
import type { Metadata } from "next";
import { TeamThread } from "@/components/conversations/team-thread";
import { JoinTeam } from "@/components/teams/join-team";
import { LookingPrompt } from "@/components/teams/looking-prompt";
import { MemberList } from "@/components/teams/member-list";
import { PendingRequests } from "@/components/teams/pending-requests";
import { TeamMessage } from "@/components/teams/team-not-found";
import { TeamIntro, TeamSummaryCard } from "@/components/teams/team-summary";
import { UrgentLapseNotice } from "@/components/teams/urgent-lapse-notice";
import { UrgentNeedForm } from "@/components/teams/urgent-need-form";
import { Card } from "@/components/ui/card";
import { requireSignedIn, signInAgain } from "@/lib/auth/session";
import { readTeamViewerPage } from "@/lib/data/team-viewer";
import { pageMetadata } from "@/lib/seo/metadata";
import { fitPage, rankCandidates } from "@/lib/teams/fit-ranking";
import { suggestedLeg } from "@/lib/teams/suggested-leg";
import { setUrgentNeedAction } from "../actions";
import { FitCard } from "./fit-card";
import { InvitationCard } from "./invitation-card";
import { TeamButtons } from "./team-buttons";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ fit?: string | string[] }> };

export const metadata: Metadata = pageMetadata({
  title: "Team",
  description: "A relay team: members, legs covered and what it is looking for.",
  path: "/teams",
  noindex: true,
});

/**
 * The team page (docs/product.md#teams) as a signed-in viewer sees /teams/{id} (the proxy shows this page at that URL): the
 * creator's decisions, invitations and Athletes who fit, leaving, an invitation to answer. Rendered per
 * viewer, never cached, so none of it reaches the shared public copy.
 */
export default async function TeamViewerPage({ params, searchParams }: Props) {
  const { id } = await params;
  const here = `/teams/${encodeURIComponent(id)}`;
  const user = await requireSignedIn(here);
  const fitPageNumber = Number((await searchParams).fit ?? 1) || 1;
  // One transaction, one batch: whether the session is live, the team, the viewer's own profile and what
  // only the creator (Athletes who fit, invitations sent) or an invited athlete sees. As before, only a
  // failure while reading the team answers "Error loading team"; a later one goes to the error boundary.
  const progress = { teamRead: false };
  let read: Awaited<ReturnType<typeof readTeamViewerPage>> | null = null;
  try {
    read = await readTeamViewerPage(user.claims, id, user.id, progress);
  } catch (error) {
    if (progress.teamRead) throw error;
    console.error("team.read failed", { message: (error as Error).message });
  }
  // An ended session read as a visitor: sent to sign in, as requireUser would have before reading.
  if (read && !read.live) signInAgain(here);
  if (!read?.live || !read.team) {
    return (
      <TeamMessage
        title="Error loading team"
        text="Team not found or you don't have permission to view it."
      />
    );
  }
  const { team, me, isCreator, invitation, fit, sent, chat, lookingPrompt } = read;
  const mine = me ? team.members.find((m) => m.profile_id === me.id && !m.is_creator) : undefined;
  const teamPath = `/teams/${team.id}`;

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
      <LookingPrompt read={lookingPrompt} />
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-6 sm:px-6 sm:py-10 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          {isCreator ? <UrgentLapseNotice claims={user.claims} teamId={team.id} /> : null}
          {isCreator ? (
            <>
              {pendingCard}
              {members}
            </>
          ) : null}
          {invitation ? <InvitationCard teamName={team.name} invitation={invitation} /> : null}
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
            <TeamButtons team={team} isCreator={isCreator} mine={mine?.status ?? null} />
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
            <FitCard
              teamId={team.id}
              teamPath={teamPath}
              urgentRole={team.urgent_role}
              fitting={fitting}
              page={fitPageNumber}
              sent={sent}
            />
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
