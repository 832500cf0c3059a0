"use server";

import { authErrorMessage, authErrorText } from "@/lib/auth/auth-errors";
import { safeNext } from "@/lib/auth/safe-next";
import { refuseSuspendedSignIn } from "@/lib/auth/suspended-sign-in";
import { createAuthClient } from "@/lib/supabase/server";
import { confirmSchema } from "@/lib/validation/auth";

export type ConfirmResult = { ok: true; next: string } | { ok: false; error: string };

const RECOVERY_DESTINATION = "/auth?view=update_password";

/**
 * Verifies an e-mail link (token_hash + type, or the PKCE `code` form) and sets the session cookie.
 * A server action rather than a GET route handler, so mail scanners that prefetch links do not use
 * up the one-time token: only a browser running the page's script confirms.
 */
export async function confirmEmailAction(params: Record<string, string | undefined>): Promise<ConfirmResult> {
  const parsed = confirmSchema.safeParse(params);
  if (!parsed.success) return { ok: false, error: authErrorText.invalidConfirmLink };
  const auth = await createAuthClient();

  if ("code" in parsed.data) {
    const { data, error } = await auth.exchangeCodeForSession(parsed.data.code);
    if (error) return failure(error);
    const suspended = await refuseSuspendedSignIn(auth);
    if (suspended) return suspended;
    // auth-js returns redirectType ("recovery" for a reset link) but its declared type omits it.
    const redirectType = (data as { redirectType?: string | null }).redirectType;
    return { ok: true, next: redirectType === "recovery" ? RECOVERY_DESTINATION : safeNext(params.next) };
  }

  const { token_hash, type } = parsed.data;
  const { error } = await auth.verifyOtp({ token_hash, type });
  if (error) return failure(error);
  const suspended = await refuseSuspendedSignIn(auth);
  if (suspended) return suspended;
  // A reset link always leads to choosing a new password (spec: recovery → update_password).
  return { ok: true, next: type === "recovery" ? RECOVERY_DESTINATION : safeNext(params.next) };
}

function failure(error: { code?: string; status?: number; message?: string }): ConfirmResult {
  console.warn("auth confirm failed", { action: "auth.confirm", code: error.code, status: error.status });
  if (error.status === 429) return { ok: false, error: authErrorMessage(error, "email_link") };
  return { ok: false, error: error.message || authErrorText.verificationFailed };
}
