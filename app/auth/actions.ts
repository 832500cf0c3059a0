"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { action, type Arg } from "@/lib/server-action/define-action";
import { authErrorMessage, authErrorText, isEmailTooSoon } from "@/lib/auth/auth-errors";
import { clientIp } from "@/lib/http/client-ip";
import { guardedSignIn, guardedVerifyOtp } from "@/lib/auth/guarded-auth";
import { authRedirectOrigin, confirmUrl } from "@/lib/auth/redirect-origin";
import { safeNext } from "@/lib/auth/safe-next";
import { afterSignUp } from "@/lib/intent/paths";
import { refuseSuspendedSignIn } from "@/lib/auth/suspended-sign-in";
import { site } from "@/lib/site";
import { createAuthClient } from "@/lib/supabase/server";
import {
  emailOnlySchema,
  signInSchema,
  signUpSchema,
  updatePasswordSchema,
  verifyOtpSchema,
} from "@/lib/validation/auth";

// Signing in and up happen before there is a session: public actions. Their forms show field messages only.
const publicAuth = { session: "none", fallback: authErrorText.unexpected } as const;
const form = <S extends z.ZodType>(schema: S): Arg<S> => ({ schema, fields: true });
// Where to go afterwards: anything; safeNext keeps only this site's own paths.
const next: Arg<z.ZodUnknown> = { schema: z.unknown() };

/** Where a password-reset link lands: the /auth page's update_password view (recovery → update_password). */
const RECOVERY_DESTINATION = "/auth?view=update_password";

async function emailLink(to: string) {
  return confirmUrl(authRedirectOrigin(await headers(), site.url), to);
}

function logAuthFailure(action: string, error: { code?: string; status?: number }) {
  console.warn("auth action failed", { action, code: error.code, status: error.status });
}

export const signInAction = action(
  { ...publicAuth, name: "auth.signIn", args: [form(signInSchema), next] },
  async (_ctx, credentials, to) => {
    const auth = await createAuthClient();
    const result = await guardedSignIn(auth, credentials, clientIp(await headers()));
    if (!result.ok) return result;
    const suspended = await refuseSuspendedSignIn(auth);
    if (suspended) return suspended;
    redirect(safeNext(to));
  },
);

export const signUpAction = action(
  { ...publicAuth, name: "auth.signUp", args: [form(signUpSchema), next] },
  async (_ctx, account, to) => {
    // A new account has no profile: a remembered join or message goes through create-profile first.
    const destination = afterSignUp(safeNext(to));
    const auth = await createAuthClient();
    const { data, error } = await auth.signUp({
      ...account,
      options: { emailRedirectTo: await emailLink(destination) },
    });
    if (error) {
      logAuthFailure("auth.signUp", error);
      return { ok: false, error: authErrorMessage(error, "sign_up") } as const;
    }
    // With confirmations off Auth signs the new user straight in.
    if (data.session) redirect(destination);
    return { ok: true, message: "Check your email for the confirmation link" } as const;
  },
);

/**
 * "Resend" on the check-your-email screen: a new confirmation e-mail (link and code) for an address that
 * signed up and is not confirmed yet. Auth answers an unknown or confirmed address the same way, and its
 * 60-second limit per address says how long to wait.
 */
export const resendSignUpAction = action(
  { ...publicAuth, name: "auth.resend", args: [form(emailOnlySchema), next] },
  async (_ctx, { email }, to) => {
    const auth = await createAuthClient();
    const { error } = await auth.resend({
      type: "signup",
      email,
      options: { emailRedirectTo: await emailLink(afterSignUp(safeNext(to))) },
    });
    if (error) {
      logAuthFailure("auth.resend", error);
      return { ok: false, error: authErrorMessage(error, "sign_up") } as const;
    }
    return { ok: true, message: `We sent a new e-mail to ${email}` } as const;
  },
);

export const magicLinkAction = action(
  { ...publicAuth, name: "auth.magicLink", args: [form(emailOnlySchema), next] },
  async (_ctx, { email }, to) => {
    const auth = await createAuthClient();
    const { error } = await auth.signInWithOtp({
      email,
      // A magic link signs in existing accounts only; new accounts come through sign-up with a password.
      options: { emailRedirectTo: await emailLink(safeNext(to)), shouldCreateUser: false },
    });
    // An unknown address answers like a known one, so the form cannot be used to probe for accounts; so
    // does a known one asked again within Auth's per-address minute (a link went out moments ago).
    const quiet = ["otp_disabled", "user_not_found"].includes(error?.code ?? "") || isEmailTooSoon(error);
    if (error && !quiet) {
      logAuthFailure("auth.magicLink", error);
      return { ok: false, error: authErrorMessage(error, "email_link") } as const;
    }
    return { ok: true, message: "Check your email for the magic link" } as const;
  },
);

export const resetPasswordAction = action(
  { ...publicAuth, name: "auth.resetPassword", args: [form(emailOnlySchema)] },
  async (_ctx, { email }) => {
    const auth = await createAuthClient();
    const { error } = await auth.resetPasswordForEmail(email, {
      redirectTo: await emailLink(RECOVERY_DESTINATION),
    });
    // Unknown addresses, and a second request within Auth's per-address minute, read like a sent mail:
    // anything else would tell whether the address has an account.
    if (error && error.code !== "user_not_found" && !isEmailTooSoon(error)) {
      logAuthFailure("auth.resetPassword", error);
      return { ok: false, error: authErrorMessage(error, "email_link") } as const;
    }
    return { ok: true, message: "Check your email for the password reset link" } as const;
  },
);

export const verifyOtpAction = action(
  { ...publicAuth, name: "auth.verifyOtp", args: [form(verifyOtpSchema), next] },
  async (_ctx, code, to) => {
    const auth = await createAuthClient();
    const result = await guardedVerifyOtp(auth, code, clientIp(await headers()));
    if (!result.ok) return result;
    const suspended = await refuseSuspendedSignIn(auth);
    if (suspended) return suspended;
    redirect(safeNext(to));
  },
);

/**
 * The /auth update_password view (reached from a reset link). On success the form closes the recovery
 * session in the browser and shows the sign_in view ("Your password has been updated"), so the person
 * signs in with the new password: the auth screen's user-updated → sign_in switch (docs/product.md#auth). The recovery session is Auth's
 * own (its cookies), read by Auth when it updates the user.
 */
export const updatePasswordAction = action(
  { ...publicAuth, name: "auth.updatePassword", args: [form(updatePasswordSchema)] },
  async (_ctx, { password }) => {
    const auth = await createAuthClient();
    const { error } = await auth.updateUser({ password });
    if (error) {
      logAuthFailure("auth.updatePassword", error);
      return { ok: false, error: authErrorMessage(error, "update_password") } as const;
    }
    return { ok: true } as const;
  },
);
