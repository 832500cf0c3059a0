import type { Metadata } from "next";
import { PageIntro } from "@/components/layout/page-intro";
import { LookingPrompt } from "@/components/teams/looking-prompt";
import { ShareNewTeam, newOwnTeam } from "@/components/teams/share-new-team";
import { TeamCard } from "@/components/teams/team-card";
import { LinkButton } from "@/components/ui/button";
import { requireUser } from "@/lib/auth/session";
import { withRls } from "@/lib/db";
import { getMyProfile } from "@/lib/auth/my-profile";
import { readWaiting, type Waiting } from "@/lib/data/needs-you";
import { listMyTeams, listOpenTeams, type Team } from "@/lib/data/teams";
import { invitationPath, requestPath } from "@/lib/teams/decision-paths";
import { pageMetadata } from "@/lib/seo/metadata";

export const metadata: Metadata = pageMetadata({
  title: "Teams",
  description: "Manage your relay team and find open teams looking for athletes.",
  path: "/teams",
  noindex: true,
});

type Loaded = { mine: Team[]; open: Team[]; waiting: Waiting } | { error: string };

/** Teams (docs/product.md#teams): My Team, Available Teams (others' open teams, urgent first), the one-team limit. */
export default async function TeamsPage() {
  const user = await requireUser("/teams");
  const profile = await getMyProfile();
  let data: Loaded;
  try {
    data = await withRls(user.claims, async (tx) => ({
      mine: await listMyTeams(tx, user.id, profile?.id ?? null),
      open: await listOpenTeams(tx, { excludeCreator: user.id }),
      waiting: await readWaiting(tx, user.id),
    }));
  } catch (error) {
    console.error("teams.list failed", { message: (error as Error).message });
    data = { error: "Please try again later." };
  }
  const hasOwnTeam = "mine" in data && data.mine.some((t) => t.creator_id === user.id);
  const justCreated = "mine" in data ? newOwnTeam(data.mine, user.id) : null;

  return (
    <>
      <PageIntro eyebrow="Relay teams" title="Teams">
        <p>Manage your team and discover teams looking for a swimmer, cyclist or runner like you.</p>
      </PageIntro>
      {/* A new team's share panel comes first: the prompt under it speaks to its creator about Browse. */}
      {justCreated ? null : <LookingPrompt />}
      <div className="mx-auto max-w-6xl space-y-12 px-4 py-10 sm:px-6">
        {"error" in data ? (
          <div role="alert" className="rounded-2xl border border-red-300 bg-red-50 p-6 text-red-900">
            <h2 className="text-xl font-bold">Error loading teams</h2>
            <p className="mt-2">{data.error}</p>
          </div>
        ) : (
          <>
            {justCreated ? <ShareNewTeam team={justCreated} /> : null}
            {justCreated ? <LookingPrompt inline /> : null}
            <WaitingNote waiting={data.waiting} />
            <section aria-labelledby="my-team-title" className="space-y-4">
              <div className="flex flex-wrap items-center justify-between gap-4">
                <h2 id="my-team-title" className="text-ocean-950 text-2xl font-bold">
                  My Team
                </h2>
                {hasOwnTeam ? (
                  <p className="bg-sand-100 rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-800">
                    <strong>Team limit reached</strong>: each athlete can create one team.
                  </p>
                ) : (
                  <LinkButton href="/teams/create">Create a Team</LinkButton>
                )}
              </div>
              {data.mine.length ? (
                <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
                  {data.mine.map((team) => (
                    <TeamCard
                      key={team.id}
                      team={team}
                      currentUserId={user.id}
                      actions={
                        <>
                          <LinkButton
                            href={`/teams/${team.id}`}
                            variant="secondary"
                            aria-label={`View Details: ${team.name}`}
                          >
                            View Details
                          </LinkButton>
                          {team.creator_id === user.id ? (
                            <LinkButton
                              href={`/teams/${team.id}/edit`}
                              variant="ghost"
                              aria-label={`Edit: ${team.name}`}
                            >
                              Edit
                            </LinkButton>
                          ) : null}
                        </>
                      }
                    />
                  ))}
                </div>
              ) : (
                <p className="text-slate-700">You&apos;re not part of any teams yet.</p>
              )}
            </section>

            <section aria-labelledby="available-title" className="space-y-4">
              <div>
                <h2 id="available-title" className="text-ocean-950 text-2xl font-bold">
                  Available Teams
                </h2>
                <p className="mt-1 text-slate-700">Open teams by other athletes. Urgent needs come first.</p>
              </div>
              {data.open.length ? (
                <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
                  {data.open.map((team) => (
                    <TeamCard key={team.id} team={team} currentUserId={user.id} />
                  ))}
                </div>
              ) : (
                <p className="bg-sand-100 rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-slate-800">
                  No open teams available right now.
                </p>
              )}
            </section>
          </>
        )}
      </div>
    </>
  );
}

/** Decisions waiting for the athlete: one press to the one waiting, or to the team's queue when several. */
function WaitingNote({ waiting }: { waiting: Waiting }) {
  const { requests, invitations } = waiting;
  if (!requests.length && !invitations.length) return null;
  const first = requests[0];
  const invitation = invitations[0];
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-2xl border-2 border-orange-300 bg-orange-50 p-5 text-slate-900 sm:flex-row sm:flex-wrap sm:items-center"
    >
      {first ? (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <strong>
            {requests.length === 1
              ? "A request to join your team waits for your answer."
              : `${requests.length} requests to join your team wait for your answer.`}
          </strong>
          <LinkButton
            href={
              requests.length === 1 ? requestPath(first.team_id, first.member_id) : `/teams/${first.team_id}`
            }
            size="md"
          >
            {requests.length === 1 ? "Review the request" : "Review the requests"}
          </LinkButton>
        </p>
      ) : null}
      {invitation ? (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <strong>
            {invitations.length === 1
              ? "A team invites you to join it."
              : `${invitations.length} teams invite you to join them.`}
          </strong>
          <LinkButton href={invitationPath(invitation.team_id, invitation.id)} size="md">
            {invitations.length === 1 ? "Answer the invitation" : "Answer the newest"}
          </LinkButton>
        </p>
      ) : null}
    </div>
  );
}
