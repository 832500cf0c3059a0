"use server";

import { action } from "@/lib/server-action/define-action";
import { myProfileId } from "@/lib/data/conversations";
import { removePushSubscription, savePushSubscription } from "@/lib/data/push-subscriptions";
import { pushEndpointSchema, pushSubscriptionSchema } from "@/lib/validation/push-subscription";

const texts = { UNAUTHENTICATED: "Please sign in again to change your notifications." };
const offFailure = "Could not turn off notifications. Please try again.";

/** Turns notifications on for this browser: saves its push subscription for the signed-in athlete. */
export const turnOnPushAction = action(
  {
    name: "settings.push.on",
    fallback: "Could not turn on notifications. Please try again.",
    texts,
    // Another account's endpoint (the browser was set up while someone else was signed in here): never
    // moved; the toggle asks the push service for a fresh endpoint and saves that instead.
    errors: [
      {
        when: { code: "P0001", hint: "PUSH_ENDPOINT_TAKEN" },
        fail: { error: "This browser's notifications are set up for another account.", code: "TAKEN" },
      },
    ],
    args: [
      {
        schema: pushSubscriptionSchema,
        error: "This browser's push service is not one we can send to. Try another browser.",
      },
    ],
  },
  async ({ db }, subscription) => {
    const saved = await db(async (tx) => {
      if (!(await myProfileId(tx))) return false;
      await savePushSubscription(tx, subscription);
      return true;
    });
    return saved
      ? ({ ok: true, message: "Notifications are on for this device." } as const)
      : ({ ok: false, error: "Please create your profile first." } as const);
  },
);

/** Turns notifications off for this browser: forgets its subscription (if it was the athlete's). */
export const turnOffPushAction = action(
  {
    name: "settings.push.off",
    fallback: offFailure,
    texts,
    args: [{ schema: pushEndpointSchema, error: offFailure }],
  },
  async ({ db }, endpoint) => {
    await db((tx) => removePushSubscription(tx, endpoint));
    return { ok: true, message: "Notifications are off for this device." } as const;
  },
);
