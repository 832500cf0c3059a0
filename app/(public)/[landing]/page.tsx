import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { LandingPageView } from "@/components/landing-page/landing-page-view";
import { LiveNow } from "@/components/landing-page/live-now";
import { browseHref, parseFilters } from "@/lib/browse/filters";
import { getLandingPage, landingPages, landingPath } from "@/lib/content/landing-pages";
import { getLiveNumbers } from "@/lib/data/live-numbers";
import { getUrgentTeams } from "@/lib/data/urgent-teams";
import { leadingLeg } from "@/lib/teams/leading-leg";
import { pageMetadata } from "@/lib/seo/metadata";

type Props = { params: Promise<{ landing: string }> };

// Only the twelve slugs exist: every other single-segment path falls through to the 404 page.
export const dynamicParams = false;
// Static, with the live teams and numbers refreshed every five minutes.
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
  const [teams, numbers] = await Promise.all([getUrgentTeams(), getLiveNumbers()]);
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
