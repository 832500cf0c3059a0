import "server-only";
import type { SupabaseClient } from "@supabase/supabase-js";
import { authErrorMessage, isAuthUnavailable } from "./auth-errors";
import { beginAttempt } from "./throttle";

type Auth = Pick<SupabaseClient["auth"], "signInWithPassword" | "verifyOtp">;
type Outcome = { ok: true } | { ok: false; error: string };

function logAuthFailure(action: string, error: { code?: string; status?: number }) {
  console.warn("auth action failed", { action, code: error.code, status: error.status });
}

/**
 * Password sign-in behind the app's throttle (./throttle.ts). Only wrong credentials count: a correct
 * password (even for an unconfirmed address) is forgiven.
 */
export async function guardedSignIn(
  auth: Auth,
  input: { email: string; password: string },
  ip: string | null,
): Promise<Outcome> {
  const attempt = await beginAttempt("sign_in", { ip, account: input.email });
  if (!attempt.allowed) return { ok: false, error: attempt.message };
  const { error } = await auth.signInWithPassword(input);
  await attempt.settle(error?.code === "invalid_credentials");
  if (!error) return { ok: true };
  logAuthFailure("auth.signIn", error);
  return { ok: false, error: authErrorMessage(error, "sign_in") };
}

/** The 6-digit code from an e-mail, behind the same throttle: a million codes must not be guessable. */
export async function guardedVerifyOtp(
  auth: Auth,
  input: { email: string; token: string },
  ip: string | null,
): Promise<Outcome> {
  const attempt = await beginAttempt("verify_otp", { ip, account: input.email });
  if (!attempt.allowed) return { ok: false, error: attempt.message };
  const { error } = await auth.verifyOtp({ ...input, type: "email" });
  // Only a refused code counts: not a rate limit, not Auth being unreachable.
  await attempt.settle(!!error && error.status !== 429 && !isAuthUnavailable(error));
  if (!error) return { ok: true };
  logAuthFailure("auth.verifyOtp", error);
  return { ok: false, error: authErrorMessage(error, "verify") };
}
