import { z } from "zod";
import { isPushEndpoint } from "@/lib/notifications/push-endpoint";

/** A browser's push subscription as PushSubscription.toJSON() gives it; only a push service's endpoint. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string()
    .max(1024)
    .refine((value) => isPushEndpoint(value), "Not a push service address"),
  keys: z.object({
    // The browser's P-256 public key (65 bytes) and auth secret (16 bytes), base64url.
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{87}=?$/),
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/),
  }),
});

export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushEndpointSchema = z.string().min(1).max(1024);
