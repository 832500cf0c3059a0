import { AuthError } from "../http.ts";
import { limitEmail, releaseEmail, type AuthContext } from "./context.ts";
import { createFlowState, issueEmailToken, type ConsumedToken } from "./email-tokens.ts";
import { sendAuthMail } from "./mail.ts";

/**
 * GoTrue counts e-mail changes against the user's one email_change_sent_at, whatever the new address: a
 * second change to another address within max_frequency is refused too.
 */
export function limitEmailChange(ctx: AuthContext, userId: string): void {
  limitEmail(ctx, `user:${userId}`, "email_change");
}

/**
 * Mails an e-mail change as GoTrue's sendEmailChange does. A code and link for the new address always;
 * with double_confirm_changes ("Secure email change") also one for the current address, and the
 * confirmation count starts again at zero. Templates: one mail to each address. The Send Email Hook: ONE
 * call, whose email_data carries token + token_hash_new for the current address and token_new +
 * token_hash for the new one (GoTrue's own mix-up, kept for compatibility); without the double
 * confirmation token + token_hash are the new address's and the *_new fields are empty.
 */
export async function sendEmailChange(
  ctx: AuthContext,
  user: { id: string; email: string | null },
  newEmail: string,
  body: Record<string, unknown>,
  redirect: string,
): Promise<void> {
  const [before] = await ctx.sql<
    { email_change: string | null; email_change_confirm_status: number; email_change_sent_at: Date | null }[]
  >`select email_change, email_change_confirm_status, email_change_sent_at from auth.users where id = ${user.id}`;
  const flow = await createFlowState(ctx, user.id, body, "email_change");
  const fresh = await issueEmailToken(ctx, user.id, newEmail, "email_change_token_new", flow);
  const secure = ctx.config.double_confirm_changes && !!user.email;
  const current = secure
    ? await issueEmailToken(ctx, user.id, user.email!, "email_change_token_current", flow)
    : null;
  await ctx.sql.begin(async (tx) => {
    await tx`update auth.users set email_change = ${newEmail}, email_change_confirm_status = 0,
             updated_at = now() where id = ${user.id}`;
    if (!current)
      await tx`delete from auth.one_time_tokens where user_id = ${user.id}
               and token_type = 'email_change_token_current'`;
  });
  const vars = { RedirectTo: redirect, Email: user.email ?? "", NewEmail: newEmail };
  try {
    if (ctx.config.send_email_hook) {
      await sendAuthMail(
        ctx,
        "email_change",
        newEmail,
        current
          ? {
              ...vars,
              Token: current.otp,
              TokenHash: fresh.hash,
              TokenNew: fresh.otp,
              TokenHashNew: current.hash,
            }
          : { ...vars, Token: fresh.otp, TokenHash: fresh.hash },
        user.id,
      );
      return;
    }
    await sendAuthMail(
      ctx,
      "email_change",
      newEmail,
      { ...vars, Token: fresh.otp, TokenHash: fresh.hash },
      user.id,
    );
    if (current)
      await sendAuthMail(
        ctx,
        "email_change",
        user.email!,
        { ...vars, Token: current.otp, TokenHash: current.hash },
        user.id,
      );
  } catch (error) {
    // GoTrue saves the change only after a send: a refused one leaves the user's pending change as it was
    // (its codes are gone here, which is stricter, not kinder).
    await ctx.sql.begin(async (tx) => {
      await tx`update auth.users set email_change = ${before?.email_change ?? null},
               email_change_confirm_status = ${before?.email_change_confirm_status ?? 0},
               email_change_sent_at = ${before?.email_change_sent_at ?? null} where id = ${user.id}`;
      await tx`delete from auth.one_time_tokens where user_id = ${user.id}
               and token_type in ('email_change_token_new', 'email_change_token_current')`;
    });
    releaseEmail(ctx, `user:${user.id}`, "email_change");
    throw error;
  }
}

export const singleConfirmationAccepted =
  "Confirmation link accepted. Please proceed to confirm link sent to the other email";

/**
 * A verified e-mail change token. With double_confirm_changes the first of the two only records the
 * confirmation (answer: false, the address unchanged); the second, or the only one when it is off, moves
 * the user to the new address and clears what is left of the change (answer: true).
 */
export async function confirmEmailChange(ctx: AuthContext, token: ConsumedToken): Promise<boolean> {
  return ctx.sql.begin(async (tx) => {
    const [user] = await tx<{ email_change: string | null; email_change_confirm_status: number }[]>`
      select email_change, email_change_confirm_status from auth.users where id = ${token.user_id} for update`;
    const next =
      user?.email_change || (token.token_type === "email_change_token_new" ? token.relates_to : "");
    if (!user || !next) throw new AuthError(403, "otp_expired", "Email link is invalid or has expired");
    if (ctx.config.double_confirm_changes && user.email_change_confirm_status === 0) {
      await tx`update auth.users set email_change_confirm_status = 1, updated_at = now() where id = ${token.user_id}`;
      return false;
    }
    await tx`update auth.users set email = ${next}, email_change = '', email_change_sent_at = null,
             email_change_confirm_status = 0, updated_at = now() where id = ${token.user_id}`;
    await tx`update auth.identities set identity_data = identity_data || ${tx.json({ email: next })}
             where user_id = ${token.user_id} and provider = 'email'`;
    await tx`delete from auth.one_time_tokens where user_id = ${token.user_id}
             and token_type in ('email_change_token_new', 'email_change_token_current')`;
    return true;
  });
}
