import "server-only";
import { withRls } from "@/lib/db";
import type { ListedAthlete } from "./browse";
import { publicProfilesTag, publicRead, publicSessionsTag } from "./public-cache";
import { listUpcomingSessions, type SessionCard } from "./sessions";
import { listTrainingPartners } from "./training-partners";

/**
 * The "Train with others" page's live parts, read as a visitor through the public cache: the next
 * upcoming sessions (every session write expires them: lib/actions/sessions.ts) and the newest athletes
 * open to training (every profile write expires them). A failed read is thrown, never cached as "none".
 */
export function getUpcomingSessionsForSearchers(limit = 6): Promise<SessionCard[]> {
  return publicRead(
    ["train-with-others-sessions", String(limit)],
    () => withRls(null, (tx) => listUpcomingSessions(tx, {}, limit)),
    { tags: [publicSessionsTag], backstop: 300 },
  );
}

export function getOpenToTraining(limit = 6): Promise<{ items: ListedAthlete[]; total: number }> {
  return publicRead(
    ["train-with-others-partners", String(limit)],
    async () => {
      const listed = await withRls(null, (tx) => listTrainingPartners(tx, { page: 1 }, {}, limit));
      // Initials, not photos: a signed photo address would not outlive this cached copy.
      return { ...listed, items: listed.items.map((a) => ({ ...a, photo: null })) };
    },
    { tags: [publicProfilesTag], backstop: 300 },
  );
}
