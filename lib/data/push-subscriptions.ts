import "server-only";
import type { Tx } from "@/lib/db";
import type { PushSubscriptionInput } from "@/lib/validation/push-subscription";

/** The signed-in athlete's devices' endpoints (RLS: their own only), newest first. */
export async function myPushEndpoints(tx: Tx): Promise<string[]> {
  const rows = await tx<{ endpoint: string }[]>`
    select endpoint from public.push_subscriptions order by updated_at desc`;
  return rows.map((r) => r.endpoint);
}

/** Saves this browser's subscription for the signed-in athlete (the same endpoint again updates it). */
export async function savePushSubscription(tx: Tx, sub: PushSubscriptionInput): Promise<void> {
  await tx`select public.save_push_subscription(${sub.endpoint}, ${sub.keys.p256dh}, ${sub.keys.auth})`;
}

/** Removes one of the signed-in athlete's devices; another athlete's endpoint is not theirs to remove (RLS). */
export async function removePushSubscription(tx: Tx, endpoint: string): Promise<void> {
  await tx`delete from public.push_subscriptions where endpoint = ${endpoint}`;
}
