import "server-only";
import { withRls } from "@/lib/db";
import { isUrgent } from "@/lib/teams/urgency";
import { listOpenTeams, type Team } from "./teams";

const timeoutMs = 3000;

/**
 * The open teams whose urgent day is today or later, soonest first (at most `limit`), for the landing
 * pages' "Teams that need someone now" (issue 20). Read as a visitor; null when the database is
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
    return teams.filter((t) => isUrgent(t));
  } catch (error) {
    console.warn("urgent teams unavailable", { message: (error as Error).message });
    return null;
  }
}
