import "server-only";
import { unstable_cache } from "next/cache";
import type { BrowseFilters } from "@/lib/browse/filters";
import { withRls, type Claims } from "@/lib/db";
import { listAthletes, listOpenTeams, type ListedAthlete, type ListedTeam, type Listing } from "./browse";
import { publicTeamsTag } from "./public-teams";

export type Listings = [Listing<ListedTeam>, Listing<ListedAthlete>];

/**
 * /browse is what search visitors open first, and in race week what everyone opens (issue 22). The lists
 * for a filter and page are the same for every visitor (read as anon), so they come from Next's data
 * cache: a warm signed-out view runs no SQL. Tagged with the tags the writes already expire: every team
 * write (`public-teams`, lib/data/team-action.ts) and every profile create, edit or moderator hide
 * (`public-profiles`, lib/data/profile-cache.ts), so a change shows on the next view; the minute's
 * revalidation covers what no write announces (an urgent day passing, an account deleted).
 *
 * Only data is shared, never rendering: the viewer's own card, Send Message and their team are decided
 * per request from the verified claims, over these lists.
 */
const sharedListings = (filters: BrowseFilters): Promise<Listings> => {
  const f: BrowseFilters = { ...filters, mine: false };
  return unstable_cache(
    () => withRls(null, (tx) => Promise.all([listOpenTeams(tx, f), listAthletes(tx, f)])),
    ["browse-listings", JSON.stringify(f)],
    { tags: [publicTeamsTag, "public-profiles"], revalidate: 60 },
  )();
};

/**
 * The lists a viewer sees. A visitor, or an athlete with no block either way and "needs my specialty"
 * off, sees exactly the anon lists (RLS shows signed-in athletes no other open team or public, looking
 * athlete), so they share the cached copy; anyone else is read as themselves, in their own transaction.
 */
export async function browseListings(
  claims: Claims | null,
  filters: BrowseFilters,
  viewer: { specialty: ListedAthlete["specialty"] | null; signedIn: boolean },
): Promise<Listings> {
  if (!claims) return sharedListings(filters);
  const mine = filters.mine && !!viewer.specialty;
  return withRls(claims, async (tx) => {
    if (!mine) {
      const [row] = await tx<{ blocks: boolean }[]>`
        select exists (select 1 from private.my_blocked_profiles()) as blocks`;
      if (!row?.blocks) return null;
    }
    return Promise.all([listOpenTeams(tx, filters, viewer), listAthletes(tx, filters, viewer)]);
  }).then((own) => own ?? sharedListings(filters));
}
