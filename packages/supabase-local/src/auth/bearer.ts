import type { IncomingMessage } from "node:http";
import { AuthError, sameSecret } from "../http.ts";
import type { AuthContext } from "./context.ts";
import { verifyAccessToken, type AccessClaims } from "./jwt.ts";
import { sessionExists } from "./sessions.ts";
import { userById, type UserRow } from "./users.ts";

function bearer(req: IncomingMessage): string {
  const header = req.headers.authorization ?? "";
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  if (!m) throw new AuthError(401, "no_authorization", "This endpoint requires a valid Bearer token");
  return m[1]!;
}

/** Verified claims of the bearer token, any role. */
export async function bearerClaims(req: IncomingMessage): Promise<AccessClaims> {
  const claims = await verifyAccessToken(bearer(req));
  if (!claims) {
    throw new AuthError(
      403,
      "bad_jwt",
      "invalid JWT: unable to parse or verify signature, token is malformed or expired",
    );
  }
  return claims;
}

/** The signed-in user behind a user access token, with the checks GoTrue makes (protocol §A.7). */
export async function requireUser(
  ctx: AuthContext,
  req: IncomingMessage,
): Promise<{ claims: AccessClaims; user: UserRow }> {
  const claims = await bearerClaims(req);
  if (!claims.sub || claims.role === "service_role" || claims.role === "anon") {
    throw new AuthError(403, "bad_jwt", "invalid claim: missing sub claim");
  }
  // GoTrue loads the user first, then the session.
  const user = await userById(ctx.sql, claims.sub);
  if (!user) throw new AuthError(403, "user_not_found", "User from sub claim in JWT does not exist");
  if (!claims.session_id || !(await sessionExists(ctx.sql, claims.session_id))) {
    throw new AuthError(403, "session_not_found", "Session from session_id claim in JWT does not exist");
  }
  return { claims, user };
}

/**
 * The GoTrue admin API needs a service_role token, or (as hosted Supabase, whose gateway turns it into one)
 * the project's secret key `sb_secret_…` when the caller passes it.
 */
export async function requireServiceRole(req: IncomingMessage, secretKey = ""): Promise<void> {
  const token = bearer(req);
  if (secretKey && sameSecret(token, secretKey)) return;
  const claims = await bearerClaims(req);
  if (claims.role !== "service_role") throw new AuthError(403, "not_admin", "User not allowed");
}
