/**
 * The origin written into e-mail links. Taken from the request only on a loopback host (local dev,
 * tests on any port); anywhere else the configured site URL wins, because a forged Host header would
 * otherwise make a reset e-mail carry a victim's token to another site (reset-link poisoning).
 */
export function authRedirectOrigin(requestHeaders: Headers, siteUrl: string): string {
  const host = requestHeaders.get("x-forwarded-host") ?? requestHeaders.get("host");
  if (host) {
    const proto =
      requestHeaders.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https" ? "https" : "http";
    try {
      const url = new URL(`${proto}://${host}`);
      if (["localhost", "127.0.0.1", "[::1]"].includes(url.hostname)) return url.origin;
    } catch {
      // A malformed Host header: fall through to the configured site.
    }
  }
  return new URL(siteUrl).origin;
}

/** `<origin>/auth/confirm?next=<path>`: where every Auth e-mail link lands. */
export function confirmUrl(origin: string, next: string): string {
  return `${origin}/auth/confirm?next=${encodeURIComponent(next)}`;
}
