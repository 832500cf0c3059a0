"use server";

import { action } from "@/lib/server-action/define-action";
import { feedTokenHash, feedUrls, newFeedToken } from "@/lib/calendar/feed-token";
import { createCalendarFeed, revokeCalendarFeed } from "@/lib/data/calendar";

const feedAction = (name: string, write: "create" | "revoke") =>
  action(
    {
      name,
      fallback: "Something went wrong. Please try again.",
      args: [],
      errors: [{ when: { code: "P0002" }, fail: { error: "Please create your profile first" } }],
    },
    async ({ db }) => {
      const token = write === "create" ? newFeedToken() : null;
      const made = await db(async (tx) => {
        if (!token) return void (await revokeCalendarFeed(tx));
        return createCalendarFeed(tx, feedTokenHash(token)!);
      });
      // The token leaves the server this once: only its hash is kept.
      const feed = token && made ? { ...feedUrls(token), createdAt: made.toISOString() } : null;
      return { ok: true, feed } as const;
    },
  );

// No revalidatePath: Settings is rendered per request, and the section keeps what changed in its own
// state (a new link exists only there), so the page is not rendered again under the athlete's eyes.

/** Makes the athlete's private calendar feed, or a new one in place of the old (which stops working). */
export const createCalendarFeedAction = feedAction("calendar.feed.create", "create");

/** Turns the feed off: its link answers 404 from now on. A repeat is the same success. */
export const revokeCalendarFeedAction = feedAction("calendar.feed.revoke", "revoke");

export type CalendarFeedResult = Awaited<ReturnType<typeof createCalendarFeedAction>>;
