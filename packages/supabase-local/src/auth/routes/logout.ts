import { AuthError } from "../../http.ts";
import { requireUser } from "../bearer.ts";
import type { Request } from "../context.ts";
import { revokeSessions } from "../sessions.ts";

/** POST /logout?scope=global|local|others → 204; the session's refresh tokens go with it. */
export async function logout(r: Request) {
  const scope = r.url.searchParams.get("scope") ?? "global";
  if (!["global", "local", "others"].includes(scope)) {
    throw new AuthError(
      400,
      "validation_failed",
      "Unsupported logout scope, must be one of global, local, others",
    );
  }
  const { claims, user } = await requireUser(r.ctx, r.req);
  await revokeSessions(r.ctx.sql, user.id, claims.session_id!, scope);
  return { status: 204, body: null };
}
