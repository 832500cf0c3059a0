import { randomUUID } from "node:crypto";
import { AuthError } from "../../http.ts";
import {
  checkPassword,
  limitEmail,
  limitRequest,
  normaliseEmail,
  obj,
  str,
  type Request,
} from "../context.ts";
import { createFlowState, issueEmailToken } from "../email-tokens.ts";
import { redirectTarget, sendAuthMail } from "../mail.ts";
import { issueSession } from "../sessions.ts";
import { createUser, hashPassword, userByEmail, userById, userJson } from "../users.ts";

/** What GoTrue answers for an already-confirmed address when confirmations are on: a look-alike user. */
function obfuscatedUser(email: string, data: Record<string, unknown>) {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: "authenticated",
    role: "authenticated",
    email,
    phone: "",
    confirmation_sent_at: now,
    app_metadata: { provider: "email", providers: ["email"] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

/** POST /signup (protocol §A.3). */
export async function signup(r: Request) {
  const { ctx, body } = r;
  limitRequest(r, "sign_in_sign_ups");
  if (!ctx.config.enable_signup)
    throw new AuthError(422, "signup_disabled", "Signups not allowed for this instance");
  const email = normaliseEmail(str(body, "email"));
  const password = checkPassword(ctx, str(body, "password"));
  const data = obj(body, "data") ?? {};
  const confirmations = ctx.config.enable_confirmations;
  const existing = await userByEmail(ctx.sql, email);
  if (existing?.email_confirmed_at) {
    if (!confirmations) throw new AuthError(422, "user_already_exists", "User already registered");
    return { status: 200, body: obfuscatedUser(email, data) };
  }
  if (confirmations) limitEmail(ctx, email, "confirmation");
  let user = existing;
  if (user) {
    // Unconfirmed: a second sign-up updates the password and data and mails a fresh link (as GoTrue).
    await ctx.sql`update auth.users set encrypted_password = ${await hashPassword(password)},
      raw_user_meta_data = raw_user_meta_data || ${ctx.sql.json(data as never)}, updated_at = now()
      where id = ${user.id}`;
  } else {
    user =
      (await createUser(ctx.sql, { email, password, confirmed: !confirmations, userMetadata: data })) ??
      undefined;
    if (!user) throw new AuthError(422, "user_already_exists", "User already registered");
  }
  if (!confirmations) return { status: 200, body: await issueSession(ctx, user.id, "password") };
  const flow = await createFlowState(ctx, user.id, body, "email/signup");
  const { otp, hash } = await issueEmailToken(ctx, user.id, email, "confirmation_token", flow);
  try {
    await sendAuthMail(
      ctx,
      "confirmation",
      email,
      {
        RedirectTo: redirectTarget(ctx, r.url.searchParams.get("redirect_to")),
        TokenHash: hash,
        Token: otp,
        Email: email,
      },
      user.id,
    );
  } catch (error) {
    // GoTrue sends inside the request's transaction: a failed send leaves no new user behind.
    if (!existing) await ctx.sql`delete from auth.users where id = ${user.id}`;
    throw error;
  }
  return { status: 200, body: userJson((await userById(ctx.sql, user.id))!) };
}
