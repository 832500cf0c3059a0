import { Suspense } from "react";
import { BrowseFiltersForm } from "@/components/browse/browse-filters";
import { BrowseListings } from "@/components/browse/browse-listings";
import { ListingSkeleton } from "@/components/browse/listing-skeleton";
import { PageIntro } from "@/components/layout/page-intro";
import type { BrowseFilters } from "@/lib/browse/filters";
import type { Claims } from "@/lib/db";
import type { Profile } from "@/lib/data/profiles";
import { specialtyLabels } from "@/lib/validation/profile";

/**
 * The listing view (spec §2 "Listing view"), for a signed-in athlete (app/(public)/browse) or the visitors'
 * shared copy (app/(public)/visitor-browse). Each page holds at most 6 teams and 12 athletes whatever the
 * database size. For an athlete the intro and filters render at once and the lists stream in behind a
 * skeleton; the visitors' copy is rendered whole before anyone is shown it, so it carries no skeleton
 * (which would otherwise travel in its HTML and again in its RSC payload).
 */
export function BrowseView({
  filters,
  claims,
  me,
}: {
  filters: BrowseFilters;
  claims: Claims | null;
  me: Profile | null;
}) {
  const listings = <BrowseListings filters={filters} claims={claims} me={me} />;
  return (
    <>
      <PageIntro eyebrow="Browse" title="Find Teams and Athletes">
        <p>Join a relay team that needs your leg, or connect with athletes to build a new team.</p>
      </PageIntro>
      <div className="mx-auto max-w-6xl space-y-10 px-4 py-10 sm:px-6">
        <BrowseFiltersForm filters={filters} mySpecialty={me ? specialtyLabels[me.specialty] : null} />
        {claims ? (
          <Suspense key={JSON.stringify(filters)} fallback={<ListingSkeleton />}>
            {listings}
          </Suspense>
        ) : (
          listings
        )}
      </div>
    </>
  );
}
