import { AthleteCard } from "@/components/browse/athlete-card";
import { NoAthletes, NoListingsBanner, NoMatch, NoTeams } from "@/components/browse/empty-states";
import { Pager } from "@/components/browse/pager";
import { StartConversationButton } from "@/components/messages/start-conversation-button";
import { TeamCard } from "@/components/teams/team-card";
import { getClaims } from "@/lib/auth/session";
import { browseHref, pageRange, pageSizes, type BrowseFilters } from "@/lib/browse/filters";
import { browseListings } from "@/lib/data/browse-cache";
import { getMyProfile } from "@/lib/data/my-profile";

const grid = "mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3";
const n = (value: number) => value.toLocaleString("en-AU");

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
    <div className="flex flex-wrap items-end justify-between gap-2">
      <div>
        <h2 id={id} className="text-ocean-950 text-2xl font-bold">
          {title}
        </h2>
        <p className="mt-1 text-slate-700">{subtitle}</p>
      </div>
      <p className="text-sm font-semibold text-slate-700">{count}</p>
    </div>
  );
}

/** Both lists for the filters, as the viewer may see them (a visitor reads as anon). */
export async function BrowseListings({ filters }: { filters: BrowseFilters }) {
  const claims = await getClaims();
  const me = await getMyProfile();
  const viewer = { specialty: me?.specialty ?? null, signedIn: !!me };
  // Shared, cached lists where they are the same for everyone (lib/data/browse-cache.ts).
  const [teams, athletes] = await browseListings(claims, filters, viewer);
  const filtered = !!(filters.role || filters.level || (filters.mine && me));
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
              <TeamCard key={team.id} team={team} currentUserId={claims?.sub ?? null} />
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
            {athletes.items.map((a) => (
              <AthleteCard
                key={a.id}
                athlete={a}
                action={
                  claims?.sub === a.auth_id ? (
                    <span className="ml-auto text-sm font-semibold text-slate-600">Your profile</span>
                  ) : (
                    // The messaging issue's flow: visitors go to /auth, athletes to the conversation.
                    <StartConversationButton profileId={a.id} className="ml-auto" />
                  )
                }
              />
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
