import { parseFilters, type BrowseFilters } from "./filters";

/**
 * Visitors' /browse (issue 22): the page for a filter and page is the same for every visitor, so the proxy
 * rewrites a visitor's /browse to a cached copy of it, /visitor-browse/{window}.{role}.{level}.{tp}.{ap},
 * rendered once per window. The window is the 5-second slot of the clock: a copy is never served past its
 * 5 s (ISR's own revalidate would hand the first view after it the old copy while rendering the new one),
 * and a write that announces itself (a team or profile change expires `public-teams`/`public-profiles`)
 * shows at once. One path segment, so the copy's payload carries one route level, not two.
 */
export const visitorWindowMs = 5000;

const windowOf = (now: number) => Math.floor(now / visitorWindowMs);

/** `any.any.1.1`: role, level, team page, athlete page. "Needs my specialty" means nothing to a visitor. */
export function viewOf(f: BrowseFilters): string {
  return [f.role ?? "any", f.level ?? "any", f.teamPage, f.athletePage].join(".");
}

/** Where the proxy sends a visitor's /browse with these search params. */
export function visitorBrowsePath(search: URLSearchParams, now = Date.now()): string {
  return `/visitor-browse/${windowOf(now)}.${viewOf(parseFilters(Object.fromEntries(search)))}`;
}

/**
 * The filters of a copy, or null when its window is not the current one (or the one just before, for a
 * request that crossed the boundary on its way in). Only the proxy's rewrite names current windows; any
 * other path asks for a copy nobody is shown, and is not rendered, so made-up paths cannot fill the cache.
 */
export function readCopy(copy: string, now = Date.now()): BrowseFilters | null {
  const [window = "", role, level, tp, ap] = copy.split(".");
  const age = windowOf(now) - Number(window);
  if (!/^\d{1,15}$/.test(window) || age < 0 || age > 1) return null;
  return { ...parseFilters({ role, level, tp, ap }), mine: false };
}
