import type { Metadata } from "next";
import { Suspense } from "react";
import { BrowseFiltersForm } from "@/components/browse/browse-filters";
import { BrowseListings } from "@/components/browse/browse-listings";
import { ListingSkeleton } from "@/components/browse/listing-skeleton";
import { PageIntro } from "@/components/layout/page-intro";
import { parseFilters } from "@/lib/browse/filters";
import { getMyProfile } from "@/lib/data/my-profile";
import { pageMetadata } from "@/lib/seo/metadata";
import { specialtyLabels } from "@/lib/validation/profile";

export const metadata: Metadata = pageMetadata({
  title: "Browse Teams and Athletes",
  description:
    "Open relay teams looking for members and athletes around Noosa looking for a team. Join a team or start one in minutes.",
  path: "/browse",
});

/**
 * The listing view (spec §2 "Listing view"). Rendered per request: what it shows depends on the viewer
 * (their own team and card, "needs my specialty") and on the filters and pages in the URL, and a listing
 * for last-minute matching must be current. The intro and filters render at once; the lists stream in
 * behind a skeleton, and each page holds at most 6 teams and 12 athletes whatever the database size.
 */
export default async function BrowsePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const filters = parseFilters(await searchParams);
  const me = await getMyProfile().catch(() => null);
  return (
    <>
      <PageIntro eyebrow="Browse" title="Find Teams and Athletes">
        <p>Join a relay team that needs your leg, or connect with athletes to build a new team.</p>
      </PageIntro>
      <div className="mx-auto max-w-6xl space-y-10 px-4 py-10 sm:px-6">
        <BrowseFiltersForm filters={filters} mySpecialty={me ? specialtyLabels[me.specialty] : null} />
        <Suspense key={JSON.stringify(filters)} fallback={<ListingSkeleton />}>
          <BrowseListings filters={filters} />
        </Suspense>
      </div>
    </>
  );
}
