"use server";

import { getClaims } from "@/lib/auth/session";
import { withRls } from "@/lib/db";
import { optInToUrgentAlerts } from "@/lib/data/notification-settings";
import { revalidateProfile } from "@/lib/data/profile-cache";
import { errorSummary, insertProfile, isUsernameTaken } from "@/lib/data/profile-writes";
import { findProfileByAuthId } from "@/lib/data/profiles";
import { profileFieldErrors, profileSchema, type ProfileActionResult } from "@/lib/validation/profile";

const failure = "Failed to create profile. Please try again.";

/** Creates the signed-in user's profile. The e-mail comes from the account (a database trigger). */
export async function createProfile(input: unknown): Promise<ProfileActionResult> {
  const claims = await getClaims();
  if (!claims) return { ok: false, error: "Not authenticated" };

  const parsed = profileSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: failure, fieldErrors: profileFieldErrors(parsed.error) };

  try {
    const created = await withRls(claims, async (tx) => {
      const row = await insertProfile(tx, claims.sub, parsed.data);
      if (row && parsed.data.urgent_alerts) await optInToUrgentAlerts(tx, row.id);
      return row;
    });
    if (!created) {
      // Lost a race with another create for this account (double submit, second tab): one profile stands.
      const existing = await withRls(claims, (tx) => findProfileByAuthId(tx, claims.sub));
      return existing ? { ok: true, profileId: existing.id, existed: true } : { ok: false, error: failure };
    }
    revalidateProfile(created.id);
    return { ok: true, profileId: created.id };
  } catch (error) {
    if (isUsernameTaken(error)) {
      return { ok: false, error: failure, fieldErrors: { username: "That username is already taken" } };
    }
    console.error("profile.create failed", {
      action: "profile.create",
      userId: claims.sub,
      ...errorSummary(error),
    });
    return { ok: false, error: failure };
  }
}
