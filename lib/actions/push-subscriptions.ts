"use server";

import { getClaims } from "@/lib/auth/session";
import { myProfileId } from "@/lib/data/conversations";
import { removePushSubscription, savePushSubscription } from "@/lib/data/push-subscriptions";
import { withRls } from "@/lib/db";
import { pushEndpointSchema, pushSubscriptionSchema } from "@/lib/validation/push-subscription";

export type PushActionResult = { ok: boolean; message: string };

const signInAgain: PushActionResult = {
  ok: false,
  message: "Please sign in again to change your notifications.",
};

function logFailure(action: string, userId: string, error: unknown) {
  console.error("push subscription change failed", {
    action,
    userId,
    reason: error instanceof Error ? error.message : String(error),
  });
}

/** Turns notifications on for this browser: saves its push subscription for the signed-in athlete. */
export async function turnOnPushAction(subscription: unknown): Promise<PushActionResult> {
  const claims = await getClaims();
  if (!claims) return signInAgain;
  const parsed = pushSubscriptionSchema.safeParse(subscription);
  if (!parsed.success) {
    return {
      ok: false,
      message: "This browser's push service is not one we can send to. Try another browser.",
    };
  }
  try {
    const saved = await withRls(claims, async (tx) => {
      if (!(await myProfileId(tx))) return false;
      await savePushSubscription(tx, parsed.data);
      return true;
    });
    return saved
      ? { ok: true, message: "Notifications are on for this device." }
      : { ok: false, message: "Please create your profile first." };
  } catch (error) {
    logFailure("settings.push.on", claims.sub, error);
    return { ok: false, message: "Could not turn on notifications. Please try again." };
  }
}

/** Turns notifications off for this browser: forgets its subscription (if it was the athlete's). */
export async function turnOffPushAction(endpoint: unknown): Promise<PushActionResult> {
  const claims = await getClaims();
  if (!claims) return signInAgain;
  const parsed = pushEndpointSchema.safeParse(endpoint);
  if (!parsed.success) return { ok: false, message: "Could not turn off notifications. Please try again." };
  try {
    await withRls(claims, (tx) => removePushSubscription(tx, parsed.data));
    return { ok: true, message: "Notifications are off for this device." };
  } catch (error) {
    logFailure("settings.push.off", claims.sub, error);
    return { ok: false, message: "Could not turn off notifications. Please try again." };
  }
}
