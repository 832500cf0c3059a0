"use server";

import { getClaims } from "@/lib/auth/session";
import { withRls } from "@/lib/db";
import { revalidateProfile } from "@/lib/data/profile-cache";
import { hiddenProfileMessage, isSuspendedError, suspendedMessage } from "@/lib/moderation/suspension";
import { errorSummary, isUsernameTaken, updateProfile as updateProfileRow } from "@/lib/data/profile-writes";
import { findProfileByAuthId } from "@/lib/data/profiles";
import {
  profileFieldErrors,
  profileIdSchema,
  profileSchema,
  type ProfileActionResult,
} from "@/lib/validation/profile";

const failure = "Failed to update profile. Please try again.";
const forbidden = "Forbidden: You can only update your own profile.";

/**
 * Updates profile `profileId` (bound by the edit page). Only its owner may: checked here against the
 * signed-in user's own profile, and again by RLS, which makes the UPDATE match no row for anyone else.
 */
export async function updateProfile(profileId: unknown, input: unknown): Promise<ProfileActionResult> {
  const claims = await getClaims();
  if (!claims) return { ok: false, error: "Not authenticated" };

  const id = profileIdSchema.safeParse(profileId);
  if (!id.success) return { ok: false, error: forbidden };
  const parsed = profileSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: failure, fieldErrors: profileFieldErrors(parsed.error) };

  try {
    const own = await withRls(claims, (tx) => findProfileByAuthId(tx, claims.sub));
    if (!own || own.id !== id.data) return { ok: false, error: forbidden };
    const updated = await withRls(claims, (tx) => updateProfileRow(tx, id.data, parsed.data));
    if (!updated) return { ok: false, error: forbidden };
    revalidateProfile(id.data);
    return { ok: true, profileId: id.data };
  } catch (error) {
    if (isUsernameTaken(error)) {
      return { ok: false, error: failure, fieldErrors: { username: "That username is already taken" } };
    }
    // docs/security.md#moderation: refused in SQL for a suspended account, and for making a profile a moderator hid public.
    if (isSuspendedError(error)) return { ok: false, error: suspendedMessage };
    if ((error as { detail?: string }).detail === "PROFILE_HIDDEN") {
      return { ok: false, error: failure, fieldErrors: { is_public: hiddenProfileMessage } };
    }
    console.error("profile.update failed", {
      action: "profile.update",
      userId: claims.sub,
      ...errorSummary(error),
    });
    return { ok: false, error: failure };
  }
}
