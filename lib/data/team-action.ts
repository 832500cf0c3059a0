import "server-only";
import { revalidatePath, revalidateTag } from "next/cache";
import { getClaims } from "@/lib/auth/session";
import { withRls, type Claims, type Tx } from "@/lib/db";
import type { TeamActionResult } from "@/lib/validation/team";
import { errorSummary } from "./profile-writes";
import { publicTeamsTag } from "./public-teams";
import { teamRuleMessage } from "./team-writes";

/**
 * Runs one team write as the signed-in user: a visitor gets "Not authenticated"; a rule the SQL function
 * refuses comes back with its own text (docs/product.md#teams); anything else is logged and answered with `fallback`.
 */
export async function runTeamWrite<T extends object>(
  name: string,
  fallback: string,
  write: (tx: Tx, claims: Claims) => Promise<T>,
): Promise<TeamActionResult<T>> {
  const claims = await getClaims();
  if (!claims) return { ok: false, error: "Not authenticated", code: "UNAUTHENTICATED" };
  try {
    const result = await withRls(claims, (tx) => write(tx, claims));
    // Team pages are rendered per request; browse may cache its open-team list.
    revalidatePath("/teams", "layout");
    revalidatePath("/browse");
    // Public team pages, their cards and the sitemap's open teams (docs/product.md#public-team-pages): shown fresh on the next request.
    revalidateTag(publicTeamsTag, { expire: 0 });
    revalidatePath("/sitemap.xml");
    // The landing pages list the urgent teams: a new or filled need shows on their next request.
    revalidatePath("/[landing]", "page");
    // Joining or leaving a team changes whether the athlete is listed as looking for one (their public
    // profile's badge, Browse's athletes).
    revalidateTag("public-profiles", { expire: 0 });
    return { ok: true, ...result };
  } catch (error) {
    const message = teamRuleMessage(error);
    if (message === "Profile not found") return { ok: false, error: message, code: "PROFILE_NOT_FOUND" };
    if (message) return { ok: false, error: message };
    console.error(`${name} failed`, { action: name, userId: claims.sub, ...errorSummary(error) });
    return { ok: false, error: fallback };
  }
}
