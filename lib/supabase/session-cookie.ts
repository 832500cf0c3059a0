import { sessionCookieName } from "@/lib/public-env";

/**
 * Whether the browser holds a Supabase session cookie (whole or chunked as `.0`, `.1`, …). Only a hint
 * for choosing links: the proxy refreshes or clears the cookie on every request, and every protected page
 * verifies the session on the server.
 */
export function hasSessionCookie(cookieHeader: string): boolean {
  return cookieHeader
    .split(";")
    .map((part) => part.trim().split("=")[0])
    .some((name) => name === sessionCookieName || name === `${sessionCookieName}.0`);
}
