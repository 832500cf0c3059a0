import { sessionCookieName } from "@/lib/public-env";

// Apart from ./session-cookie.ts, which the top bar of every page loads: only pages that draw the viewer's
// own marks load this in the browser (the server reads the same text in ./verified-claims.ts).

/**
 * The text of @supabase/ssr's session cookie: whole, or chunked as `.0`, `.1`, … and joined in order.
 * Empty when there is none.
 */
export function sessionCookieText(cookie: (name: string) => string | undefined): string {
  const whole = cookie(sessionCookieName);
  if (whole) return whole;
  const chunks: string[] = [];
  for (let i = 0, chunk; (chunk = cookie(`${sessionCookieName}.${i}`)); i++) chunks.push(chunk);
  return chunks.join("");
}

const fromBase64Url = (text: string) => {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
};

/**
 * The account id in the browser's session cookie (@supabase/ssr's `base64-` session, whole or chunked;
 * the `sub` of its access token), unverified. Only for marks a shared page draws for the viewer (their
 * own card, "Your Team", lib/browse/shared-copy.ts; their own public profile): every action checks the session on the server.
 * Null without a readable session.
 */
export function sessionUserId(cookieHeader: string): string | null {
  const cookies = new Map(
    cookieHeader.split(";").map((part) => {
      const at = part.indexOf("=");
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const text = sessionCookieText((name) => cookies.get(name));
  if (!text.startsWith("base64-")) return null;
  try {
    const session = JSON.parse(fromBase64Url(text.slice(7))) as { access_token?: unknown };
    if (typeof session?.access_token !== "string") return null;
    const claims = JSON.parse(fromBase64Url(session.access_token.split(".")[1] ?? "")) as { sub?: unknown };
    return typeof claims?.sub === "string" ? claims.sub : null;
  } catch {
    return null;
  }
}
