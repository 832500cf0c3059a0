import type { Metadata } from "next";
import { PageIntro } from "@/components/layout/page-intro";
import { JoinTeam } from "@/components/teams/join-team";
import { LegCoverage } from "@/components/teams/leg-coverage";
import { MemberList } from "@/components/teams/member-list";
import { PendingRequests } from "@/components/teams/pending-requests";
import { TeamActionButton } from "@/components/teams/team-action-button";
import { TeamFacts } from "@/components/teams/team-facts";
import { TeamMessage } from "@/components/teams/team-not-found";
import { TeamStatusBadge } from "@/components/teams/team-status-badge";
import { UrgentBadge } from "@/components/teams/urgent-badge";
import { UrgentNeedForm } from "@/components/teams/urgent-need-form";
import { LinkButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { requireUser } from "@/lib/auth/session";
import { withRls } from "@/lib/db";
import { getMyProfile } from "@/lib/data/my-profile";
import { findTeamWithMembers, type TeamWithMembers } from "@/lib/data/teams";
import { pageMetadata } from "@/lib/seo/metadata";
import { site } from "@/lib/site";
import { leaveTeamAction, setUrgentNeedAction } from "./actions";

export const metadata: Metadata = pageMetadata({
  title: "Team",
  description: "A relay team: members, legs covered and what it is looking for.",
  path: "/teams",
  noindex: true,
});

/** Spec §2 "Team detail", with the creator's decisions, leaving, leg coverage and the urgent need. */
export default async function TeamPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireUser(`/teams/${encodeURIComponent(id)}`);
  let team: TeamWithMembers | null = null;
  try {
    team = await withRls(user.claims, (tx) => findTeamWithMembers(tx, id));
  } catch (error) {
    console.error("team.read failed", { message: (error as Error).message });
  }
  if (!team) {
    return (
      <TeamMessage
        title="Error loading team"
        text="Team not found or you don't have permission to view it."
      />
    );
  }
  const me = await getMyProfile();
  const isCreator = team.creator_id === user.id;
  const mine = me ? team.members.find((m) => m.profile_id === me.id && !m.is_creator) : undefined;

  return (
    <>
      <PageIntro eyebrow="Team" title={team.name}>
        <p>{team.location ?? site.defaultPlace}</p>
      </PageIntro>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:px-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card className="space-y-5">
            <div className="flex flex-wrap items-center gap-3">
              <TeamStatusBadge status={team.status} />
              <span className="font-semibold text-slate-800">
                {team.active_count} / {team.max_members} members
              </span>
              {team.urgent_role && team.urgent_by && team.status === "open" ? (
                <UrgentBadge role={team.urgent_role} by={team.urgent_by} />
              ) : null}
            </div>
            <p className="[overflow-wrap:anywhere] whitespace-pre-line text-slate-800">{team.description}</p>
            <div>
              <h2 className="mb-2 text-sm font-semibold text-slate-600">Legs</h2>
              <LegCoverage covered={team.covered_roles} />
            </div>
            <TeamFacts team={team} />
            {!isCreator && !mine ? (
              // A shared team link lets an athlete ask to join right here, as on the team's card.
              <div className="max-w-sm space-y-3 border-t border-slate-200 pt-5">
                <JoinTeam
                  team={{ id: team.id, creator_id: team.creator_id, status: team.status }}
                  currentUserId={user.id}
                />
              </div>
            ) : null}
            <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-5">
              {isCreator ? <LinkButton href={`/teams/${team.id}/edit`}>Edit Team</LinkButton> : null}
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
          </Card>
          <Card>
            <h2 className="text-ocean-950 mb-2 text-xl font-bold">Members</h2>
            <MemberList members={team.members} canRemove={isCreator} />
            {mine?.status === "pending" ? (
              <p className="mt-3 text-sm text-slate-700">Your request to join is waiting for the creator.</p>
            ) : null}
          </Card>
        </div>
        {isCreator ? (
          <div className="space-y-6">
            <Card>
              <h2 className="text-ocean-950 mb-2 text-xl font-bold">Pending requests</h2>
              <PendingRequests members={team.members} full={team.active_count >= team.max_members} />
            </Card>
            <Card>
              <UrgentNeedForm
                current={
                  team.urgent_role && team.urgent_by ? { role: team.urgent_role, by: team.urgent_by } : null
                }
                action={setUrgentNeedAction.bind(null, team.id)}
              />
            </Card>
          </div>
        ) : null}
      </div>
    </>
  );
}
