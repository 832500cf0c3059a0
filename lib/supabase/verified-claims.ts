import type { JWK, SupabaseClient } from "@supabase/supabase-js";
import type { Claims } from "@/lib/db";
import { sessionCookieText } from "./session-user";

type Auth = SupabaseClient["auth"];
type KeySet = { keys: JWK[] };
type Cookie = { name: string; value: string };

/**
 * Tokens this process has verified, by their exact text: the proxy and then the page verify the same
 * token on every request, and ECDSA verification is a noticeable part of a signed-in request's CPU. An
 * entry is only used while the token is unexpired and the key set it was verified with is still the one
 * in use (./signing-keys.ts hands out a new object whenever it refreshes), so it answers exactly as
 * verifying again would.
 */
const verified = new Map<string, { claims: Claims; exp: number; keys: KeySet }>();
const MAX_ENTRIES = 5_000;

/**
 * supabase-js refreshes a session read less than 90 s before it expires (auth-js EXPIRY_MARGIN_MS); a
 * session further from expiry than this is read unchanged, so it can be answered without a client.
 */
const UNCHANGED_FOR_S = 5 * 60;

/**
 * The session @supabase/ssr keeps in its cookie (whole, or chunked as `.0`, `.1`, … and joined in order;
 * `base64-` and base64url of the session's JSON), read with Node's own decoder. Reading it through a
 * Supabase client costs more than the rest of a signed-in page's auth (docs/performance.md#page-weight): @supabase/ssr decodes
 * base64 one code point at a time, twice a request (proxy and page). Null for anything else.
 */
export function sessionInCookies(cookies: Cookie[]): { token: string; expiresAt: number } | null {
  const values = new Map(cookies.map(({ name, value }) => [name, value]));
  const text = sessionCookieText((name) => values.get(name));
  if (!text.startsWith("base64-")) return null;
  try {
    const session = JSON.parse(Buffer.from(text.slice(7), "base64url").toString("utf8")) as unknown;
    if (!session || typeof session !== "object") return null;
    const { access_token: token, expires_at: expiresAt } = session as Record<string, unknown>;
    return typeof token === "string" && typeof expiresAt === "number" ? { token, expiresAt } : null;
  } catch {
    return null;
  }
}

/**
 * The claims of the session in these cookies when this process has verified its token with the key set
 * in use and supabase-js would read the session unchanged (not near expiry): what `verifiedClaims` would
 * answer, without building a Supabase client. Null means "ask `verifiedClaims`", never "signed out".
 */
export function rememberedClaims(cookies: Cookie[], jwks: KeySet | undefined): Claims | null {
  const session = jwks ? sessionInCookies(cookies) : null;
  const known = session ? verified.get(session.token) : undefined;
  const now = Date.now() / 1000;
  if (!session || !known || known.keys !== jwks) return null;
  return session.expiresAt - now > UNCHANGED_FOR_S && known.exp - now > UNCHANGED_FOR_S ? known.claims : null;
}

/**
 * The verified claims of the session in `auth`'s cookies, or null. What `auth.getClaims()` does (its
 * session read refreshes an expiring token), with the signature check done once per token and key set.
 */
export async function verifiedClaims(auth: Auth, jwks: KeySet | undefined): Promise<Claims | null> {
  const { data, error } = await auth.getSession();
  const token = data.session?.access_token;
  if (error || !token) return null;
  const known = jwks ? verified.get(token) : undefined;
  if (known && known.keys === jwks && known.exp * 1000 > Date.now()) return known.claims;

  const { data: checked, error: invalid } = await auth.getClaims(token, { jwks });
  const claims = checked?.claims as Claims | undefined;
  if (invalid || !claims?.sub) return null;
  if (jwks && typeof claims.exp === "number") {
    if (verified.size >= MAX_ENTRIES) verified.delete(verified.keys().next().value!);
    verified.set(token, { claims, exp: claims.exp, keys: jwks });
  }
  return claims;
}
