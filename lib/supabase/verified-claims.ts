import type { JWK, SupabaseClient } from "@supabase/supabase-js";
import type { Claims } from "@/lib/db";

type Auth = SupabaseClient["auth"];
type KeySet = { keys: JWK[] };

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
