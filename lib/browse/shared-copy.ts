import { specialties, type Specialty } from "@/lib/labels";
import { parseFilters, type BrowseFilters } from "./filters";

/**
 * /browse as a shared copy (docs/architecture.md#caching). The page for a filter and page is the same for every visitor, and
 * for every signed-in athlete with no block either way (the proxy asks, lib/data/browse-viewer.ts) but for
 * the leg their "Needs my specialty" box names; ticked, that box filters by the leg alone (teams that need
 * it, athletes of the other legs), so it is the same for everyone of that leg too. So the proxy rewrites
 * /browse to a cached copy, /browse-copy/{window}.{view}.{role}.{level}.{tp}.{ap}.{place}.{leg}[.mine], rendered once per
 * window, and the viewer's own marks (their card, "Your Team") are drawn in the browser from their session
 * (lib/supabase/session-user.ts).
 * The window is the 5-second slot of the clock: a copy is never served past its 5 s (ISR's own revalidate
 * would hand the first view after it the old copy while rendering the new one), and a write that
 * announces itself (a team or profile change expires `public-teams`/`public-profiles`) shows at once.
 * One path segment, so the copy's payload carries one route level, not two.
 */
export const copyWindowMs = 5000;

const windowOf = (now: number) => Math.floor(now / copyWindowMs);

/** `teams.any.any.1.1.any`: view, role, level, team page, athlete page, place. */
export function viewOf(f: BrowseFilters): string {
  return [f.view, f.role ?? "any", f.level ?? "any", f.teamPage, f.athletePage, f.place ?? "any"].join(".");
}

/**
 * Where the proxy sends /browse with these search params, for a viewer whose "Needs my specialty" names
 * `leg` (null: a visitor, or an account with no profile yet, who get no such box, so a `mine=1` of theirs
 * is ignored, as the page rendered for them ignores it).
 */
export function sharedBrowsePath(search: URLSearchParams, leg: Specialty | null, now = Date.now()): string {
  const filters = parseFilters(Object.fromEntries(search));
  // Only the teams view has a "Needs my specialty" box: the other views are one copy for everyone.
  if (filters.view !== "teams") leg = null;
  return `/browse-copy/${windowOf(now)}.${viewOf(filters)}.${leg ?? "none"}${leg && filters.mine ? ".mine" : ""}`;
}

/**
 * The filters and leg of a copy, or null when its name is not one the proxy makes. Only the proxy's
 * rewrite reaches a copy: a request that names /browse-copy/… itself is answered 404 before any page
 * (./copy-guard.ts), so made-up names are never rendered or cached. The window is not checked against the
 * clock here: a render that outlasts it (a first compile in `next dev`, a busy server) still answers
 * with the copy it was sent to, not a 404.
 */
export function readCopy(copy: string): { filters: BrowseFilters; leg: Specialty | null } | null {
  const [window = "", view, role, level, tp, ap, place, leg = "", mine, ...rest] = copy.split(".");
  if (!/^\d{1,15}$/.test(window) || rest.length) return null;
  if (leg !== "none" && !specialties.includes(leg as Specialty)) return null;
  const filters = parseFilters({ view, role, level, tp, ap, place });
  // "mine" only with a leg to filter by, and a leg only in the teams view.
  if (mine !== undefined && (mine !== "mine" || leg === "none")) return null;
  if (filters.view !== "teams" && leg !== "none") return null;
  return {
    filters: { ...filters, mine: mine === "mine" },
    leg: leg === "none" ? null : (leg as Specialty),
  };
}
