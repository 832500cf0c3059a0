"use server";

import { revalidatePath } from "next/cache";
import { getClaims } from "@/lib/auth/session";
import { withRls } from "@/lib/db";
import { revalidateProfile } from "@/lib/data/profile-cache";
import { errorSummary } from "@/lib/data/profile-writes";
import { answerLookingPrompt, dismissUrgentLapse, markUrgentAgain } from "@/lib/data/roster-prompts";
import { runTeamWrite } from "@/lib/data/team-action";
import { teamIdSchema, type TeamActionResult } from "@/lib/validation/team";

const failure = "Something went wrong. Please try again.";

/**
 * The athlete's answer to "Keep me listed?" / "List me again?": listed as looking for a team or not. The
 * same flag as the profile form's switch, so Browse, Athletes who fit and the counts follow at once.
 */
export async function answerLookingPromptAction(listed: unknown): Promise<TeamActionResult> {
  if (typeof listed !== "boolean") return { ok: false, error: failure };
  const claims = await getClaims();
  if (!claims) return { ok: false, error: "Not authenticated", code: "UNAUTHENTICATED" };
  try {
    const { profileId } = await withRls(claims, (tx) => answerLookingPrompt(tx, listed));
    revalidateProfile(profileId);
    revalidatePath("/browse");
    revalidatePath("/dashboard");
    return { ok: true };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "P0002")
      return { ok: false, error: "Please create your profile first", code: "PROFILE_NOT_FOUND" };
    console.error("looking.answer failed", {
      action: "looking.answer",
      userId: claims.sub,
      ...errorSummary(error),
    });
    return { ok: false, error: failure };
  }
}

/** The creator marks the urgent need a departed member had covered urgent again: same leg, same day. */
export async function markUrgentAgainAction(teamId: unknown): Promise<TeamActionResult> {
  const id = teamIdSchema.safeParse(teamId);
  if (!id.success) return { ok: false, error: "Team not found" };
  return runTeamWrite("team.urgent.again", failure, async (tx) => {
    await markUrgentAgain(tx, id.data);
    return {};
  });
}

/** The creator leaves the leg open without marking it urgent again. */
export async function dismissUrgentLapseAction(teamId: unknown): Promise<TeamActionResult> {
  const id = teamIdSchema.safeParse(teamId);
  if (!id.success) return { ok: false, error: "Team not found" };
  return runTeamWrite("team.urgent.dismiss", failure, async (tx) => {
    await dismissUrgentLapse(tx, id.data);
    return {};
  });
}
