"use server";

import { action } from "@/lib/server-action/define-action";
import { revalidateProfile } from "@/lib/data/profile-cache";
import { updateProfile as updateProfileRow } from "@/lib/data/profile-writes";
import { findProfileByAuthId } from "@/lib/data/profiles";
import { profileErrors } from "@/lib/data/profile-errors";
import { profileIdSchema, profileSchema } from "@/lib/validation/profile";

const failure = "Failed to update profile. Please try again.";
const forbidden = "Forbidden: You can only update your own profile.";

/**
 * Updates profile `profileId` (bound by the edit page). Only its owner may: checked here against the
 * signed-in user's own profile, and again by RLS, which makes the UPDATE match no row for anyone else.
 */
export const updateProfileAction = action(
  {
    name: "profile.update",
    fallback: failure,
    args: [
      { schema: profileIdSchema, error: forbidden },
      { schema: profileSchema, error: failure, fields: true },
    ],
    errors: profileErrors(failure),
  },
  async ({ claims, db }, profileId, profile) => {
    const own = await db((tx) => findProfileByAuthId(tx, claims.sub));
    if (!own || own.id !== profileId) return { ok: false, error: forbidden } as const;
    const updated = await db((tx) => updateProfileRow(tx, profileId, profile));
    if (!updated) return { ok: false, error: forbidden } as const;
    revalidateProfile(profileId);
    return { ok: true, profileId } as const;
  },
);
