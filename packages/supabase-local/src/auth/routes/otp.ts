import { AuthError } from "../../http.ts";
import { limitEmail, limitRequest, normaliseEmail, obj, str, type Request } from "../context.ts";
import { createFlowState, issueEmailToken } from "../email-tokens.ts";
import { redirectTarget, sendAuthMail } from "../mail.ts";
import { createUser, userByEmail } from "../users.ts";

/** POST /otp: magic link (or, for a new or unconfirmed address, a sign-up confirmation). */
export async function otp(r: Request) {
  const { ctx, body } = r;
  limitRequest(r, "sign_in_sign_ups");
  if (str(body, "phone")) throw new AuthError(400, "phone_provider_disabled", "Unsupported phone provider");
  const email = normaliseEmail(str(body, "email"));
  const createAllowed = body.create_user !== false && ctx.config.enable_signup;
  let user = await userByEmail(ctx.sql, email);
  if (!user && !createAllowed) throw new AuthError(422, "otp_disabled", "Signups not allowed for otp");
  limitEmail(ctx, email, user?.email_confirmed_at ? "recovery" : "confirmation");
  const created = !user;
  if (!user) {
    user =
      (await createUser(ctx.sql, { email, confirmed: false, userMetadata: obj(body, "data") ?? {} })) ??
      undefined;
    if (!user) throw new AuthError(422, "user_already_exists", "User already registered");
  }
  const confirmed = !!user.email_confirmed_at;
  const flow = await createFlowState(ctx, user.id, body, confirmed ? "magiclink" : "email/signup");
  // GoTrue keeps magic-link tokens in the recovery slot and sends unconfirmed users the confirmation mail.
  const { otp, hash } = await issueEmailToken(
    ctx,
    user.id,
    email,
    confirmed ? "recovery_token" : "confirmation_token",
    flow,
  );
  try {
    await sendAuthMail(
      ctx,
      confirmed ? "magic_link" : "confirmation",
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
    if (created) await ctx.sql`delete from auth.users where id = ${user.id}`;
    throw error;
  }
  return { status: 200, body: {} };
}
