import "server-only";
import { withRls } from "@/lib/db";
import { isUrgent } from "@/lib/teams/urgency";
import { listOpenTeams, type Team } from "./teams";

const timeoutMs = 3000;

/**
 * The open teams whose urgent day is today or later, soonest first (at most `limit`), for the landing
 * pages' "Teams that need someone now" (docs/product.md#landing-pages). Read as a visitor; null when the database is
 * unreachable (a build without one), so the static page renders without them until its next revalidation.
 */
export async function getUrgentTeams(limit = 3): Promise<Team[] | null> {
  try {
    const teams = await Promise.race([
      withRls(null, (tx) => listOpenTeams(tx, { limit })),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error("timed out")), timeoutMs).unref?.(),
      ),
    ]);
    // The urgent leg is always an open one (the database ends a need when its leg is covered); asked again
    // here so this list can never advertise a covered leg.
    return teams.filter((t) => isUrgent(t) && t.urgent_role !== null && t.open_legs.includes(t.urgent_role));
  } catch (error) {
    console.warn("urgent teams unavailable", { message: (error as Error).message });
    return null;
  }
}
