"use server";

import { z } from "zod";
import { action } from "@/lib/server-action/define-action";
import { authErrorMessage, authErrorText } from "@/lib/auth/auth-errors";
import { safeNext } from "@/lib/auth/safe-next";
import { refuseSuspendedSignIn } from "@/lib/auth/suspended-sign-in";
import { createAuthClient } from "@/lib/supabase/server";
import { confirmSchema } from "@/lib/validation/auth";

const RECOVERY_DESTINATION = "/auth?view=update_password";

/**
 * Verifies an e-mail link (token_hash + type, or the PKCE `code` form) and sets the session cookie.
 * A server action rather than a GET route handler, so mail scanners that prefetch links do not use
 * up the one-time token: only a browser running the page's script confirms.
 */
export const confirmEmailAction = action(
  {
    name: "auth.confirm",
    session: "none",
    fallback: authErrorText.verificationFailed,
    args: [
      {
        schema: z.object({ next: z.string().optional() }).and(confirmSchema),
        error: authErrorText.invalidConfirmLink,
      },
    ],
  },
  async (_ctx, link) => {
    const auth = await createAuthClient();

    if ("code" in link) {
      const { data, error } = await auth.exchangeCodeForSession(link.code);
      if (error) return failure(error);
      const suspended = await refuseSuspendedSignIn(auth);
      if (suspended) return suspended;
      // auth-js returns redirectType ("recovery" for a reset link) but its declared type omits it.
      const redirectType = (data as { redirectType?: string | null }).redirectType;
      return {
        ok: true,
        next: redirectType === "recovery" ? RECOVERY_DESTINATION : safeNext(link.next),
      } as const;
    }

    const { error } = await auth.verifyOtp({ token_hash: link.token_hash, type: link.type });
    if (error) return failure(error);
    const suspended = await refuseSuspendedSignIn(auth);
    if (suspended) return suspended;
    // A reset link always leads to choosing a new password (recovery → update_password).
    return { ok: true, next: link.type === "recovery" ? RECOVERY_DESTINATION : safeNext(link.next) } as const;
  },
);

function failure(error: { code?: string; status?: number; message?: string }) {
  console.warn("auth confirm failed", { action: "auth.confirm", code: error.code, status: error.status });
  if (error.status === 429) return { ok: false, error: authErrorMessage(error, "email_link") } as const;
  return { ok: false, error: error.message || authErrorText.verificationFailed } as const;
}
