"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { action } from "@/lib/server-action/define-action";
import { revalidateProfile } from "@/lib/data/profile-cache";
import { answerLookingPrompt, dismissUrgentLapse, markUrgentAgain } from "@/lib/data/roster-prompts";
import { teamAction } from "@/lib/actions/team-action";
import { teamIdSchema } from "@/lib/validation/team";

const failure = "Something went wrong. Please try again.";
const team = { schema: teamIdSchema, error: "Team not found" };

/**
 * The athlete's answer to "Keep me listed?" / "List me again?": listed as looking for a team or not. The
 * same flag as the profile form's switch, so Browse, Athletes who fit and the counts follow at once.
 */
export const answerLookingPromptAction = action(
  {
    name: "looking.answer",
    fallback: failure,
    args: [{ schema: z.boolean(), error: failure }],
    errors: [
      {
        when: { code: "P0002" },
        fail: { error: "Please create your profile first", code: "PROFILE_NOT_FOUND" },
      },
    ],
  },
  async ({ db }, listed) => {
    const { profileId } = await db((tx) => answerLookingPrompt(tx, listed));
    revalidateProfile(profileId);
    revalidatePath("/browse");
    revalidatePath("/dashboard");
    return { ok: true } as const;
  },
);

/** The creator marks the urgent need a departed member had covered urgent again: same leg, same day. */
export const markUrgentAgainAction = teamAction(
  { name: "team.urgent.again", fallback: failure, args: [team] },
  async ({ db }, teamId) => {
    await db((tx) => markUrgentAgain(tx, teamId));
    return {};
  },
);

/** The creator leaves the leg open without marking it urgent again. */
export const dismissUrgentLapseAction = teamAction(
  { name: "team.urgent.dismiss", fallback: failure, args: [team] },
  async ({ db }, teamId) => {
    await db((tx) => dismissUrgentLapse(tx, teamId));
    return {};
  },
);
