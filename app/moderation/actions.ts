"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { getClaims } from "@/lib/auth/session";
import { withRls } from "@/lib/db";
import { revalidateProfile } from "@/lib/data/profile-cache";
import { moderate, moderationActions } from "@/lib/data/reports";
import { errorSummary } from "@/lib/data/profile-writes";

const schema = z.strictObject({ action: z.enum(moderationActions), reportId: z.uuid() });

/**
 * One moderator action on a report, from a form on /moderation (works without JavaScript). The SQL
 * function checks the role, takes the moderation lock and records the action; this only reports back
 * through the page's address (?done= or ?error=), so a reload never repeats the action.
 */
export async function moderateReport(formData: FormData): Promise<void> {
  const claims = await getClaims();
  const parsed = schema.safeParse({ action: formData.get("action"), reportId: formData.get("reportId") });
  if (!claims || !parsed.success) redirect("/moderation?error=invalid");
  const { action, reportId } = parsed.data;
  let outcome: string;
  try {
    const { closed, profileId } = await withRls(claims, async (tx) => {
      const [report] = await tx<
        { target_id: string }[]
      >`select target_id from public.reports where id = ${reportId}`;
      return { closed: await moderate(tx, action, reportId), profileId: report?.target_id };
    });
    // The public profile page is cached: a hidden profile must leave it (and the sitemap) now.
    if (action === "hide_profile" && profileId) revalidateProfile(profileId);
    outcome = `done=${action}&closed=${closed}`;
  } catch (error) {
    const detail = (error as { detail?: string }).detail;
    if (detail === "REPORT_HANDLED") outcome = "error=handled";
    else if (detail === "SUSPEND_MODERATOR") outcome = "error=moderator";
    else {
      console.error("moderation action failed", { action, userId: claims.sub, ...errorSummary(error) });
      outcome = "error=failed";
    }
  }
  redirect(`/moderation?${outcome}#outcome`);
}
