"use server";

import { revalidatePath } from "next/cache";
import { action } from "@/lib/server-action/define-action";
import { blockAthlete, unblockAthlete } from "@/lib/data/blocks";
import { uuidSchema } from "@/lib/validation/message";

const failure = "Something went wrong. Please try again.";

const blockAction = (name: string, blocked: boolean) =>
  action(
    {
      name,
      fallback: failure,
      args: [{ schema: uuidSchema, error: failure }],
      errors: [
        { when: { code: "22023" }, fail: { error: "You cannot block yourself" } },
        { when: { code: "P0002" }, fail: { error: "Please create your profile first" } },
      ],
      // Browse lists and the settings list depend on it; both are rendered per request.
      onSuccess: () => {
        revalidatePath("/browse");
        revalidatePath("/settings");
      },
    },
    async ({ db }, profileId) => {
      await db((tx) => (blocked ? blockAthlete(tx, profileId) : unblockAthlete(tx, profileId)));
      return { ok: true, blocked } as const;
    },
  );

/** Blocks an athlete (docs/security.md#blocks); a repeat is the same success. */
export const blockAthleteAction = blockAction("blocks.block", true);
export const unblockAthleteAction = blockAction("blocks.unblock", false);
