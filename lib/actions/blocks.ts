"use server";

import { revalidatePath } from "next/cache";
import { getClaims } from "@/lib/auth/session";
import { withRls } from "@/lib/db";
import { blockAthlete, unblockAthlete } from "@/lib/data/blocks";
import { errorSummary } from "@/lib/data/profile-writes";
import { uuidSchema } from "@/lib/validation/message";

export type BlockResult = { ok: true; blocked: boolean } | { ok: false; error: string; code?: "AUTH" };

const failure = "Something went wrong. Please try again.";

async function run(name: string, profileId: unknown, blocked: boolean): Promise<BlockResult> {
  const claims = await getClaims();
  if (!claims) return { ok: false, error: "Not authenticated", code: "AUTH" };
  const id = uuidSchema.safeParse(profileId);
  if (!id.success) return { ok: false, error: failure };
  try {
    await withRls(claims, (tx) => (blocked ? blockAthlete(tx, id.data) : unblockAthlete(tx, id.data)));
  } catch (error) {
    const e = error as { code?: string };
    if (e.code === "22023") return { ok: false, error: "You cannot block yourself" };
    if (e.code === "P0002") return { ok: false, error: "Please create your profile first" };
    console.error(`${name} failed`, { action: name, userId: claims.sub, ...errorSummary(error) });
    return { ok: false, error: failure };
  }
  // Browse lists and the settings list depend on it; both are rendered per request.
  revalidatePath("/browse");
  revalidatePath("/settings");
  return { ok: true, blocked };
}

/** Blocks an athlete (docs/security.md#blocks); a repeat is the same success. */
export async function blockAthleteAction(profileId: unknown): Promise<BlockResult> {
  return run("blocks.block", profileId, true);
}

export async function unblockAthleteAction(profileId: unknown): Promise<BlockResult> {
  return run("blocks.unblock", profileId, false);
}
