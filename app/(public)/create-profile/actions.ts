"use server";

import { action } from "@/lib/server-action/define-action";
import { optInToUrgentAlerts } from "@/lib/data/notification-settings";
import { revalidateProfile } from "@/lib/data/profile-cache";
import { profileErrors } from "@/lib/data/profile-errors";
import { insertProfile } from "@/lib/data/profile-writes";
import { findProfileByAuthId } from "@/lib/data/profiles";
import { profileSchema } from "@/lib/validation/profile";

const failure = "Failed to create profile. Please try again.";

/** Creates the signed-in user's profile. The e-mail comes from the account (a database trigger). */
export const createProfileAction = action(
  {
    name: "profile.create",
    fallback: failure,
    args: [{ schema: profileSchema, error: failure, fields: true }],
    errors: profileErrors(failure),
  },
  async ({ claims, db }, profile) => {
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
    revalidateProfile(created.id);
    return { ok: true, profileId: created.id } as const;
  },
);
