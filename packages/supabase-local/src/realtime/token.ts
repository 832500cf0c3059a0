import type { RealtimeClaims } from "./claims.ts";

/** Roles a subscriber may act as; anything else (e.g. a superuser role in a forged claim) is refused. */
const ALLOWED_ROLES = new Set(["anon", "authenticated", "service_role"]);
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

export type TokenResult =
  { ok: true; claims: RealtimeClaims; exp: number | null } | { ok: false; reason: string };

export const ANON_CLAIMS: RealtimeClaims = { role: "anon" };

function unverifiedPayload(jwt: string): Record<string, unknown> | null {
  try {
    const json = Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString("utf8");
    const payload: unknown = JSON.parse(json);
    return typeof payload === "object" && payload !== null ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function expiredMessage(exp: number, now = Date.now()): string {
  const seconds = Math.max(0, Math.floor(now / 1000 - exp));
  return `Token has expired ${seconds} seconds ago`;
}

/**
 * Resolves the `access_token` of a join or update like Supabase Realtime does: no token or a value that
 * is not a JWT (the publishable key after a sign-out) means the anon role; a JWT must verify.
 */
export async function resolveToken(
  token: unknown,
  verifyToken: (jwt: string) => Promise<RealtimeClaims | null>,
): Promise<TokenResult> {
  if (typeof token !== "string" || !JWT_SHAPE.test(token))
    return { ok: true, claims: ANON_CLAIMS, exp: null };
  let claims: RealtimeClaims | null = null;
  try {
    claims = await verifyToken(token);
  } catch {
    claims = null;
  }
  if (!claims) {
    const payload = unverifiedPayload(token);
    const exp = payload?.exp;
    if (typeof exp === "number" && exp * 1000 <= Date.now())
      return { ok: false, reason: expiredMessage(exp) };
    return { ok: false, reason: "Invalid JWT: signature verification failed" };
  }
  if (typeof claims.role !== "string" || claims.role === "") {
    return { ok: false, reason: "Fields `role` and `exp` are required in JWT" };
  }
  if (!ALLOWED_ROLES.has(claims.role)) return { ok: false, reason: `Role "${claims.role}" is not allowed` };
  const exp = typeof claims.exp === "number" ? claims.exp : null;
  if (exp !== null && exp * 1000 <= Date.now()) return { ok: false, reason: expiredMessage(exp) };
  return { ok: true, claims, exp };
}
