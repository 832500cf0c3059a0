import { limitEmail, limitRequest, normaliseEmail, str, type Request } from "../context.ts";
import { createFlowState, issueEmailToken } from "../email-tokens.ts";
import { redirectTarget, sendAuthMail } from "../mail.ts";
import { userByEmail } from "../users.ts";

/** POST /recover: mails a password-reset link; unknown addresses get the same {} (no account probing). */
export async function recover(r: Request) {
  const { ctx, body } = r;
  limitRequest(r, "sign_in_sign_ups");
  const email = normaliseEmail(str(body, "email"));
  const user = await userByEmail(ctx.sql, email);
  if (!user) return { status: 200, body: {} };
  limitEmail(ctx, email, "recovery");
  const flow = await createFlowState(ctx, user.id, body, "recovery");
  const { otp, hash } = await issueEmailToken(ctx, user.id, email, "recovery_token", flow);
  await sendAuthMail(
    ctx,
    "recovery",
    email,
    {
      RedirectTo: redirectTarget(ctx, r.url.searchParams.get("redirect_to")),
      TokenHash: hash,
      Token: otp,
      Email: email,
    },
    user.id,
  );
  return { status: 200, body: {} };
}
