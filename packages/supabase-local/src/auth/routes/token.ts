import { AuthError } from "../../http.ts";
import { limitRequest, normaliseEmail, str, type Request } from "../context.ts";
import { issueSession, refreshSession, type AuthMethod } from "../sessions.ts";
import { pkceMatches } from "../tokens.ts";
import { userByEmail, verifyPassword } from "../users.ts";

// Compared against when the address is unknown, so both failures take the same time.
const dummyHash = "$2b$10$qmlLSq/RHqPaB3nq6rFRcuxR1AIz5LUoQ9JdVkDi/ECkZj0ugl4..";
const flowStateLifetimeMs = 5 * 60_000;

async function password(r: Request) {
  const { ctx, body } = r;
  limitRequest(r, "sign_in_sign_ups");
  if (str(body, "phone")) throw new AuthError(400, "phone_provider_disabled", "Unsupported phone provider");
  const email = normaliseEmail(str(body, "email"));
  const pw = str(body, "password") ?? "";
  const user = await userByEmail(ctx.sql, email);
  const ok = await verifyPassword(pw, user?.encrypted_password ?? dummyHash);
  if (!user || !ok || !pw) throw new AuthError(400, "invalid_credentials", "Invalid login credentials");
  if (!user.email_confirmed_at) throw new AuthError(400, "email_not_confirmed", "Email not confirmed");
  if (user.banned_until && new Date(user.banned_until) > new Date())
    throw new AuthError(400, "user_banned", "User is banned");
  return issueSession(ctx, user.id, "password");
}

async function refresh(r: Request) {
  limitRequest(r, "token_refresh");
  const token = str(r.body, "refresh_token");
  if (!token) throw new AuthError(400, "validation_failed", "refresh_token required");
  return refreshSession(r.ctx, token);
}

type FlowRow = {
  id: string;
  user_id: string;
  code_challenge: string;
  code_challenge_method: string;
  authentication_method: string;
  auth_code_issued_at: Date | null;
  provider_access_token: string | null;
  provider_refresh_token: string | null;
};

/** grant_type=pkce: trades the ?code= from a mailed link plus the stored verifier for a session. */
async function pkce(r: Request) {
  const { ctx, body } = r;
  limitRequest(r, "token_verifications");
  const code = str(body, "auth_code");
  const verifier = str(body, "code_verifier");
  if (!code || !verifier) {
    throw new AuthError(
      400,
      "validation_failed",
      "invalid request: both auth code and code verifier should be non-empty",
    );
  }
  const [flow] = await ctx.sql<
    FlowRow[]
  >`select * from auth.flow_state where auth_code = ${code} and auth_code_issued_at is not null`;
  if (!flow)
    throw new AuthError(404, "flow_state_not_found", "invalid flow state, no valid flow state found");
  if (Date.now() - new Date(flow.auth_code_issued_at!).getTime() > flowStateLifetimeMs) {
    await ctx.sql`delete from auth.flow_state where id = ${flow.id}`;
    throw new AuthError(422, "flow_state_expired", "invalid flow state, flow state has expired");
  }
  if (!pkceMatches(flow.code_challenge_method, flow.code_challenge, verifier)) {
    throw new AuthError(
      400,
      "bad_code_verifier",
      "code challenge does not match previously saved code verifier",
    );
  }
  // Single use: only the request that deletes the row gets the session.
  const deleted = await ctx.sql`delete from auth.flow_state where id = ${flow.id} returning id`;
  if (!deleted.length)
    throw new AuthError(404, "flow_state_not_found", "invalid flow state, no valid flow state found");
  if (flow.authentication_method === "oauth") {
    // A sign-in through a provider: its tokens come along, as GoTrue's PKCE grant returns them.
    const session = await issueSession(ctx, flow.user_id, "oauth");
    return {
      ...session,
      ...(flow.provider_access_token ? { provider_token: flow.provider_access_token } : {}),
      ...(flow.provider_refresh_token ? { provider_refresh_token: flow.provider_refresh_token } : {}),
    };
  }
  const method: AuthMethod =
    flow.authentication_method === "recovery"
      ? "recovery"
      : flow.authentication_method === "magiclink"
        ? "magiclink"
        : "otp";
  return issueSession(ctx, flow.user_id, method, true);
}

/** POST /token?grant_type=password|refresh_token|pkce */
export async function token(r: Request) {
  const grant = r.url.searchParams.get("grant_type");
  const handler =
    grant === "password" ? password : grant === "refresh_token" ? refresh : grant === "pkce" ? pkce : null;
  if (!handler)
    throw new AuthError(400, "unsupported_grant_type", `unsupported_grant_type: ${grant ?? "missing"}`);
  return { status: 200, body: await handler(r) };
}
