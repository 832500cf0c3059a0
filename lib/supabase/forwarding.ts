import { publicEnv } from "@/lib/env";

/**
 * Supabase Auth rate-limits per client address, and server actions all reach it from the app server's one
 * address. Supabase lets a trusted server name the visitor instead: the `Sb-Forwarded-For` header, honoured
 * only on requests made with a secret API key (`sb_secret_…`; publishable and legacy `service_role` keys
 * are not supported) and once "IP Address Forwarding" is on under Authentication → Rate Limits
 * (https://supabase.com/docs/guides/auth/rate-limits, "IP address forwarding"). Without a secret key
 * (`SUPABASE_SECRET_KEY`, server only) or a known address, Auth sees the server, as before.
 */
export function forwardedAuth(
  ip: string | null,
  secretKey = process.env.SUPABASE_SECRET_KEY,
): { key: string; headers: Record<string, string> } {
  if (!ip || !secretKey) return { key: publicEnv.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY, headers: {} };
  return { key: secretKey, headers: { "sb-forwarded-for": ip } };
}
