import "server-only";
import { unstable_cache } from "next/cache";
import type { BrowseFilters } from "@/lib/browse/filters";
import { withRls, type Claims, type Tx } from "@/lib/db";
import type { Specialty } from "@/lib/labels";
import {
  listAthletes,
  listOpenTeams,
  type ListedAthlete,
  type ListedTeam,
  type Listing,
  type Viewer,
} from "./browse";
import { findProfileByAuthId, type Profile } from "./profiles";
import { publicProfilesTag, publicSessionsTag, publicTeamsTag } from "./public-cache";
import { listUpcomingSessions, type SessionCard } from "./sessions";
import { listTrainingPartners } from "./training-partners";
import { withPhotos } from "@/lib/photos/urls";

export type Listings = [Listing<ListedTeam>, Listing<ListedAthlete>];

const FRESH_MS = 5000;

/**
 * /browse is what search visitors open first, and in race week what everyone opens (docs/architecture.md#caching). The lists
 * for a filter and page are the same for every visitor (read as anon), so they come from Next's data
 * cache: a warm signed-out view runs no SQL. Tagged with the tags the writes already expire: every team
 * write (`public-teams`, lib/actions/team-action.ts) and every profile create, edit or moderator hide
 * (`public-profiles`, lib/data/profile-cache.ts), so a change shows on the next view; and no copy is used
 * for more than 5 s, so what no write announces (an urgent day passing, a change made in SQL) shows within 5 s.
 *
 * The whole page is cached too, for visitors and for athletes whose view is the same
 * (lib/browse/shared-copy.ts): with "Needs my specialty" ticked, one copy per leg. It is read as anon,
 * so nothing of anyone's can enter it.
 */
export const sharedListings = (filters: BrowseFilters, leg: Specialty | null = null): Promise<Listings> => {
  // "Needs my specialty" filters by the leg alone: teams that need it, athletes of the other legs.
  const mine = filters.mine && leg !== null;
  const f: BrowseFilters = { ...filters, mine };
  const viewer: Viewer = mine ? { specialty: leg } : {};
  return unstable_cache(
    async (): Promise<Listings> => {
      const [teams, athletes] = await withRls(null, (tx) =>
        Promise.all([listOpenTeams(tx, f, viewer), listAthletes(tx, f, viewer)]),
      );
      // Signed as a visitor: this copy is shared (public, unsuspended athletes' photos only).
      return [teams, { ...athletes, items: await withPhotos(athletes.items, "small", "visitor") }];
    },
    // A new key every 5 s: an entry is never served past its 5 s (revalidate alone would still hand the
    // first view after it the old copy while it reads the new one).
    ["browse-listings", JSON.stringify(f), ...(mine ? [leg] : []), String(Math.floor(Date.now() / FRESH_MS))],
    { tags: [publicTeamsTag, publicProfilesTag], revalidate: FRESH_MS / 1000 },
  )();
};

/**
 * What /browse shows a viewer: the shared lists, or, for a signed-in athlete whose view differs from the
 * shared copy (a block either way, or the proxy could not ask), read as themselves: their
 * profile and both lists in one transaction and, unless the lists depend on the viewer's leg
 * ("needs my specialty"), in one round trip. Blocks are the viewer's own (private.my_blocked_profiles()
 * reads them from the claims), so they apply whether or not the profile has been read yet.
 */
export async function browseListings(
  claims: Claims | null,
  filters: BrowseFilters,
): Promise<{ me: Profile | null; listings: Listings }> {
  if (!claims) return { me: null, listings: await sharedListings(filters) };
  const lists = (tx: Tx, viewer: Viewer) =>
    Promise.all([listOpenTeams(tx, filters, viewer), listAthletes(tx, filters, viewer)]);
  const read = await withRls(claims, async (tx) => {
    if (!filters.mine) {
      const [me, listings] = await Promise.all([
        findProfileByAuthId(tx, claims.sub),
        lists(tx, { signedIn: true }),
      ]);
      return { me, listings };
    }
    const me = await findProfileByAuthId(tx, claims.sub);
    return { me, listings: await lists(tx, { specialty: me?.specialty ?? null, signedIn: true }) };
  });
  const [teams, athletes] = read.listings;
  return {
    me: read.me,
    listings: [teams, { ...athletes, items: await withPhotos(athletes.items, "small", "viewer") }],
  };
}

/**
 * What Browse shows in its view: the spec's two lists (the default), the athletes open to training
 * partners, or the upcoming group sessions (docs/product.md#browse).
 */
export type BrowseContent =
  | { view: "teams"; listings: Listings }
  | { view: "partners"; partners: Listing<ListedAthlete> }
  | { view: "sessions"; sessions: SessionCard[] };

/** How many upcoming sessions Browse's Sessions view shows; /sessions lists them all with filters. */
export const browseSessionCount = 12;

/**
 * The shared copy's content for any view: read as anon, cached under the tags of what it shows (profile
 * writes expire the partners, session writes the sessions: lib/actions/sessions.ts) and for 5 s at most.
 */
export async function sharedBrowseContent(
  filters: BrowseFilters,
  leg: Specialty | null,
): Promise<BrowseContent> {
  const slot = String(Math.floor(Date.now() / FRESH_MS));
  if (filters.view === "partners") {
    const f = { role: filters.role, place: filters.place, page: filters.athletePage };
    const partners = await unstable_cache(
      async () => {
        const listed = await withRls(null, (tx) => listTrainingPartners(tx, f));
        return { ...listed, items: await withPhotos(listed.items, "small", "visitor") };
      },
      ["browse-partners", JSON.stringify(f), slot],
      { tags: [publicProfilesTag], revalidate: FRESH_MS / 1000 },
    )();
    return { view: "partners", partners };
  }
  if (filters.view === "sessions") {
    const sessions = await unstable_cache(
      () => withRls(null, (tx) => listUpcomingSessions(tx, {}, browseSessionCount)),
      ["browse-sessions", slot],
      { tags: [publicSessionsTag], revalidate: FRESH_MS / 1000 },
    )();
    return { view: "sessions", sessions };
  }
  return { view: "teams", listings: await sharedListings(filters, leg) };
}

/**
 * Browse for one signed-in athlete (blocks either way, or the proxy could not ask): the teams view as
 * browseListings reads it; the partners read as the viewer (their blocks); sessions as RLS lets them see.
 */
export async function browseContent(
  claims: Claims | null,
  filters: BrowseFilters,
): Promise<{ me: Profile | null; content: BrowseContent }> {
  if (!claims) return { me: null, content: await sharedBrowseContent(filters, null) };
  if (filters.view === "teams") {
    const { me, listings } = await browseListings(claims, filters);
    return { me, content: { view: "teams", listings } };
  }
  if (filters.view === "sessions") {
    const sessions = await withRls(claims, (tx) => listUpcomingSessions(tx, {}, browseSessionCount));
    return { me: null, content: { view: "sessions", sessions } };
  }
  const f = { role: filters.role, place: filters.place, page: filters.athletePage };
  const listed = await withRls(claims, (tx) => listTrainingPartners(tx, f, { signedIn: true }));
  const partners = { ...listed, items: await withPhotos(listed.items, "small", "viewer") };
  return { me: null, content: { view: "partners", partners } };
}
