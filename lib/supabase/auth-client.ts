import { createServerClient, type CookieMethodsServer } from "@supabase/ssr";
import { publicEnv } from "@/lib/env";
import { sessionCookieOptions } from "./cookie-options";
import { forwardedAuth } from "./forwarding";

// A hung Auth must not hold a page or a sign-in forever: past this, supabase-js reports
// AuthRetryableFetchError and the person reads that sign-in is unavailable (lib/auth/auth-errors.ts).
const AUTH_TIMEOUT_MS = 10_000;
const fetchWithTimeout: typeof fetch = (input, init) =>
  fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(AUTH_TIMEOUT_MS) });

/**
 * Supabase Auth for server code that acts for one visitor: their address goes to Auth in
 * Sb-Forwarded-For (./forwarding.ts), and the session cookie is Secure over https. Only `.auth` is
 * returned: the client may carry the secret key, which must never reach a database query.
 */
export function visitorAuthClient(
  cookies: CookieMethodsServer,
  visitor: { ip: string | null; https: boolean },
) {
  const { key, headers } = forwardedAuth(visitor.ip);
  return createServerClient(publicEnv.NEXT_PUBLIC_SUPABASE_URL, key, {
    cookies,
    cookieOptions: sessionCookieOptions(visitor.https),
    global: { headers, fetch: fetchWithTimeout },
  }).auth;
}
