import { BrowseFiltersForm } from "@/components/browse/browse-filters";
import { BrowseListings, type BrowseData } from "@/components/browse/browse-listings";
import { PartnersView } from "@/components/browse/partners-view";
import { SectionSwitch } from "@/components/browse/section-switch";
import { SessionsView } from "@/components/browse/sessions-view";
import { ViewTabs } from "@/components/browse/view-tabs";
import type { BrowseContent } from "@/lib/data/browse-cache";

const intro: Record<BrowseContent["view"], { title: string; lead: string }> = {
  teams: {
    title: "Find Teams and Athletes",
    lead: "Join a relay team that needs your leg, or connect with athletes to build a new team.",
  },
  partners: {
    title: "Find Training Partners",
    lead: "Athletes open to training with others, by leg and place, whether or not they race in a team.",
  },
  sessions: {
    title: "Group Training Sessions",
    lead: "Join a swim, ride or run with others around Noosa.",
  },
};

/**
 * Browse, rendered for one signed-in athlete (app/(public)/browse) or as a shared copy
 * (app/(public)/browse-copy). The view tabs, then the view: by default the spec's two lists (teams, and
 * athletes looking for a team) as before: results first on a phone: a one-line title, the switch between
 * the two sections with their counts, the filter chips, then the cards (at most 6 teams and 12 athletes a
 * page). Rendered once its data is read: the route's loading.tsx covers a navigation.
 */
export function BrowseView({
  filters,
  content,
  viewerId,
  mySpecialty,
}: Omit<BrowseData, "listings"> & { content: BrowseContent }) {
  const { title, lead } = intro[content.view];
  return (
    <div className="mx-auto max-w-6xl space-y-3 px-4 pt-4 pb-10 sm:space-y-5 sm:px-6 sm:pt-8">
      <div>
        <h1 className="text-ocean-950 text-xl font-extrabold tracking-tight sm:text-3xl">{title}</h1>
        <p className="mt-1 hidden text-slate-700 sm:block">{lead}</p>
      </div>
      <ViewTabs current={content.view} />
      {content.view === "teams" ? (
        <>
          <SectionSwitch teams={content.listings[0].total} athletes={content.listings[1].total} />
          <BrowseFiltersForm filters={filters} mySpecialty={mySpecialty} />
          <BrowseListings
            filters={filters}
            listings={content.listings}
            viewerId={viewerId}
            mySpecialty={mySpecialty}
          />
        </>
      ) : content.view === "partners" ? (
        <PartnersView filters={filters} partners={content.partners} viewerId={viewerId} />
      ) : (
        <SessionsView sessions={content.sessions} />
      )}
    </div>
  );
}
