"use server";

import { revalidatePath } from "next/cache";
import { getClaims } from "@/lib/auth/session";
import { feedTokenHash, feedUrls, newFeedToken } from "@/lib/calendar/feed-token";
import { createCalendarFeed, revokeCalendarFeed } from "@/lib/data/calendar";
import { errorSummary } from "@/lib/data/profile-writes";
import { withRls } from "@/lib/db";

export type CalendarFeedResult =
  | { ok: true; feed: { https: string; webcal: string; createdAt: string } | null }
  | { ok: false; error: string; code?: "AUTH" };

const failure = "Something went wrong. Please try again.";

async function run(name: string, write: "create" | "revoke"): Promise<CalendarFeedResult> {
  const claims = await getClaims();
  if (!claims) return { ok: false, error: "Not authenticated", code: "AUTH" };
  const token = write === "create" ? newFeedToken() : null;
  try {
    const made = await withRls(claims, async (tx) => {
      if (!token) return void (await revokeCalendarFeed(tx));
      return createCalendarFeed(tx, feedTokenHash(token)!);
    });
    revalidatePath("/settings");
    // The token leaves the server this once: only its hash is kept.
    return { ok: true, feed: token && made ? { ...feedUrls(token), createdAt: made.toISOString() } : null };
  } catch (error) {
    if ((error as { code?: string }).code === "P0002")
      return { ok: false, error: "Please create your profile first" };
    console.error(`${name} failed`, { action: name, userId: claims.sub, ...errorSummary(error) });
    return { ok: false, error: failure };
  }
}

/** Makes the athlete's private calendar feed, or a new one in place of the old (which stops working). */
export async function createCalendarFeedAction(): Promise<CalendarFeedResult> {
  return run("calendar.feed.create", "create");
}

/** Turns the feed off: its link answers 404 from now on. A repeat is the same success. */
export async function revokeCalendarFeedAction(): Promise<CalendarFeedResult> {
  return run("calendar.feed.revoke", "revoke");
}
