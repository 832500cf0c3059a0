import "server-only";
import { withRls } from "@/lib/db";
import { isUrgent } from "@/lib/teams/urgency";
import { publicRead, publicTeamsTag } from "./public-cache";
import { listOpenTeams, type Team } from "./teams";

/**
 * The open teams whose urgent day is today or later, soonest first (at most `limit`), for the landing
 * pages' "Teams that need someone now" (docs/product.md#landing-pages). Read as a visitor, through the
 * public cache: every team write expires it, and it never outlives the Noosa day (lib/data/public-cache.ts).
 * A failed read is thrown, never cached as "no urgent teams".
 */
export function getUrgentTeams(limit = 3): Promise<Team[]> {
  return publicRead(
    ["urgent-teams", String(limit)],
    async () => {
      const teams = await withRls(null, (tx) => listOpenTeams(tx, { limit }));
      // The urgent leg is always an open one (the database ends a need when its leg is covered); asked again
      // here so this list can never advertise a covered leg.
      return teams.filter(
        (t) => isUrgent(t) && t.urgent_role !== null && t.open_legs.includes(t.urgent_role),
      );
    },
    { tags: [publicTeamsTag], backstop: 300 },
  );
}
