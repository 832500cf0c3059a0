import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { JoinTeam } from "@/components/teams/join-team";
import { MemberList } from "@/components/teams/member-list";
import { ShareTeamButton } from "@/components/teams/share-team-button";
import { TeamIntro, TeamSummaryCard } from "@/components/teams/team-summary";
import { buttonClasses, LinkButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { getPublicTeam } from "@/lib/data/public-teams";
import { JsonLd, sportsTeamJsonLd } from "@/lib/seo/json-ld";
import { pageMetadata } from "@/lib/seo/metadata";
import { suggestedLeg } from "@/lib/teams/suggested-leg";
import { teamHeadline, teamSummary } from "@/lib/teams/team-seo";

type Props = { params: Promise<{ id: string }> };

// A shared team link (docs/product.md#public-team-pages), the same cached copy for every visitor: rendered on first request, then
// served from the cache until a team write or a member's profile edit expires it (the hour is a backstop).
// Signed-in viewers never get this copy: the proxy shows them /teams/{id}/viewer, rendered for them.
export const revalidate = 3600;
export const dynamicParams = true;
export async function generateStaticParams(): Promise<{ id: string }[]> {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const team = await getPublicTeam((await params).id);
  if (!team) return { title: "Team Not Found", robots: { index: false, follow: true } };
  return pageMetadata({
    title: teamHeadline(team),
    description: teamSummary(team),
    path: `/teams/${team.id}`,
    // Only an open team that still needs a leg is worth finding in a search; a full one, or one whose
    // every leg is raced, still answers its shared links.
    noindex: team.status !== "open" || team.open_legs.length === 0,
  });
}

/** A team's public page: what it needs and how to ask to join. Closed teams are not found (RLS). */
export default async function PublicTeamPage({ params }: Props) {
  const team = await getPublicTeam((await params).id);
  if (!team) notFound();
  const path = `/teams/${team.id}`;

  return (
    <>
      <JsonLd data={sportsTeamJsonLd(team)} />
      <TeamIntro team={team} />
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-6 sm:px-6 sm:py-10 lg:grid-cols-3">
        {/* First on a phone, right under the team's name: asking to join is why most visitors came. */}
        <div className="space-y-6 lg:order-last">
          <Card className="space-y-3">
            <h2 className="text-ocean-950 text-xl font-bold">Want to race with them?</h2>
            <p className="text-sm text-slate-700">
              Ask to join in one go: we keep your request while you sign up and create your profile, then ask
              you once to send it.
            </p>
            <JoinTeam
              team={{ id: team.id, creator_id: team.creator_id, status: team.status }}
              currentUserId={null}
              suggested={suggestedLeg(team)}
            />
          </Card>
        </div>
        <div className="space-y-6 lg:col-span-2">
          <TeamSummaryCard team={team}>
            <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-5">
              <ShareTeamButton
                path={path}
                title={teamHeadline(team)}
                className={buttonClasses("secondary", "md")}
              />
              <LinkButton href="/browse" variant="ghost">
                Browse all teams
              </LinkButton>
            </div>
          </TeamSummaryCard>
          <Card>
            <h2 className="text-ocean-950 mb-2 text-xl font-bold">Members</h2>
            <MemberList members={team.members} canRemove={false} signAs="visitor" />
          </Card>
        </div>
      </div>
    </>
  );
}
