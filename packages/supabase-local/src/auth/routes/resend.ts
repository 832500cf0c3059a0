import { AuthError } from "../../http.ts";
import { limitEmail, limitRequest, normaliseEmail, str, type Request } from "../context.ts";
import { createFlowState, issueEmailToken } from "../email-tokens.ts";
import { limitEmailChange, sendEmailChange } from "../email-change.ts";
import { redirectTarget, sendAuthMail } from "../mail.ts";
import { userByEmail } from "../users.ts";

/** POST /resend {type: signup|email_change, email}: a fresh link; unknown or confirmed addresses get {} too. */
export async function resend(r: Request) {
  const { ctx, body } = r;
  limitRequest(r, "sign_in_sign_ups");
  const type = str(body, "type");
  if (type !== "signup" && type !== "email_change") {
    throw new AuthError(400, "validation_failed", "Missing one of these types: signup, email_change");
  }
  const email = normaliseEmail(str(body, "email"));
  const redirect = redirectTarget(ctx, r.url.searchParams.get("redirect_to"));
  if (type === "signup") {
    const user = await userByEmail(ctx.sql, email);
    if (!user || user.email_confirmed_at) return { status: 200, body: {} };
    limitEmail(ctx, email, "confirmation");
    const flow = await createFlowState(ctx, user.id, body, "email/signup");
    const { otp, hash } = await issueEmailToken(ctx, user.id, email, "confirmation_token", flow);
    await sendAuthMail(
      ctx,
      "confirmation",
      email,
      { RedirectTo: redirect, TokenHash: hash, Token: otp, Email: email },
      user.id,
    );
    return { status: 200, body: {} };
  }
  const [owner] = await ctx.sql<
    { id: string; email: string }[]
  >`select id, email from auth.users where email_change = ${email}`;
  if (!owner) return { status: 200, body: {} };
  limitEmailChange(ctx, owner.id);
  await sendEmailChange(ctx, owner, email, body, redirect);
  return { status: 200, body: {} };
}
