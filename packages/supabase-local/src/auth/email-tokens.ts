import { randomUUID } from "node:crypto";
import { AuthError } from "../http.ts";
import { str, type AuthContext } from "./context.ts";
import { otpCode, tokenHash } from "./tokens.ts";

export type TokenType =
  "confirmation_token" | "recovery_token" | "email_change_token_new" | "email_change_token_current";
export type FlowMethod = "email/signup" | "magiclink" | "recovery" | "email_change";

/** Which stored tokens a /verify `type` may use: GoTrue treats `email` as "sign-up or magic link". */
export const typesFor: Record<string, TokenType[]> = {
  signup: ["confirmation_token"],
  invite: ["confirmation_token"],
  email: ["confirmation_token", "recovery_token"],
  magiclink: ["recovery_token", "confirmation_token"],
  recovery: ["recovery_token"],
  email_change: ["email_change_token_new", "email_change_token_current"],
};

/** A PKCE flow when the client sent a code challenge (always under @supabase/ssr). */
export async function createFlowState(
  ctx: AuthContext,
  userId: string | null,
  body: Record<string, unknown>,
  method: FlowMethod | "oauth",
  providerType = "email",
) {
  const challenge = str(body, "code_challenge");
  if (!challenge) return null;
  const challengeMethod = (str(body, "code_challenge_method") ?? "s256").toLowerCase();
  if (challengeMethod !== "s256" && challengeMethod !== "plain") {
    throw new AuthError(400, "validation_failed", "code challenge method not supported");
  }
  if (challenge.length < 43 || challenge.length > 128) {
    throw new AuthError(400, "validation_failed", "code challenge has to be between 43 and 128 characters");
  }
  const id = randomUUID();
  if (!/^[a-zA-Z._~0-9-]+$/.test(challenge)) {
    throw new AuthError(
      400,
      "validation_failed",
      "code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes",
    );
  }
  await ctx.sql`insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge,
      authentication_method, provider_type)
    values (${id}, ${userId}, ${randomUUID()}, ${challengeMethod}, ${challenge}, ${method}, ${providerType})`;
  return id;
}

/** Stores a fresh one-time token (replacing the user's previous one of that type) and returns the mail values. */
export async function issueEmailToken(
  ctx: AuthContext,
  userId: string,
  email: string,
  type: TokenType,
  flowStateId: string | null,
) {
  const otp = otpCode();
  const hash = tokenHash(email, otp, !!flowStateId);
  const sentColumn = {
    confirmation_token: "confirmation_sent_at",
    recovery_token: "recovery_sent_at",
    email_change_token_new: "email_change_sent_at",
    email_change_token_current: "email_change_sent_at",
  }[type];
  await ctx.sql.begin(async (tx) => {
    await tx`insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, flow_state_id)
      values (${userId}, ${type}, ${hash}, ${email}, ${flowStateId})
      on conflict (user_id, token_type) do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to,
        flow_state_id = excluded.flow_state_id, created_at = now(), updated_at = now()`;
    await tx`update auth.users set ${tx(sentColumn)} = now() where id = ${userId}`;
  });
  return { otp, hash };
}

export type ConsumedToken = {
  user_id: string;
  token_type: TokenType;
  relates_to: string;
  flow_state_id: string | null;
};

const invalidLink = () => new AuthError(403, "otp_expired", "Email link is invalid or has expired");

/** Uses up a token found by hash (or by e-mail + code); throws 403 otp_expired when unknown or too old. */
export async function consumeToken(
  ctx: AuthContext,
  hashes: string[],
  verifyType: string,
  email?: string,
): Promise<ConsumedToken> {
  const types = typesFor[verifyType];
  if (!types)
    throw new AuthError(
      400,
      "validation_failed",
      `Verify requires a valid type, got ${verifyType || "none"}`,
    );
  const [row] = await ctx.sql<(ConsumedToken & { expired: boolean })[]>`
    delete from auth.one_time_tokens where id = (
      select id from auth.one_time_tokens
      where token_hash in ${ctx.sql(hashes)} and token_type in ${ctx.sql(types)}
        ${email ? ctx.sql`and relates_to = ${email}` : ctx.sql``}
      limit 1)
    returning user_id, token_type, relates_to, flow_state_id,
      created_at < now() - make_interval(secs => ${ctx.config.otp_expiry}) as expired`;
  if (!row)
    throw email ? new AuthError(403, "otp_expired", "Token has expired or is invalid") : invalidLink();
  if (row.expired)
    throw email ? new AuthError(403, "otp_expired", "Token has expired or is invalid") : invalidLink();
  return row;
}
