import type { CookieOptionsWithName } from "@supabase/ssr";

/**
 * Options for the Supabase session cookie. `Secure` whenever the page is served over https (always in
 * production on Vercel), so the session never travels over plain http; SameSite=Lax as @supabase/ssr's
 * default, so links from e-mails and other sites still arrive signed in while cross-site POSTs do not
 * carry the cookie. Plain-http local dev and tests (http://127.0.0.1) keep working without `Secure`.
 */
export function sessionCookieOptions(https: boolean): CookieOptionsWithName {
  return { path: "/", sameSite: "lax", secure: https };
}

/**
 * Whether the request reached us over https. `x-forwarded-proto` is set by Vercel's edge, and by Next
 * itself from the socket when no proxy set it; the URL's own scheme is the fallback.
 */
export function isHttps(headers: Headers, url?: string | URL): boolean {
  const proto = headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  if (proto) return proto === "https";
  return url ? new URL(url).protocol === "https:" : false;
}
