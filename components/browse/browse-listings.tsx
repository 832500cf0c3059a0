import { AthleteCard } from "@/components/browse/athlete-card";
import {
  NoAthletes,
  NoListingsBanner,
  NoMatch,
  NoTeams,
  PastLastPage,
} from "@/components/browse/empty-states";
import { Pager } from "@/components/browse/pager";
import { TeamListingCard } from "@/components/browse/team-listing-card";
import { browseHref, pageRange, pageSizes, type BrowseFilters } from "@/lib/browse/filters";
import type { Listings } from "@/lib/data/browse-cache";
import { formatCount } from "@/lib/format/count";
import { specialtyLabels, type Specialty } from "@/lib/labels";

const grid = "listing-grid";
const n = formatCount;

function SectionHead({
  id,
  title,
  subtitle,
  shown,
  count,
}: {
  id: string;
  title: string;
  subtitle: string;
  /** What the filters leave in this list, in words ("Teams that need a runner"), when filtered. */
  shown: string | null;
  count: string;
}) {
  return (
    <div className="listing-head">
      <div className="min-w-0">
        <h2 id={id} className="listing-title">
          {title}
        </h2>
        <p className="mt-0.5 text-sm text-slate-700 sm:mt-1 sm:text-base">{subtitle}</p>
        {shown ? <p className="mt-1 text-sm font-semibold text-slate-800">{shown}</p> : null}
      </div>
      <p className="text-sm font-semibold text-slate-700">{count}</p>
    </div>
  );
}

const a = (leg: Specialty) => `a ${specialtyLabels[leg].toLowerCase()}`;
const levelWords = (level: string | undefined) => (level ? ` at ${level} level` : "");

/**
 * The filters in words, for each list: the leg filter means a leg the team still needs, and an athlete's
 * own leg ("Needs my specialty": athletes of the other legs, who could join the viewer).
 */
export function filterWords(filters: BrowseFilters, mySpecialty: Specialty | null) {
  const level = levelWords(filters.level);
  if (filters.mine && mySpecialty) {
    return {
      teams: `Teams that need ${a(mySpecialty)}${level}`,
      athletes: `Athletes who race the other two legs${level}`,
    };
  }
  if (filters.role) {
    return {
      teams: `Teams that need ${a(filters.role)}${level}`,
      athletes: `Athletes who race as ${a(filters.role)}${level}`,
    };
  }
  return filters.level
    ? { teams: `Teams that take athletes${level}`, athletes: `Athletes${level}` }
    : { teams: null, athletes: null };
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
  const words = filterWords(filters, mySpecialty);
  const filteredLeg = filters.mine && mySpecialty ? mySpecialty : (filters.role ?? null);
  const countText = (r: { from: number; to: number; past: boolean }, total: number, noun: string) =>
    total === 0 || r.past ? `${n(total)} ${noun}` : `Showing ${n(r.from)}–${n(r.to)} of ${n(total)} ${noun}`;

  return (
    <div className="space-y-10 pt-2">
      {!filtered && teams.total === 0 && athletes.total === 0 ? <NoListingsBanner /> : null}

      <section id="teams" aria-labelledby="teams-title" className="scroll-mt-20">
        <SectionHead
          id="teams-title"
          title="Available Teams"
          subtitle="Join an existing team looking for members."
          shown={words.teams}
          count={countText(teamRange, teams.total, teams.total === 1 ? "open team" : "open teams")}
        />
        {teams.items.length > 0 ? (
          <div className={grid}>
            {teams.items.map((team) => (
              <TeamListingCard key={team.id} team={team} currentUserId={viewerId} filteredLeg={filteredLeg} />
            ))}
          </div>
        ) : teamRange.past && teams.total > 0 ? (
          <PastLastPage
            what="open teams"
            pages={teamRange.pages}
            href={browseHref(filters, { teamPage: teamRange.pages })}
          />
        ) : filtered ? (
          <NoMatch what="open teams" />
        ) : (
          <NoTeams />
        )}
        {/* Past the last page, PastLastPage links back instead (no "Page 7 of 6"). */}
        <Pager
          label="Teams"
          page={filters.teamPage}
          pages={teamRange.past ? 0 : teamRange.pages}
          href={(p) => browseHref(filters, { teamPage: p })}
        />
      </section>

      <section id="athletes" aria-labelledby="athletes-title" className="scroll-mt-20">
        <SectionHead
          id="athletes-title"
          title="Available Athletes"
          subtitle="Connect with individual athletes to form a new team."
          shown={words.athletes}
          count={countText(athleteRange, athletes.total, athletes.total === 1 ? "athlete" : "athletes")}
        />
        {athletes.items.length > 0 ? (
          <div className={grid}>
            {athletes.items.map((athlete) => (
              <AthleteCard key={athlete.id} athlete={athlete} viewerId={viewerId} />
            ))}
          </div>
        ) : athleteRange.past && athletes.total > 0 ? (
          <PastLastPage
            what="athletes"
            pages={athleteRange.pages}
            href={browseHref(filters, { athletePage: athleteRange.pages })}
          />
        ) : filtered ? (
          <NoMatch what="athletes" />
        ) : (
          <NoAthletes />
        )}
        <Pager
          label="Athletes"
          page={filters.athletePage}
          pages={athleteRange.past ? 0 : athleteRange.pages}
          href={(p) => browseHref(filters, { athletePage: p })}
        />
      </section>
    </div>
  );
}
