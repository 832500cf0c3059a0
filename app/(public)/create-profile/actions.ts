"use server";

import { z } from "zod";
import { action } from "@/lib/server-action/define-action";
import { optInToUrgentAlerts } from "@/lib/data/notification-settings";
import { revalidateProfile } from "@/lib/data/profile-cache";
import { profileErrors } from "@/lib/data/profile-errors";
import { insertProfile } from "@/lib/data/profile-writes";
import { findProfileByAuthId } from "@/lib/data/profiles";
import { importProviderPicture } from "@/lib/photos/provider-picture-import";
import { createClient } from "@/lib/supabase/server";
import { profileSchema } from "@/lib/validation/profile";

const failure = "Failed to create profile. Please try again.";

// The box under the provider's picture: ticked, the picture becomes the photo once the profile exists.
const photoChoice = z.object({ use_provider_picture: z.boolean() }).strict().optional();

/**
 * Creates the signed-in user's profile. The e-mail comes from the account (a database trigger). With the
 * provider's picture chosen, it is fetched and stored after the profile is saved; a failure there leaves
 * the profile as saved and answers a note (`pictureNote`) instead.
 */
export const createProfileAction = action(
  {
    name: "profile.create",
    fallback: failure,
    args: [
      { schema: profileSchema, error: failure, fields: true },
      { schema: photoChoice, error: failure },
    ],
    errors: profileErrors(failure),
  },
  async ({ claims, db }, profile, choice) => {
    const created = await db(async (tx) => {
      const row = await insertProfile(tx, claims.sub, profile);
      if (row && profile.urgent_alerts) await optInToUrgentAlerts(tx, row.id);
      return row;
    });
    if (!created) {
      // Lost a race with another create for this account (double submit, second tab): one profile stands.
      const existing = await db((tx) => findProfileByAuthId(tx, claims.sub));
      return existing
        ? ({ ok: true, profileId: existing.id, existed: true } as const)
        : ({ ok: false, error: failure } as const);
    }
    const pictureNote = choice?.use_provider_picture
      ? await importProviderPicture(await createClient(), claims)
      : null;
    revalidateProfile(created.id);
    return { ok: true, profileId: created.id, pictureNote } as const;
  },
);
