import "server-only";
import { revalidateTag, unstable_cache } from "next/cache";
import { PHASE_PRODUCTION_BUILD } from "next/constants";
import { noosaToday, secondsUntilNoosaMidnight } from "@/lib/teams/urgency";

// The public surfaces that are cached copies (docs/architecture.md#caching): the landing pages, `/`, Browse's
// shared copies, public team and profile pages, their social cards and the sitemap. Each reads the
// database only through publicRead, so each page or route carries the tags of what it shows, and one call,
// refreshPublicSurfaces, expires all of them at once.

/** Every public read of teams: their listing, open legs, urgent need and roster. */
export const publicTeamsTag = "public-teams";
/** Every public read of athletes: profile pages, member names, who is looking, the counts. */
export const publicProfilesTag = "public-profiles";
/** Every public read of group training sessions: Browse's Sessions view, the "Train with others" page. */
export const publicSessionsTag = "public-sessions";

/**
 * After a session write (posted, answered, cancelled, moved, places changed): the cached public surfaces
 * that list upcoming sessions are expired now, as refreshPublicSurfaces does for teams and athletes.
 */
export function refreshPublicSessions(): void {
  revalidateTag(publicSessionsTag, { expire: 0 });
}

/**
 * After anything that changes what a team needs or who is listed (a team write, an account deleted, a
 * moderator's hide or suspension, a Noosa day ending): every cached public surface is expired now, and its
 * next request renders it afresh and waits for it, never served the old copy again. `expire: 0` rather
 * than updateTag: the same immediate expiry, and it also works outside a server action (the worker's
 * route handler); in an action it makes the browser's router refetch as updateTag would.
 */
export function refreshPublicSurfaces(): void {
  revalidateTag(publicTeamsTag, { expire: 0 });
  revalidateTag(publicProfilesTag, { expire: 0 });
  refreshPublicSessions();
}

/** The first two minutes of a Noosa day: the worker ticks every minute in production, every few seconds locally. */
const dayTurnSeconds = 120;

/**
 * Noosa's midnight lapses the day's urgent needs and moves every "today"/"3 days left", a change that
 * no write announces. The worker (a route handler called every minute) calls this on each tick; in a new
 * day's first two minutes it refreshes the public surfaces, so a lapsed need is gone by the first tick.
 * Stateless, so a restarted or second instance cannot miss the turn. The cached reads carry the same
 * expiry themselves (publicRead), for a deployment without the worker.
 */
export function refreshAtNoosaDayTurn(now: Date = new Date()): boolean {
  if (86_400 - secondsUntilNoosaMidnight(now) >= dayTurnSeconds) return false;
  refreshPublicSurfaces();
  return true;
}

const timeoutMs = 3000;

function withTimeout<T>(read: Promise<T>): Promise<T> {
  return Promise.race([
    read,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timed out")), timeoutMs).unref?.()),
  ]);
}

/**
 * A public read through Next's data cache, read as a visitor, one copy for everyone, under `tags`.
 * - A failed read (an error, or no answer within 3 s) is thrown, so nothing is stored: unstable_cache
 *   keeps only what its function returns. A page regenerating in the background then keeps its last
 *   good copy (Next retries within 30 s); see orFallbackAtBuild for `next build`.
 * - The copy never outlives the Noosa day it was read on: the day is in its key and its lifetime ends at
 *   midnight, when urgent needs lapse. Pages and routes that read it inherit the shorter lifetime
 *   (their revalidate is the lowest of theirs and their reads').
 * - `backstop` is the lifetime otherwise, in seconds: writes expire the tags (refreshPublicSurfaces), so
 *   it only covers changes made outside the app (in SQL).
 */
export function publicRead<T>(
  key: readonly string[],
  read: () => Promise<T>,
  { tags, backstop }: { tags: readonly string[]; backstop: number },
): Promise<T> {
  return unstable_cache(() => withTimeout(read()), [...key, noosaToday()], {
    tags: [...tags],
    revalidate: Math.max(1, Math.min(backstop, secondsUntilNoosaMidnight())),
  })();
}

/**
 * `read`'s value, or, when it fails during `next build` (the README's `npm run build` runs before the
 * stack is started), `fallback`, with the page or route being prerendered marked to regenerate after one
 * second: the build succeeds, and the first request to the started server brings the real data in (the
 * one that triggers it still gets the fallback, so a fallback must never claim "nothing": it leaves the
 * live parts out). At run time a failure is thrown: nothing is stored and Next keeps the last good copy.
 */
export async function orFallbackAtBuild<T, F>(
  read: () => Promise<T>,
  fallback: F,
  what: string,
): Promise<T | F> {
  try {
    return await read();
  } catch (error) {
    if (process.env.NEXT_PHASE !== PHASE_PRODUCTION_BUILD) throw error;
    const message = (error as Error).message;
    console.warn(`${what} unavailable during the build: left out until the first request`, { message });
    await regenerateSoon();
    return fallback;
  }
}

/**
 * Lowers the revalidate of the page or route being prerendered to one second. Next gives a prerendered
 * page the lowest revalidate of its segment and the data caches it read; segment configs are static, so a
 * one-second entry in the data cache is the way to say it for this one render.
 */
async function regenerateSoon(): Promise<void> {
  await unstable_cache(async () => true, ["regenerate-soon"], { revalidate: 1 })();
}
