import { BrowseFiltersForm } from "@/components/browse/browse-filters";
import { BrowseListings, type BrowseData } from "@/components/browse/browse-listings";
import { SectionSwitch } from "@/components/browse/section-switch";

/**
 * The listing view, rendered for one signed-in athlete (app/(public)/browse) or as a shared copy
 * (app/(public)/browse-copy). Results first on a phone: a one-line title, the switch between the two
 * sections with their counts, the filter chips, then the cards. Each page holds at most 6 teams and 12
 * athletes whatever the database size. Rendered once its data is read (one transaction, or the shared
 * cache): the route's loading.tsx covers a navigation, and no skeleton travels in the page's HTML.
 */
export function BrowseView({ filters, listings, viewerId, mySpecialty }: BrowseData) {
  return (
    <div className="mx-auto max-w-6xl space-y-3 px-4 pt-4 pb-10 sm:space-y-5 sm:px-6 sm:pt-8">
      <div>
        <h1 className="text-ocean-950 text-xl font-extrabold tracking-tight sm:text-3xl">
          Find Teams and Athletes
        </h1>
        <p className="mt-1 hidden text-slate-700 sm:block">
          Join a relay team that needs your leg, or connect with athletes to build a new team.
        </p>
      </div>
      <SectionSwitch teams={listings[0].total} athletes={listings[1].total} />
      <BrowseFiltersForm filters={filters} mySpecialty={mySpecialty} />
      <BrowseListings filters={filters} listings={listings} viewerId={viewerId} mySpecialty={mySpecialty} />
    </div>
  );
}
