import { createHash, timingSafeEqual } from "node:crypto";

/**
 * Whether a cron request carries `Authorization: Bearer $CRON_SECRET` (how Vercel Cron and the local stack
 * call the worker). No secret configured means nobody may call it.
 */
export function isCronAuthorized(header: string | null, secret = process.env.CRON_SECRET): boolean {
  if (!secret || !header) return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(header), digest(`Bearer ${secret}`));
}
