"use server";

import { action } from "@/lib/server-action/define-action";
import { authErrorMessage, authErrorText } from "@/lib/auth/auth-errors";
import { createClient } from "@/lib/supabase/server";
import { updatePasswordSchema } from "@/lib/validation/auth";

/** The standalone password page: updates the signed-in user's password and keeps them signed in. */
export const updateAccountPasswordAction = action(
  {
    name: "account.updatePassword",
    fallback: authErrorText.unexpected,
    texts: { UNAUTHENTICATED: "Your session has expired. Please sign in again." },
    args: [{ schema: updatePasswordSchema, fields: true }],
  },
  async (_ctx, { password }) => {
    const supabase = await createClient();
    const { error } = await supabase.auth.updateUser({ password });
    if (error) {
      console.warn("auth action failed", {
        action: "account.updatePassword",
        code: error.code,
        status: error.status,
      });
      return { ok: false, error: authErrorMessage(error, "update_password") } as const;
    }
    return { ok: true } as const;
  },
);
