import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { LiveNumbers } from "@/components/landing/live-numbers";
import { LandingPageView } from "@/components/landing-page/landing-page-view";
import { UrgentTeams } from "@/components/landing-page/urgent-teams";
import { getLandingPage, landingPages, landingPath } from "@/lib/content/landing-pages";
import { pageMetadata } from "@/lib/seo/metadata";

type Props = { params: Promise<{ landing: string }> };

// Only the twelve slugs exist: every other single-segment path falls through to the 404 page.
export const dynamicParams = false;
// Static, with the live numbers refreshed every five minutes.
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
  // The live numbers, then the urgent teams themselves (issue 20), both refreshed with the page.
  return (
    <LandingPageView
      page={page}
      numbers={
        <>
          <LiveNumbers />
          <UrgentTeams />
        </>
      }
    />
  );
}
