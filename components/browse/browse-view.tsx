import { BrowseFiltersForm } from "@/components/browse/browse-filters";
import { BrowseListings, type BrowseData } from "@/components/browse/browse-listings";
import { PageIntro } from "@/components/layout/page-intro";
import { specialtyLabels } from "@/lib/validation/profile";

/**
 * The listing view (spec §2 "Listing view"), rendered for one signed-in athlete (app/(public)/browse) or
 * as a shared copy (app/(public)/browse-copy). Each page holds at most 6 teams and 12 athletes whatever the
 * database size. Rendered once its data is read (one transaction, or the shared cache): the route's
 * loading.tsx covers a navigation, and no skeleton travels in the page's HTML and payload.
 */
export function BrowseView({ filters, listings, viewerId, mySpecialty }: BrowseData) {
  return (
    <>
      <PageIntro eyebrow="Browse" title="Find Teams and Athletes">
        <p>Join a relay team that needs your leg, or connect with athletes to build a new team.</p>
      </PageIntro>
      <div className="mx-auto max-w-6xl space-y-10 px-4 py-10 sm:px-6">
        <BrowseFiltersForm
          filters={filters}
          mySpecialty={mySpecialty ? specialtyLabels[mySpecialty] : null}
        />
        <BrowseListings filters={filters} listings={listings} viewerId={viewerId} mySpecialty={mySpecialty} />
      </div>
    </>
  );
}
