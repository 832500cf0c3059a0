"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { type ActionResult, fieldErrorsOf } from "@/lib/auth/action-result";
import { authErrorMessage, isEmailTooSoon } from "@/lib/auth/auth-errors";
import { clientIp } from "@/lib/auth/client-ip";
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

/** Where a password-reset link lands: the /auth page's update_password view (spec: recovery → update_password). */
const RECOVERY_DESTINATION = "/auth?view=update_password";

async function emailLink(next: string) {
  return confirmUrl(authRedirectOrigin(await headers(), site.url), next);
}

function logAuthFailure(action: string, error: { code?: string; status?: number }) {
  console.warn("auth action failed", { action, code: error.code, status: error.status });
}

export async function signInAction(input: unknown, next: unknown): Promise<ActionResult> {
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
  const auth = await createAuthClient();
  const result = await guardedSignIn(auth, parsed.data, clientIp(await headers()));
  if (!result.ok) return result;
  const suspended = await refuseSuspendedSignIn(auth);
  if (suspended) return suspended;
  redirect(safeNext(next));
}

export async function signUpAction(
  input: unknown,
  next: unknown,
): Promise<ActionResult<{ message: string }>> {
  const parsed = signUpSchema.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
  // A new account has no profile: a remembered join or message goes through create-profile first.
  const destination = afterSignUp(safeNext(next));
  const auth = await createAuthClient();
  const { data, error } = await auth.signUp({
    ...parsed.data,
    options: { emailRedirectTo: await emailLink(destination) },
  });
  if (error) {
    logAuthFailure("auth.signUp", error);
    return { ok: false, error: authErrorMessage(error, "sign_up") };
  }
  // With confirmations off Auth signs the new user straight in.
  if (data.session) redirect(destination);
  return { ok: true, message: "Check your email for the confirmation link" };
}

/**
 * "Resend" on the check-your-email screen: a new confirmation e-mail (link and code) for an address that
 * signed up and is not confirmed yet. Auth answers an unknown or confirmed address the same way, and its
 * 60-second limit per address says how long to wait.
 */
export async function resendSignUpAction(
  input: unknown,
  next: unknown,
): Promise<ActionResult<{ message: string }>> {
  const parsed = emailOnlySchema.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
  const auth = await createAuthClient();
  const { error } = await auth.resend({
    type: "signup",
    email: parsed.data.email,
    options: { emailRedirectTo: await emailLink(afterSignUp(safeNext(next))) },
  });
  if (error) {
    logAuthFailure("auth.resend", error);
    return { ok: false, error: authErrorMessage(error, "sign_up") };
  }
  return { ok: true, message: `We sent a new e-mail to ${parsed.data.email}` };
}

export async function magicLinkAction(
  input: unknown,
  next: unknown,
): Promise<ActionResult<{ message: string }>> {
  const parsed = emailOnlySchema.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
  const auth = await createAuthClient();
  const { error } = await auth.signInWithOtp({
    email: parsed.data.email,
    // A magic link signs in existing accounts only; new accounts come through sign-up with a password.
    options: { emailRedirectTo: await emailLink(safeNext(next)), shouldCreateUser: false },
  });
  // An unknown address answers like a known one, so the form cannot be used to probe for accounts; so
  // does a known one asked again within Auth's per-address minute (a link went out moments ago).
  const quiet = ["otp_disabled", "user_not_found"].includes(error?.code ?? "") || isEmailTooSoon(error);
  if (error && !quiet) {
    logAuthFailure("auth.magicLink", error);
    return { ok: false, error: authErrorMessage(error, "email_link") };
  }
  return { ok: true, message: "Check your email for the magic link" };
}

export async function resetPasswordAction(input: unknown): Promise<ActionResult<{ message: string }>> {
  const parsed = emailOnlySchema.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
  const auth = await createAuthClient();
  const { error } = await auth.resetPasswordForEmail(parsed.data.email, {
    redirectTo: await emailLink(RECOVERY_DESTINATION),
  });
  // Unknown addresses, and a second request within Auth's per-address minute, read like a sent mail:
  // anything else would tell whether the address has an account.
  if (error && error.code !== "user_not_found" && !isEmailTooSoon(error)) {
    logAuthFailure("auth.resetPassword", error);
    return { ok: false, error: authErrorMessage(error, "email_link") };
  }
  return { ok: true, message: "Check your email for the password reset link" };
}

export async function verifyOtpAction(input: unknown, next: unknown): Promise<ActionResult> {
  const parsed = verifyOtpSchema.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
  const auth = await createAuthClient();
  const result = await guardedVerifyOtp(auth, parsed.data, clientIp(await headers()));
  if (!result.ok) return result;
  const suspended = await refuseSuspendedSignIn(auth);
  if (suspended) return suspended;
  redirect(safeNext(next));
}

/**
 * The /auth update_password view (reached from a reset link). On success the form closes the recovery
 * session in the browser and shows the sign_in view ("Your password has been updated"), so the person
 * signs in with the new password: the auth screen's user-updated → sign_in switch (docs/product.md#auth).
 */
export async function updatePasswordAction(input: unknown): Promise<ActionResult> {
  const parsed = updatePasswordSchema.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
  const auth = await createAuthClient();
  const { error } = await auth.updateUser({ password: parsed.data.password });
  if (error) {
    logAuthFailure("auth.updatePassword", error);
    return { ok: false, error: authErrorMessage(error, "update_password") };
  }
  return { ok: true };
}
