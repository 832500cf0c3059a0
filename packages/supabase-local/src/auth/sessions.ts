import { randomUUID } from "node:crypto";
import type postgres from "postgres";
import { AuthError } from "../http.ts";
import type { AuthContext } from "./context.ts";
import { signJwt } from "./jwt.ts";
import { refreshToken } from "./tokens.ts";
import { identityJson, userById, userJson, type UserRow } from "./users.ts";

/** amr methods as GoTrue names them. */
export type AuthMethod =
  "password" | "otp" | "magiclink" | "recovery" | "email/signup" | "email_change" | "oauth";

/** Access-token claims as GoTrue's AccessTokenClaims (protocol §A.8). */
async function accessToken(
  ctx: AuthContext,
  user: UserRow,
  sessionId: string,
  amr: { method: string; timestamp: number }[],
) {
  return signJwt(
    {
      iss: `${ctx.url}/auth/v1`,
      sub: user.id,
      aud: "authenticated",
      email: user.email,
      phone: "",
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: user.role ?? "authenticated",
      aal: "aal1",
      amr,
      session_id: sessionId,
      is_anonymous: user.is_anonymous ?? false,
    },
    ctx.config.jwt_expiry,
  );
}

async function sessionBody(
  ctx: AuthContext,
  user: UserRow,
  sessionId: string,
  refresh: string,
  amrMethod: string,
  amrAt: Date,
) {
  const token = await accessToken(ctx, user, sessionId, [
    { method: amrMethod, timestamp: Math.floor(amrAt.getTime() / 1000) },
  ]);
  return {
    access_token: token,
    token_type: "bearer",
    expires_in: ctx.config.jwt_expiry,
    expires_at: Math.floor(Date.now() / 1000) + ctx.config.jwt_expiry,
    refresh_token: refresh,
    user: userJson(user),
  };
}

/**
 * A new session with its first refresh token; also stamps last_sign_in_at (and confirms, for link flows).
 * One statement (data-modifying CTEs) so a sign-in costs a single round trip after the password check.
 */
export async function issueSession(ctx: AuthContext, userId: string, method: AuthMethod, confirm = false) {
  const sessionId = randomUUID();
  const token = refreshToken();
  const sql = ctx.sql;
  const [user] = await sql<UserRow[]>`
    with u as (
      update auth.users set last_sign_in_at = now(), updated_at = now()
        ${confirm ? sql`, email_confirmed_at = coalesce(email_confirmed_at, now())` : sql``}
      where id = ${userId} returning *),
    i as (
      update auth.identities set last_sign_in_at = now()
        ${confirm ? sql`, identity_data = identity_data || '{"email_verified": true}'` : sql``}
      where user_id = ${userId} returning *),
    s as (
      insert into auth.sessions (id, user_id, aal, amr_method)
      select ${sessionId}, id, 'aal1', ${method} from u returning id),
    r as (
      insert into auth.refresh_tokens (token, user_id, session_id, revoked)
      select ${token}, ${userId}, id, false from s returning 1)
    select u.*, coalesce((select json_agg(${identityJson(sql)} order by i.created_at) from i), '[]'::json) as identities
    from u, r`;
  if (!user) throw new AuthError(404, "user_not_found", "User not found");
  return sessionBody(ctx, user, sessionId, token, method, new Date());
}

type TokenRow = {
  id: string;
  token: string;
  user_id: string;
  session_id: string;
  revoked: boolean;
  parent: string | null;
  updated_at: Date;
};

/**
 * Refresh with rotation (GoTrue tokens/service.go): a live token is revoked and replaced by a child. A revoked
 * one is accepted only if it is the parent of the session's active token or was revoked within the reuse
 * interval — then the active token comes back with a fresh access token. Any other reuse revokes the session.
 */
export async function refreshSession(ctx: AuthContext, presented: string) {
  const result = await ctx.sql.begin(async (tx) => {
    const [row] = await tx<
      TokenRow[]
    >`select * from auth.refresh_tokens where token = ${presented} for update`;
    if (!row || !row.session_id)
      throw new AuthError(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
    const [session] = await tx<
      { created_at: Date; amr_method: string }[]
    >`select created_at, amr_method from auth.sessions where id = ${row.session_id}`;
    if (!session)
      throw new AuthError(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
    let next: string;
    if (row.revoked) {
      const [active] = await tx<TokenRow[]>`select * from auth.refresh_tokens
        where session_id = ${row.session_id} and revoked = false order by id desc limit 1`;
      const withinReuse =
        Date.now() - new Date(row.updated_at).getTime() < ctx.config.refresh_token_reuse_interval * 1000;
      if (!active || (active.parent !== row.token && !withinReuse)) {
        // Reuse of an old token: someone may have stolen it. End the whole session (GoTrue's reuse detection).
        await tx`delete from auth.sessions where id = ${row.session_id}`;
        return { reused: true as const };
      }
      next = active.token;
    } else {
      next = refreshToken();
      await tx`update auth.refresh_tokens set revoked = true, updated_at = now() where id = ${row.id}`;
      await tx`insert into auth.refresh_tokens (token, user_id, session_id, parent, revoked)
               values (${next}, ${row.user_id}, ${row.session_id}, ${row.token}, false)`;
    }
    await tx`update auth.sessions set refreshed_at = now(), updated_at = now() where id = ${row.session_id}`;
    const user = await userById(tx, row.user_id);
    if (!user)
      throw new AuthError(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
    return { reused: false as const, user, sessionId: row.session_id, next, session };
  });
  if (result.reused)
    throw new AuthError(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used");
  const { amr_method, created_at } = result.session;
  return sessionBody(ctx, result.user, result.sessionId, result.next, amr_method, new Date(created_at));
}

export async function sessionExists(sql: postgres.Sql, sessionId: string): Promise<boolean> {
  const [row] = await sql`select 1 from auth.sessions where id = ${sessionId}`;
  return !!row;
}

/** /logout scopes: global = every session of the user, local = this one, others = all but this one. */
export async function revokeSessions(
  sql: postgres.Sql,
  userId: string,
  sessionId: string,
  scope: string,
): Promise<void> {
  if (scope === "local") await sql`delete from auth.sessions where id = ${sessionId}`;
  else if (scope === "others")
    await sql`delete from auth.sessions where user_id = ${userId} and id <> ${sessionId}`;
  else await sql`delete from auth.sessions where user_id = ${userId}`;
}
