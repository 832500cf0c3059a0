import "server-only";
import { withRls, type Claims } from "@/lib/db";
import type { Specialty } from "@/lib/labels";

/** What decides which /browse a signed-in athlete is shown (lib/browse/shared-copy.ts). */
export type BrowseViewer = {
  /** Their profile's leg, named by the "Needs my specialty" box; null without a profile. */
  leg: Specialty | null;
  /** A block either way: then some cards of the shared copy are not theirs to see. */
  blocks: boolean;
};

/**
 * Asked by the proxy for a signed-in /browse (docs/performance.md#page-weight): one short statement as the viewer, instead of
 * rendering the page for them. Blocks both ways come from private.my_blocked_profiles(), the function
 * the per-request lists filter by, so both paths agree on who is hidden. Read as the viewer: an ended
 * session runs as a visitor, may not call it, and fails here, and the caller renders the page per request.
 */
export async function readBrowseViewer(claims: Claims): Promise<BrowseViewer> {
  const [row] = await withRls(
    claims,
    (tx) => tx<{ leg: Specialty | null; blocks: boolean }[]>`
      select (select p.specialty from public.profiles p where p.auth_id = ${claims.sub}) as leg,
             exists (select 1 from private.my_blocked_profiles()) as blocks`,
  );
  return { leg: row?.leg ?? null, blocks: row?.blocks ?? true };
}
