import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { LandingPageView } from "@/components/landing-page/landing-page-view";
import { LiveNow } from "@/components/landing-page/live-now";
import { browseHref, parseFilters } from "@/lib/browse/filters";
import { getLandingPage, landingPages, landingPath } from "@/lib/content/landing-pages";
import { getLiveNumbers } from "@/lib/data/live-numbers";
import { orFallbackAtBuild } from "@/lib/data/public-cache";
import { getUrgentTeams } from "@/lib/data/urgent-teams";
import { leadingLeg } from "@/lib/teams/leading-leg";
import { pageMetadata } from "@/lib/seo/metadata";

type Props = { params: Promise<{ landing: string }> };

// Only the twelve slugs exist: every other single-segment path falls through to the 404 page.
export const dynamicParams = false;
// Static. The live teams and numbers carry the public cache's tags, so any change to what a team needs
// regenerates the page on its next request (lib/data/public-cache.ts); five minutes is the backstop.
export const revalidate = 300;

export function generateStaticParams() {
  return landingPages.map((page) => ({ landing: page.slug }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = getLandingPage((await params).landing);
  if (!page) return {};
  return pageMetadata({ title: page.title, description: page.description, path: landingPath(page) });
}

export default async function LandingRoute({ params }: Props) {
  const page = getLandingPage((await params).landing);
  if (!page) notFound();
  // Built without a database: without the live parts, regenerated on the first request. At run time a
  // failed read is thrown, so the last good copy stays (lib/data/public-cache.ts).
  const [teams, numbers] = await Promise.all([
    orFallbackAtBuild(() => getUrgentTeams(), null, "urgent teams"),
    orFallbackAtBuild(getLiveNumbers, null, "live numbers"),
  ]);
  const leg = leadingLeg(numbers, teams);
  const teamsHref = `${browseHref({ ...parseFilters({}), role: leg ?? undefined })}#teams`;
  return (
    <LandingPageView
      page={page}
      teamsHref={teamsHref}
      live={<LiveNow teams={teams} numbers={numbers} leg={leg} teamsHref={teamsHref} />}
    />
  );
}
