"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { action } from "@/lib/server-action/define-action";
import { revalidateProfile } from "@/lib/data/profile-cache";
import { refreshPublicSurfaces } from "@/lib/data/public-cache";
import { moderate, moderationActions } from "@/lib/data/reports";
import { removeReportedPhoto } from "@/lib/photos/store";

// What the page says is chosen by a key in its address (?error=…); these are the keys.
const invalid = "invalid";
const keys = new Set([invalid, "handled", "moderator"]);

const moderateAction = action(
  {
    name: "moderation.act",
    fallback: "failed",
    texts: { UNAUTHENTICATED: invalid },
    args: [
      { schema: z.strictObject({ action: z.enum(moderationActions), reportId: z.uuid() }), error: invalid },
    ],
    errors: [
      { when: { detail: "REPORT_HANDLED" }, fail: { error: "handled" } },
      { when: { detail: "SUSPEND_MODERATOR" }, fail: { error: "moderator" } },
    ],
  },
  async ({ db }, { action, reportId }) => {
    if (action === "remove_photo") {
      const removed = await db((tx) => removeReportedPhoto(tx, reportId));
      // The face leaves the profile's cached page, its social card and every cached list that shows it.
      revalidateProfile(removed.profileId);
      refreshPublicSurfaces();
      // A photo the athlete had already replaced stays: the page says so rather than "removed".
      const done = removed.cleared ? "remove_photo" : "photo_replaced";
      return { ok: true, outcome: `done=${done}&closed=${removed.closed}` } as const;
    }
    const { closed, profileId } = await db(async (tx) => {
      const [report] = await tx<
        { target_id: string }[]
      >`select target_id from public.reports where id = ${reportId}`;
      return { closed: await moderate(tx, action, reportId), profileId: report?.target_id };
    });
    // A hidden profile leaves its cached page now; a hide or a suspension can change who is listed and a
    // team's roster, so every cached public surface is expired too (lib/data/public-cache.ts).
    if (action === "hide_profile" && profileId) revalidateProfile(profileId);
    // A hidden session's dates leave every list of sessions, cached ones too.
    if (["hide_profile", "suspend", "hide_session", "remove_rsvp"].includes(action)) refreshPublicSurfaces();
    return { ok: true, outcome: `done=${action}&closed=${closed}` } as const;
  },
);

/**
 * One moderator action on a report, from a form on /moderation (works without JavaScript). The SQL
 * function checks the role, takes the moderation lock and records the action; this only reports back
 * through the page's address (?done= or ?error=), so a reload never repeats the action.
 */
export async function moderateReportAction(formData: FormData): Promise<void> {
  const result = await moderateAction({ action: formData.get("action"), reportId: formData.get("reportId") });
  // Any other refusal (a report that is gone, a suspended moderator) reads as "failed".
  const outcome = result.ok
    ? result.outcome
    : `error=${keys.has(result.error ?? "") ? result.error : "failed"}`;
  redirect(`/moderation?${outcome}#outcome`);
}
