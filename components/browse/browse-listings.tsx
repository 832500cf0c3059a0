import { AthleteCard } from "@/components/browse/athlete-card";
import { NoAthletes, NoListingsBanner, NoMatch, NoTeams } from "@/components/browse/empty-states";
import { Pager } from "@/components/browse/pager";
import { TeamCard } from "@/components/teams/team-card";
import { browseHref, pageRange, pageSizes, type BrowseFilters } from "@/lib/browse/filters";
import type { Listings } from "@/lib/data/browse-cache";
import { formatCount } from "@/lib/format/count";
import type { Specialty } from "@/lib/labels";

const grid = "listing-grid";
const n = formatCount;

function SectionHead({
  id,
  title,
  subtitle,
  count,
}: {
  id: string;
  title: string;
  subtitle: string;
  count: string;
}) {
  return (
    <div className="listing-head">
      <div>
        <h2 id={id} className="listing-title">
          {title}
        </h2>
        <p className="mt-1 text-slate-700">{subtitle}</p>
      </div>
      <p className="text-sm font-semibold text-slate-700">{count}</p>
    </div>
  );
}

/** What /browse shows, as lib/data/browse-cache.ts read it for the viewer. */
export type BrowseData = {
  filters: BrowseFilters;
  listings: Listings;
  /**
   * The signed-in viewer's account id (their own card, "Your Team"), or null for a visitor and in a
   * shared copy, where the cards learn it from the session in the browser.
   */
  viewerId: string | null;
  /** The viewer's leg, for "Needs my specialty"; null for a visitor or an account with no profile. */
  mySpecialty: Specialty | null;
};

/**
 * Both lists for the filters, as the viewer may see them. A shared copy reads as anon and holds nothing
 * of anyone's: the same output for everyone it is shown to, which is what lets it be cached whole.
 */
export function BrowseListings({ filters, listings: [teams, athletes], viewerId, mySpecialty }: BrowseData) {
  const filtered = !!(filters.role || filters.level || (filters.mine && mySpecialty));
  const teamRange = pageRange(filters.teamPage, pageSizes.teams, teams.total);
  const athleteRange = pageRange(filters.athletePage, pageSizes.athletes, athletes.total);
  const countText = (r: { from: number; to: number }, total: number, noun: string) =>
    total === 0 ? `0 ${noun}` : `Showing ${n(r.from)}–${n(r.to)} of ${n(total)} ${noun}`;

  return (
    <div className="space-y-12">
      {!filtered && teams.total === 0 && athletes.total === 0 ? <NoListingsBanner /> : null}

      <section aria-labelledby="teams-title">
        <SectionHead
          id="teams-title"
          title="Available Teams"
          subtitle="Join an existing team looking for members."
          count={countText(teamRange, teams.total, teams.total === 1 ? "open team" : "open teams")}
        />
        {teams.items.length > 0 ? (
          <div className={grid}>
            {teams.items.map((team) => (
              <TeamCard key={team.id} team={team} currentUserId={viewerId} />
            ))}
          </div>
        ) : filtered ? (
          <NoMatch what="open teams" />
        ) : (
          <NoTeams />
        )}
        <Pager
          label="Teams"
          page={filters.teamPage}
          pages={teamRange.pages}
          href={(p) => browseHref(filters, { teamPage: p })}
        />
      </section>

      <section aria-labelledby="athletes-title">
        <SectionHead
          id="athletes-title"
          title="Available Athletes"
          subtitle="Connect with individual athletes to form a new team."
          count={countText(athleteRange, athletes.total, athletes.total === 1 ? "athlete" : "athletes")}
        />
        {athletes.items.length > 0 ? (
          <div className={grid}>
            {athletes.items.map((athlete) => (
              <AthleteCard key={athlete.id} athlete={athlete} viewerId={viewerId} />
            ))}
          </div>
        ) : filtered ? (
          <NoMatch what="athletes" />
        ) : (
          <NoAthletes />
        )}
        <Pager
          label="Athletes"
          page={filters.athletePage}
          pages={athleteRange.pages}
          href={(p) => browseHref(filters, { athletePage: p })}
        />
      </section>
    </div>
  );
}
