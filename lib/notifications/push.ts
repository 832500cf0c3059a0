import "server-only";
import type { Agent } from "node:https";
import webpush from "web-push";
import { site } from "@/lib/site";
import { isPushEndpoint } from "./push-endpoint";

export type PushTarget = { id: string; endpoint: string; p256dh: string; auth: string };
/** "gone": the push service no longer knows this subscription (404, 410), or it may not be sent to. */
export type PushOutcome = "sent" | "gone";
/** What the worker needs to push (tests inject a fake or point the real one at their own endpoint). */
export type PushSender = { send(target: PushTarget, payload: string): Promise<PushOutcome> };

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/** The VAPID keys from the environment (`npx web-push generate-vapid-keys`), or null: push is then off. */
export function vapidKeys(env: NodeJS.ProcessEnv = process.env): VapidKeys | null {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (!publicKey || !privateKey) return null;
  return { publicKey, privateKey, subject: env.VAPID_SUBJECT?.trim() || `mailto:${site.contactEmail}` };
}

/**
 * Sends through the `web-push` library: the payload encrypted to the subscription's keys (RFC 8291,
 * aes128gcm), the request signed with the VAPID key (RFC 8292). Kept a day by the push service if the phone
 * is off; "high" urgency, as everything sent is something someone is waiting on.
 */
export function webPushSender(
  keys: VapidKeys | null = vapidKeys(),
  /** The HTTPS agent (a proxy's, or one trusting a test endpoint's certificate); default Node's. */
  agent?: Agent,
): PushSender | null {
  if (!keys) return null;
  return {
    async send(target, payload) {
      if (!isPushEndpoint(target.endpoint)) return "gone";
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          {
            vapidDetails: keys,
            TTL: 24 * 60 * 60,
            urgency: "high",
            contentEncoding: "aes128gcm",
            timeout: 10_000,
            ...(agent ? { agent } : {}),
          },
        );
        return "sent";
      } catch (error) {
        if (error instanceof webpush.WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
          return "gone";
        }
        throw error instanceof webpush.WebPushError
          ? new Error(`push service answered ${error.statusCode}`)
          : error;
      }
    },
  };
}
